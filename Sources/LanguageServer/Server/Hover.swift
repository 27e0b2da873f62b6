import StepDiff
import TutorialModel
import TutorialRules

/// Hover: on a diagnostic, the rule's explanation; on a step heading or a snippet, that step's change set.
enum HoverContent {
    static func hover(
        at offset: Int, tutorial: Tutorial, changeSets: () -> [ChangeSet], findings: [Finding], converter: PositionConverter,
        explanation: (String) -> String?
    ) -> Hover? {
        var parts: [String] = []
        var range: SourceRange?
        for finding in findings
        where finding.range.contains(offset) || (finding.range.isEmpty && finding.range.start == offset) {
            var text = "**\(finding.rule)**: \(finding.message)"
            if let explained = explanation(finding.rule) { text += "\n\n" + explained }
            if !parts.contains(text) { parts.append(text) }
            range = range.map { $0.union(finding.range) } ?? finding.range
        }
        let index = converter.index
        for step in tutorial.steps
        where step.range.contains(offset) || step.range.end == offset && offset == index.bytes.count {
            let heading = DiagnosticConversion.headingRange(of: step.range, in: index)
            let onHeading = offset >= heading.start && offset <= heading.end
            let snippetIndex = step.snippets.firstIndex { $0.range.contains(offset) }
            guard onHeading || snippetIndex != nil else { continue }
            let changes = changeSets().filter { change in
                change.to.step == step.id && (snippetIndex == nil || change.to.snippetIndex == snippetIndex)
            }
            let label = step.label.map { "\($0) (\(step.id))" } ?? "Step \(step.id)"
            if changes.isEmpty {
                parts.append("**\(label)** changes no whole file.")
            } else {
                parts.append("**\(label)**\n\n" + changes.map(StepChangeText.markdown).joined(separator: "\n"))
            }
            if range == nil { range = snippetIndex.map { step.snippets[$0].range } ?? heading }
            break
        }
        guard !parts.isEmpty else { return nil }
        return Hover(
            contents: MarkupContent(kind: .markdown, value: parts.joined(separator: "\n\n---\n\n")),
            range: range.map(converter.range))
    }
}

/// Code lenses above each whole-file snippet: what the step changed in that file.
enum CodeLenses {
    static func lenses(_ changes: [ChangeSet], uri: String, converter: PositionConverter) -> [CodeLens] {
        changes.map { change in
            let snippet = change.to.snippet
            let heading = DiagnosticConversion.headingRange(of: snippet.range, in: converter.index)
            return CodeLens(
                range: converter.range(heading),
                command: Command(
                    title: StepChangeText.summary(change), command: LanguageServer.showStepDiffCommand,
                    arguments: [.string(uri), .string(change.to.step.description), .string(change.fileName)]))
        }
    }
}
