import XCTest

@testable import TutorialReaders

/// `isAside` decides most blocks from their first bytes when those are ASCII; that answer must be the
/// one the character-level reading gives (lower-casing the whole text), for every text it answers.
final class AsideWordsTests: XCTestCase {
    func testTheByteAnswerIsTheCharacterAnswer() {
        let starts = [
            "", " ", "\t", "\r\n", "\n ", "[!", "> ", "[!  ", "\u{85}", "\u{3000}",
        ]
        let words = OutlineBuilder.asideWords + ["NOTE", "Tip", "ImPortant", "tipster", "not", "import", "note\u{301}", "Note\u{FF1A}"]
        let afters = [
            "", " ", ":", "：", ".", "。", "!", "！", "]", "）", ")", "-", "—", "s", "x", "\r\n", "\n", "\u{301}", ":\u{301}",
            "-\u{301}x", " rest of the paragraph", "]: Use it.", "\u{2028}", "é", "\u{FE0F}",
        ]
        var answered = 0
        for start in starts {
            for word in words {
                for after in afters {
                    for tail in ["", "   ", " and more text", "\u{301}"] {
                        let text = start + word + after + tail
                        guard let byBytes = OutlineBuilder.isAsideByASCIIBytes(text) else { continue }
                        answered += 1
                        XCTAssertEqual(byBytes, OutlineBuilder.isAsideByCharacters(text), text.debugDescription)
                    }
                }
            }
        }
        // The byte reading must answer most of these, or the test would prove nothing.
        XCTAssertGreaterThan(answered, 1_000)
        XCTAssertTrue(OutlineBuilder.isAside("Note: mind the gap"))
        XCTAssertTrue(OutlineBuilder.isAside("[!TIP]"))
        XCTAssertFalse(OutlineBuilder.isAside("import SwiftUI\n"))
        XCTAssertFalse(OutlineBuilder.isAside("Notebook apps"))
    }
}
