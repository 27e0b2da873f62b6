import XCTest

@testable import Reports

/// A step without a label is named by its first sentence, shortened on a word boundary; a site page's name
/// stays short however deep the document's path.
final class StepCaptionTests: XCTestCase {
    func testFirstSentenceShortenedOnAWordBoundary() {
        XCTAssertEqual(
            firstSentence("Add `makeUIViewController(context:)`.", limit: 64), "Add `makeUIViewController(context:)`")
        XCTAssertEqual(firstSentence("Open PageView.swift. Then add a property.", limit: 64), "Open PageView.swift")
        XCTAssertEqual(firstSentence("Is it done? Yes.", limit: 64), "Is it done?")
        XCTAssertEqual(firstSentence("Add a view, e.g. a list. Then run.", limit: 64), "Add a view, e.g. a list")
        XCTAssertEqual(firstSentence("创建一个文件。然后添加代码。", limit: 64), "创建一个文件")
        let long =
            "Give the coordinator a controllers array, filled when the coordinator is created with one page each."
        let short = firstSentence(long, limit: 64)
        XCTAssertEqual(short, "Give the coordinator a controllers array, filled when the…")
        XCTAssertLessThanOrEqual(short.count, 64)
        // No space in its second half: cut at the limit.
        let word = String(repeating: "x", count: 100)
        XCTAssertEqual(firstSentence(word, limit: 64), String(repeating: "x", count: 63) + "…")
        XCTAssertEqual(firstSentence("", limit: 64), "")
    }

    func testPageNamesStayShortAndDistinct() {
        let deep = (0..<20).map { "chapter-\($0)-introduction" }.joined(separator: "/")
        let one = pageSlug(deep + "/a.md")
        let two = pageSlug(deep + "/b.md")
        XCTAssertNotEqual(one, two)
        XCTAssertLessThanOrEqual(one.utf8.count, 96 + 17)
        XCTAssertEqual(pageSlug("Tutorials/markdown/a.md"), "Tutorials-markdown-a-md")
        XCTAssertEqual(pageSlug(deep + "/a.md"), one, "the same on every run and machine")
    }
}
