#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialAnalysis
import TutorialModel
import TutorialReaders

extension LanguageServer {
    /// The commands `workspace/executeCommand` runs (code lenses name them).
    static let showStepDiffCommand = "tutorialCheck.showStepDiff"

    func initialize(_ params: InitializeRequest) -> InitializeResult {
        let offered = params.capabilities.general?.positionEncodings ?? []
        let encoding: ColumnEncoding = offered.contains("utf-8") ? .utf8 : .utf16
        var folders = params.workspaceFolders ?? []
        if folders.isEmpty, let root = params.rootUri ?? params.rootPath.map(DocumentURI.uri(ofPath:)) {
            folders = [WorkspaceFolder(uri: root, name: root.split(separator: "/").last.map(String.init) ?? root)]
        }
        state.withLock { state in
            state.phase = .running
            state.encoding = encoding
            state.capabilities = params.capabilities
            state.workspaceFolders = folders
            state.trace = params.trace ?? .off
            // `{"pushDiagnostics": false}` for clients that pull and would show pushed ones twice.
            if case .bool(let push)? = params.initializationOptions?["pushDiagnostics"] { state.pushDiagnostics = push }
        }
        let capabilities = ServerCapabilities(
            positionEncoding: encoding.rawValue,
            textDocumentSync: .init(openClose: true, change: 2, save: .init(includeText: false)),
            hoverProvider: true,
            documentSymbolProvider: true,
            foldingRangeProvider: true,
            codeLensProvider: .init(resolveProvider: false),
            codeActionProvider: .init(codeActionKinds: ["quickfix"], resolveProvider: false),
            diagnosticProvider: .init(
                identifier: "tutorial-check", interFileDependencies: true, workspaceDiagnostics: true),
            executeCommandProvider: .init(commands: [Self.showStepDiffCommand]),
            workspace: .init(workspaceFolders: .init(supported: true, changeNotifications: true)),
            experimental: .init(stepDiffProvider: true))
        return InitializeResult(
            capabilities: capabilities, serverInfo: .init(name: "tutorial-check", version: options.version))
    }

    /// Asks the client to watch the configuration and DocC code resources, when it can register watchers.
    func initialized() {
        let canWatch = state.withLock { $0.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration == true }
        guard canWatch else { return }
        sendRequest(
            RegisterCapabilityRequest(registrations: [
                .init(
                    id: "tutorial-check-watchers", method: DidChangeWatchedFilesNotification.method,
                    registerOptions: .init(watchers: [
                        .init(globPattern: "**/.tutorial-check.json"), .init(globPattern: "**/*.swift"),
                    ]))
            ]))
    }

    // MARK: - Documents

    func didOpen(_ item: TextDocumentItem) {
        let open = OpenDocument(
            uri: item.uri, languageId: item.languageId, version: item.version,
            document: SourceDocument(path: DocumentURI.path(of: item.uri), text: item.text))
        state.withLock { $0.documents[item.uri] = open }
        if open.isTutorial {
            scheduleAnalysis(item.uri)
        } else {
            resourceChanged(path: open.document.path)
        }
    }

    func didChange(_ params: DidChangeTextDocumentNotification) {
        let uri = params.textDocument.uri
        let result = state.withLock { state -> (previous: Int, updated: OpenDocument)? in
            guard let current = state.documents[uri] else { return nil }
            let updated = current.applying(
                params.contentChanges, version: params.textDocument.version, encoding: state.encoding)
            state.documents[uri] = updated
            // Analyses are cached by version: a version that does not grow (a client bug) must not bring
            // back the analysis of an older text, so the document's generation moves on instead.
            if updated.version <= current.version { state.documentGenerations[uri, default: 0] += 1 }
            return (current.version, updated)
        }
        guard let (previous, updated) = result else {
            logMessage(.warning, "didChange for \(uri), which is not open: ignored")
            return
        }
        // The client's text is the truth, so the change applies; but versions that do not grow make
        // stale results indistinguishable from fresh ones, which the client should hear about.
        if updated.version <= previous {
            logMessage(.warning, "didChange for \(uri): version \(updated.version) does not follow \(previous)")
        }
        if updated.isTutorial {
            scheduleAnalysis(uri)
        } else {
            resourceChanged(path: updated.document.path)
        }
    }

    func didSave(_ params: DidSaveTextDocumentNotification) {
        let path = DocumentURI.path(of: params.textDocument.uri)
        if path.hasSuffix("/.tutorial-check.json") || path == ".tutorial-check.json" {
            invalidateAll()
        } else if !OpenDocument.isTutorial(languageId: "", path: path) {
            resourceChanged(path: path)
        }
    }

    func didClose(_ uri: String) {
        let wasOpen = state.withLock { state -> Bool in
            state.scheduler[uri] = nil
            return state.documents.removeValue(forKey: uri) != nil
        }
        session.database.close(document: uri)
        guard wasOpen else { return }
        // Clear what was pushed: diagnostics of a closed document would otherwise linger in the editor.
        state.withLock { _ in sendNotification(PublishDiagnosticsNotification(uri: uri, version: nil, diagnostics: []))
        }
        if !OpenDocument.isTutorial(languageId: "", path: DocumentURI.path(of: uri)) {
            resourceChanged(path: DocumentURI.path(of: uri))
        }
    }

    func watchedFilesChanged(_ changes: [FileEvent]) {
        var configChanged = false
        for change in changes {
            let path = DocumentURI.path(of: change.uri)
            if path.hasSuffix(".tutorial-check.json") {
                configChanged = true
            } else if path.hasSuffix(".swift") {
                resourceChanged(path: path)
            }
        }
        if configChanged { invalidateAll() }
    }

    /// A snapshot of a file the client has not opened, read from disk (requests may name any file): only
    /// inside the workspace folders, as every read from disk (`OverlayResources`).
    func diskSnapshot(_ uri: String) -> Snapshot? {
        let path = DocumentURI.path(of: uri)
        let folders = state.withLock { $0.workspaceFolders.map { DocumentURI.path(of: $0.uri) } }
        let disk = OverlayResources(buffers: [:], base: options.fileSystem, workspaceFolders: folders)
        guard disk.resolvedPath(path) != nil, let document = try? DocumentLoader.load(path) else { return nil }
        let open = OpenDocument(uri: uri, languageId: "", version: Int.min, document: document)
        return state.withLock { makeSnapshot(open, state: $0) }
    }
}
