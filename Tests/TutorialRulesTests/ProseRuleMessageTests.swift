import TestSupport
import TutorialAnalysis
import TutorialModel
import TutorialRules
import XCTest

/// What the prose rules say, beyond where they say it (the rule examples check the positions).
final class ProseRuleMessageTests: XCTestCase {
    private func proseCodeMessages(_ prose: String, code: String) -> [String] {
        let example = RuleExample(
            steps: [
                .init([.init("ListView.swift", "let list = List()\n")]),
                .init(prose: prose, [.init("ListView.swift", code)]),
            ])
        let built = ExampleTutorial(example)
        return analyze(tutorial: built.tutorial, configuration: .only(["prose-code-mismatch"])).findings.map(\.message)
    }

    func testAMisspeltNameIsShownWithTheNameTheCodeHas() {
        XCTAssertEqual(
            proseCodeMessages(
                "Add the focuseValue(_:) modifier.", code: "let list = List()\n    .focusedValue(\\.item, item)\n"),
            ["step 1.2 names focuseValue(_:), but its code does not contain focuseValue (its code has focusedValue)"])
        // Two names equally near, or a short name: no guess.
        XCTAssertEqual(
            proseCodeMessages("Add the itemz() call.", code: "let list = List()\nitems()\nitem()\n"),
            ["step 1.2 names itemz(), but its code does not contain itemz"])
        XCTAssertEqual(
            proseCodeMessages("Add fooz().", code: "let list = List()\nfoo()\n"),
            ["step 1.2 names fooz(), but its code does not contain fooz"])
    }
}
