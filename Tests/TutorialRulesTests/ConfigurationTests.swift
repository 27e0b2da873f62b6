import Foundation
import TutorialAnalysis
import TutorialReaders
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
            try Configuration.find(forDocument: document).map { URL(fileURLWithPath: $0).standardizedFileURL.path },
            config.standardizedFileURL.path)
        let loaded = try Configuration.load(path: config.path)
        XCTAssertTrue(loaded.excludes(documentPath: document))
        XCTAssertFalse(loaded.excludes(documentPath: nested.appendingPathComponent("page.md").path))
    }

    private func scratch() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tutorial-check-config-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        return try XCTUnwrap(FileTreeWalk.realPath(root))
    }

    /// The walk up stops at the repository root: a configuration above the checkout configures nothing.
    func testTheLookupStopsAtTheRepositoryRoot() throws {
        let root = try scratch()
        try FileManager.default.createDirectory(atPath: root + "/checkout/.git", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/checkout/docs", withIntermediateDirectories: true)
        try Data(#"{"exclude": ["**"]}"#.utf8).write(to: URL(fileURLWithPath: root + "/.tutorial-check.json"))
        XCTAssertNil(try Configuration.find(forDocument: root + "/checkout/docs/t.md"))
        // A worktree's or submodule's `.git` is a file: the same root.
        try FileManager.default.removeItem(atPath: root + "/checkout/.git")
        try Data("gitdir: elsewhere\n".utf8).write(to: URL(fileURLWithPath: root + "/checkout/.git"))
        XCTAssertNil(try Configuration.find(forDocument: root + "/checkout/docs/t.md"))
        // Inside the repository the nearest file is found as before.
        try Data("{}".utf8).write(to: URL(fileURLWithPath: root + "/checkout/.tutorial-check.json"))
        XCTAssertEqual(
            try Configuration.find(forDocument: root + "/checkout/docs/t.md"), root + "/checkout/.tutorial-check.json")
    }

    /// A configuration file linked outside the repository is an error in one line; linked inside, read.
    func testALinkedConfigurationLeadingOutsideTheRepositoryIsRefused() throws {
        let root = try scratch()
        try FileManager.default.createDirectory(atPath: root + "/checkout/.git", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/checkout/shared", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: root + "/outside.json"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: root + "/checkout/shared/config.json"))
        let config = root + "/checkout/.tutorial-check.json"
        try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: root + "/outside.json")
        XCTAssertThrowsError(try Configuration.find(forDocument: root + "/checkout/t.md")) { error in
            let message = (error as? Configuration.LoadError)?.description ?? ""
            XCTAssertEqual(
                message,
                "\(config): is a symbolic link to \(root)/outside.json, outside the repository \(root)/checkout; "
                    + "a configuration file is read only inside it")
        }
        try FileManager.default.removeItem(atPath: config)
        try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: "shared/config.json")
        XCTAssertEqual(try Configuration.find(forDocument: root + "/checkout/t.md"), config)
    }

    /// Limits with one-line errors: the file's size (never read past it), the number and length of globs.
    func testSizeAndGlobLimits() throws {
        let root = try scratch()
        let big = root + "/big.json"
        XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: big))
        try handle.truncate(atOffset: 185 << 20)
        try handle.close()
        XCTAssertThrowsError(try Configuration.load(path: big)) { error in
            XCTAssertEqual(
                "\(error)", "\(big): is 185.0 MiB, over the limit of 1 MiB for a configuration file")
        }
        let globs = (0...Configuration.maximumGlobs).map { "drafts-\($0)/**" }
        let many = try JSONSerialization.data(withJSONObject: ["exclude": globs])
        XCTAssertThrowsError(try Configuration.parse(many, path: "c.json")) { error in
            XCTAssertEqual("\(error)", "c.json: 'exclude' has 257 globs, over the limit of 256")
        }
        let long = try JSONSerialization.data(withJSONObject: ["exclude": [String(repeating: "a", count: 1_025)]])
        XCTAssertThrowsError(try Configuration.parse(long, path: "c.json")) { error in
            XCTAssertEqual("\(error)", "c.json: an 'exclude' glob is 1025 characters long, over the limit of 1024")
        }
        let fifo = root + "/fifo.json"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        XCTAssertThrowsError(try Configuration.load(path: fifo)) { error in
            XCTAssertEqual("\(error)", "\(fifo): is not a regular file")
        }
    }

    /// Globs keep their meaning, compiled once per configuration.
    func testGlobsMatchAsBefore() {
        let cases: [(String, String, Bool)] = [
            ("*.draft.md", "page.draft.md", true), ("*.draft.md", "a/page.draft.md", false),
            ("drafts/**", "drafts/a/b.md", true), ("drafts/**", "drafts", false), ("**/x.md", "x.md", true),
            ("**/x.md", "a/b/x.md", true), ("**/x.md", "a/bx.md", false), ("a?c.md", "abc.md", true),
            ("a?c.md", "a/c.md", false), ("**********c", "aaaa/bbbb/c", true), ("**********c", "aaaa/bbbb/d", false),
            ("a*b*c", "aXbYc", true), ("a*b*c", "aXbY/c", false), ("docs/*.md", "docs/a.md", true),
            ("[x].md", "[x].md", true), ("a.md", "abmd", false),
        ]
        for (glob, path, expected) in cases {
            XCTAssertEqual(GlobPattern(glob).matches(path), expected, "\(glob) ~ \(path)")
        }
        var configuration = Configuration()
        configuration.exclude = ["*.draft.md"]
        XCTAssertEqual(configuration.excludePatterns, [GlobPattern("*.draft.md")])
    }
}
