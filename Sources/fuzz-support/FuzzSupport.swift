import Foundation
import TutorialModel
import TutorialReaders

/// What every fuzz target shares: turning libFuzzer's buffer into `Data`, replaying saved inputs when
/// the binary was built without libFuzzer, splitting one input into several documents, and checking
/// the model invariants a reader must keep whatever it is fed.
///
/// A fuzz target is an executable whose `main.swift` defines `LLVMFuzzerTestOneInput` with
/// `@_cdecl` and ends with `replayInputs(fuzzOne)`. Built with
/// `swift build --sanitize=fuzzer --sanitize=address`, SwiftPM links libFuzzer, whose `main` runs the
/// fuzzer and never reaches the top-level code. In an ordinary `swift build` the top-level code is the
/// program: it runs the same function on every file (or every file of every directory) named on the
/// command line, so a plain build can reproduce a crash from `fuzz-artifacts/` or a regression fixture.

/// The input libFuzzer hands over, as `Data` (a copy: the buffer is only valid during the call).
public func fuzzData(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Data {
    guard let bytes, count > 0 else { return Data() }
    return Data(bytes: bytes, count: count)
}

/// Runs `body` on every file named on the command line (directories are walked), and prints how many
/// inputs ran. Exits with 2 when a path does not exist, 0 otherwise; a crash is the failure signal.
public func replayInputs(_ body: (Data) -> Void) -> Never {
    let paths = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("-") }
    if paths.isEmpty {
        FileHandle.standardError.write(
            Data("""
                usage: \(CommandLine.arguments.first ?? "fuzz-target") FILE|DIR…
                  (this build has no libFuzzer: it replays the given inputs once each; build with
                   swift build -c debug --sanitize=fuzzer --sanitize=address to fuzz)

                """.utf8))
        exit(2)
    }
    var count = 0
    for path in paths {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            FileHandle.standardError.write(Data("\(path): no such file or directory\n".utf8))
            exit(2)
        }
        let files = isDirectory.boolValue ? FileSystemResources.regularFiles(under: path) : [path]
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            body(data)
            count += 1
        }
    }
    print("replayed \(count) input(s) without a crash")
    exit(0)
}

/// Splits an input into parts at a separator line, so one fuzz input can carry a document and the
/// files it refers to (DocC resources) or the two sides of a diff.
public func splitParts(_ data: Data, separator: String = "\n\u{1E}\n") -> [String] {
    let text = String(decoding: data, as: UTF8.self)
    return text.components(separatedBy: separator)
}

/// In-memory DocC resources: `name\ncontents` parts keyed by name, under the catalog root `/fuzz`,
/// read through the same resolver as files on disk (`CatalogResources`).
extension MemoryResources {
    public init(parts: some Sequence<String>) {
        var files: [String: String] = [:]
        for part in parts {
            let lines = part.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = lines.first, !name.isEmpty else { continue }
            files["/fuzz/" + name] = lines.count > 1 ? String(lines[1]) : ""
        }
        self.init(files)
    }
}

/// Traps (so libFuzzer reports a crash) when a reader broke a promise of the model: every range lies
/// inside the document, starts before it ends, and converts to a line and column; steps are numbered
/// in order; each snippet's source map points inside the document.
public func checkInvariants(_ tutorial: Tutorial) {
    let document = tutorial.document
    let size = document.bytes.count
    func check(_ range: SourceRange, _ what: String) {
        precondition(range.start >= 0 && range.start <= range.end && range.end <= size, "\(what) range \(range) outside 0..<\(size)")
        _ = document.lineIndex.lineColumn(of: range.start)
        _ = document.lineIndex.lineColumn(of: range.end)
    }
    for (sectionIndex, section) in tutorial.sections.enumerated() {
        check(section.range, "section")
        for (stepIndex, step) in section.steps.enumerated() {
            check(step.range, "step")
            precondition(step.id == StepID(section: sectionIndex + 1, step: stepIndex + 1), "step id \(step.id) out of order")
            for snippet in step.snippets {
                check(snippet.range, "snippet")
                check(snippet.sourceMap.fallback, "snippet fallback")
                let codeLength = snippet.code.utf8.count
                for segment in snippet.sourceMap.segments {
                    precondition(segment.length >= 0 && segment.codeOffset >= 0 && segment.codeOffset + segment.length <= codeLength,
                        "source map segment outside the code")
                    check(SourceRange(start: segment.documentOffset, end: segment.documentOffset + segment.length), "source map segment")
                }
                let mapped = snippet.sourceMap.documentRange(forCodeRange: SourceRange(start: 0, end: codeLength))
                check(mapped, "mapped snippet")
            }
        }
    }
    for diagnostic in tutorial.diagnostics { check(diagnostic.range, "diagnostic") }
}

/// One reader on the input as text (invalid UTF-8 repaired the way an editor buffer would be), with
/// the invariants checked on its result; then one edit, chosen by the input's bytes, re-read around it
/// (`rereadTutorial`) must give exactly what a whole read of the edited text gives.
public func fuzzReader(_ data: Data, format: DocumentFormat, path: String) {
    let document = SourceDocument(path: path, text: String(decoding: data, as: UTF8.self))
    let whole = readTutorial(document, format: format)
    checkInvariants(whole)
    let edit = editChosen(by: data, in: document.bytes)
    var edited = document.bytes
    edited.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
    let editedDocument = SourceDocument(path: path, text: String(decoding: edited, as: UTF8.self))
    let reread = rereadTutorial(readTutorialForEditing(document, format: format), as: editedDocument, format: format)
    precondition(reread.tutorial == readTutorial(editedDocument, format: format), "a re-read differs from a whole read")
}

/// An insertion, deletion or replacement of a few bytes at a character boundary, from the input's bytes.
private func editChosen(by data: Data, in bytes: [UInt8]) -> TextEdit {
    let insertions = ["", "#", "## ", "\n", "```", "\n```\n", "<", "&", "@", "}", " ", "x", "]:", "\r\n"]
    var mixed: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in data.prefix(64) { mixed = (mixed ^ UInt64(byte)) &* 0x100_0000_01B3 }
    func boundary(_ offset: Int) -> Int {
        var offset = min(max(offset, 0), bytes.count)
        while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
        return offset
    }
    let start = boundary(Int(mixed % UInt64(bytes.count + 1)))
    let end = boundary(start + Int((mixed >> 20) % 4))
    return TextEdit(range: SourceRange(start: start, end: end), newText: insertions[Int((mixed >> 40) % UInt64(insertions.count))])
}
