import Foundation
import TutorialRules
import XCTest

/// `.tutorial-check.json` is JSON with comments: `//` and `/* */` comments and a comma before `}` or `]`
/// are read, outside strings only; anything else that is not JSON is still an error.
final class JSONCommentsTests: XCTestCase {
    private func parse(_ text: String) throws -> Configuration {
        try Configuration.parse(Data(text.utf8), path: "/p/.tutorial-check.json")
    }

    func testCommentsAndTrailingCommasAreRead() throws {
        let configuration = try parse(
            """
            // settings
            {
              /* the rules */ "rules": {
                "step-numbering": "error", // louder
                // "prose-code-mismatch": "off",
              },
              "exclude": ["drafts/**", /* later: "old/**" */],
            }
            """)
        XCTAssertEqual(configuration.rules["step-numbering"]?.severity, .error)
        XCTAssertNil(configuration.rules["prose-code-mismatch"])
        XCTAssertEqual(configuration.exclude, ["drafts/**"])
    }

    func testSlashesAndCommasInsideStringsAreKept() throws {
        let configuration = try parse(
            #"{"rulesDocumentation": "https://example.org/a//b/rules.md", "exclude": ["x//y,]", "q\"//,}"]}"#)
        XCTAssertEqual(configuration.rulesDocumentation, "https://example.org/a//b/rules.md")
        XCTAssertEqual(configuration.exclude, ["x//y,]", #"q"//,}"#])
    }

    func testWhatIsStillNotJSONIsAnError() {
        for text in ["{ /* never closed", "{\"rules\": {} // }", "{\"exclude\": [\"a\" \"b\"]}", "/ {}"] {
            XCTAssertThrowsError(try parse(text), text)
        }
        XCTAssertThrowsError(try parse("{ /* never closed")) { error in
            XCTAssertTrue("\(error)".contains("never closed"), "\(error)")
        }
    }
}
