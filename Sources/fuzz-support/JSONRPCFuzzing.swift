import Foundation
import LanguageServer
import TutorialModel
import TutorialReaders

/// A connection the fuzzer drives by hand: events are delivered on the calling thread, in order.
final class FuzzConnection: Connection, @unchecked Sendable {
    private let handler = Protected<(@Sendable (ConnectionEvent) -> Void)?>(nil)
    let answered = DispatchSemaphore(value: 0)

    func start(_ handler: @escaping @Sendable (ConnectionEvent) -> Void) { self.handler.withLock { $0 = handler } }
    func send(_ body: Data) {
        if body.range(of: Data(#""id":"fuzz-end""#.utf8)) != nil { answered.signal() }
    }
    func close() {}
    func deliver(_ event: ConnectionEvent) { handler.withLock { $0 }?(event) }
    func stop() {
        handler.withLock { $0 = nil }
    }
}

extension FuzzTargets {
    /// The JSON-RPC framer and the server's decoding of every message: the input is the byte stream a
    /// client would write to stdin, fed to the framer in chunks of varying size (so headers and bodies
    /// are split everywhere), each framed body or framing error handed to a fresh server. The server
    /// must then still answer: a final `shutdown` request gets a reply within 20 seconds. Once its
    /// connection is closed, the server must be released within 20 seconds too: requests still running
    /// hold it until they finish, and waiting for them means LeakSanitizer, which checks between
    /// inputs, sees only what an input truly left behind (and a server kept by a cycle fails here).
    @Sendable public static func jsonrpc(_ data: Data) {
        weak let server = serve(data)
        let deadline = DispatchTime.now() + 20
        while server != nil {
            precondition(DispatchTime.now() < deadline, "the server was not released after its connection closed")
            usleep(100)
        }
    }

    private static func serve(_ data: Data) -> LanguageServer {
        let connection = FuzzConnection()
        let server = LanguageServer(connection: connection, options: .init(version: "fuzz", fileSystem: NoResources()))
        let exited = Protected(false)
        server.start { _ in exited.withLock { $0 = true } }
        var framer = MessageFramer(maximumBodyLength: 1 << 20)
        let chunk = 1 + Int(data.first ?? 0) % 97
        var offset = 0
        while offset < data.count {
            let end = min(data.count, offset + chunk)
            for event in framer.append(data.subdata(in: offset..<end)) {
                switch event {
                case .message(let body): connection.deliver(.message(body))
                case .malformed(let reason): connection.deliver(.malformed(reason))
                }
            }
            offset = end
        }
        if !exited.withLock({ $0 }) {
            connection.deliver(.message(Data(#"{"jsonrpc":"2.0","id":"fuzz-end","method":"shutdown"}"#.utf8)))
            precondition(connection.answered.wait(timeout: .now() + 20) == .success, "the server stopped answering")
        }
        connection.deliver(.closed)
        // The server and its connection hold each other (a process has one of each); break the cycle so
        // a long fuzzing run does not keep every server it made.
        connection.stop()
        return server
    }
}
