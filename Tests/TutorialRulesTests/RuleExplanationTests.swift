import Reports
import TutorialRules
import XCTest

/// `tutorial-check explain`: a rule's measured precision is shown once its description has one, never
/// made up; the reference link is the configured reference's section for the rule.
final class RuleExplanationTests: XCTestCase {
    func testMeasuredPrecisionIsShownOnlyWhenSet() throws {
        let rule = try XCTUnwrap(RuleRegistry.rule("wiring-in-update")?.description)
        XCTAssertNil(rule.measuredPrecision)
        let plain = renderRuleExplanation(rule, documentation: "https://docs.example.org/rules.md")
        XCTAssertFalse(plain.contains("precision"))
        XCTAssertTrue(plain.contains("\nReference: https://docs.example.org/rules.md#wiring-in-update\n"))
        let measured = RuleDescription(
            id: rule.id, category: rule.category, summary: rule.summary, explanation: rule.explanation,
            defaultSeverity: rule.defaultSeverity, triggering: rule.triggering, nonTriggering: rule.nonTriggering,
            measuredPrecision: .init(value: 0.917, sample: 48, date: "2026-12-01"))
        let text = renderRuleExplanation(measured, documentation: Configuration.projectRulesDocumentation)
        XCTAssertTrue(
            text.contains(
                "Measured precision: 92% of 48 findings on the held-out part of the real-world set were right (2026-12-01"),
            text)
        XCTAssertTrue(text.contains("Reference: https://github.com/"))
    }
}
