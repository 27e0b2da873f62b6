import Foundation
import LanguageServer
import TutorialAnalysis
import TutorialModel
import TutorialRules
import XCTest

/// An in-process LSP client over a `LocalConnection`: no pipes, no framing, the server's own thread model.
final class TestClient: @unchecked Sendable {
    struct Received: @unchecked Sendable {
        let json: [String: Any]
        let body: Data
        /// Read once on arrival: waits look at these for every message received.
        let method: String?
        /// The id of a response (a message without a method) when it is a number.
        let responseID: Int?
        var params: [String: Any]? { json["params"] as? [String: Any] }

        init(json: [String: Any], body: Data) {
            self.json = json
            self.body = body
            method = json["method"] as? String
            responseID = method == nil ? json["id"] as? Int : nil
        }
    }

    let connection: LocalConnection
    let server: LanguageServer
    private let condition = NSCondition()
    private var received: [Received] = []
    /// The position in `received` of the first response to each numeric id, so a wait for a response
    /// does not scan every message (10,000-request tests made that quadratic, minutes under TSan).
    private var firstResponse: [Int: Int] = [:]
    private var exitCode: Int32?
    private var nextID = 1

    init(pipeline: AnalysisPipeline = .standard()) {
        let (client, serverSide) = LocalConnection.pair()
        connection = client
        server = LanguageServer(connection: serverSide, options: .init(version: "test", pipeline: pipeline))
        client.start { [weak self] event in
            guard let self, case .message(let body) = event else { return }
            let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
            let message = Received(json: json, body: body)
            condition.lock()
            if let id = message.responseID, firstResponse[id] == nil { firstResponse[id] = received.count }
            received.append(message)
            condition.broadcast()
            condition.unlock()
        }
        server.start { [weak self] code in
            guard let self else { return }
            condition.lock()
            exitCode = code
            condition.broadcast()
            condition.unlock()
        }
    }

    // MARK: Sending

    func sendRaw(_ text: String) { connection.send(Data(text.utf8)) }

    func notify<N: LSPNotification>(_ notification: N) {
        connection.send(Self.message(id: nil, method: N.method, params: try! JSONEncoder().encode(notification)))
    }

    /// Sends a request and returns its id without waiting.
    @discardableResult
    func send<R: LSPRequest>(_ request: R) -> Int {
        condition.lock()
        let id = nextID
        nextID += 1
        condition.unlock()
        connection.send(Self.message(id: id, method: R.method, params: try! JSONEncoder().encode(request)))
        return id
    }

    /// A JSON-RPC message around params encoded once: the params are spliced in as bytes, so a 17 MiB
    /// document is not converted three times (which took most of a minute under the sanitizers).
    private static func message(id: Int?, method: String, params: Data) -> Data {
        var body = Data(#"{"jsonrpc":"2.0","#.utf8)
        if let id { body.append(Data(#""id":\#(id),"#.utf8)) }
        body.append(Data(#""method":"#.utf8))
        body.append(try! JSONEncoder().encode(method))
        body.append(Data(#","params":"#.utf8))
        body.append(params)
        body.append(Data("}".utf8))
        return body
    }

    /// Sends a request and decodes its result; fails the test on an error response.
    func request<R: LSPRequest>(_ request: R, file: StaticString = #filePath, line: UInt = #line) throws -> R.Response {
        let id = send(request)
        let response = try XCTUnwrap(waitForResponse(id), "no response to \(R.method)", file: file, line: line)
        if let error = response.json["error"] {
            XCTFail("\(R.method) failed: \(error)", file: file, line: line)
        }
        let result = try JSONSerialization.data(
            withJSONObject: response.json["result"] ?? NSNull(), options: [.fragmentsAllowed])
        return try JSONDecoder().decode(R.Response.self, from: result)
    }

    func initialize(encodings: [String]? = nil, rootURI: String? = nil) throws -> InitializeResult {
        var request = InitializeRequest(
            rootUri: rootURI,
            capabilities: ClientCapabilities(general: .init(positionEncodings: encodings)))
        request.processId = nil
        let result = try self.request(request)
        notify(InitializedNotification())
        return result
    }

    func open(_ uri: String, text: String, languageId: String = "markdown", version: Int = 1) {
        notify(
            DidOpenTextDocumentNotification(
                textDocument: TextDocumentItem(uri: uri, languageId: languageId, version: version, text: text)))
    }

    // MARK: Waiting

    /// The first response to `id`, looked up by id rather than by scanning what arrived.
    func waitForResponse(_ id: Int, timeout: TimeInterval = 10) -> Received? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let position = firstResponse[id] { return received[position] }
            if !condition.wait(until: deadline) { return nil }
        }
    }

    /// The first message (from the start of the session) that matches. Each message is tested once:
    /// messages are only appended, so after a wake only the new ones are looked at (rescanning all of them
    /// on every arrival made a wait over n messages cost n²/2 tests, all under the lock the receiving
    /// thread needs to append the next one).
    func waitFor(timeout: TimeInterval = 10, _ matches: (Received) -> Bool) -> Received? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        var tested = 0
        while true {
            while tested < received.count {
                if matches(received[tested]) { return received[tested] }
                tested += 1
            }
            if !condition.wait(until: deadline) { return nil }
        }
    }

    func waitForDiagnostics(_ uri: String, version: Int, timeout: TimeInterval = 10) -> [[String: Any]]? {
        waitFor(timeout: timeout) { message in
            message.method == "textDocument/publishDiagnostics" && message.params?["uri"] as? String == uri
                && message.params?["version"] as? Int == version
        }?.params?["diagnostics"] as? [[String: Any]]
    }

    var messages: [Received] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    func waitForExit(timeout: TimeInterval = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while exitCode == nil {
            if !condition.wait(until: deadline) { return nil }
        }
        return exitCode
    }
}

/// A pipeline whose findings need no reader: every `TODO` in the text is a finding of the rule `todo`.
/// It counts its runs and can be slowed down, so scheduling can be observed.
final class CountingPipeline: @unchecked Sendable {
    let runs = Protected<[String]>([])
    let delay: TimeInterval

    init(delay: TimeInterval = 0) { self.delay = delay }

    var pipeline: AnalysisPipeline {
        AnalysisPipeline(
            session: AnalysisSession(reading: .aroundEdits),
            findings: { [self] _, input in
                let text = input.document.text
                runs.withLock { $0.append(text) }
                if delay > 0 { Thread.sleep(forTimeInterval: delay) }
                var findings: [Finding] = []
                var searchStart = text.utf8.startIndex
                let utf8 = text.utf8
                while let found = text[searchStart...].range(of: "TODO") {
                    let start = utf8.distance(from: utf8.startIndex, to: found.lowerBound)
                    findings.append(
                        Finding(
                            rule: "todo", subject: "", severity: .warning, message: "a TODO is left",
                            range: SourceRange(start: start, end: start + 4), file: nil,
                            step: nil, resolvedAt: nil))
                    searchStart = found.upperBound
                }
                return FindingsResult(findings: findings)
            },
            explanation: { rule in rule == "todo" ? "Finish what you started." : nil })
    }
}
