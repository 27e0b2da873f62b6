#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialModel

/// Incoming messages in arrival order, and the replies to them: decoding, the lifecycle phases, routing,
/// cancellation, and responses handed to the sequencer.
extension LanguageServer {
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
        let message: IncomingMessage
        do {
            message = try JSONDecoder().decode(IncomingMessage.self, from: body)
        } catch {
            let isJSON = JSONTree.parse(body) != nil
            let reply: ResponseError =
                isJSON ? .invalidRequest("not a JSON-RPC message object") : .parseError("the message is not valid JSON")
            logMessage(.error, reply.message)
            sendImmediately(ErrorResponseMessage(id: nil, error: reply))
            return
        }
        if message.jsonrpc != "2.0" {
            if message.hasID && message.method != nil, let id = message.id {
                respondNow(id, error: .invalidRequest("jsonrpc must be \"2.0\""))
            } else {
                logMessage(.error, "ignored a message without jsonrpc \"2.0\"")
            }
            return
        }
        guard let method = message.method else {
            // A response to one of our requests (client/registerCapability): nothing waits on it.
            if !(message.hasResult || message.hasError) {
                sendImmediately(ErrorResponseMessage(id: message.id, error: .invalidRequest("message has no method")))
            }
            return
        }
        trace(
            "Received \(message.hasID ? "request" : "notification") '\(method)\(message.id.map { " - (\($0))" } ?? "")'.")
        if message.hasID {
            guard let id = message.id else {
                sendImmediately(
                    ErrorResponseMessage(id: nil, error: .invalidRequest("request id must be a number or a string")))
                return
            }
            handleRequest(method: method, id: id, params: message.params)
        } else {
            handleNotification(method: method, params: message.params)
        }
    }

    private func handleRequest(method: String, id: RequestID, params: MessageParams) {
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
            work = try route(self, params)
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

    private func handleNotification(method: String, params: MessageParams) {
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
            try route(self, params)
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

    /// An error reply for a request that never reached a handler, still sent in the order of requests.
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
        let message = NotificationMessage(method: Params.method, params: params)
        if let diagnostics = params as? PublishDiagnosticsNotification {
            // Only a document's newest diagnostics matter: a client slow to read gets those, not a backlog.
            connection.send(encodeMessage(message), coalescingKey: "publishDiagnostics " + diagnostics.uri)
        } else {
            sendImmediately(message)
        }
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
}
