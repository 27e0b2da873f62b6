import TutorialModel

/// A tutorial's steps told apart by content for the collecting rules' engine: each distinct content has a
/// slot, in order of first appearance, and each slot the slot of the same content in the previous analysis
/// of the document (whose value the engine reuses).
///
/// A step whose content is the previous analysis's at the same place (`StepContent.isContent(of:)`) takes
/// that content and its previous slot by place, and steps with the same previous slot share a slot (their
/// contents are equal); only the other steps are made and looked up by content. Hashing every step's content
/// into a table twice was most of the engine's work at each keystroke, where only the edited step is new.
struct StepSlots: Sendable {
    /// Each step's content and slot, in step order.
    private(set) var contents: [StepContent] = []
    private(set) var slots: [Int] = []
    /// Each slot's content, and the slot of the same content in the previous analysis.
    private(set) var distinct: [StepContent] = []
    private(set) var previousSlots: [Int?] = []
    /// The slots of contents the previous analysis did not have, when every other slot has the previous
    /// analysis's number (the contents it had are where they were: an edit changed some steps' contents and
    /// moved none); nil otherwise. The engine then takes each rule's previous values as they are.
    private(set) var newSlotsWhereOthersKeepTheirs: [Int]?

    init() {}

    /// `sameLeadingSteps`: how many steps at the start are those the previous analysis told apart (its caller
    /// compared them): their contents and slots are the previous ones as they are, which the loop below would
    /// give them (the previous analysis numbered its slots in order of first appearance, so those of its first
    /// steps are the first slots, each standing for itself), without comparing each step again.
    /// `movedFrom`: the first step from which every step is, the caller knows, the one `previous` told apart at its
    /// place, moved in the document (`MovedSteps`, which compared their bytes): each takes its previous content and
    /// slot without comparing it again (after a keystroke, every step after the edited one).
    /// `parsed`: the snippets whose code the analysis parsed, marked in the contents made here.
    init(
        steps: [Step], previous: StepSlots, sameLeadingSteps: Int = 0, movedFrom: Int? = nil,
        parsed: ParsedSnippets = .none
    ) {
        contents.reserveCapacity(steps.count)
        slots.reserveCapacity(steps.count)
        distinct.reserveCapacity(steps.count)
        previousSlots.reserveCapacity(steps.count)
        var slotOfPrevious = [Int?](repeating: nil, count: previous.distinct.count)
        var fresh: [StepContent: Int] = [:]
        var lookup = PreviousContents(previous.distinct)
        let shared = min(sameLeadingSteps, steps.count, previous.contents.count)
        if shared > 0 {
            contents += previous.contents[..<shared]
            slots += previous.slots[..<shared]
            let known = (slots.max() ?? -1) + 1
            distinct += previous.distinct[..<known]
            for slot in 0..<known {
                previousSlots.append(slot)
                slotOfPrevious[slot] = slot
            }
        }
        let moved = previous.contents.count == steps.count ? (movedFrom ?? steps.count) : steps.count
        // By index: a step copied out of its array cost more than comparing it.
        for position in steps.indices.dropFirst(shared) {
            let content: StepContent
            let earlier: Int?
            if position >= moved || position < previous.contents.count
                && previous.contents[position].isContent(of: steps[position])
            {
                content = previous.contents[position]
                earlier = previous.slots[position]
            } else {
                content = StepContent(steps[position], parsed: parsed)
                earlier = lookup.slot(of: content)
            }
            contents.append(content)
            // A content the previous analysis had shares the slot of the steps that had it; a new one, that of
            // an equal new one (none equals a content the previous analysis had).
            let known = if let earlier { slotOfPrevious[earlier] } else { fresh[content] }
            if let known {
                slots.append(known)
                continue
            }
            if let earlier { slotOfPrevious[earlier] = distinct.count } else { fresh[content] = distinct.count }
            slots.append(distinct.count)
            distinct.append(content)
            previousSlots.append(earlier)
        }
        newSlotsWhereOthersKeepTheirs = Self.newSlots(previousSlots)
    }

    /// The steps whose value may differ from the one they had in `previous` (the previous analysis's slots, of
    /// as many steps), where every content it had kept its slot: those whose slot differs from their previous one
    /// or is new. Nil when the steps are not as many or the slots moved.
    func positionsWithNewValues(since previous: StepSlots) -> [Int]? {
        guard let newSlots = newSlotsWhereOthersKeepTheirs, slots.count == previous.slots.count else { return nil }
        var isNew = [Bool](repeating: false, count: distinct.count)
        for slot in newSlots { isNew[slot] = true }
        return slots.indices.filter { slots[$0] != previous.slots[$0] || isNew[slots[$0]] }
    }

    /// The slots without a previous one, when every other slot's previous one is itself.
    private static func newSlots(_ previousSlots: [Int?]) -> [Int]? {
        var new: [Int] = []
        for (slot, previous) in previousSlots.enumerated() {
            if let previous {
                guard previous == slot else { return nil }
            } else {
                new.append(slot)
            }
        }
        return new
    }
}

/// The previous analysis's distinct contents, looked up by content: one by one for the first few (a keystroke
/// asks for one or two), through a table made on first need past them (an edit that moved every step).
private struct PreviousContents {
    let distinct: [StepContent]
    var table: [StepContent: Int]?
    var lookups = 0

    init(_ distinct: [StepContent]) { self.distinct = distinct }

    mutating func slot(of content: StepContent) -> Int? {
        guard !distinct.isEmpty else { return nil }
        lookups += 1
        if table == nil, lookups > 8 {
            table = Dictionary(distinct.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
        if let table { return table[content] }
        // `==` compares the contents' hashes first: a scan costs an integer comparison per content, read where
        // the array stores it (`firstIndex(of:)` copied each content out, its texts retained and released).
        return distinct.withUnsafeBufferPointer { distinct in distinct.firstIndex { $0 == content } }
    }
}
