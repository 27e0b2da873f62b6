import Foundation
import TutorialModel
import TutorialReaders

/// The tutorial-check language server (LSP 3.17) over any `Connection`.
///
/// Threading, in one paragraph: messages are handled one at a time on the connection's thread, in
/// arrival order, so document state always reflects every edit received before a request. Notifications
/// change that state right there (cheap: a splice and a line index). Requests take a snapshot of what
/// they need, run on a worker queue, and their responses leave in request order through a sequencer.
/// Diagnostics are pushed by a per-document coalescing loop: at most one analysis runs per document,
/// newer edits replace the queued one, and a result is published only if its version is still current.
public final class LanguageServer: @unchecked Sendable {
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
    let models = ComputeOnce<DocumentModel>()
    let findings = ComputeOnce<[ServerFinding]>()
    private let workers = DispatchQueue(
        label: "tutorial-check.lsp-workers", qos: .userInitiated, attributes: .concurrent)
    private let analysisQueue = DispatchQueue(
        label: "tutorial-check.lsp-analysis", qos: .utility, attributes: .concurrent)
    private let exitSignal = Protected<(code: Int32?, waiters: [@Sendable (Int32) -> Void])>((nil, []))

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

    // MARK: - Incoming messages

    func handle(_ event: ConnectionEvent) {
        switch event {
        case .closed:
            finish(code: state.withLock { $0.phase == .shutDown } ? 0 : 1)
        case .malformed(let reason):
            logMessage(.error, "malformed message: \(reason)")
            sendImmediately(ErrorResponseMessage(id: nil, error: .parseError(reason)))
        case .message(let body):
            handleMessage(body)
        }
    }

    private func handleMessage(_ body: Data) {
        let header: MessageHeader
        do {
            header = try JSONDecoder().decode(MessageHeader.self, from: body)
        } catch {
            let isJSON = (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) != nil
            let reply: ResponseError =
                isJSON ? .invalidRequest("not a JSON-RPC message object") : .parseError("the message is not valid JSON")
            logMessage(.error, reply.message)
            sendImmediately(ErrorResponseMessage(id: nil, error: reply))
            return
        }
        if header.jsonrpc != "2.0" {
            if header.hasID && header.method != nil, let id = header.id {
                respondNow(id, error: .invalidRequest("jsonrpc must be \"2.0\""))
            } else {
                logMessage(.error, "ignored a message without jsonrpc \"2.0\"")
            }
            return
        }
        guard let method = header.method else {
            // A response to one of our requests (client/registerCapability): nothing waits on it.
            if !(header.hasResult || header.hasError) {
                sendImmediately(ErrorResponseMessage(id: header.id, error: .invalidRequest("message has no method")))
            }
            return
        }
        trace(
            "Received \(header.hasID ? "request" : "notification") '\(method)\(header.id.map { " - (\($0))" } ?? "")'.")
        if header.hasID {
            guard let id = header.id else {
                sendImmediately(
                    ErrorResponseMessage(id: nil, error: .invalidRequest("request id must be a number or a string")))
                return
            }
            handleRequest(method: method, id: id, body: body)
        } else {
            handleNotification(method: method, body: body)
        }
    }

    private func handleRequest(method: String, id: RequestID, body: Data) {
        let phase = state.withLock { $0.phase }
        if phase == .uninitialized && method != InitializeRequest.method {
            respondNow(id, error: .serverNotInitialized)
            return
        }
        if phase == .running && method == InitializeRequest.method {
            respondNow(id, error: .invalidRequest("initialize was already received"))
            return
        }
        if phase == .shutDown {
            respondNow(id, error: .invalidRequest("the server is shutting down"))
            return
        }
        guard let route = requestRoutes[method] else {
            respondNow(id, error: .methodNotFound(method))
            return
        }
        let ticket = sequencer.reserve()
        state.withLock { _ = $0.inFlight.insert(id) }
        let work: RequestWork
        do {
            work = try route(self, body)
        } catch {
            complete(ticket: ticket, id: id, error: .invalidParams(Self.describe(error)))
            return
        }
        switch work {
        case .immediate(let outcome):
            complete(ticket: ticket, id: id, outcome: outcome)
        case .deferred(let compute):
            workers.async { [self] in
                if isCancelled(id) {
                    complete(ticket: ticket, id: id, error: .cancelled)
                    return
                }
                let outcome = compute { [self] in isCancelled(id) }
                complete(ticket: ticket, id: id, outcome: isCancelled(id) ? .failure(.cancelled) : outcome)
            }
        }
    }

    private func handleNotification(method: String, body: Data) {
        let phase = state.withLock { $0.phase }
        if method == ExitNotification.method {
            finish(code: phase == .shutDown ? 0 : 1)
            return
        }
        // Before initialize, notifications are dropped (the spec); after shutdown, only exit matters.
        guard phase == .running else { return }
        guard let route = notificationRoutes[method] else {
            if !method.hasPrefix("$/") { logMessage(.log, "ignored unknown notification \(method)") }
            return
        }
        do {
            try route(self, body)
        } catch {
            logMessage(.error, "\(method): invalid params: \(Self.describe(error))")
        }
    }

    // MARK: - Replies

    enum RequestWork {
        case immediate(Result<Data, ResponseError>)
        /// Runs on a worker; the closure can poll whether the request was cancelled.
        case deferred(@Sendable (_ isCancelled: @Sendable () -> Bool) -> Result<Data, ResponseError>)
    }

    private func complete(ticket: Int, id: RequestID, error: ResponseError) {
        complete(ticket: ticket, id: id, outcome: .failure(error))
    }

    private func complete(ticket: Int, id: RequestID, outcome: Result<Data, ResponseError>) {
        let body: Data
        switch outcome {
        case .success(let result): body = Self.responseBody(id: id, encodedResult: result)
        case .failure(let error): body = encodeMessage(ErrorResponseMessage(id: id, error: error))
        }
        state.withLock { state in
            state.inFlight.remove(id)
            state.cancelled.remove(id)
        }
        sequencer.complete(ticket, body: body)
    }

    /// An error reply that takes no ticket: the request never reached a handler.
    private func respondNow(_ id: RequestID, error: ResponseError) {
        let ticket = sequencer.reserve()
        sequencer.complete(ticket, body: encodeMessage(ErrorResponseMessage(id: id, error: error)))
    }

    /// Builds `{"jsonrpc":"2.0","id":…,"result":<already encoded>}` without decoding the result again.
    static func responseBody(id: RequestID, encodedResult: Data) -> Data {
        var body = Data(#"{"jsonrpc":"2.0","id":"#.utf8)
        body.append(encodeMessage(id))
        body.append(Data(#","result":"#.utf8))
        body.append(encodedResult)
        body.append(UInt8(ascii: "}"))
        return body
    }

    func sendImmediately<Message: Encodable>(_ message: Message) {
        connection.send(encodeMessage(message))
    }

    func sendNotification<Params: LSPNotification>(_ params: Params) {
        sendImmediately(NotificationMessage(method: Params.method, params: params))
    }

    func sendRequest<Params: LSPRequest>(_ params: Params) {
        let id = state.withLock { state -> Int in
            defer { state.nextOutgoingID += 1 }
            return state.nextOutgoingID
        }
        sendImmediately(RequestMessage(id: .string("tutorial-check-\(id)"), method: Params.method, params: params))
    }

    func logMessage(_ type: MessageType, _ message: String) {
        guard state.withLock({ $0.phase != .exited }) else { return }
        sendNotification(LogMessageNotification(type: type, message: message))
    }

    func trace(_ message: String) {
        guard state.withLock({ $0.trace != .off }) else { return }
        sendNotification(LogTraceNotification(message: message, verbose: nil))
    }

    func isCancelled(_ id: RequestID) -> Bool { state.withLock { $0.cancelled.contains(id) } }

    func finish(code: Int32) {
        state.withLock { $0.phase = .exited }
        let waiters = exitSignal.withLock { signal -> [@Sendable (Int32) -> Void] in
            guard signal.code == nil else { return [] }
            signal.code = code
            return signal.waiters
        }
        connection.close()
        for waiter in waiters { waiter(code) }
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing field '\(path(context.codingPath + [key]))'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type at '\(path(context.codingPath))': \(context.debugDescription)"
        case DecodingError.dataCorrupted(let context):
            return "invalid value at '\(path(context.codingPath))': \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    // MARK: - Analysis

    /// What a request needs of one document, taken on the reader thread so it matches the edits received.
    struct Snapshot: Sendable {
        let open: OpenDocument
        let encoding: ColumnEncoding
        let generation: Int
        let resources: OverlayResources
        /// Open buffers that are not tutorials (DocC code resources), by path: fixes edit them by version.
        let openResources: [String: OpenDocument]
        /// The client's workspace folders, as paths: a fix edits no file outside them (none: outside the
        /// document's catalog).
        let workspaceFolders: [String]

        var key: AnalysisKey { .init(version: open.version, generation: generation) }
        var converter: PositionConverter { PositionConverter(index: open.document.lineIndex, encoding: encoding) }
    }

    func snapshot(_ uri: String) -> Snapshot? {
        state.withLock { state in
            guard let open = state.documents[uri] else { return nil }
            return makeSnapshot(open, state: state)
        }
    }

    func makeSnapshot(_ open: OpenDocument, state: State) -> Snapshot {
        var buffers: [String: String] = [:]
        var openResources: [String: OpenDocument] = [:]
        for document in state.documents.values where !document.isTutorial {
            buffers[document.document.path] = document.document.text
            openResources[document.document.path] = document
        }
        return Snapshot(
            open: open, encoding: state.encoding,
            generation: state.generation + (state.documentGenerations[open.uri] ?? 0),
            resources: OverlayResources(buffers: buffers, base: options.fileSystem), openResources: openResources,
            workspaceFolders: state.workspaceFolders.map { DocumentURI.path(of: $0.uri) })
    }

    func model(of snapshot: Snapshot) -> DocumentModel {
        models.value(uri: snapshot.open.uri, key: snapshot.key) {
            options.pipeline.model(snapshot.open.document, snapshot.open.format, snapshot.resources)
        }
    }

    func findings(of snapshot: Snapshot) -> [ServerFinding] {
        findings.value(uri: snapshot.open.uri, key: snapshot.key) {
            let result = options.pipeline.findings(model(of: snapshot))
            for note in result.notes { logMessage(.warning, note) }
            return result.findings
        }
    }

    /// Queues a push analysis of `uri`: starts one now if none runs, else marks the running one dirty so
    /// it goes round once more with the newest text when it ends (coalescing, no timer).
    func scheduleAnalysis(_ uri: String) {
        let start = state.withLock { state -> Bool in
            guard state.pushDiagnostics, state.documents[uri]?.isTutorial == true else { return false }
            var entry = state.scheduler[uri] ?? SchedulerEntry()
            if entry.running {
                entry.dirty = true
                state.scheduler[uri] = entry
                return false
            }
            entry.running = true
            entry.dirty = false
            state.scheduler[uri] = entry
            return true
        }
        if start { analysisQueue.async { [self] in analysisLoop(uri) } }
    }

    private func analysisLoop(_ uri: String) {
        while true {
            guard let snapshot = snapshot(uri) else {
                state.withLock { $0.scheduler[uri] = nil }
                return
            }
            let found = findings(of: snapshot)
            let diagnostics = DiagnosticConversion.diagnostics(
                found, uri: uri, tutorial: model(of: snapshot).tutorial, converter: snapshot.converter)
            let again = state.withLock { state -> Bool in
                // Publish under the state lock: no edit can slip between the version check and the send,
                // so a result for an old version never reaches the client.
                if let current = state.documents[uri], current.version == snapshot.open.version,
                    makeSnapshot(current, state: state).generation == snapshot.generation, state.phase == .running
                {
                    sendNotification(
                        PublishDiagnosticsNotification(
                            uri: uri, version: snapshot.open.version, diagnostics: diagnostics))
                }
                guard var entry = state.scheduler[uri] else { return false }
                if entry.dirty, state.documents[uri] != nil {
                    entry.dirty = false
                    state.scheduler[uri] = entry
                    return true
                }
                state.scheduler[uri] = nil
                return false
            }
            if !again { return }
        }
    }

    /// Re-analyses every open tutorial (configuration changed).
    func invalidateAll() {
        let uris = state.withLock { state -> [String] in
            state.generation += 1
            return state.documents.values.filter(\.isTutorial).map(\.uri)
        }
        models.forgetAll()
        findings.forgetAll()
        for uri in uris { scheduleAnalysis(uri) }
    }

    /// Re-analyses the open DocC tutorials that read `path` (or could: one that misses a resource of the
    /// same name, or any in the same folder tree, since `@Code(file:)` looks there).
    func resourceChanged(path: String) {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let uris = state.withLock { state -> [String] in
            var affected: [String] = []
            for document in state.documents.values where document.isTutorial && document.format == .docc {
                let model = models.ready(
                    uri: document.uri,
                    key: .init(
                        version: document.version,
                        generation: state.generation + (state.documentGenerations[document.uri] ?? 0)))
                let snippets = model?.tutorial.steps.flatMap(\.snippets) ?? []
                let uses = snippets.contains { snippet in
                    guard let docc = snippet.docc else { return false }
                    return docc.resourcePath == path || docc.resolvedResourcePath == path || docc.resource == fileName
                        || docc.previousResource == fileName
                }
                let directory = document.document.path.split(separator: "/").dropLast().joined(separator: "/")
                if uses || model == nil || path.hasPrefix("/" + directory + "/") || path.hasPrefix(directory + "/") {
                    affected.append(document.uri)
                    state.documentGenerations[document.uri, default: 0] += 1
                }
            }
            return affected
        }
        for uri in uris { scheduleAnalysis(uri) }
    }
}

/// Sends responses in the order their requests arrived, whatever order they finish in.
final class ResponseSequencer: @unchecked Sendable {
    private struct State {
        var nextTicket = 0
        var nextToSend = 0
        var ready: [Int: Data] = [:]
    }

    private let state = Protected(State())
    private let connection: any Connection

    init(connection: any Connection) { self.connection = connection }

    func reserve() -> Int {
        state.withLock { state in
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
    }

    func complete(_ ticket: Int, body: Data) {
        // Sending under the lock keeps two finishing workers from reordering their writes.
        state.withLock { state in
            state.ready[ticket] = body
            while let next = state.ready.removeValue(forKey: state.nextToSend) {
                connection.send(next)
                state.nextToSend += 1
            }
        }
    }
}
