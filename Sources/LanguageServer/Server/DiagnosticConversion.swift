import TutorialModel
import TutorialRules

/// Findings → LSP diagnostics: the rule id as `code`, a link to the rule's section of the rule reference
/// (a page an editor can open; hovering the diagnostic shows the same text), and the steps
/// that introduced and resolved the problem as related information.
enum DiagnosticConversion {
    static let source = "tutorial-check"

    static func diagnostics(
        _ findings: [Finding], uri: String, tutorial: Tutorial?, converter: PositionConverter,
        rulesDocumentation: String
    ) -> [Diagnostic] {
        findings.map {
            diagnostic($0, uri: uri, tutorial: tutorial, converter: converter, rulesDocumentation: rulesDocumentation)
        }
    }

    /// `rulesDocumentation`: the rule reference the document's configuration names.
    static func diagnostic(
        _ finding: Finding, uri: String, tutorial: Tutorial?, converter: PositionConverter, rulesDocumentation: String
    ) -> Diagnostic {
        let range = converter.range(finding.range)
        var related: [DiagnosticRelatedInformation] = []
        for (step, what) in [(finding.step, "introduced"), (finding.resolvedAt, "resolved")] {
            guard let step else { continue }
            related.append(
                DiagnosticRelatedInformation(
                    location: Location(
                        uri: uri, range: stepRange(step, tutorial: tutorial, converter: converter) ?? range),
                    message: "\(what) in step \(step)"))
        }
        var data: [String: JSONValue] = ["rule": .string(finding.rule)]
        if let step = finding.step { data["step"] = .string(step.description) }
        if let resolved = finding.resolvedAt { data["resolvedAt"] = .string(resolved.description) }
        return Diagnostic(
            range: range, severity: severity(finding.severity), code: finding.rule,
            codeDescription: CodeDescription(
                href: Configuration.documentation(ofRule: finding.rule, in: rulesDocumentation)),
            source: source,
            message: finding.message, relatedInformation: related.isEmpty ? nil : related, data: .object(data))
    }

    static func severity(_ severity: Severity) -> DiagnosticSeverity {
        switch severity {
        case .error: return .error
        case .warning: return .warning
        case .information: return .information
        case .hint: return .hint
        }
    }

    /// The first line of a step (its heading), where a reader looks for it.
    static func stepRange(_ id: StepID, tutorial: Tutorial?, converter: PositionConverter) -> Range? {
        guard let step = tutorial?.step(id) else { return nil }
        return converter.range(headingRange(of: step.range, in: converter.index))
    }

    /// The part of `range` on its first line.
    static func headingRange(of range: SourceRange, in index: LineIndex) -> SourceRange {
        let line = index.lineNumber(containing: range.start)
        let content = index.contentRange(ofLine: line)
        return SourceRange(start: range.start, end: max(range.start, min(content.end, range.end)))
    }
}
