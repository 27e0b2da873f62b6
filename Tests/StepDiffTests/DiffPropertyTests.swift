import TestSupport
import XCTest

@testable import StepDiff

/// Pairs of code-like texts: a generated file, then the same file after a few edits a tutorial step
/// makes (insert, delete, replace, move or duplicate a block, re-indent), with empty files, missing
/// final newlines and CRLF line ends mixed in.
struct TextPairGenerator {
    var random: SeededGenerator

    // Lines that repeat in real code, so anchors are not all unique.
    static let common = [
        "}", "    }", "        }", "", "        return nil", "    var body: some View {", "import SwiftUI", "        )",
    ]

    mutating func uniqueLine() -> String {
        let indent = String(repeating: "    ", count: Int.random(in: 0...3, using: &random))
        let words = [
            "let", "var", "func", "page", "controller", "return", "index", "view", "coordinator", "self", "=", "(", ")",
        ]
        let count = Int.random(in: 1...6, using: &random)
        return indent + (0..<count).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
            + " \(Int.random(in: 0...999, using: &random))"
    }

    mutating func line() -> String {
        Int.random(in: 0..<10, using: &random) < 4 ? Self.common.randomElement(using: &random)! : uniqueLine()
    }

    mutating func block() -> [String] { (0..<Int.random(in: 1...5, using: &random)).map { _ in line() } }

    mutating func pair() -> (old: String, new: String) {
        let size = Int.random(in: 0..<20, using: &random) == 0 ? 0 : Int.random(in: 1...60, using: &random)
        let old = (0..<size).map { _ in line() }
        var new = old
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            let at = Int.random(in: 0...new.count, using: &random)
            let length =
                new.isEmpty ? 0 : Int.random(in: 1...min(6, new.count - min(at, new.count - 1)), using: &random)
            let range = min(at, max(new.count - 1, 0))..<min(at + length, new.count)
            switch Int.random(in: 0..<7, using: &random) {
            case 0, 1: new.insert(contentsOf: block(), at: at)
            case 2: if !new.isEmpty { new.removeSubrange(range) }
            case 3: if !new.isEmpty { new.replaceSubrange(range, with: block()) }
            case 4:
                if !new.isEmpty {
                    let moved = Array(new[range])
                    new.removeSubrange(range)
                    new.insert(contentsOf: moved, at: Int.random(in: 0...new.count, using: &random))
                }
            case 5: if !new.isEmpty { new.insert(contentsOf: Array(new[range]), at: range.upperBound) }
            default: if !new.isEmpty { for index in range { new[index] = "    " + new[index] } }
            }
        }
        if Int.random(in: 0..<25, using: &random) == 0 { new = [] }
        return (join(old), join(new))
    }

    /// Joins lines with LF, sometimes CRLF (all or some lines), sometimes without the final newline.
    mutating func join(_ lines: [String]) -> String {
        guard !lines.isEmpty else { return "" }
        let style = Int.random(in: 0..<8, using: &random)
        var text = ""
        for line in lines {
            let crlf = style == 0 || (style == 1 && Bool.random(using: &random))
            text += line + (crlf ? "\r\n" : "\n")
        }
        if Int.random(in: 0..<4, using: &random) == 0 {
            text.removeLast()  // drops "\n" (or the whole "\r\n" grapheme)
        }
        return text
    }
}

final class DiffPropertyTests: XCTestCase {
    static let pairCount = 5_000

    /// Applying the hunks to the old text rebuilds the new text, byte for byte, at any context size;
    /// the byte edits do the same; and the edit script is never much longer than the minimal one
    /// (the standard library's Myers `difference(from:)` is the oracle).
    func testApplyingChangeSetsRebuildsNewTextAndStaysCloseToMinimal() {
        var generator = TextPairGenerator(random: SeededGenerator(seed: 0x7475_7469))
        var excessTotal = 0
        var oracleTotal = 0
        var histogramTotal = 0
        var worstExcess = 0
        var longer = 0
        var sawEmpty = false
        var sawCRLF = false
        var sawNoFinalNewline = false
        for index in 0..<Self.pairCount {
            let (old, new) = generator.pair()
            sawEmpty = sawEmpty || old.isEmpty || new.isEmpty
            sawCRLF = sawCRLF || old.contains("\r\n") || new.contains("\r\n")
            sawNoFinalNewline = sawNoFinalNewline || (!new.isEmpty && !new.hasSuffix("\n"))
            for context in [0, 3] {
                let diff = TextDiff(old: old, new: new, options: DiffOptions(context: context))
                guard applyHunks(diff.hunks, to: old) == new else {
                    return XCTFail(
                        "pair \(index), context \(context): hunks do not rebuild the new text\n--- old\n\(old)\n--- new\n\(new)"
                    )
                }
            }
            let diff = TextDiff(old: old, new: new)
            XCTAssertEqual(applyByteEdits(diff.byteEdits(), old: old, new: new), new, "pair \(index): byte edits")
            var interner = LineInterner()
            let oldIDs = interner.intern(TextLines(old))
            let newIDs = interner.intern(TextLines(new))
            let oracle = newIDs.difference(from: oldIDs).count
            let ours = diff.added + diff.removed
            XCTAssertGreaterThanOrEqual(ours, oracle, "pair \(index): shorter than minimal means a wrong script")
            let excess = ours - oracle
            excessTotal += excess
            oracleTotal += oracle
            histogramTotal += ours
            worstExcess = max(worstExcess, excess)
            if excess > 0 { longer += 1 }
            XCTAssertLessThanOrEqual(
                excess, allowedExcess(minimal: oracle), "pair \(index): histogram script too long\n\(old)\n---\n\(new)")
        }
        XCTAssertTrue(
            sawEmpty && sawCRLF && sawNoFinalNewline, "the generator must cover empty, CRLF and unterminated texts")
        print(
            "diff-oracle: \(Self.pairCount) pairs, oracle lines \(oracleTotal), histogram lines \(histogramTotal),"
                + " longer in \(longer) pairs, worst excess \(worstExcess), total excess \(excessTotal)")
    }

    /// With `ignoreIndentation`, re-indented lines are not changes, and applying the hunks gives the
    /// new text up to indentation.
    func testIgnoringIndentationRebuildsNewTextUpToIndentation() {
        var generator = TextPairGenerator(random: SeededGenerator(seed: 42))
        // Line endings are not part of a line's identity when ignoring indentation, so compare lines only.
        func stripped(_ text: String) -> [Substring] {
            text.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map {
                $0.drop { $0 == " " || $0 == "\t" }
            }
            .filter { !$0.isEmpty }
        }
        for index in 0..<1_000 {
            let (old, new) = generator.pair()
            let diff = TextDiff(old: old, new: new, options: DiffOptions(ignoreIndentation: true))
            guard let rebuilt = applyHunks(diff.hunks, to: old, ignoringIndentation: true) else {
                return XCTFail("pair \(index): hunks do not apply")
            }
            XCTAssertEqual(stripped(rebuilt), stripped(new), "pair \(index)")
            XCTAssertLessThanOrEqual(
                diff.added + diff.removed, TextDiff(old: old, new: new).added + TextDiff(old: old, new: new).removed)
        }
    }

    /// The Myers fallback is minimal: its script is as long as the standard library's.
    func testMyersFallbackIsMinimal() {
        var generator = TextPairGenerator(random: SeededGenerator(seed: 99))
        for index in 0..<1_000 {
            let (old, new) = generator.pair()
            var interner = LineInterner()
            let oldIDs = interner.intern(TextLines(old))
            let newIDs = interner.intern(TextLines(new))
            var flags = DiffFlags(
                removed: Array(repeating: false, count: oldIDs.count),
                added: Array(repeating: false, count: newIDs.count))
            myersDiff(old: oldIDs, 0..<oldIDs.count, new: newIDs, 0..<newIDs.count, into: &flags)
            XCTAssertEqual(flags.editCount, newIDs.difference(from: oldIDs).count, "pair \(index)")
            // And it is a valid script: the unflagged lines of both sides are the same sequence.
            XCTAssertEqual(
                oldIDs.indices.filter { !flags.removed[$0] }.map { oldIDs[$0] },
                newIDs.indices.filter { !flags.added[$0] }.map { newIDs[$0] }, "pair \(index)")
        }
    }

    /// Intra-line highlights lie inside their line and on UTF-8 character boundaries.
    func testHighlightsStayInsideTheirLines() {
        var generator = TextPairGenerator(random: SeededGenerator(seed: 7))
        var highlighted = 0
        for _ in 0..<1_000 {
            let (old, new) = generator.pair()
            for hunk in TextDiff(old: old, new: new).hunks {
                for line in hunk.lines where !line.highlights.isEmpty {
                    highlighted += 1
                    for range in line.highlights {
                        XCTAssertTrue(
                            range.lowerBound >= 0 && range.upperBound <= line.text.utf8.count && !range.isEmpty)
                    }
                }
            }
        }
        XCTAssertGreaterThan(highlighted, 100, "the generator makes modified lines")
    }
}

/// Applies byte edits (sorted, old coordinates) to the old text.
func applyByteEdits(_ edits: [ByteEdit], old: String, new: String) -> String {
    let oldBytes = Array(old.utf8)
    let newBytes = Array(new.utf8)
    var output: [UInt8] = []
    var cursor = 0
    for edit in edits {
        output += oldBytes[cursor..<edit.old.start]
        output += newBytes[edit.new.start..<edit.new.end]
        cursor = edit.old.end
    }
    output += oldBytes[cursor...]
    return String(decoding: output, as: UTF8.self)
}
