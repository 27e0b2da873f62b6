import Foundation
import StepDiff
import SwiftFacts
import SwiftParser
import TutorialAnalysis
import TutorialModel
import TutorialReaders
import TutorialRules

/// Lint over a corpus: the whole pipeline of the CLI, on one core and on all cores.
enum LintBench {
    /// Lints every document on the calling thread with one cache, as `tutorial-check lint` does per process.
    static func lintSequentially(_ documents: [SourceDocument]) -> Int { lintSequentiallyWithCache(documents).findings }

    /// The same, also returning the share of Swift snippet lookups the facts cache served without parsing.
    static func lintSequentiallyWithCache(_ documents: [SourceDocument]) -> (findings: Int, cacheShare: Double) {
        let cache = FactsCache()
        var findings = 0
        for document in documents { findings += analyze(document: document, cache: cache).findings.count }
        let statistics = cache.statistics
        let lookups = statistics.hits + statistics.misses
        return (findings, lookups == 0 ? 0 : Double(statistics.hits) / Double(lookups))
    }

    /// Lints the documents on all cores, sharing one cache.
    static func lintInParallel(_ documents: [SourceDocument]) -> Int {
        let cache = FactsCache()
        // Per-document counts written from several threads, each to its own slot.
        let counts = Protected([Int](repeating: 0, count: documents.count))
        DispatchQueue.concurrentPerform(iterations: documents.count) { index in
            let count = analyze(document: documents[index], cache: cache).findings.count
            counts.withLock { $0[index] = count }
        }
        return counts.withLock { $0.reduce(0, +) }
    }
}

/// The pipeline's stages, timed one by one over the same documents.
struct StageTimes {
    var read = 0.0
    var timelines = 0.0
    var parseFull = 0.0
    var factsFull = 0.0
    var factsIncremental = 0.0
    var rules = 0.0
    var reanalysis = 0.0
    var statesParsed = 0
    var incrementalParses = 0
    var reusedTreeParses = 0

    static func measure(_ documents: [SourceDocument]) -> StageTimes {
        var times = StageTimes()
        var tutorials: [Tutorial] = []
        times.read = bestTime(repetitions: 1) { tutorials = documents.map { readTutorial($0) } }
        var timelines: [[FileTimeline]] = []
        times.timelines = bestTime(repetitions: 1) { timelines = tutorials.map { buildTimelines($0) } }
        let states = timelines.map { $0.map { $0.states.map(\.code) } }
        times.statesParsed = states.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
        times.parseFull = bestTime(repetitions: 1) {
            for document in states { for file in document { _ = Floor.parseSwift(file) } }
        }
        times.factsFull = bestTime(repetitions: 1) {
            // A full parse of each state (the cache would start some from recently parsed trees).
            for document in states { for file in document { for code in file { _ = extractFacts(code: code) } } }
        }
        times.factsIncremental = bestTime(repetitions: 1) {
            let cache = FactsCache()
            for document in states {
                for file in document {
                    var previous: ParsedState?
                    for code in file { previous = cache.facts(for: code, previous: previous)?.parsed }
                }
            }
            times.incrementalParses = cache.statistics.incremental
            times.reusedTreeParses = cache.reusedTreeParses
        }
        // Rules and evaluation: the pipeline from read tutorials with every snippet's facts cached but no
        // rule result remembered yet (every snippet of the generated corpus is Swift).
        let factsOnly = FactsCache()
        for tutorial in tutorials {
            for step in tutorial.steps { for snippet in step.snippets { _ = factsOnly.facts(for: snippet.code) } }
        }
        times.rules = bestTime(repetitions: 1) {
            for tutorial in tutorials { _ = analyze(tutorial: tutorial, cache: factsOnly) }
        }
        // The same again with the rule results remembered too: what re-analysing a document costs when
        // nothing in it changed (the fixed cost of a server keystroke).
        times.reanalysis = bestTime(repetitions: 1) {
            for tutorial in tutorials { _ = analyze(tutorial: tutorial, cache: factsOnly) }
        }
        return times
    }
}
