import Foundation
import TutorialFixes
import TutorialModel
import TutorialReaders
import TutorialRules
import XCTest

/// `lint --fix` and the server's quick fixes share this path: findings → fixes → one edit set per file.
final class FindingFixesTests: XCTestCase {
    static let fixture: String = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../e2e/lsp/fixtures/delegate-missing.md").standardized.path
        return String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }()

    func testTheDelegateFixCoversAllThreeStepsAndLeavesNoFinding() throws {
        let document = SourceDocument(path: "delegate-missing.md", text: Self.fixture)
        let analysis = analyze(document: document)
        let finding = try XCTUnwrap(analysis.findings.first { $0.rule == "coordinator-not-wired" })
        let fix = try XCTUnwrap(Fix(finding, in: analysis.tutorial))
        XCTAssertEqual(fix.kind, .repair)
        XCTAssertEqual(fix.edits.count, 3)
        let outcome = fixDocument(analysis, write: false)
        XCTAssertEqual(outcome.applied.map(\.rule), ["coordinator-not-wired"])
        let fixed = try XCTUnwrap(outcome.newText)
        XCTAssertEqual(
            fixed.components(separatedBy: "pageViewController.delegate = context.coordinator\n").count - 1, 3)
        let again = analyze(document: SourceDocument(path: "delegate-missing.md", text: fixed))
        XCTAssertFalse(again.findings.contains { $0.rule == "coordinator-not-wired" })
        XCTAssertEqual(
            describeFixes(outcome),
            [
                "fixed delegate-missing.md: \(fix.title) [coordinator-not-wired], 3 edits"
            ])
    }

    func testAFindingWithoutEditsOffersNoRepair() {
        let finding = Finding(
            rule: "step-numbering", subject: "s", severity: .warning, message: "m",
            range: SourceRange(start: 0, end: 1),
            file: nil, step: nil, resolvedAt: nil)
        XCTAssertNil(
            Fix(
                finding,
                in: Tutorial(
                    document: SourceDocument(path: "t.md", text: "x"), format: .markdown, title: nil, sections: [])))
    }
}

/// A rule removes a snippet by its code range; the engine removes the whole block in the document's syntax.
final class SnippetRemovalTests: XCTestCase {
    func removal(_ text: String, path: String, snippet index: Int) throws -> String {
        let tutorial = readTutorial(SourceDocument(path: path, text: text))
        let snippets = tutorial.steps.flatMap(\.snippets)
        XCTAssertGreaterThan(snippets.count, index, "the reader found the snippets")
        let range = snippets[index].range
        let finding = Finding(
            rule: "step-no-change", subject: "s", severity: .warning, message: "m", range: range, file: nil, step: nil,
            resolvedAt: nil, documentEdits: [TutorialRules.TextEdit(range: range, newText: "")])
        let fix = try XCTUnwrap(Fix(finding, in: tutorial))
        return try EditApplication.apply(fix.edits, to: text)
    }

    func testMarkdownLosesTheFencesAndOneBlankLine() throws {
        let text =
            "# T\n\n## Step 1\n\n```swift file=A.swift\nlet a = 1\n```\n\n## Step 2\n\n```swift file=A.swift\nlet a = 1\n```\n\nDone.\n"
        XCTAssertEqual(
            try removal(text, path: "t.md", snippet: 1),
            "# T\n\n## Step 1\n\n```swift file=A.swift\nlet a = 1\n```\n\n## Step 2\n\nDone.\n")
    }

    func testHTMLLosesThePreElement() throws {
        let text = """
            <html><body><h2>Step 1</h2>
            <pre><code class="lang-swift">let a = 1
            </code></pre>
            <h2>Step 2</h2>
            <pre><code class="lang-swift">let a = 1
            </code></pre>
            <p>Done.</p>
            </body></html>

            """
        let result = try removal(text, path: "t.html", snippet: 1)
        XCTAssertEqual(result.components(separatedBy: "<pre>").count - 1, 1, result)
        XCTAssertTrue(result.contains("<h2>Step 2</h2>\n<p>Done.</p>"), result)
    }
}
