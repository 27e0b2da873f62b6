#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialAnalysis
import TutorialModel
import TutorialReaders

extension LanguageServer {
    /// The id of a diagnostics result: the same text at the same configuration gives the same id.
    func resultID(_ snapshot: Snapshot) -> String {
        var hasher = Hasher()
        hasher.combine(snapshot.open.document.text)
        return "\(snapshot.generation)-\(snapshot.open.version)-\(UInt(bitPattern: hasher.finalize()))"
    }

    /// The document's diagnostics, pushed or pulled alike: its findings, then its drifts from its original.
    func diagnostics(of snapshot: Snapshot) -> [Diagnostic] {
        DiagnosticConversion.diagnostics(
            findings(of: snapshot), uri: snapshot.open.uri, tutorial: tutorial(of: snapshot),
            converter: snapshot.converter, rulesDocumentation: rulesDocumentation(of: snapshot))
            + DriftDiagnostics.diagnostics(comparison(of: snapshot), converter: snapshot.converter)
    }

    func pulledDiagnostics(_ snapshot: Snapshot, previousResultId: String?) -> DocumentDiagnosticReport {
        let id = resultID(snapshot)
        if id == previousResultId { return .unchanged(resultId: id) }
        return .full(diagnostics(of: snapshot), resultId: id)
    }

    /// Every open tutorial, then every tutorial file under the workspace folders that is not open.
    func workspaceDiagnostics(
        open: [Snapshot], folders: [WorkspaceFolder], previous: [PreviousResultID], isCancelled: () -> Bool
    ) -> WorkspaceDiagnosticReport {
        let previousIDs = Dictionary(previous.map { ($0.uri, $0.value) }, uniquingKeysWith: { _, last in last })
        var items: [WorkspaceDocumentDiagnosticReport] = []
        func report(_ snapshot: Snapshot, version: Int?) {
            let id = resultID(snapshot)
            if previousIDs[snapshot.open.uri] == id {
                items.append(
                    .init(kind: "unchanged", uri: snapshot.open.uri, version: version, resultId: id, items: nil))
            } else {
                items.append(
                    .init(
                        kind: "full", uri: snapshot.open.uri, version: version, resultId: id,
                        items: diagnostics(of: snapshot)))
            }
        }
        for snapshot in open.sorted(by: { $0.open.uri < $1.open.uri }) where !isCancelled() {
            report(snapshot, version: snapshot.open.version)
        }
        let openPaths = Set(open.map(\.open.document.path))
        var seen = Set<String>()
        for folder in folders {
            let root = DocumentURI.path(of: folder.uri)
            for path in FileSystemResources.regularFiles(under: root) where DocumentLoader.isTutorialFile(path) {
                // A workspace can be large: the report covers the first files found, and stops on cancel.
                guard !isCancelled(), seen.count < Self.workspaceDiagnosticsLimit else { break }
                guard !openPaths.contains(path), seen.insert(path).inserted,
                    let snapshot = diskSnapshot(DocumentURI.uri(ofPath: path))
                else { continue }
                report(snapshot, version: nil)
                session.database.close(document: snapshot.open.uri)
            }
        }
        return WorkspaceDiagnosticReport(items: items)
    }

    static let workspaceDiagnosticsLimit = 2000
}
