#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialModel
import TutorialReaders

typealias RequestRoute = @Sendable (LanguageServer, MessageParams) throws -> LanguageServer.RequestWork
typealias NotificationRoute = @Sendable (LanguageServer, MessageParams) throws -> Void

func encodeResult<Value: Encodable>(_ value: Value) -> Result<Data, ResponseError> {
    do {
        return .success(try JSONWriting.data(value, style: .wire))
    } catch {
        return .failure(
            ResponseError(code: ResponseError.internalErrorCode, message: "cannot encode the result: \(error)"))
    }
}

private func route<R: LSPRequest>(
    _ type: R.Type, _ handler: @escaping @Sendable (LanguageServer, R) throws -> LanguageServer.RequestWork
) -> (String, RequestRoute) {
    (R.method, { server, params in try handler(server, try params.decode(R.self)) })
}

/// A request about one document, answered on a worker from a snapshot taken when it arrived.
private func documentRoute<R: LSPRequest>(
    _ type: R.Type, uri: @escaping @Sendable (R) -> String,
    _ handler:
        @escaping @Sendable (LanguageServer, R, LanguageServer.Snapshot, @Sendable () -> Bool) throws -> R.Response
) -> (String, RequestRoute) {
    route(R.self) { server, params in
        guard let snapshot = server.snapshot(uri(params)) ?? server.diskSnapshot(uri(params)) else {
            return .immediate(
                .failure(
                    ResponseError(
                        code: ResponseError.requestFailedCode, message: "\(uri(params)) is neither open nor readable")))
        }
        let request = params
        return .deferred { isCancelled in
            do {
                return encodeResult(try handler(server, request, snapshot, isCancelled))
            } catch {
                return .failure(
                    error as? ResponseError ?? ResponseError(code: ResponseError.internalErrorCode, message: "\(error)")
                )
            }
        }
    }
}

private func notification<N: LSPNotification>(
    _ type: N.Type, _ handler: @escaping @Sendable (LanguageServer, N) throws -> Void
) -> (String, NotificationRoute) {
    (N.method, { server, params in try handler(server, try params.decode(N.self)) })
}

let requestRoutes: [String: RequestRoute] = Dictionary(uniqueKeysWithValues: [
    route(InitializeRequest.self) { server, params in .immediate(encodeResult(server.initialize(params))) },
    route(ShutdownRequest.self) { server, _ in
        server.state.withLock { $0.phase = .shutDown }
        return .immediate(encodeResult(JSONValue.null))
    },
    documentRoute(DocumentSymbolRequest.self, uri: \.textDocument.uri) { server, _, snapshot, _ in
        DocumentSymbols.symbols(server.tutorial(of: snapshot), converter: snapshot.converter)
    },
    documentRoute(FoldingRangeRequest.self, uri: \.textDocument.uri) { server, _, snapshot, _ in
        DocumentSymbols.foldingRanges(server.tutorial(of: snapshot), index: snapshot.open.document.lineIndex)
    },
    documentRoute(DocumentDiagnosticRequest.self, uri: \.textDocument.uri) { server, params, snapshot, _ in
        server.pulledDiagnostics(snapshot, previousResultId: params.previousResultId)
    },
    documentRoute(HoverRequest.self, uri: \.textDocument.uri) { server, params, snapshot, _ in
        let converter = snapshot.converter
        let hover = HoverContent.hover(
            at: converter.offset(params.position), tutorial: server.tutorial(of: snapshot),
            changeSets: { server.changeSets(of: snapshot) }, findings: server.findings(of: snapshot),
            converter: converter, explanation: server.options.pipeline.explanation)
        return DriftDiagnostics.hover(
            adding: hover, at: converter.offset(params.position), comparison: server.comparison(of: snapshot),
            converter: converter)
    },
    documentRoute(CodeLensRequest.self, uri: \.textDocument.uri) { server, _, snapshot, _ in
        CodeLenses.lenses(server.changeSets(of: snapshot), uri: snapshot.open.uri, converter: snapshot.converter)
    },
    documentRoute(CodeActionRequest.self, uri: \.textDocument.uri) { server, params, snapshot, _ in
        let versioned = server.state.withLock { $0.capabilities.workspace?.workspaceEdit?.documentChanges == true }
        let actions = CodeActions.actions(
            for: params, snapshot: snapshot, tutorial: server.tutorial(of: snapshot), findings: server.findings(of: snapshot),
            rulesDocumentation: server.rulesDocumentation(of: snapshot), versionedEdits: versioned)
            + DriftDiagnostics.actions(for: params, snapshot: snapshot, comparison: server.comparison(of: snapshot))
        // Edits computed for a version the client no longer has would land in the wrong places.
        if snapshot.open.version != Int.min, server.snapshot(snapshot.open.uri)?.open.version != snapshot.open.version {
            throw ResponseError.contentModified
        }
        return actions
    },
    documentRoute(StepDiffRequest.self, uri: \.textDocument.uri) { server, _, snapshot, _ in
        try server.stepDiffJSON(snapshot)
    },
    route(ExecuteCommandRequest.self) { server, params in
        guard params.command == LanguageServer.showStepDiffCommand else {
            return .immediate(.failure(.invalidParams("unknown command \(params.command)")))
        }
        let arguments = params.arguments ?? []
        guard arguments.count == 3, let uri = arguments[0].stringValue,
            let step = arguments[1].stringValue.flatMap(StepID.init),
            let file = arguments[2].stringValue
        else {
            return .immediate(.failure(.invalidParams("\(LanguageServer.showStepDiffCommand) takes [uri, step, file]")))
        }
        guard let snapshot = server.snapshot(uri) ?? server.diskSnapshot(uri) else {
            return .immediate(
                .failure(
                    ResponseError(code: ResponseError.requestFailedCode, message: "\(uri) is neither open nor readable")
                ))
        }
        return .deferred { _ in
            let changes = server.changeSets(of: snapshot).filter { $0.to.step == step && $0.fileName == file }
            return encodeResult(JSONValue.string(changes.map(StepChangeText.markdown).joined(separator: "\n")))
        }
    },
    route(WorkspaceDiagnosticRequest.self) { server, params in
        let folders = server.state.withLock { $0.workspaceFolders }
        let open = server.state.withLock { state in
            state.documents.values.filter(\.isTutorial).map { server.makeSnapshot($0, state: state) }
        }
        return .deferred { isCancelled in
            encodeResult(
                server.workspaceDiagnostics(
                    open: open, folders: folders, previous: params.previousResultIds, isCancelled: isCancelled))
        }
    },
])

let notificationRoutes: [String: NotificationRoute] = Dictionary(uniqueKeysWithValues: [
    notification(InitializedNotification.self) { server, _ in server.initialized() },
    notification(CancelRequestNotification.self) { server, params in
        server.state.withLock { state in
            if state.inFlight.contains(params.id) { state.cancelled.insert(params.id) }
        }
    },
    notification(SetTraceNotification.self) { server, params in server.state.withLock { $0.trace = params.value } },
    notification(DidOpenTextDocumentNotification.self) { server, params in server.didOpen(params.textDocument) },
    notification(DidChangeTextDocumentNotification.self) { server, params in server.didChange(params) },
    notification(DidSaveTextDocumentNotification.self) { server, params in server.didSave(params) },
    notification(DidCloseTextDocumentNotification.self) { server, params in server.didClose(params.textDocument.uri) },
    notification(DidChangeWatchedFilesNotification.self) { server, params in server.watchedFilesChanged(params.changes)
    },
    notification(DidChangeWorkspaceFoldersNotification.self) { server, params in
        server.state.withLock { state in
            state.workspaceFolders.removeAll { folder in params.event.removed.contains { $0.uri == folder.uri } }
            state.workspaceFolders.append(contentsOf: params.event.added)
        }
        server.invalidateAll()
    },
    notification(DidChangeConfigurationNotification.self) { _, _ in },
])
