import TutorialModel

/// What the collecting rules (`CollectingTutorialRule`) collected in one analysis of a document, by rule id
/// and step content: the engine's storage, handed to the analysis of the document's next version.
///
/// It holds one value per rule and distinct step content of the analysed document, nothing of an earlier
/// version that this one no longer has: its size follows the document's, and a closed document's goes with
/// its last analysis. A value is reused only for a step whose content equals (byte for byte) the one it was
/// collected from, so it is the value collecting again would return.
public struct TutorialRuleMemory: Sendable {
    /// The analysed document's distinct step contents, each with its slot: the position of its value in
    /// every rule's values. Steps are told apart once per analysis, whatever the number of rules.
    let slots: [StepContent: Int]
    /// Per rule id, the rule's `[Collected]` by slot.
    let byRule: [String: any Sendable]
    /// Each step's content, in step order: the next analysis takes the content of a step at the same place
    /// made from the same texts instead of making (hashing) it again.
    let stepContents: [StepContent]
    /// How many steps' values this analysis took from the previous one: what the tests see of the reuse.
    public let reusedCount: Int
    /// How many times this analysis called a rule's `collect`.
    public let collectedCount: Int
    /// How many values are kept, over every rule.
    public let count: Int

    /// Nothing to reuse: a document's first analysis.
    public static let none = TutorialRuleMemory(
        slots: [:], byRule: [:], stepContents: [], reusedCount: 0, collectedCount: 0, count: 0)
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
    var storage: CollectedStorage?
    var findings: [(rule: RuleDescription, findings: [DocumentFinding])] = []
    for rule in rules {
        if let collecting = rule as? any CollectingTutorialRule {
            if storage == nil { storage = CollectedStorage(steps: context.tutorial.steps, previous: previous) }
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
    /// Each distinct step content's slot, and the slot of each step in order.
    let slots: [StepContent: Int]
    let stepSlots: [Int]
    let distinct: [StepContent]
    let stepContents: [StepContent]
    /// Per slot, the slot of the same content in the previous run.
    let previousSlots: [Int?]
    var kept: [String: any Sendable] = [:]
    var reused = 0
    var collected = 0
    var count = 0

    init(steps: [Step], previous: TutorialRuleMemory) {
        self.previous = previous
        var slots: [StepContent: Int] = [:]
        slots.reserveCapacity(steps.count)
        var stepSlots: [Int] = []
        stepSlots.reserveCapacity(steps.count)
        var distinct: [StepContent] = []
        var stepContents: [StepContent] = []
        stepContents.reserveCapacity(steps.count)
        for (position, step) in steps.enumerated() {
            let earlier = position < previous.stepContents.count ? previous.stepContents[position] : nil
            let content = earlier.flatMap { $0.isContent(of: step) ? $0 : nil } ?? StepContent(step)
            stepContents.append(content)
            if let slot = slots[content] {
                stepSlots.append(slot)
            } else {
                slots[content] = distinct.count
                stepSlots.append(distinct.count)
                distinct.append(content)
            }
        }
        self.slots = slots
        self.stepSlots = stepSlots
        self.distinct = distinct
        self.stepContents = stepContents
        self.previousSlots = previous.slots.isEmpty ? [] : distinct.map { previous.slots[$0] }
    }

    var memory: TutorialRuleMemory {
        TutorialRuleMemory(
            slots: slots, byRule: kept, stepContents: stepContents, reusedCount: reused, collectedCount: collected,
            count: count)
    }

    mutating func run<Rule: CollectingTutorialRule>(_ rule: Rule, context: TutorialContext) -> [DocumentFinding] {
        let id = rule.description.id
        let earlier = previous.byRule[id] as? [Rule.Collected] ?? []
        var values: [Rule.Collected] = []
        values.reserveCapacity(distinct.count)
        for (slot, content) in distinct.enumerated() {
            if slot < previousSlots.count, let old = previousSlots[slot], old < earlier.count {
                values.append(earlier[old])
                reused += 1
            } else {
                values.append(rule.collect(content))
                collected += 1
            }
        }
        kept[id] = values
        count += values.count
        return rule.validate(stepSlots.map { values[$0] }, context: context)
    }
}
