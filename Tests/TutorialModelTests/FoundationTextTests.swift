import Foundation
import TutorialModel
import XCTest

/// FoundationText's search and trimming against Foundation's own, which the CLI no longer links: if a
/// toolchain's Unicode data or Foundation changes, these say where the outputs would drift.
final class FoundationTextTests: XCTestCase {
    /// Whether each scalar, after a match, makes it no match, as Foundation decides.
    func testEveryScalarAttachesAsInFoundation() {
        var differences: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar))
            if text.containsText("a") != text.contains("a") { differences.append(String(value, radix: 16)) }
        }
        XCTAssertEqual(differences, [])
    }

    /// The trimming sets, scalar by scalar over the plane trimming looks at.
    func testSetsAgreeWithCharacterSet() {
        let pairs: [(TextScalars, CharacterSet, String)] = [
            (.whitespaces, .whitespaces, "whitespaces"),
            (.whitespacesAndNewlines, .whitespacesAndNewlines, "whitespacesAndNewlines"),
            (.punctuationCharacters, .punctuationCharacters, "punctuationCharacters"),
            (
                .punctuationCharacters.subtracting("'"), CharacterSet.punctuationCharacters.subtracting(["'"]),
                "punctuation without '"
            ),
            (TextScalars(charactersIn: " \t*`_:#>"), CharacterSet(charactersIn: " \t*`_:#>"), "custom"),
        ]
        for (ours, theirs, name) in pairs {
            for value in UInt32(0)...0xFFFF {
                guard let scalar = Unicode.Scalar(value) else { continue }
                XCTAssertEqual(ours.contains(scalar), theirs.contains(scalar), "\(name): U+\(String(value, radix: 16))")
            }
        }
    }

    /// Random texts over an alphabet of what differs between the ways of searching (CRLF, combining
    /// marks, precomposed letters, Hangul jamo, regional indicators, ZWJ, singletons, astral punctuation);
    /// needles as the sources write them: no needle starts with a combining mark, a jamo or a joiner, or
    /// holds a precomposed letter (Foundation compares those through their decompositions).
    func testSearchReplaceAndTrimAgreeWithFoundation() {
        let alphabet: [String] = [
            "a", "b", "K", "`", ";", "\r", "\n", "\r\n", " ", "\t", "\u{301}", "\u{E9}", "e", "\u{1100}", "\u{1161}",
            "\u{AC00}", "\u{11A8}", "\u{1F1FA}", "\u{200D}", "\u{212A}", "\u{1FEF}", "\u{37E}", "\u{10100}", "!",
            "（", "可", "\u{200B}", "\u{85}", "\u{2028}", "\u{1F3FB}", "\u{FE0F}",
        ]
        let needleAlphabet: [String] = [
            "a", "b", "e", "K", "`", ";", "\r", "\n", "\r\n", " ", "!", "（", "可", "\u{212A}", "\u{1FEF}", "\u{37E}",
        ]
        func random(_ count: ClosedRange<Int>, from alphabet: [String] = alphabet) -> String {
            (0..<Int.random(in: count)).map { _ in alphabet.randomElement()! }.joined()
        }
        func offsets(_ range: Range<String.Index>?, in text: String) -> [Int]? {
            range.map { [text.utf8.distance(from: text.startIndex, to: $0.lowerBound), text.utf8.distance(from: text.startIndex, to: $0.upperBound)] }
        }
        for _ in 0..<20_000 {
            let text = random(0...10)
            let needle = random(0...3, from: needleAlphabet)
            XCTAssertEqual(text.containsText(needle), text.contains(needle), "\(text.debugDescription) ∋ \(needle.debugDescription)")
            XCTAssertEqual(offsets(text.rangeOfText(needle), in: text), offsets(text.range(of: needle), in: text))
            XCTAssertEqual(
                offsets(text.rangeOfText(needle, backwards: true), in: text),
                offsets(text.range(of: needle, options: .backwards), in: text), "\(text.debugDescription) backwards \(needle.debugDescription)")
            XCTAssertEqual(
                Array(text.replacingText(needle, with: "#").unicodeScalars),
                Array(text.replacingOccurrences(of: needle, with: "#").unicodeScalars),
                "\(text.debugDescription) - \(needle.debugDescription)")
            let slice = text.dropFirst()
            XCTAssertEqual(slice.containsText(needle), slice.contains(needle))
            XCTAssertEqual(
                Array(text.trimmingScalars(in: .whitespacesAndNewlines).unicodeScalars),
                Array(text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars))
            XCTAssertEqual(
                Array(text.trimmingScalars(in: .punctuationCharacters).unicodeScalars),
                Array(text.trimmingCharacters(in: .punctuationCharacters).unicodeScalars))
        }
    }
}

/// PathText against NSString, over every ASCII path of up to seven characters drawn from a few (slashes
/// twice as often). Paths NSString traps on (its slash fixing leaves a trailing slash, or a relative
/// one-character path loses its last component) are left out.
final class PathTextTests: XCTestCase {
    func testPathsAgreeWithNSString() {
        let alphabet = ["a", ".", "/", "/", " ", "b"]
        var seen = Set<String>()
        for length in 0...7 {
            for _ in 0..<(length < 4 ? 2000 : 6000) {
                let path = (0..<length).map { _ in alphabet.randomElement()! }.joined()
                guard seen.insert(path).inserted else { continue }
                let fixed = PathText.fixingSlashes(path)
                if fixed.hasSuffix("/") && fixed != "/" { continue }
                let ns = path as NSString
                XCTAssertEqual(PathText.lastComponent(path), ns.lastPathComponent, path)
                XCTAssertEqual(PathText.pathExtension(path), ns.pathExtension, path)
                if fixed.utf16.count == 1 && fixed != "/" { continue }
                XCTAssertEqual(PathText.deletingLastComponent(path), ns.deletingLastPathComponent, path)
            }
        }
    }
}
