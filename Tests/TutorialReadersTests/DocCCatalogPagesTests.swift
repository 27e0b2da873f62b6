import TestSupport
import TutorialModel
import XCTest

@testable import TutorialReaders

/// A DocC catalog holds more than tutorials: articles, extension files and a table of contents.
final class DocCCatalogPagesTests: XCTestCase {
    /// Markdown that would be read as a tutorial with three steps (one skipped number, one repeat).
    let stepsInMarkdown = """
        # Getting Started

        ## Step 1

        ```swift
        struct A {}
        ```

        ## Step 2

        ```swift
        struct A {}
        ```

        ## Step 4

        See ``A``.

        """

    private func read(_ path: String, _ text: String, resources: [String: String] = [:]) -> Tutorial {
        readTutorial(SourceDocument(path: path, text: text), resources: MemoryResources(resources))
    }

    func testAnArticleInACatalogHasNoStepsAndNoDiagnostics() {
        let article = read("Book.docc/GettingStarted.md", stepsInMarkdown)
        XCTAssertEqual(article.format, .markdown)
        XCTAssertEqual(article.title, "Getting Started")
        XCTAssertEqual(article.sections.count, 0)
        XCTAssertEqual(article.diagnostics, [])
        // Deeper in the catalog too.
        XCTAssertEqual(read("Docs/Book.docc/Articles/Deep/GettingStarted.md", stepsInMarkdown).steps.count, 0)
    }

    func testTheSameMarkdownOutsideACatalogIsATutorial() {
        XCTAssertEqual(read("Docs/GettingStarted.md", stepsInMarkdown).steps.count, 3)
    }

    func testAnExtensionFileIsNotATutorialAnywhere() {
        let text = "# ``Counting/CounterView``\n\n" + stepsInMarkdown.dropFirst("# Getting Started\n\n".count)
        let page = read("Docs/CounterView.md", String(text))
        XCTAssertEqual(page.title, "``Counting/CounterView``")
        XCTAssertEqual(page.steps.count, 0)
        XCTAssertEqual(page.diagnostics, [])
    }

    func testAnExtensionFileWithCRLFLineEndsIsFoundToo() {
        let text = "# ``Counting/CounterView``\r\n\r\n" + stepsInMarkdown.dropFirst("# Getting Started\n\n".count)
            .replacingOccurrences(of: "\n", with: "\r\n")
        let page = read("Docs/CounterView.md", text)
        XCTAssertEqual(page.title, "``Counting/CounterView``")
        XCTAssertEqual(page.steps.count, 0)
    }

    func testATitleInCodeIsNoSymbolLink() {
        // Three backticks, or a blank inside, make code in a heading: the note is read as any other.
        for title in ["```Counting```", "`` Counting ``"] {
            for lineEnd in ["\n", "\r\n"] {
                let text = ("# \(title)\n\n" + stepsInMarkdown.dropFirst("# Getting Started\n\n".count))
                    .replacingOccurrences(of: "\n", with: lineEnd)
                XCTAssertEqual(read("Docs/Counting.md", text).steps.count, 3, "\(title) \(lineEnd.debugDescription)")
            }
        }
    }

    /// The title is looked for in the opening lines first: it must be the whole text's wherever it stands, in a
    /// fence that opens in the opening and closes past it, behind Unicode's line breaks, with CRLF lines.
    func testTheTitleFoundInTheOpeningIsTheWholeTextsTitle() {
        let filler = String(repeating: "Some prose that fills the opening lines.\n", count: 120)
        let cases: [(String, String?)] = [
            ("# ``A/B``\n" + filler, "``A/B``"),
            (filler + "# ``A/B``\n", "``A/B``"),
            ("```\n" + filler + "# Fenced\n```\n# After\n", "After"),
            ("Intro\u{2028}# Split\r\n" + filler, "Split"),
            ("Intro\r\n\r\n# \u{3000}``X``\u{2003}\r\n" + filler, "``X``"),
            (filler + filler, nil),
            ("", nil),
        ]
        for (text, title) in cases {
            XCTAssertEqual(DocCCatalogPages.title(of: SourceDocument(path: "t.md", text: text)), title)
            let edited = SourceDocument(path: "t.md", text: "x" + text).replacing(SourceRange(start: 0, end: 1), with: "")
            XCTAssertEqual(DocCCatalogPages.title(of: edited), title, text.prefix(20).debugDescription)
        }
    }

    func testATitleInsideACodeFenceIsNotTheTitle() {
        let text = "```\n# ``Not/The/Title``\n```\n\n## Step 1\n\n```swift\nlet a = 1\n```\n"
        XCTAssertTrue(read("Docs/t.md", text).steps.contains { $0.label == "Step 1" })
    }

    func testTheCatalogIsFoundFromTheResolvedPath() {
        // Typed without `.docc` anywhere, resolved (as a link would be) into a catalog.
        struct Linked: ResourceProvider {
            func resolvedPath(_ path: String) -> String? {
                path == "view/GettingStarted.md" ? "/real/Book.docc/GettingStarted.md" : nil
            }
            func item(atResolved path: String, byteLimit: Int) -> ResourceItem { .missing }
            func files(under directory: String, limit: Int) -> FileTreeWalk.Listing { .init(files: [], complete: true) }
        }
        let document = SourceDocument(path: "view/GettingStarted.md", text: stepsInMarkdown)
        XCTAssertEqual(readTutorial(document, resources: Linked()).steps.count, 0)
    }

    func testATableOfContentsOrdersTheCatalogsTutorials() {
        let toc = """
            @Tutorials(name: "Counting") {
                @Chapter(name: "Basics") {
                    @TutorialReference(tutorial: "doc:Zebra")
                }
                @Volume(name: "More") {
                    @Chapter(name: "Storage") {
                        @TutorialReference(tutorial: "doc:Counting/Apple")
                    }
                }
            }

            """
        XCTAssertEqual(
            DocCReader.tutorialOrder(ofTableOfContents: SourceDocument(path: "B.docc/TOC.tutorial", text: toc)),
            ["Zebra", "Apple"])
        let files = [
            "B.docc/Apple.tutorial", "B.docc/Middle.tutorial", "B.docc/README.md", "B.docc/TOC.tutorial",
            "B.docc/Zebra.tutorial", "other.md", "C.docc/Zebra.tutorial", "C.docc/Apple.tutorial",
        ]
        let ordered = DocCCatalogPages.orderedByTableOfContents(files) { path in
            path == "B.docc/TOC.tutorial"
                ? SourceDocument(path: path, text: toc) : SourceDocument(path: path, text: "@Tutorial {}\n")
        }
        XCTAssertEqual(
            ordered,
            [
                "B.docc/Zebra.tutorial", "B.docc/Apple.tutorial", "B.docc/README.md", "B.docc/Middle.tutorial",
                "B.docc/TOC.tutorial", "other.md", "C.docc/Zebra.tutorial", "C.docc/Apple.tutorial",
            ])
    }

    func testAMalformedResourceArgumentSaysSoInsteadOfNotFound() throws {
        let marked = MarkedText(
            docCTutorial(
                step: """
                            @Code(name: "A.swift", file: "a.swift", previousFile: 1️⃣file: a-0.swift2️⃣)
                    """))
        let tutorial = readDocC(
            marked.text, resources: ["Guide.docc/a.swift": "let a = 1\n", "Guide.docc/a-0.swift": "let a = 0\n"])
        let diagnostic = try XCTUnwrap(tutorial.diagnostics.first)
        XCTAssertEqual(tutorial.diagnostics.count, 1)
        XCTAssertEqual(diagnostic.problem, .missingCodeFile)
        XCTAssertEqual(diagnostic.range, SourceRange(start: marked["1️⃣"], end: marked["2️⃣"]))
        XCTAssertEqual(
            diagnostic.message,
            "@Code previousFile: is malformed: its value \"file: a-0.swift\" begins with the label file:, as if a "
                + "value or a comma were missing; write previousFile: \"FileName.swift\"")
        // A quoted value with a colon is a file name like any other.
        let quoted = readDocC(
            docCTutorial(step: "@Code(name: \"A.swift\", file: \"a.swift\", previousFile: \"x: y.swift\")"),
            resources: ["Guide.docc/a.swift": "let a = 1\n"])
        XCTAssertTrue(quoted.diagnostics.first?.message.contains("was not found") == true)
    }

    func testReferencesOutOfTheCatalogSayWhy() {
        let tutorial = readDocC(
            docCTutorial(
                step: """
                    @Code(name: "A.swift", file: "../secret.swift")
                    @Code(name: "A.swift", file: "/etc/passwd")
                    @Code(name: "A.swift", file: "")
                    """),
            resources: ["secret.swift": "let secret = 1\n", "Guide.docc/a.swift": ""])
        XCTAssertEqual(
            tutorial.diagnostics.map(\.message),
            [
                "@Code file: \"../secret.swift\" points outside the catalog Guide.docc; resources are read only inside it",
                "@Code file: \"/etc/passwd\" is an absolute path; DocC looks resources up by name inside the catalog "
                    + "Guide.docc, so it is not read",
                "@Code file: has no value; write the resource's file name, like \"01-PageView.swift\"",
            ])
        XCTAssertEqual(tutorial.steps.first?.snippets.map(\.code), ["", "", ""])
    }
}
