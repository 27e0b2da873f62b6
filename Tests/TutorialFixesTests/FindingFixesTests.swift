import Foundation
import TutorialAnalysis
import TutorialModel
import TutorialReaders
import TutorialRules
import XCTest

@testable import TutorialFixes

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

    func testTheCurlyQuotesFixStraightensEveryStepThatShowsTheLine() throws {
        let file = "import SwiftUI\n\nstruct Greeting: View {\n    var body: some View {\n        Text(\u{201C}Hello\u{201D})\n%@    }\n}\n"
        let first = file.replacingOccurrences(of: "%@", with: "")
        let second = file.replacingOccurrences(of: "%@", with: "        Text(\"World\")\n")
        let text = "# Greeting\n\n## Step 1\n\n```swift file=Greeting.swift\n\(first)```\n\n## Step 2\n\n"
            + "```swift file=Greeting.swift\n\(second)```\n"
        let analysis = analyze(document: SourceDocument(path: "greeting.md", text: text))
        XCTAssertEqual(analysis.findings.map(\.rule), ["curly-quotes-in-code"], "one finding, where the line first appears")
        let fix = try XCTUnwrap(Fix(try XCTUnwrap(analysis.findings.first), in: analysis.tutorial))
        XCTAssertEqual(fix.kind, .repair)
        let fixed = try XCTUnwrap(fixDocument(analysis, write: false).newText)
        XCTAssertEqual(fixed.components(separatedBy: "Text(\"Hello\")").count - 1, 2)
        XCTAssertFalse(fixed.contains("\u{201C}") || fixed.contains("\u{201D}"))
        XCTAssertEqual(analyze(document: SourceDocument(path: "greeting.md", text: fixed)).findings, [])
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
            resolvedAt: nil, documentEdits: [TextEdit(range: range, newText: "")])
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

/// DocC: the code is in resource files, one per step; the fix edits those files.
final class DocCResourceFixTests: XCTestCase {
    /// A DocC catalog whose three steps show the delegate fixture's three states as resources.
    static func makeCatalog() throws -> (tutorial: String, resources: [String]) {
        let fixture = FindingFixesTests.fixture
        let blocks = fixture.components(separatedBy: "```swift file=PageViewController.swift\n").dropFirst().map {
            String($0[..<$0.range(of: "```")!.lowerBound])
        }
        XCTAssertEqual(blocks.count, 3)
        let directory = NSTemporaryDirectory() + "docc-fix-\(UUID().uuidString)/Pages.docc"
        try FileManager.default.createDirectory(atPath: directory + "/Resources", withIntermediateDirectories: true)
        var steps = ""
        var resources: [String] = []
        for (index, code) in blocks.enumerated() {
            let name = "0\(index + 1)-PageViewController.swift"
            try code.write(toFile: directory + "/Resources/" + name, atomically: false, encoding: .utf8)
            resources.append(directory + "/Resources/" + name)
            steps += """
                        @Step {
                            Step \(index + 1) of the page view controller.

                            @Code(name: "PageViewController.swift", file: "\(name)")
                        }

                """
        }
        let tutorial = """
            @Tutorial(time: 5) {
                @Intro(title: "Pages") {
                    A page view.
                }

                @Section(title: "Wrap the page view controller") {
                    @Steps {
            \(steps)        }
                }
            }

            """
        let path = directory + "/Pages.tutorial"
        try tutorial.write(toFile: path, atomically: false, encoding: .utf8)
        return (path, resources)
    }

    func testTheDelegateFixEditsEveryResourceAndTheFindingGoes() throws {
        let (path, resources) = try Self.makeCatalog()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let document = try DocumentLoader.load(path)
        let analysis = analyze(document: document, resources: FileSystemResources())
        let finding = try XCTUnwrap(analysis.findings.first { $0.rule == "coordinator-not-wired" })
        let fix = try XCTUnwrap(Fix(finding, in: analysis.tutorial))
        XCTAssertEqual(fix.edits, [], "the tutorial itself is not edited")
        XCTAssertEqual(fix.otherFiles.map(\.path), resources)
        let outcome = fixDocument(analysis)
        XCTAssertTrue(outcome.changed, "\(outcome.failure ?? "")")
        for resource in resources {
            let text = try String(contentsOfFile: resource, encoding: .utf8)
            XCTAssertTrue(
                text.contains(
                    "        pageViewController.delegate = context.coordinator\n        return pageViewController"))
        }
        let again = analyze(document: try DocumentLoader.load(path), resources: FileSystemResources())
        XCTAssertFalse(again.findings.contains { $0.rule == "coordinator-not-wired" })
    }

    func testLintFixLeavesProblemsALaterStepResolves() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/lint/walkthrough-zh.txt").standardized.path
        // Build order is shown only when asked for; shown, it is still never fixed.
        var configuration = Configuration.default
        configuration.includeBuildOrder = true
        configuration.rules["step-no-change"] = .init(enabled: true)
        let analysis = analyze(document: try DocumentLoader.load(path), configuration: configuration)
        let resolved = analysis.findings.filter { $0.resolvedAt != nil && Fix($0, in: analysis.tutorial) != nil }
        XCTAssertTrue(
            resolved.contains { $0.rule == "coordinator-not-wired" }, "the walkthrough wires its coordinator late")
        let outcome = fixDocument(analysis, write: false)
        XCTAssertEqual(outcome.applied.map(\.rule), [])
        // The open step-no-change removes a snippet: an editor quick fix, never applied in bulk.
        XCTAssertEqual(outcome.editorOnly.map(\.rule), ["step-no-change"])
    }

    func testAResourceChangedSinceTheAnalysisLeavesEveryFileUntouched() throws {
        let (path, resources) = try Self.makeCatalog()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let analysis = analyze(document: try DocumentLoader.load(path), resources: FileSystemResources())
        let before = try resources.map { try String(contentsOfFile: $0, encoding: .utf8) }
        try (before[2] + "// edited meanwhile\n").write(toFile: resources[2], atomically: false, encoding: .utf8)
        let outcome = fixDocument(analysis)
        XCTAssertFalse(outcome.changed)
        XCTAssertTrue(outcome.failure?.contains("changed since it was read") == true, outcome.failure ?? "")
        XCTAssertEqual(try String(contentsOfFile: resources[0], encoding: .utf8), before[0])
        XCTAssertEqual(try String(contentsOfFile: resources[1], encoding: .utf8), before[1])
    }

    func testAResourceReplacedByALinkSinceTheAnalysisIsNotWrittenNorWhatItPointsTo() throws {
        let (path, resources) = try Self.makeCatalog()
        let catalog = (path as NSString).deletingLastPathComponent
        let outside = (catalog as NSString).deletingLastPathComponent + "/outside.swift"
        defer {
            try? FileManager.default.removeItem(atPath: catalog)
            try? FileManager.default.removeItem(atPath: outside)
        }
        let analysis = analyze(document: try DocumentLoader.load(path), resources: FileSystemResources())
        // The same text outside the catalog, and the resource swapped for a link to it: the text check
        // alone would pass, the path check must not.
        let before = try Data(contentsOf: URL(fileURLWithPath: resources[1]))
        try before.write(to: URL(fileURLWithPath: outside))
        try FileManager.default.removeItem(atPath: resources[1])
        try FileManager.default.createSymbolicLink(atPath: resources[1], withDestinationPath: outside)
        let untouched = try resources.filter { $0 != resources[1] }.map {
            try Data(contentsOf: URL(fileURLWithPath: $0))
        }
        let outcome = fixDocument(analysis)
        XCTAssertFalse(outcome.changed)
        XCTAssertTrue(outcome.failure?.contains("leads outside Pages.docc") == true, outcome.failure ?? "")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: outside)), before)
        XCTAssertEqual(
            try resources.filter { $0 != resources[1] }.map { try Data(contentsOf: URL(fileURLWithPath: $0)) },
            untouched)
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: resources[1]), outside,
            "the link is left as it is")
    }

    func testAResourceReplacedByALinkInsideTheCatalogIsNotWrittenEither() throws {
        let (path, resources) = try Self.makeCatalog()
        let catalog = (path as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: catalog) }
        let analysis = analyze(document: try DocumentLoader.load(path), resources: FileSystemResources())
        let copy = catalog + "/copy.swift"
        try FileManager.default.moveItem(atPath: resources[2], toPath: copy)
        try FileManager.default.createSymbolicLink(atPath: resources[2], withDestinationPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let outcome = fixDocument(analysis)
        XCTAssertFalse(outcome.changed)
        XCTAssertTrue(outcome.failure?.contains("replaced by a link since it was read") == true, outcome.failure ?? "")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), before)
    }
}

/// `lint --fix` never deletes what the author wrote, whatever a step says: a fix that removes a snippet,
/// a step or prose is marked (`Fix.deletes`) and left to the editor's quick fixes.
final class BulkFixDeletesNothingTests: XCTestCase {
    static func tutorial(_ prose: String) -> String {
        """
        # Pages

        ## Step 1

        Create the view.

        ```swift file=PageView.swift
        struct PageView {
            var page = 0
        }
        ```

        ## Step 2

        \(prose)

        ```swift file=PageView.swift
        struct PageView {
            var page = 0
        }
        ```

        """
    }

    func testARepeatedSnippetKeepsItsBlockUnderLintFixWhateverTheProse() throws {
        // Steps that ask for an edit their code does not make (step-no-change speaks only then): the
        // repeated snippet is the author's, and only the editor may remove it.
        for prose in [
            "Add a border to the page.", "Next, replace the title with a subtitle.", "페이지에 테두리를 추가합니다.",
        ] {
            let text = Self.tutorial(prose)
            let analysis = analyze(document: SourceDocument(path: "pages.md", text: text), configuration: .only(["step-no-change"]))
            let finding = try XCTUnwrap(analysis.findings.first { $0.rule == "step-no-change" }, prose)
            // The editor still offers the removal, marked as a deletion.
            let fix = try XCTUnwrap(Fix(finding, in: analysis.tutorial))
            XCTAssertTrue(fix.deletes, prose)
            let quickFixed = try EditApplication.apply(fix.edits, to: text)
            XCTAssertEqual(quickFixed.components(separatedBy: "struct PageView").count - 1, 1, prose)
            let outcome = fixDocument(analysis, write: false)
            XCTAssertEqual(outcome.applied.map(\.rule), [], prose)
            XCTAssertEqual(outcome.editorOnly.map(\.rule), ["step-no-change"], prose)
            XCTAssertNil(outcome.newText, prose)
            XCTAssertEqual(
                describeFixes(outcome),
                [
                    "not applied in pages.md: \(fix.title) [step-no-change] deletes text; --fix never deletes, "
                        + "the editor offers it as a quick fix"
                ])
        }
    }

    func testFixesThatAddOrMendAreNotDeletions() throws {
        let analysis = analyze(
            document: SourceDocument(path: "delegate-missing.md", text: FindingFixesTests.fixture))
        let fixes = analysis.findings.compactMap { Fix($0, in: analysis.tutorial) }
        XCTAssertFalse(fixes.isEmpty)
        XCTAssertFalse(fixes.contains(where: \.deletes), "\(fixes.map(\.title))")
        // Prose removed without a replacement is a deletion, as is a whole snippet replaced.
        let tutorial = analysis.tutorial
        let snippet = try XCTUnwrap(tutorial.steps.first?.snippets.first)
        let heading = try XCTUnwrap(Array(FindingFixesTests.fixture.utf8).firstIndex(of: UInt8(ascii: "#")))
        let prose = Fix(
            title: "t", rule: "r", kind: .repair,
            edits: [TextEdit(range: SourceRange(start: heading, end: heading + 3), newText: "")])
        XCTAssertTrue(
            AuthoredTextRemoval.removes(prose.edits, otherFiles: [], in: tutorial))
        XCTAssertTrue(
            AuthoredTextRemoval.removes(
                [TextEdit(range: snippet.range, newText: "let x = 1\n")], otherFiles: [], in: tutorial))
        // Inside a snippet's code, removing a line (a move's first half) mends.
        let inside = SourceRange(start: snippet.range.start, end: snippet.range.start + 1)
        XCTAssertFalse(
            AuthoredTextRemoval.removes([TextEdit(range: inside, newText: "")], otherFiles: [], in: tutorial))
    }
}
