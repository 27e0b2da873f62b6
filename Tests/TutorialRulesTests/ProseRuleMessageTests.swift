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

/// `step-no-change` on states a rule example cannot build: DocC `previousFile:` bases.
final class StepNoChangeIntentionTests: XCTestCase {
    private func noChangeSteps(previousCode: String?, prose: String) -> [String] {
        var builder = TutorialBuilder(path: "t.tutorial")
        let docc = { (resource: String, previous: String?) in
            DocCCodeOptions(
                resource: resource, resourcePath: resource, previousResource: previous.map { _ in "t-1.swift" },
                previousCode: previous, reset: false)
        }
        builder.step(
            label: nil, prose: "Create the file.",
            snippets: [.init(file: "T.swift", code: "let t = 1\n", docc: docc("t-1.swift", nil))])
        builder.step(
            label: nil, prose: prose,
            snippets: [.init(file: "T.swift", code: "let t = 1\n", docc: docc("t-2.swift", previousCode))])
        let findings = analyze(tutorial: builder.build(), configuration: .only(["step-no-change"])).findings
        return findings.compactMap { $0.step?.description }
    }

    func testAPreviousFileEqualToTheFileIsASlipWhateverTheProse() {
        // The author stated a base to diff from: an identical file means the change was lost.
        XCTAssertEqual(noChangeSteps(previousCode: "let t = 1\n", prose: "Build the project now."), ["1.2"])
        // Without `previousFile:`, building the project shows the file again on purpose.
        XCTAssertEqual(noChangeSteps(previousCode: nil, prose: "Build the project now."), [])
        XCTAssertEqual(noChangeSteps(previousCode: nil, prose: "Add a second constant."), ["1.2"])
    }
}
