import TutorialModel

/// What the collecting rules (`CollectingTutorialRule`) collected in one analysis of a document, by rule id
/// and step content: the engine's storage, handed to the analysis of the document's next version.
///
/// It holds one value per rule and distinct step content of the analysed document, nothing of an earlier
/// version that this one no longer has: its size follows the document's, and a closed document's goes with
/// its last analysis. A value is reused only for a step whose content equals (byte for byte) the one it was
/// collected from, so it is the value collecting again would return.
public struct TutorialRuleMemory: Sendable {
    /// The analysed document's steps told apart by content (`StepSlots`): each distinct content has a slot, the
    /// position of its value in every rule's values. Steps are told apart once per analysis, whatever the
    /// number of rules.
    let steps: StepSlots
    /// Per rule id, the rule's `[Collected]` by slot.
    let byRule: [String: any Sendable]
    /// Per rule id, the rule's `[Collected]` by step, as `validate` was given them: the next analysis updates
    /// them where its steps' values differ instead of making them again.
    let byStep: [String: any Sendable]
    /// How many steps' values this analysis took from the previous one: what the tests see of the reuse.
    public let reusedCount: Int
    /// How many times this analysis called a rule's `collect`.
    public let collectedCount: Int
    /// How many values are kept, over every rule.
    public let count: Int
    /// How many rules took the previous analysis's values as they were, with the new contents' collected in
    /// place (the contents it had kept their slots): what the tests see of that path.
    public let rulesKeepingValues: Int
    /// How many rules updated the previous analysis's values by step where steps' values differ (some steps
    /// alike, the others kept their slots) rather than making them step by step.
    public let rulesUpdatingSteps: Int

    /// Nothing to reuse: a document's first analysis.
    public static let none = TutorialRuleMemory(
        steps: StepSlots(), byRule: [:], byStep: [:], reusedCount: 0, collectedCount: 0, count: 0,
        rulesKeepingValues: 0, rulesUpdatingSteps: 0)
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
/// every rule afresh (`TutorialRule.check`). `sameLeadingSteps`: how many steps at the start the caller knows
/// to be those `previous` was collected from; `movedFrom`: the step from which on it knows every step to be
/// that step moved (`StepSlots`).
public func runTutorialRules(
    _ rules: [any TutorialRule], context: TutorialContext, previous: TutorialRuleMemory = .none,
    sameLeadingSteps: Int = 0, movedFrom: Int? = nil
) -> TutorialRuleRun {
    var storage: CollectedStorage?
    var findings: [(rule: RuleDescription, findings: [DocumentFinding])] = []
    for rule in rules {
        if let collecting = rule as? any CollectingTutorialRule {
            if storage == nil {
                storage = CollectedStorage(
                    steps: context.tutorial.steps, previous: previous, sameLeadingSteps: sameLeadingSteps,
                    movedFrom: movedFrom, parsed: context.parsedSnippets)
            }
            findings.append((rule.description, storage!.run(collecting, context: context)))
        } else {
            findings.append((rule.description, rule.check(context)))
        }
    }
    return TutorialRuleRun(findings: findings, memory: storage?.memory ?? .none)
}

/// The engine's storage during one run: the steps told apart by content, the previous run's values, and
/// those of this run as they are collected or reused.
private struct CollectedStorage {
    let previous: TutorialRuleMemory
    let steps: StepSlots
    var kept: [String: any Sendable] = [:]
    var keptByStep: [String: any Sendable] = [:]
    var reused = 0
    var collected = 0
    var count = 0
    var rulesKeepingValues = 0
    var rulesUpdatingSteps = 0
    /// The steps whose value may differ from the previous analysis's (`StepSlots.positionsWithNewValues`), the
    /// same for every rule: worked out at the first rule that asks.
    private lazy var positionsWithNewValues: [Int]? = steps.positionsWithNewValues(since: previous.steps)

    init(steps: [Step], previous: TutorialRuleMemory, sameLeadingSteps: Int, movedFrom: Int?, parsed: ParsedSnippets) {
        self.previous = previous
        self.steps = StepSlots(
            steps: steps, previous: previous.steps, sameLeadingSteps: sameLeadingSteps, movedFrom: movedFrom,
            parsed: parsed)
    }

    var memory: TutorialRuleMemory {
        TutorialRuleMemory(
            steps: steps, byRule: kept, byStep: keptByStep, reusedCount: reused, collectedCount: collected, count: count,
            rulesKeepingValues: rulesKeepingValues, rulesUpdatingSteps: rulesUpdatingSteps)
    }

    mutating func run<Rule: CollectingTutorialRule>(_ rule: Rule, context: TutorialContext) -> [DocumentFinding] {
        let id = rule.description.id
        let earlier = previous.byRule[id] as? [Rule.Collected] ?? []
        var values: [Rule.Collected] = []
        if let newSlots = steps.newSlotsWhereOthersKeepTheirs, earlier.count == steps.distinct.count {
            // The previous values as they are (shared, not copied one by one through the rule's generic type),
            // with those of the new contents collected in place: after a keystroke, one step's.
            values = earlier
            for slot in newSlots { values[slot] = rule.collect(steps.distinct[slot]) }
            (reused, collected) = (reused + values.count - newSlots.count, collected + newSlots.count)
            rulesKeepingValues += 1
        } else {
            values.reserveCapacity(steps.distinct.count)
            for (slot, content) in steps.distinct.enumerated() {
                if let old = steps.previousSlots[slot], old < earlier.count {
                    values.append(earlier[old])
                    reused += 1
                } else {
                    values.append(rule.collect(content))
                    collected += 1
                }
            }
        }
        kept[id] = values
        count += values.count
        let byStep = valuesByStep(values, earlier: previous.byStep[id] as? [Rule.Collected])
        keptByStep[id] = byStep
        return rule.validate(byStep, context: context)
    }

    /// Each step's value: `values` as they are where each step has its own slot (no two steps alike, as in most
    /// tutorials); else the previous analysis's by step (`earlier`), updated at the steps whose value may differ,
    /// where the steps kept their slots; else made step by step.
    private mutating func valuesByStep<Collected>(_ values: [Collected], earlier: [Collected]?) -> [Collected] {
        if steps.slots.count == values.count { return values }
        guard var byStep = earlier, byStep.count == steps.slots.count,
            let changed = positionsWithNewValues
        else { return steps.slots.map { values[$0] } }
        for position in changed { byStep[position] = values[steps.slots[position]] }
        rulesUpdatingSteps += 1
        return byStep
    }
}
