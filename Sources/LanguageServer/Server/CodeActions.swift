import TutorialFixes
import TutorialModel
import TutorialReaders
import TutorialRules

/// Quick fixes: the rule's repair (this step and every later step of the file that repeats the
/// problem, in one WorkspaceEdit), then "disable here" and "disable in this document".
enum CodeActions {
    static func actions(
        for request: CodeActionRequest, snapshot: LanguageServer.Snapshot, tutorial: Tutorial,
        findings: [Finding], rulesDocumentation: String,
        versionedEdits: Bool
    ) -> [CodeAction] {
        if let only = request.context.only,
            !only.contains(where: { "quickfix".hasPrefix($0) || $0.hasPrefix("quickfix") })
        {
            return []
        }
        let converter = snapshot.converter
        let uri = snapshot.open.uri
        let requested = converter.sourceRange(request.range)
        var actions: [CodeAction] = []
        var seenTitles = Set<String>()
        for finding in findings {
            let diagnostic = DiagnosticConversion.diagnostic(
                finding, uri: uri, tutorial: tutorial, converter: converter,
                rulesDocumentation: rulesDocumentation)
            let named = request.context.diagnostics.contains { $0.code == finding.rule && $0.range == diagnostic.range }
            let touched =
                finding.range.overlaps(requested) || requested.contains(finding.range.start)
                || (requested.isEmpty && finding.range.start <= requested.start && requested.start <= finding.range.end)
            guard named || touched else { continue }
            var fixes: [(Fix, Bool)] = []
            // The repair is built here, for the findings the request is about, not for every analysis.
            if let fix = Fix(finding, in: tutorial) { fixes.append((fix, true)) }
            fixes.append(
                (
                    SuppressionFixes.disableHere(
                        rule: finding.rule, step: finding.step, range: finding.range, in: tutorial), false
                ))
            fixes.append((SuppressionFixes.disableInDocument(rule: finding.rule, in: tutorial), false))
            for (fix, preferred) in fixes where !seenTitles.contains(fix.title) {
                // A fix for resource files that changed since the analysis is not offered.
                guard let edit = workspaceEdit(fix, snapshot: snapshot, versioned: versionedEdits) else { continue }
                seenTitles.insert(fix.title)
                actions.append(
                    CodeAction(
                        title: fix.title, kind: "quickfix", diagnostics: [diagnostic],
                        isPreferred: preferred ? true : nil, edit: edit))
            }
        }
        // Repairs first: an editor's "apply the preferred fix" takes the first preferred action.
        return actions.filter { $0.isPreferred == true } + actions.filter { $0.isPreferred != true }
    }

    /// The fix as one WorkspaceEdit: the document's edits and, for DocC, those of its code resources (by
    /// their open buffer's URI and version when the editor has them open). Nil when a resource no longer
    /// holds the text the fix was computed for, or may not be edited: it must still be the file the
    /// reader read inside the catalog (`CatalogResources.writeTarget`) and lie in a workspace folder.
    static func workspaceEdit(_ fix: Fix, snapshot: LanguageServer.Snapshot, versioned: Bool) -> WorkspaceEdit? {
        var documents: [(uri: String, version: Int?, edits: [TextEdit])] = []
        if !fix.edits.isEmpty {
            let version = snapshot.open.version == Int.min ? nil : snapshot.open.version
            documents.append((snapshot.open.uri, version, textEdits(fix.edits, converter: snapshot.converter)))
        }
        let catalog = CatalogResources(documentPath: snapshot.open.document.path, provider: snapshot.resources)
        for files in fix.otherFiles {
            let limit = InputLimits.maximumDocumentBytes
            guard case .success(let target) = catalog.writeTarget(path: files.path, resolvedAtRead: files.resolvedPath),
                mayEdit(target, snapshot: snapshot),
                case .file(let bytes) = snapshot.resources.item(atResolved: target, byteLimit: limit)
            else { return nil }
            let open = snapshot.openResources[files.path]
            let current = open?.document.text ?? String(decoding: bytes, as: UTF8.self)
            guard files.matches(current) else { return nil }
            let converter = PositionConverter(index: LineIndex(current), encoding: snapshot.encoding)
            let length = current.utf8.count
            let clamped = files.edits.map { edit in
                TutorialModel.TextEdit(
                    range: SourceRange(start: min(edit.range.start, length), end: min(edit.range.end, length)),
                    newText: edit.newText)
            }
            documents.append(
                (
                    open?.uri ?? DocumentURI.uri(ofPath: files.path), open?.version,
                    textEdits(clamped, converter: converter)
                ))
        }
        if versioned {
            return WorkspaceEdit(
                documentChanges: documents.map {
                    TextDocumentEdit(textDocument: .init(uri: $0.uri, version: $0.version), edits: $0.edits)
                })
        }
        return WorkspaceEdit(changes: Dictionary(documents.map { ($0.uri, $0.edits) }, uniquingKeysWith: { $0 + $1 }))
    }

    /// Whether a fix may edit the file at `resolvedPath` (besides the document itself): it lies in one
    /// of the client's workspace folders; with none, the catalog check already confined it.
    static func mayEdit(_ resolvedPath: String, snapshot: LanguageServer.Snapshot) -> Bool {
        guard !snapshot.workspaceFolders.isEmpty else { return true }
        return snapshot.workspaceFolders.contains { folder in
            let root = snapshot.resources.resolvedPath(folder) ?? folder
            return FileTreeWalk.isInside(resolvedPath, root)
        }
    }

    /// LSP edits in offset order (insertions at one offset keep their order).
    static func textEdits(_ edits: [TutorialModel.TextEdit], converter: PositionConverter) -> [TextEdit] {
        edits.enumerated().sorted {
            ($0.element.range.start, $0.element.range.end, $0.offset) < (
                $1.element.range.start, $1.element.range.end, $1.offset
            )
        }.map { TextEdit(range: converter.range($0.element.range), newText: $0.element.newText) }
    }
}
