import XCTest

@testable import TutorialReaders

/// The text raw HTML blocks show. Each case is our own text.
final class MarkdownHTMLTextTests: XCTestCase {
    func testTagsAndCommentsGoAndTheirTextStays() {
        XCTAssertEqual(
            MarkdownHTMLText.visibleText("<details>\n<summary>What is a jar?</summary>\n<!-- a > b -->A box.\n</details>\n"),
            "What is a jar? A box.")
    }

    func testABlockThatShowsNoTextGivesNone() {
        XCTAssertNil(MarkdownHTMLText.visibleText("<p align=\"center\"><img src=\"logo.png\"></p>\n"))
        XCTAssertNil(MarkdownHTMLText.visibleText("<!-- a note to the author -->\n"))
        XCTAssertNil(MarkdownHTMLText.visibleText("<br>\n"))
    }

    func testAnUnclosedTagEndsTheText() {
        XCTAssertEqual(MarkdownHTMLText.visibleText("Lid <span class=\"x"), "Lid")
    }
}
