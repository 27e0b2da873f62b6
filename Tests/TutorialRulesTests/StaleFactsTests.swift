import SwiftFacts
import TutorialAnalysis
import XCTest

/// The language server's session drops its facts cache once the text it holds passes the bound, and
/// only then: an editing session's memory stays bounded without costing the snippets still in use.
final class StaleFactsTests: XCTestCase {
    func testTheCacheStartsAfreshPastItsTextBound() {
        let session = AnalysisSession()
        _ = session.cache.facts(for: "let a = 1\n")
        _ = session.cache.remembered("small", textBytes: 1000) { 1 }
        session.releaseStaleFacts()
        XCTAssertEqual(session.cache.count, 1, "under the bound nothing is dropped")
        _ = session.cache.remembered("large", textBytes: AnalysisSession.staleFactsTextBytes) { 2 }
        XCTAssertGreaterThan(session.cache.textBytes, AnalysisSession.staleFactsTextBytes)
        session.releaseStaleFacts()
        XCTAssertEqual(session.cache.count, 0)
        XCTAssertEqual(session.cache.textBytes, 0)
        XCTAssertEqual(session.cache.remembered("small", textBytes: 1000) { 3 }, 3, "remembered values are gone too")
    }
}
