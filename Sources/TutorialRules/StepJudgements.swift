import TutorialModel

/// What the tutorial rules judged of each step (or snippet) in one analysis of a document, handed to the
/// analysis of the document's next version: a keystroke changes one step, and a rule that judges step by
/// step judges again only the steps whose input (what it reads of them) changed.
///
/// A judgement is found by its item's position (or, once items were added or removed, its position from
/// the end) and used only when its input compares equal, so a reused judgement is the one judging again
/// would make. Inputs are strings the re-read model shares with the previous version's where unchanged,
/// which compare equal at the cost of a pointer comparison. Judgements hold no document ranges: a
/// finding's range is found afresh, since an edit before a step moves every range after it.
struct RecordedJudgements: Sendable {
    /// Each rule's judgements in item order, by rule id (`[StepJudgements.Entry]` of the rule's own input
    /// and judgement types).
    let byRule: [String: any Sendable]
    /// How many judgements this analysis took from the previous one: what the tests see of the reuse.
    let reusedCount: Int
    /// How many judgements were made or reused in all.
    let count: Int

    /// Nothing to reuse: a document's first analysis.
    static let none = RecordedJudgements(byRule: [:], reusedCount: 0, count: 0)
}

/// Collects the rules' judgements during one analysis, given the previous analysis's: the pipeline
/// makes one per analysis and reads `memory` once every tutorial rule ran.
final class TutorialRuleRecorder: Sendable {
    let previous: RecordedJudgements
    private let recorded = Protected((byRule: [String: any Sendable](), reused: 0, count: 0))

    init(previous: RecordedJudgements = .none) { self.previous = previous }

    /// What the rules judged in this analysis, for the next one.
    var memory: RecordedJudgements {
        recorded.withLock { RecordedJudgements(byRule: $0.byRule, reusedCount: $0.reused, count: $0.count) }
    }

    /// The judgements `rule` recorded in the previous analysis, to judge `count` items in order.
    func judging<Input: Sendable, Judgement: Sendable>(
        _ rule: String, count: Int, as type: StepJudgements<Input, Judgement>.Type = StepJudgements<Input, Judgement>.self
    ) -> StepJudgements<Input, Judgement> {
        let earlier = previous.byRule[rule] as? [StepJudgements<Input, Judgement>.Entry]
        return StepJudgements(previous: earlier ?? [], count: count)
    }

    /// Keeps `judgements` as `rule`'s for the next analysis.
    func record<Input: Sendable, Judgement: Sendable>(_ judgements: StepJudgements<Input, Judgement>, for rule: String) {
        recorded.withLock {
            $0.byRule[rule] = judgements.entries
            $0.reused += judgements.reused
            $0.count += judgements.entries.count
        }
    }
}

/// One rule's judgements of a tutorial's items (steps or snippets), in document order, each with the
/// input it was judged from.
struct StepJudgements<Input: Sendable, Judgement: Sendable>: Sendable {
    struct Entry: Sendable {
        let input: Input
        let judgement: Judgement
    }

    /// The previous analysis's entries.
    private let previous: [Entry]
    /// How many items this analysis judges.
    private let count: Int
    private(set) var entries: [Entry] = []
    private(set) var reused = 0

    fileprivate init(previous: [Entry], count: Int) {
        self.previous = previous
        self.count = count
        entries.reserveCapacity(count)
    }

    /// The judgement of the next item, whose input is `input`: the previous analysis's for the item at the
    /// same position, or at the same position from the end, when `same` finds its input equal; else
    /// `judge`'s.
    mutating func next(_ input: Input, same: (Input, Input) -> Bool, judge: (Input) -> Judgement) -> Judgement {
        let position = entries.count
        let fromEnd = position + previous.count - count
        let judgement: Judgement
        if position < previous.count, same(previous[position].input, input) {
            judgement = previous[position].judgement
            reused += 1
        } else if fromEnd != position, fromEnd >= 0, fromEnd < previous.count, same(previous[fromEnd].input, input) {
            judgement = previous[fromEnd].judgement
            reused += 1
        } else {
            judgement = judge(input)
        }
        entries.append(Entry(input: input, judgement: judgement))
        return judgement
    }
}

extension StepJudgements where Input == String {
    /// `next` for text inputs, compared by their bytes (`String.hasSameBytes`): what a rule reads of a text
    /// may differ between two canonically equivalent spellings, which `==` calls equal.
    mutating func next(_ input: String, judge: (String) -> Judgement) -> Judgement {
        next(input, same: { $0.hasSameBytes(as: $1) }, judge: judge)
    }
}
