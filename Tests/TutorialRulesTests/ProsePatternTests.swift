import Foundation
import TutorialRules
import XCTest

/// The hand-written prose scanners against the regular expressions they replace: every sentence of up to
/// four pieces from an alphabet of the characters that matter (and some that only look as if they do).
final class ProsePatternTests: XCTestCase {
    /// Every concatenation of 1...`length` pieces.
    private func sentences(of pieces: [String], upTo length: Int) -> [String] {
        var all: [String] = []
        var current = [""]
        for _ in 1...length {
            current = current.flatMap { prefix in pieces.map { prefix + $0 } }
            all += current
        }
        return all
    }

    private func regexMatches(_ pattern: String, in text: String) throws -> [[String]] {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
        }
    }

    func testSwiftFileNamesAreTheRegularExpressionsMatches() throws {
        let pattern = "[A-Za-z_][A-Za-z0-9_+\\-]*\\.swift(?![A-Za-z0-9_])"
        let pieces = ["a", "Z9", "_", "+", "-", ".", ".swift", "swift", "s", " ", "é", "1"]
        let all = sentences(of: pieces, upTo: 4) + ["Open PageView.swift.", "In A+B.swift and x-y.swiftui, 9.swift"]
        var found = 0
        for sentence in all {
            let expected = try regexMatches(pattern, in: sentence).map { $0[0] }
            XCTAssertEqual(swiftFileNames(in: sentence), expected, sentence)
            found += expected.count
        }
        XCTAssertGreaterThan(found, 1_000, "the alphabet makes file names")
    }

    func testProseCallsAreTheRegularExpressionsMatches() throws {
        let pattern = "([A-Za-z_][A-Za-z0-9_]*)[(（]((?:[A-Za-z_][A-Za-z0-9_]*:)*)[)）]"
        let pieces = ["f", "x1", "_", "(", ")", "（", "）", ":", "a:", " ", "é", "1", ".", "g(", "b:)"]
        let all =
            sentences(of: pieces, upTo: 4) + [
                "Add the padding(_:) modifier.", "Call frame(width:height:)。", "删除padding（_:）修饰符", "9abc(x:)",
                "foo(bar(x:)) and baz(", "a(b:c)", "x(y:)z(w:)",
            ]
        var found = 0
        for sentence in all {
            let expected = try regexMatches(pattern, in: sentence)
            XCTAssertEqual(proseCalls(in: sentence).map(\.text), expected.map { $0[0] }, sentence)
            XCTAssertEqual(proseCalls(in: sentence).map(\.name), expected.map { $0[1] }, sentence)
            found += expected.count
        }
        XCTAssertGreaterThan(found, 1_000, "the alphabet makes calls")
    }

    func testEnglishRemovalWordsAreTheRegularExpressionsOnASCIIText() throws {
        let expression = try NSRegularExpression(pattern: "(?i)\\b(remove|removes|removing|delete|deletes|deleting)\\b")
        let pieces = ["remove", "Removes", "REMOVING", "delete", "deletes", "Deleting", "re", "move", "d", "x", "_", "1", " ", "-", "'"]
        var removals = 0
        for sentence in sentences(of: pieces, upTo: 3) + ["Remove the animation(_:) modifier.", "Removed it", "undelete"] {
            let expected = expression.firstMatch(in: sentence, range: NSRange(sentence.startIndex..., in: sentence)) != nil
            XCTAssertEqual(holdsEnglishRemovalWord(sentence), expected, sentence)
            if expected { removals += 1 }
        }
        XCTAssertGreaterThan(removals, 100, "the alphabet makes removals")
        // Beyond ASCII, Unicode word boundaries and case folding decide: the caller asks the expression,
        // unless a whole word came before.
        XCTAssertEqual(holdsEnglishRemovalWord("Remove the café"), true)
        XCTAssertNil(holdsEnglishRemovalWord("In the café, remove it"))
        XCTAssertNil(holdsEnglishRemovalWord("Remové"))
        XCTAssertNil(holdsEnglishRemovalWord("删除padding(_:)修饰符。"))
    }

    // MARK: - ProseExpressions against NSRegularExpression

    private func icuFinds(_ pattern: String, in text: String) throws -> Bool {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    func testRemovalWordsAreTheRegularExpressions() throws {
        let pattern = "(?i)\\b(remove|removes|removing|delete|deletes|deleting)\\b|삭제|제거|删除|刪除|移除|去掉|去除|削除|取り除"
        let pieces = [
            "remove", "Delete", "DELETING", "s", "\u{17F}", "x", " ", "é", "\u{301}", "\u{200D}", "\u{AD}", "_", "1", "삭제",
            "删除", "取り除", ".", "\u{10940}", "\u{130}ng",
        ]
        var found = 0
        for sentence in sentences(of: pieces, upTo: 3) {
            let expected = try icuFinds(pattern, in: sentence)
            XCTAssertEqual(ProseExpressions.holdsRemovalWord(sentence), expected, sentence.debugDescription)
            if expected { found += 1 }
        }
        XCTAssertGreaterThan(found, 500)
    }

    func testChineseEditVerbsAreTheRegularExpressionsMatches() throws {
        let expression = try NSRegularExpression(pattern: ProseExpressions.chineseEditPattern)
        let pieces = ["添加", "替换", "替换成", "成", "已", "被", "的", "了", "过", "加", "入", "x", "，"]
        var found = 0
        for sentence in sentences(of: pieces, upTo: 4) {
            let expected = expression.matches(in: sentence, range: NSRange(sentence.startIndex..., in: sentence)).map {
                $0.range.location
            }
            let starts = ProseExpressions.chineseEditStarts(in: sentence).map { sentence.utf16.distance(from: sentence.startIndex, to: $0) }
            XCTAssertEqual(starts, expected, sentence)
            found += expected.count
        }
        XCTAssertGreaterThan(found, 10_000)
    }

    func testFinalPredicatesAreTheRegularExpressions() throws {
        let korean = [
            "추가", "합니다", "를", " ", "해", "주세요", "바꿉니다", ".", "!", "\u{0B}", "\u{85}", "\n", "x", "한", "\u{10ED0}", "。",
            "\u{3000}", "\u{A0}",
        ]
        let japanese = ["追加", "します", "を", "し", "書き", "ー", "ぁ", " ", "。", "x", "ゖ", "\u{0B}", "！", "a"]
        for (predicate, pieces, decide) in [
            (ProseExpressions.koreanPredicate, korean, ProseExpressions.endsWithKoreanPredicate),
            (ProseExpressions.japanesePredicate, japanese, ProseExpressions.endsWithJapanesePredicate),
        ] as [(String, [String], (Substring) -> Bool)] {
            var found = 0
            for sentence in sentences(of: pieces, upTo: 3) {
                let expected = try icuFinds("(?:" + predicate + ")[\\s\\p{P}]*$", in: sentence)
                XCTAssertEqual(decide(sentence[...]), expected, sentence.debugDescription)
                if expected { found += 1 }
            }
            XCTAssertGreaterThan(found, 100)
        }
    }
}
