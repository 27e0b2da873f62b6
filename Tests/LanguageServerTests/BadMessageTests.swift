import Foundation
import LanguageServer
import TestSupport
import XCTest

/// The JSON-RPC rows of docs/bad-inputs.md, in process: every bad message gets the error the spec
/// names (or is ignored when the spec says so), and the server answers the next valid request.
final class BadMessageTests: XCTestCase {
    static let tutorial = "# T\n\n## Step 1\n\n```swift file=A.swift\nlet a = 1\n```\n\n## Step 2\n\n```swift file=A.swift\nlet a = 2\n```\n"

    private func errorCode(_ client: TestClient, _ id: Int) -> Int? {
        (client.waitForResponse(id)?.json["error"] as? [String: Any])?["code"] as? Int
    }

    /// Errors sent with `"id": null` (the request's id could not be read), in arrival order.
    private func nullIDErrorCodes(_ client: TestClient) -> [Int] {
        client.messages.compactMap { message -> Int? in
            guard message.method == nil, message.json["id"] is NSNull else { return nil }
            return (message.json["error"] as? [String: Any])?["code"] as? Int
        }
    }

    /// Waits until `count` null-id errors arrived (polling: `waitFor` holds the client's lock while it
    /// runs its predicate, so the predicate cannot read `messages`).
    private func waitForNullIDErrors(_ client: TestClient, count: Int, timeout: TimeInterval = 10) -> [Int] {
        let deadline = Date().addingTimeInterval(timeout)
        var codes = nullIDErrorCodes(client)
        while codes.count < count, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            codes = nullIDErrorCodes(client)
        }
        return codes
    }

    /// A valid request right after the bad ones is answered with the right result.
    private func assertStillServing(_ client: TestClient, file: StaticString = #filePath, line: UInt = #line) throws {
        let uri = "file:///still-serving-\(UUID().uuidString).md"
        client.open(uri, text: Self.tutorial)
        let symbols = try client.request(DocumentSymbolRequest(textDocument: .init(uri: uri)), file: file, line: line)
        XCTAssertEqual(symbols.first?.children?.count, 2, "the server answered, but wrongly", file: file, line: line)
    }

    func testMalformedFramingIsAParseErrorWithNullID() throws {
        let client = TestClient()
        _ = try client.initialize()
        client.connection.sendMalformed("header block without a valid Content-Length")
        XCTAssertEqual(waitForNullIDErrors(client, count: 1), [ResponseError.parseErrorCode])
        try assertStillServing(client)
    }

    func testBodyThatIsNotJSONIsAParseError() throws {
        let client = TestClient()
        _ = try client.initialize()
        client.sendRaw(#"{"jsonrpc":"2.0","id":7,"method":"#)
        client.sendRaw("\u{FF}\u{FE}garbage")
        XCTAssertEqual(waitForNullIDErrors(client, count: 2), [ResponseError.parseErrorCode, ResponseError.parseErrorCode])
        try assertStillServing(client)
    }

    func testJSONThatIsNotAnObjectIsAnInvalidRequest() throws {
        let client = TestClient()
        _ = try client.initialize()
        for body in ["[1,2,3]", "42", "\"text\"", "null", "true"] { client.sendRaw(body) }
        XCTAssertEqual(waitForNullIDErrors(client, count: 5), Array(repeating: ResponseError.invalidRequestCode, count: 5))
        try assertStillServing(client)
    }

    func testUnknownMethodIsMethodNotFoundAndUnknownNotificationIsIgnored() throws {
        let client = TestClient()
        _ = try client.initialize()
        client.sendRaw(#"{"jsonrpc":"2.0","method":"tutorialCheck/noSuchNotification","params":{}}"#)
        client.sendRaw(#"{"jsonrpc":"2.0","id":900,"method":"tutorialCheck/noSuchRequest","params":{}}"#)
        XCTAssertEqual(errorCode(client, 900), ResponseError.methodNotFoundCode)
        try assertStillServing(client)
        XCTAssertTrue(nullIDErrorCodes(client).isEmpty, "a notification is never answered, not even with an error")
    }

    func testRequestBeforeInitializeIsServerNotInitializedAndNotificationsAreDropped() throws {
        let client = TestClient()
        client.open("file:///early.md", text: Self.tutorial)
        let id = client.send(DocumentSymbolRequest(textDocument: .init(uri: "file:///early.md")))
        XCTAssertEqual(errorCode(client, id), ResponseError.serverNotInitializedCode)
        _ = try client.initialize()
        try assertStillServing(client)
    }

    func testParamsOfTheWrongTypesAreInvalidParams() throws {
        let client = TestClient()
        _ = try client.initialize()
        client.sendRaw(#"{"jsonrpc":"2.0","id":910,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":5}}}"#)
        client.sendRaw(#"{"jsonrpc":"2.0","id":911,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.md"},"position":{"line":"one","character":0}}}"#)
        client.sendRaw(#"{"jsonrpc":"2.0","id":912,"method":"textDocument/foldingRange","params":[1,2]}"#)
        XCTAssertEqual(errorCode(client, 910), ResponseError.invalidParamsCode)
        XCTAssertEqual(errorCode(client, 911), ResponseError.invalidParamsCode)
        XCTAssertEqual(errorCode(client, 912), ResponseError.invalidParamsCode)
        try assertStillServing(client)
    }

    func testDidChangeForADocumentNeverOpenedIsIgnored() throws {
        let client = TestClient()
        _ = try client.initialize()
        client.notify(DidChangeTextDocumentNotification(
            textDocument: .init(uri: "file:///never-opened.md", version: 2), contentChanges: [.init(text: "## Step 1\n")]))
        XCTAssertNotNil(client.waitFor { ($0.params?["message"] as? String)?.contains("not open") == true })
        try assertStillServing(client)
    }

    func testAVersionGoingBackwardsStillAnalysesTheNewText() throws {
        let client = TestClient()
        _ = try client.initialize()
        let uri = "file:///backwards.md"
        client.open(uri, text: Self.tutorial, version: 5)
        XCTAssertEqual(try client.request(DocumentSymbolRequest(textDocument: .init(uri: uri))).first?.children?.count, 2)
        // Backwards (5 → 3), then the same version again with another text: each answer must come from
        // the text just sent, never from a cached model keyed by a version number seen before.
        for (version, title, steps) in [(3, "Other", 3), (3, "Third", 1)] {
            let text = "# \(title)\n\n" + (1...steps).map { "## Step \($0)\n\n" }.joined()
            client.notify(DidChangeTextDocumentNotification(textDocument: .init(uri: uri, version: version), contentChanges: [.init(text: text)]))
            let symbols = try client.request(DocumentSymbolRequest(textDocument: .init(uri: uri)))
            XCTAssertEqual(symbols.first?.name, title, "answered from the model of an older text")
            XCTAssertEqual(symbols.first?.children?.count, steps)
        }
    }

    func testARangeOutsideTheDocumentIsClamped() throws {
        let client = TestClient()
        _ = try client.initialize()
        let uri = "file:///clamped.md"
        client.open(uri, text: "# T\n")
        let far = Position(line: 1000, character: 1000)
        client.notify(DidChangeTextDocumentNotification(
            textDocument: .init(uri: uri, version: 2),
            contentChanges: [.init(range: Range(start: far, end: far), text: "\n## Step 1\n")]))
        client.notify(DidChangeTextDocumentNotification(
            textDocument: .init(uri: uri, version: 3),
            contentChanges: [.init(range: Range(start: Position(line: -5, character: -5), end: Position(line: 0, character: 999)), text: "# New")]))
        let symbols = try client.request(DocumentSymbolRequest(textDocument: .init(uri: uri)))
        XCTAssertEqual(symbols.first?.name, "New")
        XCTAssertEqual(symbols.first?.children?.first?.name, "Step 1")
    }

    func testExitWithoutShutdownIsCode1AndAfterShutdownCode0() throws {
        let client = TestClient()
        _ = try client.initialize()
        client.notify(ExitNotification())
        XCTAssertEqual(client.waitForExit(), 1)
        let polite = TestClient()
        _ = try polite.initialize()
        _ = try polite.request(ShutdownRequest())
        let late = polite.send(DocumentSymbolRequest(textDocument: .init(uri: "file:///x.md")))
        XCTAssertEqual(errorCode(polite, late), ResponseError.invalidRequestCode, "requests after shutdown are refused")
        polite.notify(ExitNotification())
        XCTAssertEqual(polite.waitForExit(), 0)
    }

    func testADocumentOverTheSizeLimitGetsAnInputErrorInsteadOfAnAnalysis() throws {
        let client = TestClient()
        _ = try client.initialize()
        let uri = "file:///huge.md"
        let line = "## Step 1\n\n```swift file=A.swift\nlet a = 1\n```\n"
        client.open(uri, text: String(repeating: line, count: (17 << 20) / line.utf8.count))
        let diagnostics = try XCTUnwrap(client.waitForDiagnostics(uri, version: 1, timeout: 60))
        XCTAssertEqual(diagnostics.compactMap { $0["code"] as? String }, ["input-error"])
        XCTAssertTrue((diagnostics.first?["message"] as? String)?.contains("over the limit of 16 MiB") == true)
        try assertStillServing(client)
    }

    func testTenThousandRequestsInABurstAreAllAnsweredOnceInOrder() throws {
        let client = TestClient()
        _ = try client.initialize()
        let uri = "file:///burst.md"
        client.open(uri, text: Self.tutorial)
        let ids = (0..<10_000).map { index in
            index % 2 == 0
                ? client.send(FoldingRangeRequest(textDocument: .init(uri: uri)))
                : client.send(DocumentSymbolRequest(textDocument: .init(uri: uri)))
        }
        XCTAssertNotNil(client.waitForResponse(ids.last!, timeout: 120))
        let answered = client.messages.compactMap { $0.method == nil ? $0.json["id"] as? Int : nil }.filter { $0 >= ids[0] }
        XCTAssertEqual(answered, ids, "every request answered exactly once, in request order")
        XCTAssertTrue(client.messages.allSatisfy { $0.json["error"] == nil })
    }

    func testCancellingEveryRequestAnswersEachExactlyOnce() throws {
        let client = TestClient()
        _ = try client.initialize()
        let uri = "file:///cancel.md"
        client.open(uri, text: Self.tutorial)
        var ids: [Int] = []
        for _ in 0..<500 {
            let id = client.send(DocumentSymbolRequest(textDocument: .init(uri: uri)))
            client.notify(CancelRequestNotification(id: .number(id)))
            ids.append(id)
        }
        XCTAssertNotNil(client.waitForResponse(ids.last!, timeout: 60))
        let responses = client.messages.filter { $0.method == nil && ($0.json["id"] as? Int).map(ids.contains) == true }
        XCTAssertEqual(responses.compactMap { $0.json["id"] as? Int }, ids)
        for response in responses {
            let code = (response.json["error"] as? [String: Any])?["code"] as? Int
            XCTAssertTrue(code == ResponseError.requestCancelledCode || response.json["result"] is [Any], "\(response.json)")
        }
        try assertStillServing(client)
    }

    /// The done-when of issue 6: 10,000 messages, malformed ones interleaved with valid requests whose
    /// answers are checked one by one.
    func testTenThousandInterleavedMalformedAndValidMessages() throws {
        let client = TestClient()
        _ = try client.initialize()
        let uri = "file:///stress.md"
        client.open(uri, text: Self.tutorial)
        let malformed = [
            #"{"jsonrpc":"2.0","id":"#, "[]", "null", #"{"jsonrpc":"1.0","id":1,"method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","id":{"nested":true},"method":"textDocument/documentSymbol"}"#,
            #"{"jsonrpc":"2.0","id":"s","method":"textDocument/documentSymbol","params":{"textDocument":{"uri":false}}}"#,
            #"{"jsonrpc":"2.0","id":"u","method":"no/such/method"}"#,
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///nope.md","version":1},"contentChanges":[]}}"#,
        ]
        var valid: [Int] = []
        for index in 0..<10_000 {
            if index % 2 == 0 {
                valid.append(client.send(DocumentSymbolRequest(textDocument: .init(uri: uri))))
            } else if index % 10 == 9 {
                client.connection.sendMalformed("header block without a valid Content-Length")
            } else {
                client.sendRaw(malformed[index % malformed.count])
            }
        }
        XCTAssertNotNil(client.waitForResponse(valid.last!, timeout: 120))
        let byID = Dictionary(
            client.messages.compactMap { message -> (Int, TestClient.Received)? in
                guard message.method == nil, let id = message.json["id"] as? Int else { return nil }
                return (id, message)
            }, uniquingKeysWith: { first, _ in first })
        for id in valid {
            let result = try XCTUnwrap(byID[id]?.json["result"] as? [[String: Any]], "request \(id) not answered with symbols")
            XCTAssertEqual((result.first?["children"] as? [Any])?.count, 2)
        }
        try assertStillServing(client)
    }
}
