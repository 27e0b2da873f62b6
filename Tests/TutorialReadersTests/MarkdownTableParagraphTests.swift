import TutorialModel
import XCTest

@testable import TutorialReaders

/// cmark-gfm splits the lines of a paragraph that a table's header row ended off into a paragraph of their
/// own without source positions (line 0, its inlines too). The reader places it on the lines it came from.
final class MarkdownTableParagraphTests: XCTestCase {
    private let text =
        "# Jars\n\n## Step 1: Count them\n\nThe shelf holds\n##Setup the shelf\n| jar | count |\n| --- | --- |\n"
        + "| jam | 2 |\n\n```swift\nlet jars = 2\n```\n"

    func testTheParagraphBeforeATableKeepsItsLines() throws {
        let document = SourceDocument(path: "t.md", text: text)
        let read = MarkdownReader.blocks(document)
        let paragraph = try XCTUnwrap(read.blocks.first { $0.text.hasPrefix("The shelf holds") })
        let start = Array(text.utf8).firstRange(of: Array("The shelf".utf8))!.lowerBound
        let end = Array(text.utf8).firstRange(of: Array("shelf\n| jar".utf8))!.lowerBound + "shelf".utf8.count
        XCTAssertEqual(paragraph.range, SourceRange(start: start, end: end))
        // Its heading look-alike is reported on its own line.
        let lines = read.diagnostics.map { document.lineIndex.position(of: $0.range.start, encoding: .utf8).line }
        XCTAssertEqual(lines, [5])
    }

    func testALabelInsideSuchAParagraphDoesNotSplitIt() {
        let labelled = text.replacingOccurrences(of: "##Setup the shelf", with: "**Step 2** Setup")
        let tutorial = readTutorial(SourceDocument(path: "t.md", text: labelled), format: .markdown)
        XCTAssertEqual(tutorial.steps.count, 1)
        XCTAssertEqual(tutorial.steps.first?.snippets.first?.code, "let jars = 2\n")
    }
}
