import SwiftFacts
import XCTest

/// The text a facts cache holds, which the language server bounds (AnalysisSession.releaseStaleFacts).
final class FactsCacheBoundTests: XCTestCase {
    func testTextBytesCountEachSnippetOnce() {
        let cache = FactsCache()
        XCTAssertEqual(cache.textBytes, 0)
        let first = "let a = 1\n"
        let second = "struct Café { var 名前 = \"x\" }\n"
        _ = cache.facts(for: first)
        _ = cache.facts(for: second)
        _ = cache.facts(for: first)  // a hit: nothing more held
        XCTAssertEqual(cache.textBytes, first.utf8.count + second.utf8.count)
        cache.removeAll()
        XCTAssertEqual(cache.textBytes, 0)
        XCTAssertEqual(cache.count, 0)
        _ = cache.facts(for: first)
        XCTAssertEqual(cache.statistics.misses, 3, "parsed again after removeAll")
    }

    /// Rule results are bounded by the size of their keys, not their count, and a result still in use
    /// survives the bound: a session editing a 100-file tutorial once held 400 MB of them.
    func testRememberedRuleResultsStayWithinTheirCostAndKeepWhatIsUsed() {
        let cache = FactsCache(bounds: .init(entryTextBytes: .max, treeTextBytes: 1 << 20, memoCost: 100))
        var computed = 0
        for round in 0..<1_000 {
            cache.closeFullGenerations()
            _ = cache.memoized("key \(round)", cost: 7) { round }
            XCTAssertEqual(cache.memoized("in use", cost: 3) { computed += 1; return -1 }, -1)
            XCTAssertLessThanOrEqual(cache.memoCost, 2 * (100 + 10), "two generations and an analysis's at most")
        }
        XCTAssertEqual(computed, 1, "a result used in every generation is never dropped")
        XCTAssertGreaterThan(cache.memoStatistics.hits, 990)
        var recomputed = false
        _ = cache.memoized("key 0", cost: 7) { recomputed = true; return 0 }
        XCTAssertTrue(recomputed, "an old result is gone")
        XCTAssertEqual(cache.memoized("key 999", cost: 7) { -2 }, 999, "the newest results stay")
    }

    /// The memo compares its keys' hashes first, and the keys themselves where the hashes agree: keys of one
    /// hash keep their own results, and keys of different types never meet.
    func testRememberedResultsAreTheirOwnKeysWhateverTheirHashes() {
        struct Colliding: Hashable {
            let value: Int
            func hash(into hasher: inout Hasher) { hasher.combine(0) }
        }
        let cache = FactsCache()
        for value in 0..<50 { XCTAssertEqual(cache.memoized(Colliding(value: value)) { value }, value) }
        for value in 0..<50 { XCTAssertEqual(cache.memoized(Colliding(value: value)) { -1 }, value, "remembered") }
        XCTAssertEqual(cache.memoized(7) { "an Int's" }, "an Int's")
        XCTAssertEqual(cache.memoized("7") { "a String's" }, "a String's")
        XCTAssertEqual(cache.memoStatistics.hits, 50)
    }

    /// An editing session's facts are bounded by their code's bytes, and a snippet still in use keeps its
    /// facts (and so its id, which the rule results are keyed by) however many others come and go.
    func testFactsStayWithinTheirTextBoundAndKeepWhatIsUsed() {
        let cache = FactsCache(bounds: .init(entryTextBytes: 1_000, treeTextBytes: 1 << 20, memoCost: 100))
        let kept = "struct Kept { var value = 1 }\n"
        let id = cache.facts(for: kept)?.facts.id
        for round in 0..<300 {
            cache.closeFullGenerations()
            _ = cache.facts(for: "let value\(round) = \(round)\n")
            XCTAssertEqual(cache.facts(for: kept)?.facts.id, id, "a snippet used in every generation is never dropped")
            XCTAssertLessThanOrEqual(cache.textBytes, 2 * (1_000 + 50), "two generations and an analysis's at most")
        }
        XCTAssertEqual(cache.statistics.misses, 301, "the kept snippet was parsed once")
        XCTAssertLessThan(cache.count, 150, "old snippets were dropped")
        let first = cache.statistics.misses
        _ = cache.facts(for: "let value0 = 0\n")
        XCTAssertEqual(cache.statistics.misses, first + 1, "a dropped snippet is parsed again")
    }

    /// A document with more code than a generation holds keeps all of it from one analysis to the next:
    /// generations close between analyses, so an analysis never drops what it looked up first.
    func testAnAnalysisLargerThanAGenerationKeepsAllItUses() {
        let cache = FactsCache(bounds: .init(entryTextBytes: 100, treeTextBytes: 1 << 20, memoCost: 100))
        let snippets = (0..<20).map { "let constant\($0) = \($0)\n" }  // about 400 bytes in all
        for _ in 0..<5 {
            cache.closeFullGenerations()
            for snippet in snippets { _ = cache.facts(for: snippet) }
        }
        XCTAssertEqual(cache.statistics.misses, 20, "each snippet parsed once, in the first analysis")
    }

    /// A state edited since the previous analysis starts from its own parse before the edit however many
    /// snippets were parsed since (the last few parsed are all a cache without held parses has), as long as
    /// its bound holds that parse.
    func testAnEditedStateStartsFromItsHeldParse() {
        let widgets = (0..<12).map { "struct Widget\($0) {\n    func helper(_ input: Int) -> Int {\n        return input + \($0)\n    }\n}\n" }
        let unrelated = (0..<10).map { "let x\($0) = [\($0)]\n" }
        func reuses(_ bounds: FactsCache.Bounds) -> Int {
            let cache = FactsCache(bounds: bounds)
            for code in widgets + unrelated { _ = cache.facts(for: code) }
            let before = cache.reusedTreeParses
            for code in widgets.reversed() {
                let typed = code.replacingOccurrences(of: "-> Int {\n", with: "-> Int { \n")
                _ = cache.facts(for: typed, previous: nil, replacing: code) { nil }
            }
            return cache.reusedTreeParses - before
        }
        XCTAssertEqual(reuses(.editing), widgets.count, "every edited state from its own parse")
        XCTAssertEqual(reuses(.lint), 0, "a lint holds no parses, and the last few are unlike the edited states")
        // 300 bytes of code per generation, of about 1,200 parsed: only the last widgets' parses are held.
        let small = FactsCache.Bounds(entryTextBytes: .max, treeTextBytes: 1 << 20, memoCost: 100, parsedTreeTextBytes: 300)
        XCTAssertGreaterThan(reuses(small), 0)
        XCTAssertLessThan(reuses(small), widgets.count / 2)
    }

    /// A document with more code than the bound keeps the parses of all its states while it is analysed
    /// (`holdParsedStates`), so a keystroke in its first states starts from their parses too (until edits
    /// have filled a generation with new parses, as for any held parse); a smaller document keeps the bound,
    /// and a cache that holds no parses (a lint's) still holds none.
    func testTheAnalysedDocumentsStatesAreHeldWhateverTheirSize() {
        let widgets = (0..<12).map { "struct Widget\($0) {\n    func helper(_ input: Int) -> Int {\n        return input + \($0)\n    }\n}\n" }
        let unrelated = (0..<10).map { "let x\($0) = [\($0)]\n" }
        let documentBytes = (widgets + unrelated).reduce(0) { $0 + $1.utf8.count }
        let small = FactsCache.Bounds(entryTextBytes: .max, treeTextBytes: 1 << 20, memoCost: 100, parsedTreeTextBytes: 300)
        // One analysis reads the document, then one keystroke in each of its first four states, each an analysis.
        func reuses(_ bounds: FactsCache.Bounds, holding bytes: Int?) -> Int {
            let cache = FactsCache(bounds: bounds)
            if let bytes { cache.holdParsedStates(ofCodeBytes: bytes) }
            for code in widgets + unrelated { _ = cache.facts(for: code) }
            let before = cache.reusedTreeParses
            for code in widgets.prefix(4) {
                cache.closeFullGenerations()
                if let bytes { cache.holdParsedStates(ofCodeBytes: bytes) }
                let typed = code.replacingOccurrences(of: "-> Int {\n", with: "-> Int { \n")
                _ = cache.facts(for: typed, previous: nil, replacing: code) { nil }
            }
            return cache.reusedTreeParses - before
        }
        XCTAssertEqual(reuses(small, holding: documentBytes), 4, "every state's parse held")
        XCTAssertEqual(reuses(small, holding: nil), 0, "the bound alone holds the last states parsed, not the first")
        XCTAssertEqual(reuses(small, holding: 100), 0, "a smaller document keeps the bound")
        XCTAssertEqual(reuses(.lint, holding: documentBytes), 0, "a lint holds no parses")
    }
}
