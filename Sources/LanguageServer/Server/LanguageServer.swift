// LanguageServer owns the language server: JSON-RPC framing and connections (JSONRPC/), one type per LSP
// message (Messages/), and the server that answers them from the analysis pipeline (Server/).

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Dispatch
import TutorialModel
import TutorialReaders
import TutorialRules

/// The tutorial-check language server (LSP 3.17) over any `Connection`.
///
/// Threading, in one paragraph: messages are handled one at a time on the connection's thread, in
/// arrival order, so document state always reflects every edit received before a request. Notifications
/// change that state right there (cheap: a splice and a line index). Requests take a snapshot of what
/// they need, run on a worker queue, and their responses leave in request order through a sequencer.
/// Diagnostics are pushed by a per-document coalescing loop: at most one analysis runs per document,
/// newer edits replace the queued one, and a result is published only if its version is still current.
public final class LanguageServer: Sendable {
    public struct Options: Sendable {
        public var version: String
        public var pipeline: AnalysisPipeline
        /// Where DocC resources are read from when no buffer is open for them.
        public var fileSystem: any ResourceProvider

        public init(
            version: String, pipeline: AnalysisPipeline = .standard(),
            fileSystem: any ResourceProvider = FileSystemResources()
        ) {
            self.version = version
            self.pipeline = pipeline
            self.fileSystem = fileSystem
        }
    }

    enum Phase { case uninitialized, running, shutDown, exited }

    struct State {
        var phase = Phase.uninitialized
        var encoding = ColumnEncoding.utf16
        var capabilities = ClientCapabilities()
        var pushDiagnostics = true
        var trace = TraceValue.off
        var documents: [String: OpenDocument] = [:]
        var workspaceFolders: [WorkspaceFolder] = []
        /// Bumped when `.tutorial-check.json` or a DocC resource changes: every cached analysis is stale.
        var generation = 0
        /// Per-document generation, bumped when a resource that document uses changes.
        var documentGenerations: [String: Int] = [:]
        /// Requests whose response has not been sent, and those of them the client cancelled.
        var inFlight: Set<RequestID> = []
        var cancelled: Set<RequestID> = []
        var scheduler: [String: SchedulerEntry] = [:]
        var nextOutgoingID = 1
    }

    struct SchedulerEntry {
        var running = false
        var dirty = false
    }

    let connection: any Connection
    let options: Options
    let state = Protected(State())
    let sequencer: ResponseSequencer
    let workers = DispatchQueue(
        label: "tutorial-check.lsp-workers", qos: .userInitiated, attributes: .concurrent)
    let analysisQueue = DispatchQueue(
        label: "tutorial-check.lsp-analysis", qos: .utility, attributes: .concurrent)
    let exitSignal = Protected<(code: Int32?, waiters: [@Sendable (Int32) -> Void])>((nil, []))

    public init(connection: any Connection, options: Options) {
        self.connection = connection
        self.options = options
        self.sequencer = ResponseSequencer(connection: connection)
    }

    /// Starts serving; `onExit` receives the process exit code the spec asks for (0 after shutdown, 1 otherwise).
    public func start(onExit: @escaping @Sendable (Int32) -> Void = { _ in }) {
        exitSignal.withLock { $0.waiters.append(onExit) }
        connection.start { [self] event in handle(event) }
    }

    /// Serves until `exit` or the end of the stream; returns the exit code.
    public func run() -> Int32 {
        let done = DispatchSemaphore(value: 0)
        let code = Protected<Int32>(1)
        start { exitCode in
            code.withLock { $0 = exitCode }
            done.signal()
        }
        done.wait()
        return code.withLock { $0 }
    }
}
