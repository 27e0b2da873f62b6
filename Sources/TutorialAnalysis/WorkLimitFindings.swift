// Work an analysis skipped because the input went over a limit, as `input-error` findings: a limit
// that leaves work undone is never silent (issue 22). The `input-error` rule reports what the readers
// and the snippets' own code tell it; what only the timelines know is reported here.

import StepDiff
import TutorialModel
import TutorialRules

/// `input-error` findings for work the limits skipped that no rule sees: one for the composition budget,
/// at the first fragment it left out, counting the others (each keeps its reason in the diffs). Empty
/// when `input-error` is off. (A composed state never goes over `SwiftParseLimits`: composition parses
/// what it builds and leaves out, with its reason, a fragment whose result would not parse.)
func workLimitFindings(timelines: Timelines, configuration: Configuration) -> [Finding] {
    let leftOut = timelines.leftOverBudget
    guard let first = leftOut.first, let rule = RuleRegistry.rule("input-error")?.description,
        configuration.isEnabled(rule)
    else { return [] }
    let others = leftOut.count - 1
    let fragments = others == 0 ? "this fragment was" : "this fragment and \(others) more after it were"
    return [
        Finding(
            rule: rule.id, subject: "composition-budget",
            severity: configuration.severity(of: rule, ownSeverity: .information),
            message: "this document went over its work budget here: composing its fragments would have the Swift parser read over \(Timelines.compositionBudgetBytes >> 10) KiB of earlier file states, so \(fragments) not composed into their files, and the step diffs and code rules skip what they show",
            range: first.snippet.range, file: nil, step: first.step, resolvedAt: nil)
    ]
}
