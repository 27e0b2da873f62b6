// The expectation is Foundation's `String.contains`, the search `SqueezedText` reproduces (FoundationText's
// containsText): imported here now that StepDiff's own imports no longer bring Foundation along.
import Foundation
@testable import StepDiff
import XCTest
import TestSupport

/// `SqueezedText` compares bytes when the prose is ASCII; the answer must be the one Foundation's
/// `String.contains` gives of the prose without its whitespace, for any prose and name.
final class SqueezedProseTests: XCTestCase {
    func testTheByteComparisonAgreesWithTheCharacterOne() {
        let pieces = [" ", "\t", "\n", "\r\n", "\u{3000}", "Search", "Bar", ".swift", "Search Bar.swift", "e\u{301}", "é", "名", "s", "."]
        let names = ["SearchBar.swift", "Bar.swift", "s", "é.swift", "e\u{301}", "名.swift"]
        var generator = SeededGenerator(seed: 2026120301)
        var found = 0
        for _ in 0..<20_000 {
            let prose = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
            for name in names {
                let expected = prose.filter { !$0.isWhitespace }.contains(name)
                XCTAssertEqual(SqueezedText(prose).contains(name), expected, "\(prose.debugDescription) \(name)")
                if expected { found += 1 }
            }
        }
        XCTAssertGreaterThan(found, 1_000, "the random prose contains the names")
        XCTAssertTrue(SqueezedText("Open Search Bar.swift now").contains("SearchBar.swift"))
    }
}
