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
            "-\u{301}x", " rest of the paragraph", "]: Use it.", "\u{2028}", "é", "\u{FE0F}", " Rest", "  \tlater",
            " \u{E9}t\u{E9}", " 1.",
        ]
        var answered = 0
        for start in starts {
            for word in words {
                for after in afters {
                    for tail in ["", "   ", " and more text", "\u{301}"] {
                        let text = start + word + after + tail
                        for labelOnly in [false, true] {
                            guard let byBytes = OutlineBuilder.isAsideByASCIIBytes(text, labelOnly: labelOnly) else {
                                continue
                            }
                            answered += 1
                            XCTAssertEqual(
                                byBytes, OutlineBuilder.isAsideByCharacters(text, labelOnly: labelOnly),
                                "\(text.debugDescription), labelOnly: \(labelOnly)")
                        }
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
        // A sentence opening with an aside word is an aside heading, but no aside label of a paragraph.
        XCTAssertTrue(OutlineBuilder.isAside("Note how quickly the query ran."))
        XCTAssertFalse(OutlineBuilder.isAside("Note how quickly the query ran.", labelOnly: true))
        XCTAssertFalse(OutlineBuilder.isAside("Tip  the list over.", labelOnly: true))
        XCTAssertTrue(OutlineBuilder.isAside("Note: mind the gap", labelOnly: true))
        XCTAssertTrue(OutlineBuilder.isAside("Important The view must be public.", labelOnly: true))
        XCTAssertTrue(OutlineBuilder.isAside("Experiment", labelOnly: true))
        XCTAssertTrue(OutlineBuilder.isAside("注意 数组从零开始", labelOnly: true))
    }
}
