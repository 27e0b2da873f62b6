import Foundation
import Reports
import TutorialRules
import XCTest

/// docs/rules.md is generated from the rule descriptions; this fails when it is stale.
final class RuleReferenceTests: XCTestCase {
    func testDocsRulesMarkdownIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.appendingPathComponent("docs/rules.md")
        let written = try String(contentsOf: path, encoding: .utf8)
        XCTAssertEqual(
            written, renderRulesMarkdown(),
            "docs/rules.md is stale: regenerate it with `tutorial-check rules --format markdown > docs/rules.md`")
    }

    func testEveryRuleOfTheCatalogIsRegistered() {
        let catalog = [
            "coordinator-not-wired", "wiring-in-update", "missing-make-coordinator", "coordinator-protocol-missing",
            "coordinator-not-nsobject", "missing-required-method", "selector-target-mismatch",
            "binding-passed-by-value",
            "initializer-mismatch", "hosting-controller-not-contained", "representable-in-cell-configuration",
            "stale-coordinator-parent", "swift-syntax-error", "step-no-change", "step-numbering", "code-file-missing",
            // Not in the original catalog: what the readers could not read, reported as a rule of its own.
            "input-error",
            "file-name-mismatch", "prose-code-mismatch",
        ]
        XCTAssertEqual(RuleRegistry.ids, catalog)
        XCTAssertEqual(RuleRegistry.rule("stale-coordinator-parent")?.description.enabledByDefault, false)
        XCTAssertEqual(RuleRegistry.rule("stale-coordinator-parent")?.description.defaultSeverity, .hint)
        XCTAssertEqual(RuleRegistry.rule("missing-make-coordinator")?.description.defaultSeverity, .error)
        XCTAssertEqual(RuleRegistry.rule("prose-code-mismatch")?.description.defaultSeverity, .information)
    }

    func testExplainShowsExamplesAndRejectsUnknownIds() {
        let text = renderRuleExplanation("coordinator-not-wired") ?? ""
        XCTAssertTrue(text.contains("UIPageViewControllerDataSource"))
        XCTAssertTrue(text.contains("Not reported"))
        XCTAssertNil(renderRuleExplanation("no-such-rule"))
        XCTAssertEqual(renderRuleList().split(separator: "\n").count, RuleRegistry.all.count)
    }

    func testKnownProtocolTableLoads() {
        let table = KnownProtocols.standard
        XCTAssertEqual(
            table.entry("UIPageViewControllerDataSource")?.required,
            ["pageViewController(_:viewControllerBefore:)", "pageViewController(_:viewControllerAfter:)"])
        XCTAssertNotNil(table.entry("UITableViewDataSource"))
        XCTAssertTrue(table.isObjCProtocol("UIPickerViewDelegate"))
        XCTAssertFalse(table.isObjCProtocol("Identifiable"))
    }
}
