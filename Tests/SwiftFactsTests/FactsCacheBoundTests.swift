import SwiftFacts
import XCTest

/// The text a facts cache holds, which the language server bounds (AnalysisSession.releaseStaleFacts).
final class FactsCacheBoundTests: XCTestCase {
    func testTextBytesCountEachSnippetAndComparisonOnce() {
        let cache = FactsCache()
        XCTAssertEqual(cache.textBytes, 0)
        let first = "let a = 1\n"
        let second = "struct Café { var 名前 = \"x\" }\n"
        _ = cache.facts(for: first)
        _ = cache.facts(for: second)
        _ = cache.facts(for: first)  // a hit: nothing more held
        XCTAssertEqual(cache.textBytes, first.utf8.count + second.utf8.count)
        XCTAssertEqual(cache.remembered("pair", textBytes: 40) { 1 }, 1)
        XCTAssertEqual(cache.remembered("pair", textBytes: 40) { 2 }, 1, "a remembered value is served again")
        XCTAssertEqual(cache.textBytes, first.utf8.count + second.utf8.count + 40)
        cache.removeAll()
        XCTAssertEqual(cache.textBytes, 0)
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.remembered("pair", textBytes: 40) { 3 }, 3, "computed again after removeAll")
    }
}
