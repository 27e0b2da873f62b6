import Foundation
import LanguageServer
import TutorialModel
import XCTest

/// The features over the real pipeline (readers, step diff, rules), in process.
final class FeatureTests: XCTestCase {
    static let fixture: String = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../e2e/lsp/fixtures/delegate-missing.md").standardized.path
        return String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }()

    let uri = "file:///virtual/delegate-missing.md"

    func testOneQuickFixMendsEveryStepAndTheDiagnosticClears() throws {
        let client = TestClient()
        _ = try client.initialize()
        let text = Self.fixture
        XCTAssertFalse(text.isEmpty)
        client.open(uri, text: text)
        let pulled = try client.request(DocumentDiagnosticRequest(textDocument: .init(uri: uri)))
        let diagnostic = try XCTUnwrap(pulled.items?.first { $0.code == "coordinator-not-wired" })
        XCTAssertEqual(diagnostic.relatedInformation?.first?.message, "introduced in step 1.1")
        let actions = try client.request(
            CodeActionRequest(
                textDocument: .init(uri: uri), range: diagnostic.range, context: .init(diagnostics: [diagnostic])))
        let fix = try XCTUnwrap(actions.first)
        XCTAssertEqual(fix.isPreferred, true)
        let edits = try XCTUnwrap(fix.edit?.changes?[uri])
        XCTAssertEqual(edits.count, 3)
        // Apply the edits as a client would, through the server's own sync path, and re-check.
        client.notify(
            DidChangeTextDocumentNotification(
                textDocument: .init(uri: uri, version: 2),
                contentChanges: edits.reversed().map {
                    TextDocumentContentChangeEvent(range: $0.range, text: $0.newText)
                }))
        let after = try client.request(DocumentDiagnosticRequest(textDocument: .init(uri: uri)))
        XCTAssertEqual(after.items?.filter { $0.code == "coordinator-not-wired" }.count, 0)
        let symbols = try client.request(DocumentSymbolRequest(textDocument: .init(uri: uri)))
        XCTAssertEqual(symbols.first?.children?.count, 3)
    }

    func testHoverAndLensesDescribeEachStepsChange() throws {
        let client = TestClient()
        _ = try client.initialize()
        client.open(uri, text: Self.fixture)
        let lines = Self.fixture.components(separatedBy: "\n")
        let step2 = try XCTUnwrap(lines.firstIndex(of: "### Step 2"))
        let hover = try XCTUnwrap(
            try client.request(
                HoverRequest(
                    textDocument: .init(uri: uri), position: Position(line: step2, character: 2))))
        XCTAssertTrue(
            hover.contents.value.contains("PageViewController.swift: +3 −1 since step 1.1"), hover.contents.value)
        XCTAssertTrue(hover.contents.value.contains("```diff\n@@ "))
        let lenses = try client.request(CodeLensRequest(textDocument: .init(uri: uri)))
        XCTAssertEqual(
            lenses.map { $0.command?.title ?? "" },
            [
                "PageViewController.swift: new, 31 lines",
                "PageViewController.swift: +3 −1 since step 1.1",
                "PageViewController.swift: +11 −0 since step 1.2",
            ])
    }
}
