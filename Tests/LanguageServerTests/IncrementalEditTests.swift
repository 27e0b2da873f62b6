import Foundation
import LanguageServer
import TutorialAnalysis
import TutorialModel
import TutorialReaders
import XCTest

/// Keystrokes re-read only the window around the edit (the reader's property tests show the model is a
/// whole read's); here the server is shown to take that path on `didChange` and to publish exactly the
/// diagnostics it publishes for the same text opened afresh.
final class IncrementalEditTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("e2e/lsp/fixtures/delegate-missing.md")

    func testEditsAreReReadAroundThemAndPublishWhatAFreshOpenPublishes() throws {
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        var paths: [ReadPath?] = []
        let pipeline = AnalysisPipeline.standard()
        let client = TestClient(pipeline: pipeline)
        _ = try client.initialize()
        let uri = "file:///tutorial.md"
        client.open(uri, text: text)
        XCTAssertNotNil(client.waitForDiagnostics(uri, version: 1))
        var lines = text.components(separatedBy: "\n")
        // A line of code in the second step, a new code line, a new heading inside the third step and
        // then an edit of the third step's heading line (each time the lines between the unchanged headings
        // around the edit are parsed again and the outline is built anew), and a link reference
        // definition, which may change text anywhere (read whole).
        let codeLine = try XCTUnwrap(lines.indices.first { $0 > 46 && lines[$0].hasSuffix("{") })
        let headingLine = try XCTUnwrap(lines.firstIndex(of: "### Step 3"))
        let edits: [(line: Int, column: Int, text: String)] = [
            (codeLine, lines[codeLine].utf16.count, " "),
            (codeLine, 0, "let added = 1\n"),
            (headingLine + 2, 0, "### Aside\n"),
            (headingLine + 1, 10, ": Wire the delegate"),
            (headingLine + 3, 0, "[delegate]: https://example.com\n\n"),
        ]
        var version = 1
        for edit in edits {
            version += 1
            let position = Position(line: edit.line, character: edit.column)
            client.notify(
                DidChangeTextDocumentNotification(
                    textDocument: .init(uri: uri, version: version),
                    contentChanges: [.init(range: Range(start: position, end: position), text: edit.text)]))
            let published = try XCTUnwrap(client.waitForDiagnostics(uri, version: version))
            // How the session's `read` query made this version (it holds the latest version's read).
            paths.append(pipeline.session.keptRead(DocumentRevision(document: uri, version: version))?.kept?.path)
            var line = lines[edit.line]
            line.insert(contentsOf: edit.text, at: line.utf16.index(line.startIndex, offsetBy: edit.column))
            lines[edit.line] = line
            lines = lines.joined(separator: "\n").components(separatedBy: "\n")
            // The same text opened afresh in a server of its own.
            let fresh = TestClient()
            _ = try fresh.initialize()
            fresh.open(uri, text: lines.joined(separator: "\n"))
            let expected = try XCTUnwrap(fresh.waitForDiagnostics(uri, version: 1))
            XCTAssertEqual(Self.canonical(published), Self.canonical(expected), "after edit \(version - 1)")
        }
        let taken = paths
        XCTAssertEqual(taken.count, 5)
        guard taken.count == 5 else { return }
        for index in 0..<4 {
            if case .window = taken[index] {} else { XCTFail("edit \(index + 1) re-reads a window: \(String(describing: taken[index]))") }
        }
        XCTAssertEqual(taken[4], .whole, "a link reference definition is read whole")
        // One read, one timeline build, one analysis per version (the open and five edits), however many
        // times the server asked for them.
        let statistics = pipeline.session.database
        for query in ["read", "timelines", "findings", "published"] {
            XCTAssertEqual(statistics.statistics(of: query)?.recomputes, 6, query)
        }
    }

    private static func canonical(_ diagnostics: [[String: Any]]) -> [String] {
        diagnostics.map { diagnostic in
            let data = try? JSONSerialization.data(withJSONObject: diagnostic, options: [.sortedKeys])
            return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
        }.sorted()
    }
}
