import Foundation
import LifecycleMutations
import MutationSyntax
import TutorialModel
import TutorialReaders

// tutorial-mutants owns writing the mutants of one tutorial, each a copy with one lifecycle defect injected
// (issue 21), and listing them as JSON: scripts/mutants runs tutorial-check binaries on them.
//
//     tutorial-mutants DOCUMENT OUTDIR
//
// A Markdown, HTML or text mutant is the document alone; a DocC mutant is a copy of the whole catalog with
// the mutated code resources. Exit code 0, or 2 on a usage or input error.

struct MutantRecord: Encodable {
    let id: String
    let kind: String
    let rule: String
    let target: String
    let injectedAt: String
    let earliestStep: String
    let expectedStep: String
    let path: String
}

struct SkippedRecord: Encodable {
    let kind: String
    let rule: String
    let target: String
    let reason: String
}

struct Output: Encodable {
    let document: String
    let mutants: [MutantRecord]
    let skipped: [SkippedRecord]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("tutorial-mutants: \(message)\n".utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else { fail("usage: tutorial-mutants DOCUMENT OUTDIR") }
let (documentPath, outputDirectory) = (arguments[0], arguments[1])
guard let data = FileManager.default.contents(atPath: documentPath),
    let text = String(data: data, encoding: .utf8)
else { fail("cannot read \(documentPath) as UTF-8") }

let resources = FileSystemResources()
let tutorial = readTutorial(SourceDocument(path: documentPath, text: text), resources: resources)
let (mutants, skipped) = lifecycleMutants(of: tutorial, resources: resources)
let catalog = CatalogResources(documentPath: documentPath, provider: resources)
let fileManager = FileManager.default

func write(_ text: String, to path: String) {
    let directory = (path as NSString).deletingLastPathComponent
    do {
        try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    } catch { fail("cannot write \(path): \(error)") }
}

var records: [MutantRecord] = []
for (index, mutant) in mutants.enumerated() {
    let id = String(format: "%02d-%@", index + 1, mutant.kind.rawValue)
    let folder = (outputDirectory as NSString).appendingPathComponent(id)
    let path: String
    if tutorial.format == .docc, catalog.isCatalog {
        // The whole catalog, then the mutated resources over their copies.
        let root = catalog.root
        let realRoot = resources.resolvedPath(root) ?? root
        let copy = (folder as NSString).appendingPathComponent(catalog.rootName)
        do {
            try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try fileManager.copyItem(atPath: root, toPath: copy)
        } catch { fail("cannot copy \(root): \(error)") }
        for (resource, text) in mutant.resources {
            guard resource.hasPrefix(realRoot + "/") else { fail("resource \(resource) outside \(realRoot)") }
            write(text, to: copy + resource.dropFirst(realRoot.count))
        }
        let realDocument = resources.resolvedPath(documentPath) ?? documentPath
        path = copy + realDocument.dropFirst(realRoot.count)
    } else {
        path = (folder as NSString).appendingPathComponent((documentPath as NSString).lastPathComponent)
        write(mutant.documentText, to: path)
    }
    records.append(
        MutantRecord(
            id: id, kind: mutant.kind.rawValue, rule: mutant.kind.expectedRule, target: mutant.target,
            injectedAt: mutant.injectedAt.description, earliestStep: mutant.earliestStep.description,
            expectedStep: mutant.expectedStep.description, path: path))
}
let output = Output(
    document: documentPath, mutants: records,
    skipped: skipped.map {
        SkippedRecord(kind: $0.kind.rawValue, rule: $0.kind.expectedRule, target: $0.target, reason: $0.reason)
    })
guard let json = try? JSONWriting.data(output, style: .printed) else { fail("cannot encode the output") }
FileHandle.standardOutput.write(json + Data("\n".utf8))
