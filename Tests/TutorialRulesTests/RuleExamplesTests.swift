import SwiftFacts
import TestSupport
import TutorialAnalysis
import TutorialModel
import TutorialRules
import XCTest

/// Runs every registered rule's examples: each triggering example must produce exactly one finding
/// per marker, starting at the marker; each non-triggering example must produce none.
final class RuleExamplesTests: XCTestCase {
    func testEveryRuleHasEnoughExamples() {
        for rule in RuleRegistry.all {
            let description = rule.description
            XCTAssertGreaterThanOrEqual(description.triggering.count, 3, "\(description.id): triggering examples")
            XCTAssertGreaterThanOrEqual(
                description.nonTriggering.count, 3, "\(description.id): non-triggering examples")
            XCTAssertFalse(description.summary.isEmpty, description.id)
        }
    }

    func testTriggeringExamplesReportAtTheirMarkers() {
        let cache = FactsCache()
        for rule in RuleRegistry.all {
            let id = rule.description.id
            for (index, example) in rule.description.triggering.enumerated() {
                let built = ExampleTutorial(example)
                XCTAssertFalse(built.expectedOffsets.isEmpty, "\(id) triggering #\(index + 1) has no marker")
                let findings = analyze(tutorial: built.tutorial, configuration: .only([id]), cache: cache).findings
                let starts = findings.map(\.range.start).sorted()
                XCTAssertEqual(
                    starts, built.expectedOffsets,
                    "\(id) triggering #\(index + 1) (\(example.note ?? "")): \(describe(findings, in: built.tutorial))")
                for finding in findings { XCTAssertEqual(finding.rule, id) }
            }
        }
    }

    func testNonTriggeringExamplesStaySilent() {
        let cache = FactsCache()
        for rule in RuleRegistry.all {
            let id = rule.description.id
            for (index, example) in rule.description.nonTriggering.enumerated() {
                let built = ExampleTutorial(example)
                let findings = analyze(tutorial: built.tutorial, configuration: .only([id]), cache: cache).findings
                XCTAssertEqual(
                    findings.count, 0,
                    "\(id) non-triggering #\(index + 1) (\(example.note ?? "")): \(describe(findings, in: built.tutorial))"
                )
            }
        }
    }

    private func describe(_ findings: [Finding], in tutorial: Tutorial) -> String {
        findings.map { finding in
            let position = tutorial.document.lineIndex.lineColumn(of: finding.range.start)
            return "\(position) \(finding.subject): \(finding.message)"
        }.joined(separator: "; ")
    }
}
