import Foundation
import LanguageServer
import XCTest

final class LifecycleTests: XCTestCase {
    func testInitializeAdvertisesWhatTheServerDoesAndUTF16ByDefault() throws {
        let client = TestClient()
        let result = try client.initialize()
        XCTAssertEqual(result.serverInfo.name, "tutorial-check")
        XCTAssertEqual(result.serverInfo.version, "test")
        XCTAssertEqual(result.capabilities.positionEncoding, "utf-16")
        XCTAssertEqual(result.capabilities.textDocumentSync.change, 2)
        XCTAssertTrue(result.capabilities.diagnosticProvider.workspaceDiagnostics)
        XCTAssertEqual(result.capabilities.executeCommandProvider.commands, ["tutorialCheck.showStepDiff"])
    }

    func testUTF8IsChosenWhenTheClientOffersIt() throws {
        let client = TestClient()
        XCTAssertEqual(try client.initialize(encodings: ["utf-16", "utf-8"]).capabilities.positionEncoding, "utf-8")
    }

    func testRequestBeforeInitializeIsRefusedWithServerNotInitialized() throws {
        let client = TestClient()
        let id = client.send(DocumentSymbolRequest(textDocument: .init(uri: "file:///a.md")))
        let response = try XCTUnwrap(client.waitForResponse(id))
        XCTAssertEqual((response.json["error"] as? [String: Any])?["code"] as? Int, -32002)
    }

    func testUnknownMethodInvalidParamsAndBrokenJSONGetErrorsAndTheServerKeepsServing() throws {
        let client = TestClient()
        _ = try client.initialize()
        client.sendRaw(#"{"jsonrpc":"2.0","id":100,"method":"textDocument/nonsense","params":{}}"#)
        client.sendRaw(
            #"{"jsonrpc":"2.0","id":101,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":5}}}"#)
        client.sendRaw(#"{"jsonrpc":"2.0","id":102,"method":"#)
        client.sendRaw(#"[1,2,3]"#)
        client.sendRaw(#"{"jsonrpc":"2.0","method":"textDocument/unknownNotification","params":{}}"#)
        client.connection.sendMalformed("header block without a valid Content-Length")
        func errorCode(_ id: Int) -> Int? {
            (client.waitForResponse(id)?.json["error"] as? [String: Any])?["code"] as? Int
        }
        XCTAssertEqual(errorCode(100), -32601)
        XCTAssertEqual(errorCode(101), -32602)
        // Still serving: a document that is neither open nor on disk is a RequestFailed error, and a real
        // request right after is answered.
        let missing = client.send(DocumentSymbolRequest(textDocument: .init(uri: "file:///nowhere/at/all.md")))
        XCTAssertEqual(errorCode(missing), -32803)
        client.open("file:///a.md", text: "# Title\n")
        let answered = client.send(FoldingRangeRequest(textDocument: .init(uri: "file:///a.md")))
        XCTAssertNotNil(client.waitForResponse(answered)?.json["result"] as? [Any])
        let nullIDErrors = client.messages.compactMap { message -> Int? in
            guard message.json.keys.contains("id"), message.json["id"] is NSNull else { return nil }
            return (message.json["error"] as? [String: Any])?["code"] as? Int
        }
        XCTAssertEqual(nullIDErrors, [-32700, -32600, -32700])

    }

    func testShutdownThenExitEndsWithZero() throws {
        let client = TestClient()
        _ = try client.initialize()
        _ = try client.request(ShutdownRequest())
        let id = client.send(DocumentSymbolRequest(textDocument: .init(uri: "file:///a.md")))
        XCTAssertEqual((client.waitForResponse(id)?.json["error"] as? [String: Any])?["code"] as? Int, -32600)
        client.notify(ExitNotification())
        XCTAssertEqual(client.waitForExit(), 0)
    }

    func testExitWithoutShutdownEndsWithOne() throws {
        let client = TestClient()
        _ = try client.initialize()
        client.notify(ExitNotification())
        XCTAssertEqual(client.waitForExit(), 1)
    }

    func testEndOfStreamWithoutShutdownEndsWithOne() throws {
        let client = TestClient()
        _ = try client.initialize()
        client.connection.close()
        XCTAssertEqual(client.waitForExit(), 1)
    }

    func testSetTraceTurnsOnLogTrace() throws {
        let client = TestClient()
        _ = try client.initialize()
        client.notify(SetTraceNotification(value: .messages))
        _ = client.send(DocumentSymbolRequest(textDocument: .init(uri: "file:///a.md")))
        let trace = client.waitFor { $0.method == "$/logTrace" }
        XCTAssertEqual(trace?.params?["message"] as? String, "Received request 'textDocument/documentSymbol - (2)'.")
    }
}
