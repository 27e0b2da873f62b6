import TutorialModel

/// Where each snippet of one tutorial stands in the tutorial's snippet order (step by step, each step's
/// snippets in order): the slot of a `SnippetAddress` is two array reads away, where a table keyed by the
/// address hashed it. The analysis looks up each state's facts, file and composition by address several times
/// per pass, at every keystroke: hashing was a tenth of a keystroke's work in a long tutorial.
struct SnippetSlots: Sendable {
    /// The position among the tutorial's steps of each section's first step, then the count of steps.
    private let sectionStarts: [Int]
    /// The slot of each step's first snippet, then the count of snippets.
    private let stepStarts: [Int]

    init(_ tutorial: Tutorial) {
        var sectionStarts = [Int]()
        sectionStarts.reserveCapacity(tutorial.sections.count + 1)
        var steps = 0
        for section in tutorial.sections.indices {
            sectionStarts.append(steps)
            steps += tutorial.sections[section].steps.count
        }
        sectionStarts.append(steps)
        var stepStarts = [Int]()
        stepStarts.reserveCapacity(tutorial.steps.count + 1)
        var snippets = 0
        // Read in place: copying each step out of its array cost more than counting its snippets.
        tutorial.steps.withUnsafeBufferPointer { steps in
            for step in steps.indices {
                stepStarts.append(snippets)
                snippets += steps[step].snippets.count
            }
        }
        stepStarts.append(snippets)
        self.sectionStarts = sectionStarts
        self.stepStarts = stepStarts
    }

    /// How many snippets the tutorial has.
    var count: Int { stepStarts[stepStarts.count - 1] }

    /// The slot of the snippet at `address`; nil when the tutorial has no such snippet.
    func slot(of address: SnippetAddress) -> Int? {
        let section = address.step.section - 1
        guard section >= 0, section + 1 < sectionStarts.count, address.step.step >= 1 else { return nil }
        let position = sectionStarts[section] + address.step.step - 1
        guard position < sectionStarts[section + 1], address.index >= 0 else { return nil }
        let slot = stepStarts[position] + address.index
        return slot < stepStarts[position + 1] ? slot : nil
    }
}

/// Values by snippet address for the snippets of one tutorial, in one array of its snippet order
/// (`SnippetSlots`): what a dictionary keyed by the address held, without hashing the address.
struct SnippetTable<Value> {
    let slots: SnippetSlots
    private var values: [Value?]

    /// An empty table for the tutorial whose snippets `slots` numbers.
    init(_ slots: SnippetSlots) {
        self.slots = slots
        values = [Value?](repeating: nil, count: slots.count)
    }

    /// The value at `address`; nil for none, or for an address of no snippet of the tutorial. Setting a value
    /// at such an address is a mistake of the caller's (every address the analysis makes is one of the
    /// tutorial's snippets) and keeps nothing.
    subscript(address: SnippetAddress) -> Value? {
        get { slots.slot(of: address).flatMap { values[$0] } }
        set {
            guard let slot = slots.slot(of: address) else {
                assertionFailure("no snippet at \(address)")
                return
            }
            values[slot] = newValue
        }
    }
}

extension SnippetTable: Sendable where Value: Sendable {}
