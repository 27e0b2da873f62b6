#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StepDiff
import TutorialAnalysis
import TutorialCompare
import TutorialModel
import TutorialReaders
import TutorialRules

/// Snapshots of open documents, their analyses computed once per version, and the per-document loop that
/// pushes diagnostics (coalescing edits, publishing only results for the current version).
extension LanguageServer {
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

        /// The key of every query of this document: its version and the generation of what it reads.
        var revision: DocumentRevision {
            DocumentRevision(document: open.uri, version: open.version, generation: generation)
        }
        var input: DocumentInput {
            DocumentInput(revision: revision, document: open.document, format: open.format, resources: resources)
        }
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
        let folders = state.workspaceFolders.map { DocumentURI.path(of: $0.uri) }
        return Snapshot(
            open: open, encoding: state.encoding,
            generation: state.generation + (state.documentGenerations[open.uri] ?? 0),
            resources: OverlayResources(buffers: buffers, base: options.fileSystem, workspaceFolders: folders),
            openResources: openResources, workspaceFolders: folders)
    }

    /// The session's queries, asked for the snapshot's revision.
    var session: AnalysisSession { options.pipeline.session }

    func tutorial(of snapshot: Snapshot) -> Tutorial { session.read(snapshot.input).tutorial }
    func timelines(of snapshot: Snapshot) -> Timelines { session.timelines(snapshot.input) }
    func changeSets(of snapshot: Snapshot) -> [ChangeSet] { session.changeSets(snapshot.input) }

    func findings(of snapshot: Snapshot) -> [Finding] { analysisResult(of: snapshot).findings }

    /// The document held against the original its configuration names, if it names one.
    func comparison(of snapshot: Snapshot) -> Comparison? { analysisResult(of: snapshot).comparison }

    /// The rule reference the document's configuration names, which its diagnostics link to.
    func rulesDocumentation(of snapshot: Snapshot) -> String { analysisResult(of: snapshot).rulesDocumentation }

    private func analysisResult(of snapshot: Snapshot) -> FindingsResult {
        let pipeline = options.pipeline
        return pipeline.published.value(document: snapshot.open.uri, key: snapshot.revision) { _ in
            let result = pipeline.findings(pipeline.session, snapshot.input)
            for note in result.notes { logMessage(.warning, note) }
            return result
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
            let diagnostics = diagnostics(of: snapshot)
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
        session.forgetConfigurations()
        session.database.closeAllDocuments()
        for uri in uris { scheduleAnalysis(uri) }
    }

    /// Re-analyses the open DocC tutorials that read `path` (or could: one that misses a resource of the
    /// same name, or any in the same folder tree, since `@Code(file:)` looks there).
    func resourceChanged(path: String) {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let uris = state.withLock { state -> [String] in
            var affected: [String] = []
            for document in state.documents.values where document.isTutorial && document.format == .docc {
                let read = session.keptRead(
                    DocumentRevision(
                        document: document.uri, version: document.version,
                        generation: state.generation + (state.documentGenerations[document.uri] ?? 0)))
                let snippets = read?.tutorial.steps.flatMap(\.snippets) ?? []
                let uses = snippets.contains { snippet in
                    guard let docc = snippet.docc else { return false }
                    return docc.resourcePath == path || docc.resolvedResourcePath == path || docc.resource == fileName
                        || docc.previousResource == fileName
                }
                let directory = document.document.path.split(separator: "/").dropLast().joined(separator: "/")
                if uses || read == nil || path.hasPrefix("/" + directory + "/") || path.hasPrefix(directory + "/") {
                    affected.append(document.uri)
                    state.documentGenerations[document.uri, default: 0] += 1
                }
            }
            return affected
        }
        for uri in uris { scheduleAnalysis(uri) }
    }
}
