import Foundation
import LanguageServer
import TutorialAnalysis
import TutorialModel

#if canImport(Glibc)
    import Glibc
#endif

/// A language-server client over real pipes and the real framing: the server runs in this process on a
/// `StreamConnection`, exactly as `tutorial-check lsp` runs it on stdin/stdout.
///
/// `@unchecked`: its mutable state is used by the measuring thread alone; only `server` is shared.
final class PipeClient: @unchecked Sendable {
    private let toServer: Int32
    private let fromServer: Int32
    private var framer = MessageFramer()
    private var pending: [[String: Any]] = []
    private var nextID = 1
    let server: LanguageServer

    init(pipeline: AnalysisPipeline = .standard()) {
        var requestPipe: [Int32] = [0, 0]
        var responsePipe: [Int32] = [0, 0]
        _ = pipe(&requestPipe)
        _ = pipe(&responsePipe)
        toServer = requestPipe[1]
        fromServer = responsePipe[0]
        let connection = StreamConnection(input: requestPipe[0], output: responsePipe[1])
        server = LanguageServer(connection: connection, options: .init(version: "bench", pipeline: pipeline))
        server.start()
    }

    func send(_ message: [String: Any]) { send(bytes: Self.framed(message)) }

    /// A message as the bytes sent: encoding it is the client's work, which a latency measured from the
    /// moment it is sent leaves out (Foundation's JSONSerialization: 0.7 M instructions per didChange here).
    static func framed(_ message: [String: Any]) -> Data {
        var body = message
        body["jsonrpc"] = "2.0"
        return MessageFramer.frame(try! JSONSerialization.data(withJSONObject: body))
    }

    func send(bytes data: Data) {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(toServer, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }

    @discardableResult
    func request(_ method: String, _ params: [String: Any]) -> [String: Any] {
        let id = nextID
        nextID += 1
        send(["id": id, "method": method, "params": params])
        return waitFor { ($0["id"] as? Int) == id && $0["method"] == nil }
    }

    func notify(_ method: String, _ params: [String: Any]) { send(["method": method, "params": params]) }

    /// Reads messages until one satisfies `predicate`; the others are kept for later waits.
    func waitFor(_ predicate: ([String: Any]) -> Bool) -> [String: Any] {
        if let index = pending.firstIndex(where: predicate) { return pending.remove(at: index) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fromServer, &buffer, buffer.count)
            precondition(count > 0, "the server closed the connection")
            for event in framer.append(Data(buffer[0..<count])) {
                guard case .message(let body) = event,
                    let message = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
                else { continue }
                if predicate(message) { return message }
                if message["method"] as? String == "textDocument/publishDiagnostics" { continue }
                pending.append(message)
            }
        }
    }

    func waitForDiagnostics(uri: String, version: Int) {
        _ = waitFor { message in
            guard message["method"] as? String == "textDocument/publishDiagnostics",
                let params = message["params"] as? [String: Any]
            else { return false }
            return params["uri"] as? String == uri && params["version"] as? Int == version
        }
    }

    func initialize() {
        request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": [String: Any]()])
        notify("initialized", [:])
    }
}

enum ServerBench {
    /// The latencies of a keystroke run, and the CPU time the whole process (client and server, every
    /// thread) spent per edit: the figure the other processes of a shared machine disturb least.
    struct Keystrokes {
        var latencies: [Double]
        var cpuPerEdit: Double
        /// What the server's queries computed and reused over the run (the open included).
        var queries: [QueryStatistics]
    }

    /// The server as it was before re-reading windows: every version of the document read whole.
    static var wholeReadPipeline: AnalysisPipeline { .standard(reading: .wholeForEditing) }

    static func keystrokes(markdown: String, edits: Int, pipeline: AnalysisPipeline = .standard()) -> Keystrokes {
        keystrokeRun(markdown: markdown, edits: edits, pipeline: pipeline)
    }

    /// One-character edits inside code lines, spread over every step, each answered by its
    /// publishDiagnostics; returns the latencies in seconds.
    static func keystrokeLatencies(markdown: String, edits: Int, pipeline: AnalysisPipeline = .standard()) -> [Double] {
        keystrokeRun(markdown: markdown, edits: edits, pipeline: pipeline).latencies
    }

    private static func keystrokeRun(markdown: String, edits: Int, pipeline: AnalysisPipeline) -> Keystrokes {
        let client = PipeClient(pipeline: pipeline)
        client.initialize()
        let uri = "file:///bench/tutorial.md"
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": markdown]])
        client.waitForDiagnostics(uri: uri, version: 1)
        // Code lines ending in `{`: an appended space keeps the code valid and changes the snippet.
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        let targets = lines.enumerated().filter { $0.element.hasSuffix("{") && $0.element.hasPrefix("    ") }.map(\.offset)
        var latencies: [Double] = []
        var version = 1
        // From the first edit on: the document's first analysis is not a keystroke's.
        let startCPU = processCPUSeconds()
        for edit in 0..<edits {
            let line = targets[(edit / 2 * 7919) % targets.count]
            let column = lines[line].utf16.count
            let inserting = edit % 2 == 0
            let range: [String: Any] = [
                "start": ["line": line, "character": column],
                "end": ["line": line, "character": inserting ? column : column + 1],
            ]
            version += 1
            let change = PipeClient.framed([
                "method": "textDocument/didChange",
                "params": ["textDocument": ["uri": uri, "version": version], "contentChanges": [["range": range, "text": inserting ? " " : ""]]],
            ])
            let start = DispatchTime.now().uptimeNanoseconds
            client.send(bytes: change)
            client.waitForDiagnostics(uri: uri, version: version)
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let cpuPerEdit = (processCPUSeconds() - startCPU) / Double(max(edits, 1))
        client.request("shutdown", [:])
        return Keystrokes(latencies: latencies, cpuPerEdit: cpuPerEdit, queries: pipeline.session.database.statistics)
    }
}

extension PipeClient {
    /// Reads until the response to `lastID` and returns the ids of the responses read, in arrival order
    /// (notifications are skipped). Nothing is kept for later waits (`waitFor` returns at the first match
    /// of a read, and a burst's reads hold many): this is for a burst only.
    func responseIDs(through lastID: Int) -> [Int] {
        var ids: [Int] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while ids.last != lastID {
            let count = read(fromServer, &buffer, buffer.count)
            precondition(count > 0, "the server closed the connection")
            for event in framer.append(Data(buffer[0..<count])) {
                guard case .message(let body) = event,
                    let message = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                    message["method"] == nil, let id = message["id"] as? Int
                else { continue }
                ids.append(id)
            }
        }
        return ids
    }
}

extension ServerBench {
    /// A burst of JSON-RPC requests: what dispatch costs per message (decoding, routing, the response
    /// sequencer, the writer), not what an analysis costs.
    struct Burst {
        var seconds: Double
        var cpuSeconds: Double
        var answeredInOrder: Bool
    }

    /// `count` requests (documentSymbol and foldingRange alternately) about one small open document, written
    /// from a thread of their own as fast as the pipe takes them, the responses read as they come, until the
    /// last one: the shape of `BadMessageTests.testTenThousandRequestsInABurstAreAllAnsweredOnceInOrder`.
    static func burst(requests count: Int) -> Burst {
        let client = PipeClient()
        client.initialize()
        let uri = "file:///bench/burst.md"
        let text = "# T\n\n## Step 1\n\n```swift file=A.swift\nlet a = 1\n```\n\n## Step 2\n\n```swift file=A.swift\nlet a = 2\n```\n"
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": text]])
        client.waitForDiagnostics(uri: uri, version: 1)
        // Ids from 1,000 on, clear of the client's own (initialize is 1); encoded before the clock starts.
        let ids = Array(1000..<(1000 + count))
        var bytes = Data()
        for id in ids {
            let method = id % 2 == 0 ? "textDocument/foldingRange" : "textDocument/documentSymbol"
            bytes.append(PipeClient.framed(["id": id, "method": method, "params": ["textDocument": ["uri": uri]]]))
        }
        let startCPU = processCPUSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        let payload = bytes
        let writer = Thread { client.send(bytes: payload) }
        writer.start()
        let answered = client.responseIDs(through: ids.last!)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpuSeconds = processCPUSeconds() - startCPU
        client.request("shutdown", [:])
        return Burst(seconds: seconds, cpuSeconds: cpuSeconds, answeredInOrder: answered == ids)
    }
}
