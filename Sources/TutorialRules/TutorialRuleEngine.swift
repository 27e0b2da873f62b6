import TutorialModel

/// What the collecting rules (`CollectingTutorialRule`) collected in one analysis of a document, by rule id
/// and step content: the engine's storage, handed to the analysis of the document's next version.
///
/// It holds one value per rule and distinct step content of the analysed document, nothing of an earlier
/// version that this one no longer has: its size follows the document's, and a closed document's goes with
/// its last analysis. A value is reused only for a step whose content equals (byte for byte) the one it was
/// collected from, so it is the value collecting again would return.
public struct TutorialRuleMemory: Sendable {
    /// Per rule id, the rule's `[StepContent: Collected]`.
    let byRule: [String: any Sendable]
    /// How many steps' values this analysis took from the previous one: what the tests see of the reuse.
    public let reusedCount: Int
    /// How many times this analysis called a rule's `collect`.
    public let collectedCount: Int
    /// How many values are kept, over every rule.
    public let count: Int

    /// Nothing to reuse: a document's first analysis.
    public static let none = TutorialRuleMemory(byRule: [:], reusedCount: 0, collectedCount: 0, count: 0)
}

/// The findings of the tutorial rules on one tutorial, and what they collected for the next analysis.
public struct TutorialRuleRun: Sendable {
    /// Each rule's findings, in the order the rules were given.
    public let findings: [(rule: RuleDescription, findings: [DocumentFinding])]
    public let memory: TutorialRuleMemory
}

/// Runs `rules` on the tutorial of `context`: a collecting rule collects each step whose content `previous`
/// (the memory of an analysis of another version of the same document) has no value for, once per distinct
/// content, then validates; any other rule checks the whole tutorial. The findings are those of running
/// every rule afresh (`TutorialRule.check`).
public func runTutorialRules(
    _ rules: [any TutorialRule], context: TutorialContext, previous: TutorialRuleMemory = .none
) -> TutorialRuleRun {
    var storage = CollectedStorage(previous: previous)
    var steps: [StepContent]?
    var findings: [(rule: RuleDescription, findings: [DocumentFinding])] = []
    for rule in rules {
        if let collecting = rule as? any CollectingTutorialRule {
            let contents = steps ?? context.tutorial.steps.map(StepContent.init)
            steps = contents
            findings.append((rule.description, storage.run(collecting, steps: contents, context: context)))
        } else {
            findings.append((rule.description, rule.check(context)))
        }
    }
    return TutorialRuleRun(findings: findings, memory: storage.memory)
}

/// The engine's storage during one run: the previous run's values, and those of this run as they are
/// collected or reused.
private struct CollectedStorage {
    let previous: TutorialRuleMemory
    var kept: [String: any Sendable] = [:]
    var reused = 0
    var collected = 0
    var count = 0

    init(previous: TutorialRuleMemory) { self.previous = previous }

    var memory: TutorialRuleMemory {
        TutorialRuleMemory(byRule: kept, reusedCount: reused, collectedCount: collected, count: count)
    }

    mutating func run<Rule: CollectingTutorialRule>(_ rule: Rule, steps: [StepContent], context: TutorialContext)
        -> [DocumentFinding]
    {
        let id = rule.description.id
        let earlier = previous.byRule[id] as? [StepContent: Rule.Collected] ?? [:]
        var now: [StepContent: Rule.Collected] = [:]
        now.reserveCapacity(steps.count)
        var values: [Rule.Collected] = []
        values.reserveCapacity(steps.count)
        for step in steps {
            if let value = now[step] {
                values.append(value)
                continue
            }
            let value: Rule.Collected
            if let known = earlier[step] {
                value = known
                reused += 1
            } else {
                value = rule.collect(step)
                collected += 1
            }
            now[step] = value
            values.append(value)
        }
        kept[id] = now
        count += now.count
        return rule.validate(values, context: context)
    }
}
