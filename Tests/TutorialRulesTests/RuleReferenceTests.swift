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

    /// The registry is the one list of rules: every id is unique and has its broken fixture under
    /// Fixtures/lint/<id>/, and every fixture directory names a registered rule.
    func testEveryRegisteredRuleIsUniqueAndHasAFixture() throws {
        let ids = RuleRegistry.ids
        XCTAssertEqual(Set(ids).count, ids.count, "duplicate rule ids: \(ids)")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let lint = root.appendingPathComponent("Fixtures/lint")
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: lint.path).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: lint.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
        XCTAssertEqual(Set(fixtures), Set(ids))
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
