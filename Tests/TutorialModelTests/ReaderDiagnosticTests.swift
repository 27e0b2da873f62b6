import TutorialModel
import XCTest

/// A diagnostic placed elsewhere in the document (a window re-read's, spliced into the whole) keeps its
/// repair pointing at the same text.
final class ReaderDiagnosticTests: XCTestCase {
    func testShiftingMovesTheRangeAndEveryEditOfTheRepair() {
        let diagnostic = ReaderDiagnostic(
            problem: .unreadableInput, severity: .warning, message: "no space", range: SourceRange(start: 10, end: 17),
            step: nil,
            repair: .init(
                title: "Write a space after ##",
                edits: [.insert(" ", at: 12), TextEdit(range: SourceRange(start: 14, end: 16), newText: "x")]))
        let moved = diagnostic.shifted(by: 5)
        XCTAssertEqual(moved.range, SourceRange(start: 15, end: 22))
        XCTAssertEqual(moved.repair?.title, "Write a space after ##")
        XCTAssertEqual(
            moved.repair?.edits, [.insert(" ", at: 17), TextEdit(range: SourceRange(start: 19, end: 21), newText: "x")])
        let unrepaired = ReaderDiagnostic(
            problem: .unreadableInput, severity: .warning, message: "m", range: SourceRange(start: 0, end: 1), step: nil)
        XCTAssertNil(unrepaired.shifted(by: 3).repair)
    }
}
