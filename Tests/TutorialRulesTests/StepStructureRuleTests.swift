import StepDiff
import TestSupport
import TutorialModel
@testable import TutorialRules
import XCTest

/// The step-structure rules (`step-no-change`, `step-numbering`, `code-file-missing`) on built tutorials.
final class StepStructureRuleTests: XCTestCase {
    private let first = "struct PageView {}\n"
    private let second = "struct PageView {\n    var page = 0\n}\n"

    private func structureFindings(_ tutorial: Tutorial) -> [Finding] {
        StepStructureRules.findings(tutorial, timelines: buildTimelines(tutorial), changeSets: nil)
    }

    /// A file shown again unchanged where the step asks for an edit names the step it repeats, and the fix
    /// removes the snippet (a quick fix in the editor, never applied by `lint --fix`).
    func testNoChangeNamesThePreviousStep() {
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "PageView.swift", code: first)])
        builder.step(label: "Step 2", prose: "Add a page property.", snippets: [.init(file: "PageView.swift", code: first)])
        let tutorial = builder.build()
        let findings = structureFindings(tutorial)
        XCTAssertEqual(findings.map(\.rule), ["step-no-change"])
        XCTAssertEqual(findings.first?.step, StepID(section: 1, step: 2))
        XCTAssertEqual(findings.first?.range, tutorial.steps[1].snippets[0].range)
        XCTAssertEqual(findings.first?.message.contains("unchanged from step 1.1"), true, findings.first?.message ?? "")
        XCTAssertEqual(findings.first?.fixEdits, [TextEdit(range: tutorial.steps[1].snippets[0].range, newText: "")])
    }

    /// An aside repeating the step's own code names the step's previous snippet, not the step itself.
    func testARepeatInTheSameStepNamesThePreviousSnippet() {
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "PageView.swift", code: first)])
        builder.step(
            label: "Step 2", prose: "Add a page property.",
            snippets: [
                .init(file: "PageView.swift", code: second), .init(file: "PageView.swift", code: second),
            ])
        let findings = structureFindings(builder.build())
        XCTAssertEqual(findings.map(\.message), [
            "step 1.2 (Step 2) shows PageView.swift unchanged from the step's previous snippet: nothing for the reader to do"
        ])
    }

    /// Labels that skip or repeat a number are reported once per document, on the first break's label,
    /// the others named in the message; numbering restarts per section.
    func testStepNumbering() {
        var builder = TutorialBuilder()
        builder.section("One")
        for label in ["Step 1", "Step 2", "Step 4", "Step 4"] {
            builder.step(label: label, snippets: [])
        }
        builder.section("Two")
        builder.step(label: "步骤1", snippets: [])
        builder.step(label: "步骤2", snippets: [])
        let tutorial = builder.build()
        let findings = structureFindings(tutorial)
        XCTAssertEqual(findings.map(\.rule), ["step-numbering"])
        XCTAssertEqual(findings.map { $0.step?.description }, ["1.3"])
        XCTAssertEqual(findings.map { tutorial.document.text(in: $0.range) }, ["Step 4"])
        XCTAssertEqual(
            findings.first?.message,
            "step label 'Step 4' skips from 2 to 4 (expected 3 after 'Step 2'); "
                + "the numbering also breaks at 'Step 4' (step 1.4)")
    }

    /// The author's numbered items without code between two labels carry the labels the steps skip, behind
    /// whatever markup kept them from a list, with either line ending.
    func testSkippedLabelsOpeningLinesBetweenTheLabels() {
        for ending in ["\n", "\r\n"] {
            let between = ["2\\. Type:", "", "```sql", "SE", "```", "", "3\\. Suggestions appear.", "", "<p>4.  Look.</p>", ""]
            XCTAssertTrue(
                StepNumbering.linesCarryTheSkippedLabels(between.joined(separator: ending), between: 2, and: 5, label: "5."),
                ending.debugDescription)
        }
        XCTAssertFalse(StepNumbering.linesCarryTheSkippedLabels("2. Type:\n\n3.5 GB free\n", between: 2, and: 4, label: "4."))
        // Numbering started again, its first items without code: `4.` after `4.` is the new run's fourth.
        let restarted = "4. Add a policy:\n\n5. See the list.\n\n## Connect\n\n1. Log in.\n\n2. Copy the URL.\n\n3. Open a shell:\n"
        XCTAssertTrue(StepNumbering.linesCarryTheSkippedLabels(restarted, between: 4, and: 4, label: "4."))
        XCTAssertFalse(StepNumbering.linesCarryTheSkippedLabels("3. Run it.\n\nThen:\n", between: 3, and: 3, label: "3."))
        XCTAssertFalse(StepNumbering.linesCarryTheSkippedLabels("Step 1\nsee Step 2 below\n", between: 1, and: 3, label: "Step 3"))
        // A label numbered 0 after a later one skips nothing and restarts nothing (the fuzzer's crash: an empty range).
        XCTAssertFalse(StepNumbering.linesCarryTheSkippedLabels("## Step 2\n\n## Step 0\n", between: 2, and: 0, label: "Step 0"))
    }

    /// Past four other breaks, the message counts the rest.
    func testStepNumberingListsAtMostFourOtherBreaks() {
        var builder = TutorialBuilder()
        for label in ["Step 1", "Step 3", "Step 5", "Step 7", "Step 9", "Step 11", "Step 13"] {
            builder.step(label: label, snippets: [])
        }
        let findings = structureFindings(builder.build())
        XCTAssertEqual(
            findings.map(\.message),
            [
                "step label 'Step 3' skips from 1 to 3 (expected 2 after 'Step 1'); the numbering also breaks at "
                    + "'Step 5' (step 1.3), 'Step 7' (step 1.4), 'Step 9' (step 1.5), 'Step 11' (step 1.6) and 1 more"
            ])
    }

    /// `code-file-missing` comes from the DocC reader's diagnostics, and from a `name:` without extension.
    func testCodeFileMissing() {
        var builder = TutorialBuilder(path: "t.tutorial")
        let options = DocCCodeOptions(
            resource: "01.swift", resourcePath: "R/01.swift", previousResource: nil, previousCode: nil, reset: false)
        builder.step(label: nil, snippets: [.init(file: "PageView", code: "struct PageView {}\n", docc: options)])
        builder.diagnostics = [
            ReaderDiagnostic(
                problem: .missingCodeFile, severity: .error, message: "@Code file '02.swift' not found",
                range: SourceRange(start: 0, end: 1),
                step: StepID(section: 1, step: 1))
        ]
        let findings = structureFindings(builder.build())
        XCTAssertEqual(findings.map(\.rule), ["code-file-missing", "code-file-missing"])
        XCTAssertEqual(findings[0].message, "@Code file '02.swift' not found")
        XCTAssertTrue(findings[1].message.contains("'PageView' has no extension"))
    }
}
