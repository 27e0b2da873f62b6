import StepDiff
import TutorialModel

/// Turns StepDiff's step-structure findings of one rule into document findings.
func structureFindings(_ rule: String, in context: TutorialContext) -> [DocumentFinding] {
    context.structure.filter { $0.rule == rule }.map {
        DocumentFinding(subject: $0.subject, message: $0.message, range: $0.range, step: $0.step)
    }
}
