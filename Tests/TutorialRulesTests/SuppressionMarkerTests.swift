import XCTest

@testable import TutorialAnalysis

/// The byte search that decides whether a document has suppression comments to parse at all: every
/// place the marker can sit, and the near misses around it.
final class SuppressionMarkerTests: XCTestCase {
    private func mentions(_ text: String) -> Bool { DocumentSuppressions.mentionsMarker(Array(text.utf8)) }

    func testTheMarkerIsFoundWhereverItIs() {
        XCTAssertTrue(mentions("tutorial-check-disable"))
        XCTAssertTrue(mentions("<!-- tutorial-check-enable -->"))
        XCTAssertTrue(mentions(String(repeating: "a-b ", count: 1000) + "tutorial-check-"), "at the very end")
        XCTAssertTrue(mentions("-tutorial-tutorial-check-"), "after a partial match sharing its dash")
        XCTAssertTrue(mentions("步骤 — tutorial-check-disable-next-step"))
    }

    func testNearMissesAreNotTheMarker() {
        XCTAssertFalse(mentions(""))
        XCTAssertFalse(mentions("-"))
        XCTAssertFalse(mentions("tutorial-check"), "the marker without its final dash")
        XCTAssertFalse(mentions("tutorial_check-disable"))
        XCTAssertFalse(mentions("--------tutorial check-"))
        XCTAssertFalse(mentions(String(repeating: "- x-y --", count: 10_000)))
    }
}
