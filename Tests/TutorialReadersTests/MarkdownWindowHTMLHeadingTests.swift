import TutorialModel
import TutorialReaders
import XCTest

/// A raw HTML heading in Markdown is read through the HTML reader, whose blocks end elsewhere than
/// cmark's: an edit of a page holding one re-reads it whole (found by the incremental property test, an
/// edit breaking `<h2>` into `<tep`: the window's splice kept a paragraph twice).
final class MarkdownWindowHTMLHeadingTests: XCTestCase {
    func testAnEditOfAPageWithARawHTMLHeadingReadsAsAWholeRead() {
        let before = "# Malformed\n\n## Step 1\n\n`\t``swift\nlet unclosed = 1\n\n## Step 2\n\nThis heag \n<h2>Step 4</h2>\nis inside the unclosed fence.\n"
        let after = before.replacingOccurrences(of: "<h2>Step 4", with: "<tep 4")
        let first = readTutorialForEditing(SourceDocument(path: "u.md", text: before), format: .markdown, resources: NoResources())
        let edit = TextEdit(range: SourceRange(start: 75, end: 79), newText: "")
        let document = SourceDocument(path: "u.md", text: after)
        XCTAssertEqual(String(decoding: Array(before.utf8)[75..<79], as: UTF8.self), "h2>S")
        let read = rereadTutorial(first, as: document, edit: edit, format: .markdown, resources: NoResources())
        XCTAssertEqual(read.tutorial, readTutorial(document, format: .markdown, resources: NoResources()))
        XCTAssertEqual(read.path, .whole)
    }
}
