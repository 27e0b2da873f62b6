import Foundation
import LanguageServer
import Reports
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
        "pipeline": pipeline,
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

    /// The whole pipeline as `tutorial-check lint` runs it: bytes to a document (the input error path
    /// included), the sniffed reader, timelines, SwiftSyntax facts, every rule, the evaluator, and the
    /// outline report. Parts after the first are DocC resources, as in `docc`.
    @Sendable public static func pipeline(_ data: Data) {
        let parts = splitParts(data)
        let extensions = ["md", "html", "tutorial", "txt", ""]
        let path = "/fuzz/input." + extensions[Int(data.last ?? 0) % extensions.count]
        guard let document = try? DocumentLoader.decode(Data(parts[0].utf8), path: path) else { return }
        let analysis = analyze(document: document, resources: MemoryResources(parts: parts.dropFirst()))
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
