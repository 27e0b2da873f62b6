import StepDiff
import TutorialModel

/// A tutorial rule that needs only the steps and their timelines: the step-diff report shows its
/// findings next to the steps without running the rest of the pipeline.
protocol StepStructureRule: TutorialRule {
    func findings(_ tutorial: Tutorial, timelines: [FileTimeline], changeSets: [ChangeSet]?) -> [DocumentFinding]
}

extension StepStructureRule {
    func check(_ context: TutorialContext) -> [DocumentFinding] {
        findings(context.tutorial, timelines: context.timelines, changeSets: context.changeSets)
    }
}

/// The step-structure rules (`step-no-change`, `step-numbering`, `code-file-missing`), as the registry
/// lists them and the step-diff report runs them.
public enum StepStructureRules {
    static let all: [any StepStructureRule] = [StepNoChange(), StepNumbering(), CodeFileMissing()]

    /// The ids of the step-structure rules: their findings in an analysis are what a report shows beside
    /// the steps.
    public static let ids: Set<String> = Set(all.map(\.description.id))

    /// `step-no-change`, whose findings a step diff already shows as a change with no lines.
    public static let noChange = StepNoChange().description.id

    /// Every step-structure finding of a tutorial, in document order (no suppressions: the report shows
    /// the structure as it is): of every rule at its default severity, or of the rules `configuration`
    /// enables at the severity it gives. `changeSets`, when given, must judge exact text (not diffed with
    /// `ignoreIndentation`).
    public static func findings(
        _ tutorial: Tutorial, timelines: [FileTimeline], changeSets: [ChangeSet]?, configuration: Configuration? = nil
    ) -> [Finding] {
        all.filter { configuration?.isEnabled($0.description) ?? true }.flatMap { rule in
            let description = rule.description
            return rule.findings(tutorial, timelines: timelines, changeSets: changeSets).map { finding in
                Finding(
                    rule: description.id, subject: finding.subject,
                    severity: configuration?.severity(of: description, ownSeverity: finding.severity)
                        ?? finding.severity ?? description.defaultSeverity,
                    message: finding.message, range: finding.range, file: nil, step: finding.step, resolvedAt: nil,
                    fixTitle: finding.fixTitle, documentEdits: finding.edits)
            }
        }.sorted { ($0.range.start, $0.rule) < ($1.range.start, $1.rule) }
    }
}
