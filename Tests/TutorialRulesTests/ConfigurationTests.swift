import Foundation
import TutorialAnalysis
import TutorialRules
import XCTest

final class ConfigurationTests: XCTestCase {
    func testParsesRuleSettingsAndRejectsUnknownIds() throws {
        let data = Data(
            #"{"rules": {"step-numbering": "error", "prose-code-mismatch": "off", "stale-coordinator-parent": "on", "wiring-in-update": {"severity": "hint"}}, "exclude": ["drafts/**"]}"#
                .utf8)
        let configuration = try Configuration.parse(data, path: "/project/.tutorial-check.json")
        let numbering = RuleRegistry.rule("step-numbering")!.description
        XCTAssertEqual(configuration.severity(of: numbering), .error)
        XCTAssertFalse(configuration.isEnabled(RuleRegistry.rule("prose-code-mismatch")!.description))
        XCTAssertTrue(configuration.isEnabled(RuleRegistry.rule("stale-coordinator-parent")!.description))
        XCTAssertEqual(configuration.severity(of: RuleRegistry.rule("wiring-in-update")!.description), .hint)
        XCTAssertTrue(configuration.excludes(documentPath: "/project/drafts/a/b.md"))
        XCTAssertFalse(configuration.excludes(documentPath: "/project/tutorials/b.md"))
        XCTAssertThrowsError(try Configuration.parse(Data(#"{"rules": {"no-such-rule": "off"}}"#.utf8), path: "x"))
        XCTAssertThrowsError(try Configuration.parse(Data(#"{"rules": {"step-numbering": "loud"}}"#.utf8), path: "x"))
        XCTAssertThrowsError(try Configuration.parse(Data("[]".utf8), path: "x"))
    }

    func testRulesDocumentationIsTheProjectsReferenceUnlessConfigured() throws {
        XCTAssertEqual(
            Configuration.default.documentation(ofRule: "coordinator-not-wired"),
            "https://github.com/tutorial-check/tutorial-check/blob/main/docs/rules.md#coordinator-not-wired")
        let own = try Configuration.parse(
            Data(#"{"rulesDocumentation": "https://docs.example.org/tc/rules.html"}"#.utf8), path: "x")
        XCTAssertEqual(
            own.documentation(ofRule: "step-numbering"), "https://docs.example.org/tc/rules.html#step-numbering")
        for bad in [
            #"{"rulesDocumentation": 3}"#, #"{"rulesDocumentation": "rules.md"}"#,
            #"{"rulesDocumentation": "tutorial-check://rules"}"#, #"{"rulesDocumentation": "https://e.org/r.md#x"}"#,
        ] {
            XCTAssertThrowsError(try Configuration.parse(Data(bad.utf8), path: "x"), bad)
        }
    }

    func testFoundByWalkingUpFromTheDocument() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tutorial-check-config-\(UUID().uuidString)")
        let nested = root.appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let config = root.appendingPathComponent(".tutorial-check.json")
        try Data(#"{"exclude": ["*.draft.md"]}"#.utf8).write(to: config)
        let document = nested.appendingPathComponent("page.draft.md").path
        XCTAssertEqual(
            Configuration.find(forDocument: document).map { URL(fileURLWithPath: $0).standardizedFileURL.path },
            config.standardizedFileURL.path)
        let loaded = try Configuration.load(path: config.path)
        XCTAssertTrue(loaded.excludes(documentPath: document))
        XCTAssertFalse(loaded.excludes(documentPath: nested.appendingPathComponent("page.md").path))
    }
}
