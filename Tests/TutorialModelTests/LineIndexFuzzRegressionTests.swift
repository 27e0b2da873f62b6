import TutorialModel
import XCTest

/// Found by fuzz-jsonrpc (Fixtures/fuzz-regressions/jsonrpc/utf8-position-at-end-of-document): with
/// UTF-8 positions, an offset at the very end of a document whose last line has no newline read one
/// byte past the end before checking the bound.
final class LineIndexFuzzRegressionTests: XCTestCase {
    func testUTF8PositionAtTheEndOfADocumentWithoutAFinalNewline() {
        let index = LineIndex("# Title\nstep é")
        XCTAssertEqual(index.position(of: index.bytes.count, encoding: .utf8).line, 1)
        XCTAssertEqual(index.position(of: index.bytes.count, encoding: .utf8).column, 7)
        XCTAssertEqual(index.position(of: index.bytes.count, encoding: .utf16).column, 6)
        // Inside the last (two-byte) character: rounded down to its start.
        XCTAssertEqual(index.position(of: index.bytes.count - 1, encoding: .utf8).column, 5)
    }
}
