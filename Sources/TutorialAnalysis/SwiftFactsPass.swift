import Dispatch
import StepDiff
import SwiftFacts
import TutorialModel
import TutorialRules

/// A snippet's place in the tutorial.
struct SnippetAddress: Hashable {
    let step: StepID
    let index: Int

    /// One integer hashed rather than three (equal addresses still hash alike): each state's address is
    /// looked up a dozen times per analysis, at every keystroke.
    func hash(into hasher: inout Hasher) { hasher.combine(step.section &<< 40 ^ step.step &<< 20 ^ index) }
}

/// Facts of every Swift snippet; each file's states parsed in step order, incrementally from the
/// previous state's tree, and every distinct snippet parsed once (the cache). A state whose code equals
/// the same state's in `previous` (the analysis of the document's previous version) takes its facts from
/// there. Returns the facts by snippet and, per file, by state (for the next analysis), and how many
/// states kept their facts.
func swiftFacts(
    _ tutorial: Tutorial, slots: SnippetSlots, timelines: [FileTimeline], cache: FactsCache,
    previous: [String: [StateFacts]] = [:]
) -> (bySnippet: SnippetTable<SnippetFacts>, byFile: [String: [StateFacts]], reused: Int) {
    var result = SnippetTable<SnippetFacts>(slots)
    var byFile: [String: [StateFacts]] = [:]
    var reused = 0
    cache.holdParsedStates(ofCodeBytes: timelines.reduce(0) { total, timeline in
        timeline.states.withUnsafeBufferPointer { states in states.reduce(total) { $0 + $1.code.utf8.count } }
    })
    let perFile: [FileFacts]
    if cache.parsesFilesConcurrently && timelines.count > 1 {
        let found = Protected([FileFacts?](
            repeating: nil, count: timelines.count))
        DispatchQueue.concurrentPerform(iterations: timelines.count) { index in
            let facts = facts(of: timelines[index], cache: cache, previous: previous[timelines[index].fileName] ?? [])
            found.withLock { $0[index] = facts }
        }
        perFile = found.withLock { $0 }.map { $0! }
    } else {
        perFile = timelines.map { facts(of: $0, cache: cache, previous: previous[$0.fileName] ?? []) }
    }
    // Filled from each file's list (the first facts of an address kept), not from a table per file merged in.
    for (timeline, facts) in zip(timelines, perFile) {
        for (address, snippetFacts) in facts.bySnippet where result[address] == nil { result[address] = snippetFacts }
        byFile[timeline.fileName] = facts.byState
        reused += facts.reused
    }
    // Steps and snippets read in place: copying each out of its array cost more than the lookup.
    tutorial.steps.withUnsafeBufferPointer { steps in
        for step in steps.indices {
            steps[step].snippets.withUnsafeBufferPointer { snippets in
                for index in snippets.indices {
                    let address = SnippetAddress(step: steps[step].id, index: index)
                    // Checked first: most snippets are states of a file, whose facts are in already.
                    guard result[address] == nil, snippets[index].isSwift() else { continue }
                    result[address] = cache.facts(for: snippets[index].code)?.facts
                }
            }
        }
    }
    return (result, byFile, reused)
}

/// One file's facts by snippet (in state order) and by state, and how many states kept theirs.
private typealias FileFacts = (bySnippet: [(SnippetAddress, SnippetFacts)], byState: [StateFacts], reused: Int)

/// Facts of one file's states, in step order, each parsed incrementally from the state before; a state
/// whose code is that of the same state in `previous` keeps its facts.
private func facts(of timeline: FileTimeline, cache: FactsCache, previous earlier: [StateFacts]) -> FileFacts {
    var result: [(SnippetAddress, SnippetFacts)] = []
    var byState: [StateFacts] = []
    var reused = 0
    let states = timeline.states
    result.reserveCapacity(states.count)
    byState.reserveCapacity(states.count)
    var previous: ParsedState?
    // Each state read in place: copying it out of the timeline cost more than comparing its code.
    for position in states.indices {
        let code = states[position].code
        guard states[position].snippet.isSwift(inFile: timeline.fileName) else {
            byState.append(StateFacts(code: code, outcome: .notSwift))
            continue
        }
        let address = SnippetAddress(step: states[position].step, index: states[position].snippetIndex)
        if position < earlier.count, earlier[position].code == code, earlier[position].outcome.isSwift {
            // Unchanged since the previous analysis: no tree for the next state, as for a cache hit.
            let kept = earlier[position]
            byState.append(kept)
            if let facts = kept.facts { result.append((address, facts)) }
            reused += 1
            previous = nil
            continue
        }
        // The change set's runs are the parser's edits (computed only when the state must be parsed). A
        // state after unchanged ones has no previous tree: its own code before the edit has, if still held.
        let replaced = position < earlier.count ? earlier[position].code : nil
        let made = cache.facts(for: code, previous: previous, replacing: replaced) { [previous] in
            guard let previous else { return nil }
            return parserEdits(old: previous.code, new: code)
        }
        // Code the parser would stall on (SwiftParseLimits): no facts, so no code rule runs on it.
        guard let (facts, parsed) = made else {
            byState.append(StateFacts(code: code, outcome: .unparseable))
            previous = nil
            continue
        }
        // A cached state has no tree: the next state then parses from scratch (rare: an edit).
        previous = parsed
        result.append((address, facts))
        byState.append(StateFacts(code: code, outcome: .facts(facts)))
    }
    return (result, byState, reused)
}

/// The runs of lines that differ between two states, as the parser's edits. Only the lines between the
/// texts' common beginning and end are diffed: splitting and interning every line of both texts was most
/// of the cost, and any edits that turn the old text into the new one give the parser's same tree.
func parserEdits(old: String, new: String) -> [TextReplacement] {
    let oldBytes = Array(old.utf8)
    let newBytes = Array(new.utf8)
    let (oldMiddle, newMiddle) = differingLines(oldBytes, newBytes)
    let start = oldMiddle.lowerBound
    let diff = TextDiff(
        old: String(decoding: oldBytes[oldMiddle], as: UTF8.self),
        new: String(decoding: newBytes[newMiddle], as: UTF8.self), options: DiffOptions(context: 0))
    return diff.byteEdits().map {
        TextReplacement(
            old: CodeRange(start: start + $0.old.start, end: start + $0.old.end),
            new: CodeRange(start: start + $0.new.start, end: start + $0.new.end))
    }
}
