#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Dispatch
import TutorialModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a connection delivers: message bodies, framing problems, and the end of the stream.
public enum ConnectionEvent: Equatable, Sendable {
    case message(Data)
    /// A message that could not be framed; the server answers with a JSON-RPC parse error.
    case malformed(String)
    /// The peer closed its side; nothing more will arrive.
    case closed
}

/// A transport for JSON-RPC message bodies. The server knows only this protocol, so it runs the same over
/// stdin/stdout (the CLI), an in-process pipe (benchmarks), and a local connection (tests).
public protocol Connection: AnyObject, Sendable {
    /// Starts delivering events to `handler`, one at a time and in order, ending with `.closed`.
    func start(_ handler: @escaping @Sendable (ConnectionEvent) -> Void)
    /// Sends one message body; safe from any thread, bodies never interleave.
    func send(_ body: Data)
    /// Sends one message body that supersedes any not yet written with the same key (a document's
    /// diagnostics: only the newest matters). Transports that do not queue send it as is.
    func send(_ body: Data, coalescingKey: String)
    /// Stops sending; pending sends are dropped.
    func close()
}

extension Connection {
    public func send(_ body: Data, coalescingKey: String) { send(body) }
}

/// Two in-process endpoints: what one sends, the other receives, unframed (sourcekit-lsp's `LocalConnection`).
///
/// `@unchecked`: `peer` is set once, while `pair()` builds the two ends, before either is shared.
public final class LocalConnection: Connection, @unchecked Sendable {
    private struct State {
        var handler: (@Sendable (ConnectionEvent) -> Void)?
        var backlog: [ConnectionEvent] = []
        var closed = false
    }

    private let state = Protected(State())
    private let delivery: DispatchQueue
    private weak var peer: LocalConnection?

    private init(name: String) {
        delivery = DispatchQueue(label: "tutorial-check.local-connection.\(name)")
    }

    /// A connected pair: (client side, server side).
    public static func pair() -> (client: LocalConnection, server: LocalConnection) {
        let client = LocalConnection(name: "client")
        let server = LocalConnection(name: "server")
        client.peer = server
        server.peer = client
        return (client, server)
    }

    public func start(_ handler: @escaping @Sendable (ConnectionEvent) -> Void) {
        // The backlog is queued under the lock, so an event arriving meanwhile cannot overtake it.
        state.withLock { state in
            state.handler = handler
            for event in state.backlog { delivery.async { handler(event) } }
            state.backlog = []
        }
    }

    public func send(_ body: Data) {
        guard !state.withLock({ $0.closed }) else { return }
        peer?.receive(.message(body))
    }

    /// Delivers a framing problem as if the wire had carried one (for tests of the server's replies).
    public func sendMalformed(_ reason: String) { peer?.receive(.malformed(reason)) }

    public func close() {
        let alreadyClosed = state.withLock { state -> Bool in
            defer { state.closed = true }
            return state.closed
        }
        if !alreadyClosed { peer?.receive(.closed) }
    }

    private func receive(_ event: ConnectionEvent) {
        state.withLock { state in
            if let handler = state.handler {
                delivery.async { handler(event) }
            } else {
                state.backlog.append(event)
            }
        }
    }
}

/// JSON-RPC over a pair of file descriptors with `Content-Length` framing: stdin/stdout for the CLI,
/// pipes in tests and benchmarks. The descriptors are given by the caller; this type never opens stdio.
///
/// Writes go through an `OutgoingQueue` on a writer thread of their own, so a client slow to read never
/// stalls the server's locks; the queue coalesces diagnostics and, once too much else waits, holds the
/// reader back (backpressure), so a client that stops reading cannot make the server's memory grow.
public final class StreamConnection: Connection, Sendable {
    private let input: Int32
    private let output: Int32
    private let outgoing: OutgoingQueue
    /// Left when the writer thread has written (or dropped) everything and ended.
    private let writerRunning = DispatchGroup()

    /// `outgoingLimit`: bytes of responses and other uncoalesced messages that may wait to be written
    /// before the connection stops reading requests.
    public init(input: Int32, output: Int32, outgoingLimit: Int = 8 << 20) {
        self.input = input
        self.output = output
        outgoing = OutgoingQueue(limit: outgoingLimit)
        let queue = outgoing
        let running = writerRunning
        running.enter()
        // The writer.
        PlatformThread.start {
            var peerGone = false
            while let framed = queue.next() {
                // Once the peer is gone (EPIPE) the rest is drained unwritten; the reader sees the end.
                if !peerGone { peerGone = !StreamConnection.writeAll(framed, to: output) }
            }
            running.leave()
        }
    }

    /// Reads on a thread of its own until end of stream; the handler runs on that thread, so messages
    /// are handled in the order they were sent.
    public func start(_ handler: @escaping @Sendable (ConnectionEvent) -> Void) {
        let input = self.input
        let outgoing = self.outgoing
        // 8 MiB, as the reader was given when it was a Foundation `Thread`: handlers parse Swift.
        PlatformThread.start(stackSize: 8 << 20) {
            var framer = MessageFramer()
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                for event in framer.append(Data(chunk[0..<count])) {
                    // Backpressure: no new request is handled while the client leaves too much unread.
                    outgoing.waitForRoom()
                    switch event {
                    case .message(let body): handler(.message(body))
                    case .malformed(let reason): handler(.malformed(reason))
                    }
                }
            }
            if framer.pendingByteCount > 0 {
                handler(.malformed("stream ended inside a message (\(framer.pendingByteCount) bytes unread)"))
            }
            handler(.closed)
        }
    }

    /// Queues the framed body for the writer; never blocks.
    public func send(_ body: Data) {
        outgoing.enqueue(MessageFramer.frame(body), coalescingKey: nil)
    }

    /// Queues the framed body in place of a queued one with the same key (see `OutgoingQueue`).
    public func send(_ body: Data, coalescingKey: String) {
        outgoing.enqueue(MessageFramer.frame(body), coalescingKey: coalescingKey)
    }

    /// Stops accepting messages and waits until everything queued has been written, so the process can
    /// exit right after without losing its last replies.
    public func close() {
        outgoing.close()
        writerRunning.wait()
    }

    /// Writes all of `data`; false when the peer is gone.
    private static func writeAll(_ data: Data, to output: Int32) -> Bool {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let written = write(output, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
