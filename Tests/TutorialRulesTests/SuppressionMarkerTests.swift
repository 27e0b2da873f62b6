import XCTest

import TestSupport
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

    /// The search after an edit, which reads only what differs from a text without the marker, against the search
    /// of the whole text: the marker typed whole, completed or split by an edit on either side of it, at either end.
    func testAfterAnEditOnlyTheEditedBytesAreSearchedAndNothingIsMissed() {
        let cases: [(old: String, new: String)] = [
            ("prose - more prose", "prose - <!-- tutorial-check-disable --> more prose"),
            ("<!-- tutorial-chek-disable -->", "<!-- tutorial-check-disable -->"),
            ("<!-- tutorial check-disable -->", "<!-- tutorial-check-disable -->"),
            ("<!-- tutorial-check disable -->", "<!-- tutorial-check-disable -->"),
            ("utorial-check- at the start", "tutorial-check- at the start"),
            ("at the end tutorial-check", "at the end tutorial-check-"),
            ("tutorial-check- gone", "tutorial-check gone"),
            (String(repeating: "a-b ", count: 3000), String(repeating: "a-b ", count: 1500) + "tutorial-check-"),
            (String(repeating: "a-b ", count: 3000), String(repeating: "a-b ", count: 1500) + "x"),
            ("same", "same"),
        ]
        for (old, new) in cases {
            let oldBytes = Array(old.utf8)
            let newBytes = Array(new.utf8)
            guard !DocumentSuppressions.mentionsMarker(oldBytes) else { continue }
            XCTAssertEqual(
                DocumentSuppressions.mentionsMarker(newBytes, unmarked: oldBytes), mentions(new), "\(old) → \(new)")
        }
        var generator = SeededGenerator(seed: 23)
        let pieces = ["tutorial", "-", "check", "tutorial-", "check-", "x", " ", "\n", "-check-"]
        for _ in 0..<2000 {
            let old = (0..<12).map { _ in pieces.randomElement(using: &generator)! }.joined()
            guard !mentions(old) else { continue }
            var bytes = Array(old.utf8)
            let start = Int.random(in: 0...bytes.count, using: &generator)
            let end = Int.random(in: start...min(bytes.count, start + 8), using: &generator)
            let inserted = (0..<Int.random(in: 0...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
            bytes.replaceSubrange(start..<end, with: Array(inserted.joined().utf8))
            XCTAssertEqual(
                DocumentSuppressions.mentionsMarker(bytes, unmarked: Array(old.utf8)),
                DocumentSuppressions.mentionsMarker(bytes), "\(old) → \(String(decoding: bytes, as: UTF8.self))")
        }
    }
}
