import Dispatch
import StepDiff
import SwiftFacts
import TutorialModel
import TutorialRules

/// A snippet's place in the tutorial.
struct SnippetAddress: Hashable {
    let step: StepID
    let index: Int
}

/// Facts of every Swift snippet; each file's states parsed in step order, incrementally from the
/// previous state's tree, and every distinct snippet parsed once (the cache).
func swiftFacts(_ tutorial: Tutorial, timelines: [FileTimeline], cache: FactsCache) -> [SnippetAddress: SnippetFacts] {
    var result: [SnippetAddress: SnippetFacts] = [:]
    if cache.parsesFilesConcurrently && timelines.count > 1 {
        let perFile = Protected([[SnippetAddress: SnippetFacts]](repeating: [:], count: timelines.count))
        DispatchQueue.concurrentPerform(iterations: timelines.count) { index in
            let found = facts(of: timelines[index], cache: cache)
            perFile.withLock { $0[index] = found }
        }
        for facts in perFile.withLock({ $0 }) { result.merge(facts) { first, _ in first } }
    } else {
        for timeline in timelines { result.merge(facts(of: timeline, cache: cache)) { first, _ in first } }
    }
    for step in tutorial.steps {
        for (index, snippet) in step.snippets.enumerated()
        where snippet.isSwift() && SwiftParseLimits.unparseableReason(snippet.code) == nil {
            let address = SnippetAddress(step: step.id, index: index)
            if result[address] == nil { result[address] = cache.facts(for: snippet.code).facts }
        }
    }
    return result
}

/// Facts of one file's states, in step order, each parsed incrementally from the state before.
private func facts(of timeline: FileTimeline, cache: FactsCache) -> [SnippetAddress: SnippetFacts] {
    var result: [SnippetAddress: SnippetFacts] = [:]
    var previous: ParsedState?
    for state in timeline.states where state.snippet.isSwift(inFile: timeline.fileName) {
        // Code the parser would stall on (SwiftParseLimits): no facts, so no code rule runs on it.
        guard SwiftParseLimits.unparseableReason(state.code) == nil else {
            previous = nil
            continue
        }
        // The change set's runs are the parser's edits (computed only when the state must be parsed).
        let (facts, parsed) = cache.facts(for: state.code, previous: previous) { [previous] in
            guard let previous else { return nil }
            return parserEdits(old: previous.code, new: state.code)
        }
        // A cached state has no tree: the next state then parses from scratch (rare: an edit).
        previous = parsed
        result[SnippetAddress(step: state.step, index: state.snippetIndex)] = facts
    }
    return result
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
