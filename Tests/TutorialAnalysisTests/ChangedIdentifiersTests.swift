import SwiftFacts
import TutorialRules
import TestSupport
import XCTest

@testable import TutorialAnalysis

/// The identifiers a step touches are found from the lines between the two states' common beginning and
/// end; they must be those of counting every line of both texts.
final class ChangedIdentifiersTests: XCTestCase {
    /// Every line of both texts counted, split as `split(separator: "\n")` splits a String (a CRLF is one
    /// Character, so it splits nothing), empty lines left out.
    private func wholeTextAnswer(old: String, new: String) -> Set<String>? {
        func counts(_ text: String) -> [Substring: Int] {
            text.split(separator: "\n").reduce(into: [:]) { $0[$1, default: 0] += 1 }
        }
        let before = counts(old)
        let after = counts(new)
        var changed: [Substring] = []
        for (line, count) in after where count > before[line, default: 0] { changed.append(line) }
        for (line, count) in before where count > after[line, default: 0] { changed.append(line) }
        guard !changed.isEmpty else { return nil }
        var words = Set<String>()
        for line in changed { words.formUnion(identifiers(in: line)) }
        return words
    }

    func testSameAnswerAsCountingEveryLine() {
        let pieces = ["a", "b c", "let x = 1", "", "\r", " ", "}", "func f() {", "x1 y2", "c"]
        let endings = ["\n", "\r\n", "\n\n", ""]
        var random = SeededGenerator(seed: 0x7475_746F_7269_616C)
        func text(lines: Int) -> String {
            (0..<lines).map { _ in
                pieces.randomElement(using: &random)! + endings.randomElement(using: &random)!
            }.joined()
        }
        for _ in 0..<3000 {
            let shared = text(lines: Int.random(in: 0...4, using: &random))
            let tail = text(lines: Int.random(in: 0...4, using: &random))
            let old = shared + text(lines: Int.random(in: 0...3, using: &random)) + tail
            let new = shared + text(lines: Int.random(in: 0...3, using: &random)) + tail
            XCTAssertEqual(
                identifiersOnChangedLines(old: old, new: new), wholeTextAnswer(old: old, new: new),
                "\(old.debugDescription) → \(new.debugDescription)")
            // The parser's edits, diffed from the same lines, turn the old text into the new one.
            var edited = Array(old.utf8)
            for edit in parserEdits(old: old, new: new).reversed() {
                edited.replaceSubrange(edit.old.start..<edit.old.end, with: Array(new.utf8)[edit.new.start..<edit.new.end])
            }
            XCTAssertEqual(String(decoding: edited, as: UTF8.self), new, "\(old.debugDescription) → \(new.debugDescription)")
        }
        XCTAssertNil(identifiersOnChangedLines(old: "a\nb\n", new: "a\nb\n"))
        XCTAssertEqual(identifiersOnChangedLines(old: "a\nb\nc\n", new: "a\nbx\nc\n"), ["b", "bx"])
    }
}
