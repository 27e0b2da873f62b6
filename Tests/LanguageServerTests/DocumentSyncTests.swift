import Foundation
import LanguageServer
import TestSupport
import XCTest

final class DocumentSyncTests: XCTestCase {
    let uri = "file:///tutorial.md"

    /// Each `TODO` is a finding; its pushed range shows where the server thinks the text is.
    func testIncrementalEditsInUTF16LandAfterEmojiAndCJK() throws {
        let counting = CountingPipeline()
        let client = TestClient(pipeline: counting.pipeline)
        _ = try client.initialize()
        client.open(uri, text: "步骤1 🎉 x\nline two\n")
        // Replace "x" (UTF-16 column 6: 步 骤 1 space 🎉(2) space) by "TODO".
        client.notify(
            DidChangeTextDocumentNotification(
                textDocument: .init(uri: uri, version: 2),
                contentChanges: [
                    .init(
                        range: Range(start: .init(line: 0, character: 7), end: .init(line: 0, character: 8)),
                        text: "TODO")
                ]))
        let diagnostics = try XCTUnwrap(client.waitForDiagnostics(uri, version: 2))
        XCTAssertEqual(diagnostics.count, 1)
        let range = try XCTUnwrap(diagnostics.first?["range"] as? [String: [String: Int]])
        XCTAssertEqual(range["start"], ["line": 0, "character": 7])
        XCTAssertEqual(range["end"], ["line": 0, "character": 11])
        XCTAssertEqual(counting.runs.withLock { $0.last }, "步骤1 🎉 TODO\nline two\n")
    }

    func testUTF8PositionsCountBytes() throws {
        let counting = CountingPipeline()
        let client = TestClient(pipeline: counting.pipeline)
        _ = try client.initialize(encodings: ["utf-8"])
        let marked = MarkedText("步骤1 1️⃣TODO\n")
        client.open(uri, text: marked.text)
        let diagnostics = try XCTUnwrap(client.waitForDiagnostics(uri, version: 1))
        let range = try XCTUnwrap(diagnostics.first?["range"] as? [String: [String: Int]])
        XCTAssertEqual(range["start"], ["line": 0, "character": marked["1️⃣"]])
        // An edit addressed in bytes: insert "ab" after "步" (3 bytes).
        client.notify(
            DidChangeTextDocumentNotification(
                textDocument: .init(uri: uri, version: 2),
                contentChanges: [
                    .init(
                        range: Range(start: .init(line: 0, character: 3), end: .init(line: 0, character: 3)), text: "ab"
                    )
                ]))
        _ = client.waitForDiagnostics(uri, version: 2)
        XCTAssertEqual(counting.runs.withLock { $0.last }, "步ab骤1 TODO\n")
    }

    func testSeveralChangesApplyInOrderAndFullReplacementResets() throws {
        let counting = CountingPipeline()
        let client = TestClient(pipeline: counting.pipeline)
        _ = try client.initialize()
        client.open(uri, text: "abc\ndef\n")
        client.notify(
            DidChangeTextDocumentNotification(
                textDocument: .init(uri: uri, version: 2),
                contentChanges: [
                    .init(
                        range: Range(start: .init(line: 1, character: 0), end: .init(line: 1, character: 3)),
                        text: "XYZ"),
                    .init(
                        range: Range(start: .init(line: 0, character: 3), end: .init(line: 1, character: 1)), text: "-"),
                    // Past the end: clamps to the end of the text.
                    .init(
                        range: Range(start: .init(line: 9, character: 0), end: .init(line: 9, character: 0)), text: "!"),
                ]))
        _ = client.waitForDiagnostics(uri, version: 2)
        XCTAssertEqual(counting.runs.withLock { $0.last }, "abc-YZ\n!")
        client.notify(
            DidChangeTextDocumentNotification(
                textDocument: .init(uri: uri, version: 3), contentChanges: [.init(text: "fresh TODO")]))
        XCTAssertEqual(client.waitForDiagnostics(uri, version: 3)?.count, 1)
    }

    func testDiagnosticsCarryRuleCodeDescriptionAndAreClearedOnClose() throws {
        let client = TestClient(pipeline: CountingPipeline().pipeline)
        _ = try client.initialize()
        client.open(uri, text: "TODO\n")
        let diagnostic = try XCTUnwrap(client.waitForDiagnostics(uri, version: 1)?.first)
        XCTAssertEqual(diagnostic["code"] as? String, "todo")
        XCTAssertEqual(diagnostic["source"] as? String, "tutorial-check")
        XCTAssertEqual(
            (diagnostic["codeDescription"] as? [String: String])?["href"],
            "https://github.com/tutorial-check/tutorial-check/blob/main/docs/rules.md#todo")
        XCTAssertEqual(diagnostic["severity"] as? Int, 2)
        client.notify(DidCloseTextDocumentNotification(textDocument: .init(uri: uri)))
        let cleared = client.waitFor { message in
            message.method == "textDocument/publishDiagnostics" && message.params?["version"] == nil
        }
        XCTAssertEqual((cleared?.params?["diagnostics"] as? [Any])?.count, 0)
    }

    func testChangeForAnUnopenedDocumentIsLoggedNotFatal() throws {
        let client = TestClient(pipeline: CountingPipeline().pipeline)
        _ = try client.initialize()
        client.notify(
            DidChangeTextDocumentNotification(
                textDocument: .init(uri: "file:///never-opened.md", version: 2), contentChanges: [.init(text: "x")]))
        let log = client.waitFor { $0.method == "window/logMessage" }
        XCTAssertEqual(log?.params?["type"] as? Int, 2)
        XCTAssertTrue((log?.params?["message"] as? String)?.contains("not open") == true)
    }

    func testAVersionGoingBackwardsStillAppliesAndIsLogged() throws {
        let counting = CountingPipeline()
        let client = TestClient(pipeline: counting.pipeline)
        _ = try client.initialize()
        client.open(uri, text: "a\n", version: 5)
        client.notify(
            DidChangeTextDocumentNotification(
                textDocument: .init(uri: uri, version: 3), contentChanges: [.init(text: "TODO\n")]))
        XCTAssertEqual(client.waitForDiagnostics(uri, version: 3)?.count, 1)
        let log = client.waitFor { ($0.params?["message"] as? String)?.contains("version 3 does not follow 5") == true }
        XCTAssertEqual(log?.params?["type"] as? Int, 2)
    }

    func testPulledDiagnosticsReportUnchangedForTheSameResultID() throws {
        let client = TestClient(pipeline: CountingPipeline().pipeline)
        _ = try client.initialize()
        client.open(uri, text: "TODO TODO\n")
        let first = try client.request(DocumentDiagnosticRequest(textDocument: .init(uri: uri)))
        XCTAssertEqual(first.kind, "full")
        XCTAssertEqual(first.items?.count, 2)
        XCTAssertEqual(first.items?.first?.code, "todo")
        let second = try client.request(
            DocumentDiagnosticRequest(textDocument: .init(uri: uri), previousResultId: first.resultId))
        XCTAssertEqual(second.kind, "unchanged")
        XCTAssertEqual(second.resultId, first.resultId)
        let workspace = try client.request(WorkspaceDiagnosticRequest())
        XCTAssertEqual(workspace.items.map(\.uri), [uri])
        XCTAssertEqual(workspace.items.first?.version, 1)
        XCTAssertEqual(workspace.items.first?.items?.count, 2)
    }
}

final class PushOptionTests: XCTestCase {
    /// Clients that pull (VS Code) turn pushing off, so findings are not shown twice.
    func testPushDiagnosticsFalseOnlyAnswersPulls() throws {
        let client = TestClient(pipeline: CountingPipeline().pipeline)
        _ = try client.request(InitializeRequest(initializationOptions: .object(["pushDiagnostics": .bool(false)])))
        client.notify(InitializedNotification())
        client.open("file:///t.md", text: "TODO\n")
        XCTAssertEqual(
            try client.request(DocumentDiagnosticRequest(textDocument: .init(uri: "file:///t.md"))).items?.count, 1)
        XCTAssertNil(client.waitFor(timeout: 0.3) { $0.method == "textDocument/publishDiagnostics" })
    }
}
