import SwiftFacts
import TutorialAnalysis
import XCTest

/// A session whose cache is not bounded in generations (a lint's bounds) drops its facts once the code
/// they hold passes the session's bound, and only then.
final class StaleFactsTests: XCTestCase {
    func testTheCacheStartsAfreshPastItsTextBound() {
        let session = AnalysisSession(cache: FactsCache(bounds: .lint), staleFactsTextBytes: 30)
        _ = session.cache.facts(for: "let a = 1\n")
        session.releaseStaleFacts()
        XCTAssertEqual(session.cache.count, 1, "under the bound nothing is dropped")
        _ = session.cache.facts(for: "let somewhatLongerName = 2\n")
        XCTAssertGreaterThan(session.cache.textBytes, 30)
        session.releaseStaleFacts()
        XCTAssertEqual(session.cache.count, 0)
        XCTAssertEqual(session.cache.textBytes, 0)
    }
}
