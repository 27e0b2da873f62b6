import StepDiff
import TutorialModel
import TutorialReaders
import TutorialRules
import XCTest

@testable import TutorialAnalysis

/// Going over the per-document composition budget is one `input-error` finding where it ran out, through
/// the pipeline the CLI uses and through the timelines the server hands it (issue 22).
final class WorkBudgetFindingTests: XCTestCase {
    /// A file created once, then `steps` steps that each add a method in an extension: each is placed into
    /// the file's latest state, so the states composition parses grow as the square of the steps.
    private func tutorial(steps: Int) -> Tutorial {
        var text = "# T\n\n## Step 1\n\nCreate the file.\n\n```swift file=A.swift\nimport SwiftUI\n\nstruct A {\n    var name = \"\"\n}\n```\n\n"
        for number in 2...steps {
            text += "## Step \(number)\n\nAdd `f\(number)` to `A`.\n\n```swift file=A.swift\nextension A {\n    func f\(number)() -> Int { \(number) }\n}\n```\n\n"
        }
        return readTutorial(SourceDocument(path: "budget.md", text: text))
    }

    private func budgetFindings(_ analysis: Analysis) -> [Finding] {
        analysis.findings.filter { $0.rule == "input-error" && $0.subject == "composition-budget" }
    }

    func testOverTheBudgetIsOneFindingAtTheFirstFragmentLeftOut() throws {
        let tutorial = tutorial(steps: 200)
        let timelines = buildTimelineSet(tutorial)
        let leftOut = timelines.leftOverBudget
        XCTAssertGreaterThan(leftOut.count, 1)
        let findings = budgetFindings(analyze(tutorial: tutorial))
        XCTAssertEqual(findings.count, 1)
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(finding.step, leftOut[0].step)
        XCTAssertEqual(finding.range, leftOut[0].snippet.range)
        XCTAssertEqual(finding.severity, .information)
        XCTAssertTrue(finding.message.contains("over 256 KiB of earlier file states"), finding.message)
        XCTAssertTrue(finding.message.contains("and \(leftOut.count - 1) more after it"), finding.message)
        // The server hands the pipeline the timelines of its `timelines` query: the same finding.
        XCTAssertEqual(
            budgetFindings(analyze(tutorial: tutorial, timelines: timelines)).map(\.message), findings.map(\.message))
    }

    func testUnderTheBudgetThereIsNone() {
        let tutorial = tutorial(steps: 40)
        XCTAssertTrue(buildTimelineSet(tutorial).leftOverBudget.isEmpty)
        XCTAssertTrue(analyze(tutorial: tutorial).findings.filter { $0.rule == "input-error" }.isEmpty)
    }

    /// A long tutorial of two files: a large one shown once, then many unlabelled fragments that each could
    /// join either file. The large file's state, parsed once, is counted once, not at every fragment (which
    /// put 60 fragments of a real-sized tutorial over the budget).
    func testAFileNoStepChangesIsCountedOnce() {
        var text = "# T\n\n## Step 1\n\n```swift file=A.swift\nstruct A {\n    var name = \"\"\n}\n```\n\n"
        text += "## Step 2\n\n```swift file=B.swift\nstruct B {\n"
        for number in 0..<400 { text += "    var property\(number): Int = \(number)\n" }
        text += "}\n```\n\n"
        for number in 3...62 {
            text += "## Step \(number)\n\nAdd `f\(number)`.\n\n```swift\nextension A {\n    func f\(number)() -> Int { \(number) }\n}\n```\n\n"
        }
        let tutorial = readTutorial(SourceDocument(path: "two-files.md", text: text))
        XCTAssertGreaterThan(60 * text.utf8.count / 2, Timelines.compositionBudgetBytes, "the large file alone, counted at every fragment, would go over")
        let timelines = buildTimelineSet(tutorial)
        XCTAssertTrue(timelines.leftOverBudget.isEmpty, timelines.leftOverBudget.map(\.reason).description)
        XCTAssertEqual(timelines.files.first { $0.fileName == "A.swift" }?.states.count, 61)
    }

    func testTheConfigurationOfInputErrorApplies() {
        let tutorial = tutorial(steps: 200)
        var configuration = Configuration()
        configuration.rules["input-error"] = .init(severity: .warning)
        XCTAssertEqual(budgetFindings(analyze(tutorial: tutorial, configuration: configuration)).map(\.severity), [.warning])
        configuration.rules["input-error"] = .init(enabled: false)
        XCTAssertTrue(budgetFindings(analyze(tutorial: tutorial, configuration: configuration)).isEmpty)
    }
}
