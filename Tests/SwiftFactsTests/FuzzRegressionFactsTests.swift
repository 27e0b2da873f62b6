import SwiftFacts
import XCTest

/// Found by fuzz-pipeline (Fixtures/fuzz-regressions/pipeline/invalid-character-glued-to-equals): the
/// toolchain's parse-diagnostics generator trapped on an `=` with an invalid character glued to it.
final class FuzzRegressionFactsTests: XCTestCase {
    func testAnInvalidCharacterGluedToEqualsIsASyntaxErrorNotATrap() throws {
        for code in ["g \u{FFFD}= \n", "let g \u{FFFD}= 1\n", "var x \u{FFFD}= \u{FFFD} 2\n"] {
            let facts = try XCTUnwrap(extractFacts(code: code))
            XCTAssertFalse(facts.syntaxErrors.isEmpty, "no syntax error for \(code.debugDescription)")
        }
    }
}
