import TutorialFixes
import TutorialModel

/// Quick fixes: the rule's repair (this step and every later step of the file that repeats the
/// problem, in one WorkspaceEdit), then "disable here" and "disable in this document".
enum CodeActions {
    static func actions(
        for request: CodeActionRequest, snapshot: LanguageServer.Snapshot, model: DocumentModel,
        findings: [ServerFinding],
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
                finding, uri: uri, tutorial: model.tutorial, converter: converter)
            let named = request.context.diagnostics.contains { $0.code == finding.rule && $0.range == diagnostic.range }
            let touched =
                finding.range.overlaps(requested) || requested.contains(finding.range.start)
                || (requested.isEmpty && finding.range.start <= requested.start && requested.start <= finding.range.end)
            guard named || touched else { continue }
            var fixes: [(Fix, Bool)] = []
            if let fix = finding.fix { fixes.append((fix, true)) }
            fixes.append(
                (
                    SuppressionFixes.disableHere(
                        rule: finding.rule, step: finding.step, range: finding.range, in: model.tutorial), false
                ))
            fixes.append((SuppressionFixes.disableInDocument(rule: finding.rule, in: model.tutorial), false))
            for (fix, preferred) in fixes where seenTitles.insert(fix.title).inserted {
                actions.append(
                    CodeAction(
                        title: fix.title, kind: "quickfix", diagnostics: [diagnostic],
                        isPreferred: preferred ? true : nil,
                        edit: workspaceEdit(fix, snapshot: snapshot, versioned: versionedEdits)))
            }
        }
        // Repairs first: an editor's "apply the preferred fix" takes the first preferred action.
        return actions.filter { $0.isPreferred == true } + actions.filter { $0.isPreferred != true }
    }

    static func workspaceEdit(_ fix: Fix, snapshot: LanguageServer.Snapshot, versioned: Bool) -> WorkspaceEdit {
        let converter = snapshot.converter
        let ordered = fix.edits.enumerated().sorted {
            ($0.element.range.start, $0.element.range.end, $0.offset) < (
                $1.element.range.start, $1.element.range.end, $1.offset
            )
        }
        let edits = ordered.map { TextEdit(range: converter.range($0.element.range), newText: $0.element.newText) }
        let uri = snapshot.open.uri
        if versioned {
            let version = snapshot.open.version == Int.min ? nil : snapshot.open.version
            return WorkspaceEdit(documentChanges: [
                TextDocumentEdit(textDocument: .init(uri: uri, version: version), edits: edits)
            ])
        }
        return WorkspaceEdit(changes: [uri: edits])
    }
}
