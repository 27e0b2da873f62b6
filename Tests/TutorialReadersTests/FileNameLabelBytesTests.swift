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
        var generator = SeededGenerator(seed: 2026120361)
        var answered = 0
        for _ in 0..<40_000 {
            let text = (0..<Int.random(in: 0...7, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
            XCTAssertEqual(FileNameLabel.fileName(in: text), FileNameLabel.fileNameByCharacters(in: text), text.debugDescription)
            if FileNameLabel.fileNameByCharacters(in: text) != nil { answered += 1 }
        }
        XCTAssertGreaterThan(answered, 100, "the random texts include file names")
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
}
