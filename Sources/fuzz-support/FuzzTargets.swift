// FuzzSupport owns the fuzzed functions, one per target, shared by the fuzz-* executables, their plain-build
// replay and the regression tests over Fixtures/fuzz-regressions/.

import Foundation
import LanguageServer
import Reports
import StepDiff
import TutorialAnalysis
import TutorialModel
import TutorialReaders
import TutorialRules

/// The fuzzed functions, one per target, kept in this library so the fuzz executables, the regression
/// tests (Tests/FuzzRegressionTests replays Fixtures/fuzz-regressions/<target>/) and a plain-build
/// replay all run exactly the same code.
public enum FuzzTargets {
    /// Every target by name (the `<target>` of `fuzz-<target>` and of Fixtures/fuzz-regressions/<target>/).
    public static let all: [String: @Sendable (Data) -> Void] = [
        "sniff": sniff,
        "markdown": { fuzzReader($0, format: .markdown, path: "fuzz.md") },
        "html": { fuzzReader($0, format: .html, path: "fuzz.html") },
        "text": { fuzzReader($0, format: .text, path: "fuzz.txt") },
        "docc": docc,
        "jsonrpc": jsonrpc,
        "diff": diff,
        "pipeline": pipeline,
        "hostile": hostile,
    ]

    /// The first arrow of the pipeline before any reader: bytes to a document (UTF-8 decoding,
    /// byte-order marks, binary data, UTF-16), the format sniffer by extension and by content, and the
    /// line index every reader and report converts positions with.
    @Sendable public static func sniff(_ data: Data) {
        let extensions = ["md", "html", "tutorial", "txt", "", "MD", "xhtml", "json"]
        let name = "input." + extensions[Int(data.first ?? 0) % extensions.count]
        _ = FormatSniffer.format(ofContent: String(decoding: data, as: UTF8.self))
        guard let document = try? DocumentLoader.decode(data, path: name) else { return }
        _ = FormatSniffer.format(of: document)
        let index = document.lineIndex
        for offset in stride(from: 0, through: index.bytes.count, by: max(1, index.bytes.count / 64)) + [index.bytes.count] {
            let position = index.lineColumn(of: offset)
            _ = index.offset(line: position.line - 1, column: position.column - 1, encoding: .utf16)
            let utf8 = index.position(of: offset, encoding: .utf8)
            _ = index.offset(line: utf8.line, column: utf8.column, encoding: .utf8)
        }
    }

    /// The DocC reader: the input is a `.tutorial` file followed by resource files, each part after a
    /// record-separator line and starting with its name (`Resources/a.swift`), so the fuzzer can grow
    /// missing, misnamed, empty and directory-shaped resources as well as the directives.
    @Sendable public static func docc(_ data: Data) {
        let parts = splitParts(data)
        let document = SourceDocument(path: "/fuzz/fuzz.tutorial", text: parts[0])
        checkInvariants(readTutorial(document, format: .docc, resources: MemoryResources(parts: parts.dropFirst())))
    }

    /// The line diff: two texts (the parts before and after the first separator line), diffed with
    /// the options the first byte picks; patching the old text with the hunks must give the new text,
    /// the byte edits must lie inside both texts, and the intra-line diff of the first lines must too.
    @Sendable public static func diff(_ data: Data) {
        let parts = splitParts(data)
        let old = parts[0]
        let new = parts.count > 1 ? parts[1...].joined(separator: "\n") : ""
        let flags = Int(data.first ?? 0)
        let options = DiffOptions(context: flags % 5, ignoreIndentation: flags & 0x80 != 0)
        let diff = TextDiff(old: old, new: new, options: options)
        let patched = applyHunks(diff.hunks, to: old, ignoringIndentation: options.ignoreIndentation)
        if options.ignoreIndentation {
            precondition(patched != nil, "the hunks do not apply to the old text")
        } else {
            precondition(patched == new, "old text + hunks != new text")
        }
        let oldBytes = old.utf8.count
        let newBytes = new.utf8.count
        for edit in diff.byteEdits() {
            precondition(edit.old.start <= edit.old.end && edit.old.end <= oldBytes, "byte edit outside the old text")
            precondition(edit.new.start <= edit.new.end && edit.new.end <= newBytes, "byte edit outside the new text")
        }
        let firstOld = Array(old.utf8.prefix { $0 != 0x0A })
        let firstNew = Array(new.utf8.prefix { $0 != 0x0A })
        let change = intraLineDiff(old: firstOld[...], new: firstNew[...])
        for range in change.old { precondition(range.lowerBound >= 0 && range.upperBound <= firstOld.count, "intra-line range outside the old line") }
        for range in change.new { precondition(range.lowerBound >= 0 && range.upperBound <= firstNew.count, "intra-line range outside the new line") }
    }

    /// The whole pipeline as `tutorial-check lint` runs it: bytes to a document (the input error path
    /// included), the sniffed reader, timelines, SwiftSyntax facts, every rule (those off by default too:
    /// a configuration can turn any of them on), the evaluator, and the outline report. Parts after the
    /// first are DocC resources, as in `docc`.
    @Sendable public static func pipeline(_ data: Data) {
        let parts = splitParts(data)
        let extensions = ["md", "html", "tutorial", "txt", ""]
        let path = "/fuzz/input." + extensions[Int(data.last ?? 0) % extensions.count]
        runPipeline(Data(parts[0].utf8), path: path, resources: MemoryResources(parts: parts.dropFirst()))
    }

    /// The pipeline on a tutorial the grammar of hostile shapes builds from the bytes (`HostileGrammar`):
    /// deep and long Swift and Markdown, which byte mutations of real documents seldom reach.
    @Sendable public static func hostile(_ data: Data) {
        var grammar = HostileGrammar(data)
        let (text, fileExtension) = grammar.document()
        runPipeline(Data(text.utf8), path: "/fuzz/input." + fileExtension, resources: MemoryResources([:]))
    }

    private static let everyRule = Configuration.only(RuleRegistry.ids)

    /// Bytes to findings and the outline, with the model's invariants and the findings' ranges checked.
    private static func runPipeline(_ bytes: Data, path: String, resources: MemoryResources) {
        guard let document = try? DocumentLoader.decode(bytes, path: path) else { return }
        let analysis = analyze(document: document, resources: resources, configuration: everyRule)
        checkInvariants(analysis.tutorial)
        for finding in analysis.findings {
            precondition(finding.range.start >= 0 && finding.range.end <= document.bytes.count, "finding outside the document")
            _ = document.lineIndex.lineColumn(of: finding.range.start)
            for edit in finding.fixEdits {
                precondition(
                    edit.range.start >= 0 && edit.range.start <= edit.range.end && edit.range.end <= document.bytes.count,
                    "fix edit outside the document")
            }
        }
        _ = encodeJSON(OutlineJSON([analysis.tutorial]))
    }
}
