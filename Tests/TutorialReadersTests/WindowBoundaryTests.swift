import TutorialModel
import XCTest

@testable import TutorialReaders

/// A window's boundaries are told by offsets, not by looking up each block's line: for an edit at every place of a
/// page (a line's first byte, its last, its line break, across lines), they must be the blocks the lines say: the
/// last boundary on a line before the edit's first line, and the first on a line after its last.
final class WindowBoundaryTests: XCTestCase {
    func testBoundariesAreTheHeadingsOnTheLinesAroundTheEdit() {
        let text = "# A\n\nIntro\n\n## B\n\n```swift\nlet a = 1\n```\n\n## C\r\n\r\nText\n## D\n\nEnd"
        let document = SourceDocument(path: "t.md", text: text)
        let blocks = MarkdownReader.blocks(document).blocks
        let isHeading = { (block: OutlineBlock) -> Bool in
            if case .heading = block.kind { return true }
            return false
        }
        XCTAssertEqual(blocks.filter(isHeading).count, 4)
        var checked = 0
        for start in 0...document.bytes.count {
            for end in start...min(document.bytes.count, start + 12) {
                let edit = TextEdit(range: SourceRange(start: start, end: end), newText: "x")
                guard let change = DocumentChange(old: document, new: document.replacing(edit.range, with: "x"), edit: edit)
                else { continue }
                let (first, last) = (change.oldLine(start), change.oldLine(end))
                let line = { (block: OutlineBlock) in change.oldLine(block.range.start) }
                let closing = blocks.first { isHeading($0) && line($0) > last }
                let opening = blocks.last { isHeading($0) && line($0) < first }
                let found = boundaries(blocks, around: change, isBoundary: isHeading)
                XCTAssertEqual(found.opening, opening, "\(start)..<\(end)")
                XCTAssertEqual(found.closing, closing, "\(start)..<\(end)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 500)
    }
}
