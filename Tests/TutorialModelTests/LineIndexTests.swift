import TestSupport
import XCTest

@testable import TutorialModel

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

    /// A moved map shares its segments with the map it was moved from and adds the shift where it is read: it
    /// must read, compare and hash as a map whose segments were moved one by one.
    func testMovedSourceMapReadsAsOneBuiltMoved() {
        let read = SnippetSourceMap(
            segments: [.init(codeOffset: 0, documentOffset: 10, length: 4), .init(codeOffset: 6, documentOffset: 30, length: 5)],
            fallback: SourceRange(start: 10, end: 35))
        let built = SnippetSourceMap(
            segments: [.init(codeOffset: 0, documentOffset: 3, length: 4), .init(codeOffset: 6, documentOffset: 23, length: 5)],
            fallback: SourceRange(start: 3, end: 28))
        let moved = read.shifted(by: 5).shifted(by: -12)
        XCTAssertEqual(moved, built)
        XCTAssertEqual(moved.hashValue, built.hashValue)
        XCTAssertEqual(moved.segments, built.segments)
        XCTAssertEqual(moved.documentOffset(forCodeOffset: 7), 24)
        XCTAssertEqual(moved.documentRange(forCodeRange: SourceRange(start: 2, end: 8)), SourceRange(start: 5, end: 25))
        XCTAssertTrue(moved.isMoved(from: read, by: -7))
        XCTAssertTrue(built.isMoved(from: read, by: -7), "a map built alike, sharing nothing, is moved alike")
        XCTAssertFalse(moved.isMoved(from: read, by: -6))
        XCTAssertNotEqual(read.shifted(by: 1), read)
        let lengthened = SnippetSourceMap(
            segments: [.init(codeOffset: 0, documentOffset: 10, length: 4), .init(codeOffset: 6, documentOffset: 30, length: 6)],
            fallback: SourceRange(start: 10, end: 35))
        XCTAssertFalse(lengthened.shifted(by: 2).isMoved(from: read, by: 2))
    }

    /// An edited document's text is made from its bytes only when asked for, and is then the spliced text; an
    /// edit that splits a character mends the bytes as reading the whole text would.
    func testEditedDocumentMakesItsTextWhenAsked() {
        let document = SourceDocument(path: "t.md", text: "héllo\nwörld\n")
        let edited = document.replacing(SourceRange(start: 7, end: 8), with: "\u{2028}W")
        XCTAssertFalse(edited.hasMadeText)
        XCTAssertEqual(edited.bytes, Array("héllo\n\u{2028}Wörld\n".utf8))
        XCTAssertEqual(edited.text, "héllo\n\u{2028}Wörld\n")
        XCTAssertTrue(edited.hasMadeText)
        XCTAssertEqual(edited, SourceDocument(path: "t.md", text: "héllo\n\u{2028}Wörld\n"))
        let split = document.replacing(SourceRange(start: 2, end: 2), with: "x")
        XCTAssertEqual(split.text, String(decoding: [0x68, 0xC3, 0x78, 0xA9] + Array("llo\nwörld\n".utf8), as: UTF8.self))
        XCTAssertEqual(split.bytes, Array(split.text.utf8))
    }

    func testStepIDParsesAndOrders() {
        XCTAssertEqual(StepID("2.3"), StepID(section: 2, step: 3))
        XCTAssertNil(StepID("2"))
        XCTAssertNil(StepID("0.1"))
        XCTAssertLessThan(StepID(section: 1, step: 9), StepID(section: 2, step: 1))
    }
}

/// An editor's change updates the line index around the edit; after any edit it must be the index of the
/// whole edited text, line breaks of every kind made, split and joined at the edit's ends (a CR before an
/// inserted LF, an LF after a removed CR).
final class LineIndexEditTests: XCTestCase {
    func testIndexAfterAnEditIsTheIndexOfTheEditedText() {
        let pieces: [[UInt8]] = [[0x61], [0x0A], [0x0D], [0x0D, 0x0A], [0xC3, 0xA9], [0x20], [0x62, 0x63]]
        var state: UInt64 = 12
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func randomBytes(_ length: Int) -> [UInt8] { (0..<length).flatMap { _ in pieces[next(pieces.count)] } }
        var checked = 0
        for _ in 0..<300 {
            var index = LineIndex(bytes: randomBytes(next(30)))
            for _ in 0..<8 {
                let count = index.bytes.count
                let start = next(count + 1)
                let end = min(count, start + next(4))
                let inserted = randomBytes(next(4))
                let edited = index.replacing(SourceRange(start: start, end: end), with: inserted)
                var expected = index.bytes
                expected.replaceSubrange(start..<end, with: inserted)
                XCTAssertEqual(edited.bytes, expected)
                XCTAssertEqual(
                    edited.lineStarts, LineIndex(bytes: expected).lineStarts,
                    "\(index.bytes) with \(start)..<\(end) → \(inserted)")
                index = edited
                checked += 1
            }
        }
        XCTAssertEqual(checked, 2_400)
    }

    func testDocumentAfterAnEditIsTheEditedDocument() {
        let document = SourceDocument(path: "t.md", text: "# Title\r\n\r\nStep 1\nlet é = 1\n")
        let edited = document.replacing(SourceRange(start: 9, end: 11), with: "\n## Step\r")
        let expected = SourceDocument(path: "t.md", text: "# Title\r\n\n## Step\rStep 1\nlet é = 1\n")
        XCTAssertEqual(edited.text, expected.text)
        XCTAssertEqual(edited.lineIndex.lineStarts, expected.lineIndex.lineStarts)
        // A range inside a character leaves no UTF-8: the text is decoded, and mended, as a whole.
        let split = document.replacing(SourceRange(start: 23, end: 24), with: "")
        XCTAssertEqual(split.bytes, Array(split.text.utf8))
        XCTAssertEqual(split.lineIndex.lineStarts, LineIndex(split.text).lineStarts)
    }
}
