@testable import TutorialReaders
import XCTest
import TestSupport

/// `FileNameLabel.fileName(in:)` answers most paragraphs from their bytes; the answer must be the one the
/// check on Characters gives, for any text: tried on random texts of a tricky alphabet (blanks of every
/// kind, colons, quotes, CJK, combining marks, a Prepend character, file-name pieces).
final class FileNameLabelBytesTests: XCTestCase {
    func testTheByteCheckAgreesWithTheCharacterCheck() {
        let pieces = [
            " ", "\t", "\n", "\r\n", "\u{3000}", "\u{A0}", ":", "：", "`", "\"", "“", "”", "'", "Page", "View", ".swift",
            ".", "a", "é", "e\u{301}", "\u{600}", "名前", "Row", "_", "-", "+", "@", "/", "1", ".md", "x.js", "Step 1.",
        ]
        assertAgreement(onTextsOf: pieces, upTo: 7, seed: 2026120361, namesAtLeast: 100)
        // A blank after a Prepend character or before a combining mark is part of a larger character (the
        // first found by this test's random texts in CI).
        for sentence in [
            "Add the code below.", " Page View.swift :", "Foo.swift :", "`Foo.swift`:", "Create Row.swift",
            "Page\u{600} 名前ax.js", "Page \u{301}名前ax.js", "a\u{600}\tb名Row.swift",
        ] {
            XCTAssertEqual(FileNameLabel.fileName(in: sentence), FileNameLabel.fileNameByCharacters(in: sentence), sentence)
        }
        XCTAssertEqual(FileNameLabel.fileName(in: "Foo.swift :"), "Foo.swift")
    }

    /// A text of printable ASCII and tabs is answered on its bytes even when it is no sentence (a file name
    /// alone, a caption): the answer must still be the Character check's, for names, quotes, colons, dots,
    /// letters in either case and the bytes a file name may not hold.
    func testThePrintableASCIICheckAgreesWithTheCharacterCheck() {
        let pieces = [
            "\t", " ", ":", "`", "\"", "'", "Page", "view", ".", "..", ".swift", ".SWIFT", ".Md", ".js", ".txt", "_", "-",
            "+", "@", "/", "1", "~", "(", ")", "#", "x",
        ]
        assertAgreement(onTextsOf: pieces, upTo: 6, seed: 2026120420, namesAtLeast: 1_000)
        for text in ["Widget1.swift", "`PageView.swift`:", " 'a.SWIFT' ", "\"x.md\"", ".swift", "a..swift", "a b.swift"] {
            XCTAssertEqual(FileNameLabel.fileName(in: text), FileNameLabel.fileNameByCharacters(in: text), text)
        }
        XCTAssertEqual(FileNameLabel.fileName(in: "`PageView.swift`:"), "PageView.swift")
    }

    /// `fileName(in:)` against the Character check on 40,000 random joins of up to `count` of `pieces`, of which
    /// at least `names` are file names (so that the texts reach the check's answers, not only its nils).
    private func assertAgreement(
        onTextsOf pieces: [String], upTo count: Int, seed: UInt64, namesAtLeast names: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        var generator = SeededGenerator(seed: seed)
        var answered = 0
        for _ in 0..<40_000 {
            let text = (0..<Int.random(in: 0...count, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
            XCTAssertEqual(
                FileNameLabel.fileName(in: text), FileNameLabel.fileNameByCharacters(in: text), text.debugDescription,
                file: file, line: line)
            if FileNameLabel.fileNameByCharacters(in: text) != nil { answered += 1 }
        }
        XCTAssertGreaterThan(answered, names, "the random texts include file names", file: file, line: line)
    }
}
