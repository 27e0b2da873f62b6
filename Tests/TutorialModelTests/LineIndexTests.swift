import TestSupport
import TutorialModel
import XCTest

final class LineIndexTests: XCTestCase {
    func testLineStartsForEveryLineEnding() {
        let index = LineIndex("a\nb\r\nc\rd")
        XCTAssertEqual(index.lineStarts, [0, 2, 5, 7])
        XCTAssertEqual(index.contentRange(ofLine: 1), SourceRange(start: 2, end: 3))
        XCTAssertEqual(index.contentRange(ofLine: 3), SourceRange(start: 7, end: 8))
    }

    func testCJKColumnsCountOneUTF16UnitAndThreeUTF8Bytes() {
        let marked = MarkedText("步骤1\n添加1️⃣makeCoordinator")
        let index = LineIndex(marked.text)
        let offset = marked["1️⃣"]
        XCTAssertEqual(index.lineColumn(of: offset), LineColumn(line: 2, column: 3))
        XCTAssertEqual(index.lineColumn(of: offset, encoding: .utf8), LineColumn(line: 2, column: 7))
        XCTAssertEqual(index.offset(line: 1, column: 2, encoding: .utf16), offset)
        XCTAssertEqual(index.offset(line: 1, column: 6, encoding: .utf8), offset)
    }

    func testEmojiTakesTwoUTF16Units() {
        let marked = MarkedText("let 🎉 = 1️⃣1")
        let index = LineIndex(marked.text)
        XCTAssertEqual(index.lineColumn(of: marked["1️⃣"]), LineColumn(line: 1, column: 10))
        XCTAssertEqual(index.lineColumn(of: marked["1️⃣"], encoding: .utf8), LineColumn(line: 1, column: 12))
        XCTAssertEqual(index.offset(line: 0, column: 9, encoding: .utf16), marked["1️⃣"])
    }

    func testOffsetInsideASurrogatePairRoundsDown() {
        let index = LineIndex("🎉x")
        XCTAssertEqual(index.offset(line: 0, column: 1, encoding: .utf16), 0)
        XCTAssertEqual(index.position(of: 2, encoding: .utf16).column, 0)
    }

    func testTabsAndCRLFColumns() {
        let marked = MarkedText("one\r\n\t\t1️⃣x\r\n")
        let index = LineIndex(marked.text)
        XCTAssertEqual(index.lineColumn(of: marked["1️⃣"]), LineColumn(line: 2, column: 3))
        XCTAssertEqual(index.contentRange(ofLine: 0), SourceRange(start: 0, end: 3))
        XCTAssertEqual(index.lineCount, 3)
    }

    func testColumnsPastTheLineEndClampToIt() {
        let index = LineIndex("ab\r\ncd")
        XCTAssertEqual(index.offset(line: 0, column: 99, encoding: .utf16), 2)
        XCTAssertEqual(index.offset(line: 7, column: 0, encoding: .utf16), 6)
    }

    func testSourceMapLandsBetweenSegmentsOnThePreviousRun() {
        var builder = SnippetSourceMap.Builder()
        builder.append(codeOffset: 0, documentOffset: 10, length: 4)
        builder.append(codeOffset: 4, documentOffset: 14, length: 2)
        builder.append(codeOffset: 6, documentOffset: 30, length: 5)
        let map = builder.build(fallback: SourceRange(start: 10, end: 35))
        XCTAssertEqual(map.segments.count, 2, "adjacent runs merge")
        XCTAssertEqual(map.documentOffset(forCodeOffset: 5), 15)
        XCTAssertEqual(map.documentOffset(forCodeOffset: 7), 31)
        XCTAssertEqual(map.documentRange(forCodeRange: SourceRange(start: 2, end: 8)), SourceRange(start: 12, end: 32))
    }

    func testStepIDParsesAndOrders() {
        XCTAssertEqual(StepID("2.3"), StepID(section: 2, step: 3))
        XCTAssertNil(StepID("2"))
        XCTAssertNil(StepID("0.1"))
        XCTAssertLessThan(StepID(section: 1, step: 9), StepID(section: 2, step: 1))
    }
}
