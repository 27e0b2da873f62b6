import TestSupport
import TutorialModel
import XCTest

@testable import TutorialReaders

final class MarkdownReaderTests: XCTestCase {
    private func read(_ text: String) -> Tutorial {
        MarkdownReader.read(SourceDocument(path: "test.md", text: text))
    }

    private func onlySnippet(_ tutorial: Tutorial, file: StaticString = #filePath, line: UInt = #line) -> Snippet? {
        let snippets = tutorial.steps.flatMap(\.snippets)
        XCTAssertEqual(snippets.count, 1, "snippets", file: file, line: line)
        return snippets.first
    }

    /// The document offset of the first occurrence of `needle` in the snippet's code.
    private func mapped(_ snippet: Snippet, _ needle: String) -> Int? {
        guard let range = snippet.code.range(of: needle) else { return nil }
        return snippet.sourceMap.documentOffset(
            forCodeOffset: snippet.code.utf8.distance(from: snippet.code.startIndex, to: range.lowerBound))
    }

    func testBlockQuoteMarkersAreStrippedAndEachLineMapsBack() throws {
        let marked = MarkedText("> ```swift\n> 1️⃣let a = 1\n>\t2️⃣let b = 2\n> ```\n")
        let snippet = try XCTUnwrap(onlySnippet(read(marked.text)))
        // The tab after `>` is one column of marker space and two columns of indentation.
        XCTAssertEqual(snippet.code, "let a = 1\n  let b = 2\n")
        XCTAssertEqual(snippet.range.start, marked["1️⃣"])
        XCTAssertEqual(mapped(snippet, "let a"), marked["1️⃣"])
        XCTAssertEqual(mapped(snippet, "let b"), marked["2️⃣"])
    }

    func testListIndentationIsStrippedButCodeIndentationKept() throws {
        let marked = MarkedText("1. Open it.\n\n   ```swift\n   1️⃣let x = 1\n       2️⃣let y = 2\n   ```\n")
        let snippet = try XCTUnwrap(onlySnippet(read(marked.text)))
        XCTAssertEqual(snippet.code, "let x = 1\n    let y = 2\n")
        XCTAssertEqual(snippet.range.start, marked["1️⃣"])
        XCTAssertEqual(mapped(snippet, "let y"), marked["2️⃣"])
    }

    func testCRLFEmojiAndCJKColumnsAreExact() throws {
        let marked = MarkedText("## Step 1\r\n\r\n~~~swift\r\nlet 名 = \"😀\"; 1️⃣let z = 1\r\n~~~\r\n")
        let document = SourceDocument(path: "test.md", text: marked.text)
        let snippet = try XCTUnwrap(onlySnippet(MarkdownReader.read(document)))
        XCTAssertEqual(snippet.code, "let 名 = \"😀\"; let z = 1\n")
        XCTAssertEqual(mapped(snippet, "let z"), marked["1️⃣"])
        // `let 名 = "😀"; ` is 13 UTF-16 units before `let z`: the emoji counts two.
        XCTAssertEqual(document.lineIndex.lineColumn(of: marked["1️⃣"]), LineColumn(line: 4, column: 15))
        // The range ends before the line's CR.
        XCTAssertEqual(document.lineIndex.lineColumn(of: snippet.range.end), LineColumn(line: 4, column: 24))
    }

    func testIndentedCodeAndSetextHeadings() throws {
        let marked = MarkedText(
            "Title\n=====\n\nStep 1: Indented\n----------------\n\nText.\n\n    1️⃣let i = 1\n\n    2️⃣let j = 2\n")
        let tutorial = read(marked.text)
        XCTAssertEqual(tutorial.title, "Title")
        XCTAssertEqual(tutorial.steps.map(\.label), ["Step 1"])
        XCTAssertEqual(tutorial.steps.first?.title, "Indented")
        let snippet = try XCTUnwrap(onlySnippet(tutorial))
        XCTAssertEqual(snippet.code, "let i = 1\n\nlet j = 2\n")
        XCTAssertEqual(snippet.range.start, marked["1️⃣"])
        XCTAssertEqual(mapped(snippet, "let j"), marked["2️⃣"])
        XCTAssertNil(snippet.language)
    }

    func testInfoStringNamesAndLanguages() {
        let cases: [(String, String?, String?)] = [
            ("swift file=A.swift", "swift", "A.swift"),
            ("swift title=\"B.swift\"", "swift", "B.swift"),
            ("Swift", "swift", nil),
            ("{.swift file=\"C.swift\"}", "swift", "C.swift"),
            ("D.swift", "swift", "D.swift"),
            ("swift:E.swift", "swift", "E.swift"),
            ("swift PageView.swift", "swift", "PageView.swift"),
            ("swift title=\"Not a file name\"", "swift", nil),
            ("", nil, nil),
        ]
        for (info, language, fileName) in cases {
            let parsed = MarkdownInfoString(info)
            XCTAssertEqual(parsed.language, language, info)
            XCTAssertEqual(parsed.fileName, fileName, info)
        }
    }

    func testAMisspeltLanguageWordIsToldWithTheLanguageItStandsFor() {
        let cases: [(String, String?)] = [
            ("swfit", "swift"), ("Swfit file=A.swift", "swift"), ("switft", "swift"), ("swif", "swift"),
            ("pyhton", "python"), ("swift", nil), ("cython", nil), ("python3", nil), ("swf", nil),
            // A language a file name's extension gives is no language word.
            ("A.swfit", nil), ("", nil),
        ]
        for (info, meant) in cases {
            XCTAssertEqual(MarkdownInfoString(info).languageMeant, meant, info)
        }
        let tutorial = read("## Step 1\n\n```swfit\nlet a = 1\n```\n\n~~~ {.Swfit}\nlet b = 2\n~~~\n")
        XCTAssertEqual(tutorial.diagnostics.map(\.message).filter { $0.contains("`swfit`") }.count, 2)
        // The repair writes the language over the word, in the case of its first letter.
        let bytes = Array(tutorial.document.text.utf8)
        XCTAssertEqual(
            tutorial.diagnostics.compactMap(\.repair).flatMap(\.edits).map {
                "\(String(decoding: bytes[$0.range.start..<$0.range.end], as: UTF8.self))→\($0.newText)"
            },
            ["swfit→swift", "Swfit→Swift"])
    }

    func testFileNameParagraphLabelsTheNextBlockOnly() throws {
        let tutorial = read(
            "## Step 1\n\n`PageView.swift`\n\n```swift\nlet a = 1\n```\n\nPageControl.swift:\n\nSome prose.\n\n```swift\nlet b = 2\n```\n"
        )
        let snippets = tutorial.steps.flatMap(\.snippets)
        XCTAssertEqual(snippets.map(\.fileName), ["PageView.swift", nil])
        // The caption is not prose; the name before prose (not code) is.
        XCTAssertEqual(tutorial.steps.first?.prose, "PageControl.swift:\nSome prose.")
    }

    func testBoldPrefixStepsCarryLabelTitleAndProse() {
        let tutorial = read(
            "Intro.\n\n**Step 2.** Add the view.\n\n```swift\nlet v = 1\n```\n\n**Steps to follow** is prose.\n")
        let step = tutorial.steps.first
        XCTAssertEqual(tutorial.steps.count, 1)
        XCTAssertEqual(step?.label, "Step 2")
        XCTAssertEqual(step?.labelNumber, 2)
        XCTAssertEqual(step?.title, "Add the view.")
        XCTAssertEqual(step?.prose, "Add the view.\nSteps to follow is prose.")
    }

    func testAsidesStayInTheirStep() {
        let labelled = read(
            "## Step 1\n\n```swift\nlet a = 1\n```\n\n## Experiment\n\n```swift\nlet b = 2\n```\n\n## Step 2\n\n```swift\nlet c = 3\n```\n"
        )
        XCTAssertEqual(labelled.steps.map { $0.snippets.count }, [2, 1])
        let unlabelled = read(
            "Do this.\n\n```swift\nlet a = 1\n```\n\n> Note: keep going.\n\n```swift\nlet b = 2\n```\n\nNow that.\n\n```swift\nlet c = 3\n```\n"
        )
        XCTAssertEqual(unlabelled.steps.map { $0.snippets.count }, [2, 1])
        XCTAssertEqual(unlabelled.steps.map(\.label), [nil, nil])
        XCTAssertEqual(unlabelled.steps.map(\.id.description), ["1.1", "1.2"])
    }

    func testUnlabelledHeadingsMakeSectionsAndImplicitSteps() {
        let tutorial = read(
            "# T\n\n## First\n\n```swift\nlet a = 1\n```\n\n## Second\n\n### Part\n\n```swift\nlet b = 2\n```\n")
        XCTAssertEqual(tutorial.title, "T")
        XCTAssertEqual(tutorial.sections.map(\.title), ["First", "Second"])
        XCTAssertEqual(tutorial.sections.map { $0.steps.map(\.title) }, [[""], ["Part"]])
    }

    func testHeadingsAboveTheStepLevelMakeSections() {
        let tutorial = read(
            "# T\n\n## Views\n\n### Step 1\n\n```swift\nlet a = 1\n```\n\n#### Details\n\nMore.\n\n## 第二节 数据源\n\n### 步骤1\n\n```swift\nlet b = 2\n```\n"
        )
        XCTAssertEqual(tutorial.sections.map(\.title), ["Views", "数据源"])
        XCTAssertEqual(tutorial.steps.map(\.label), ["Step 1", "步骤1"])
        XCTAssertEqual(tutorial.steps.first?.prose, "Details\nMore.")
    }

    func testTableOfContentsRepeatsMakeNoSteps() {
        let tutorial = read(
            "## Contents\n\n### Step 1: Make\n\n### Step 2: Use\n\n## Body\n\n### Step 1: Make\n\n```swift\nlet a = 1\n```\n\n### Step 2: Use\n\n```swift\nlet b = 2\n```\n"
        )
        XCTAssertEqual(tutorial.sections.map(\.title), ["Body"])
        XCTAssertEqual(tutorial.steps.map(\.id.description), ["1.1", "1.2"])
    }

    func testUnclosedFenceGivesADiagnosticAndTheRestAsCode() throws {
        let marked = MarkedText("## Step 1\n\n1️⃣```swift\nlet a = 1\n## Not a heading\n")
        let tutorial = read(marked.text)
        XCTAssertEqual(tutorial.steps.count, 1)
        XCTAssertEqual(tutorial.steps.first?.snippets.first?.code, "let a = 1\n## Not a heading\n")
        let diagnostic = try XCTUnwrap(tutorial.diagnostics.first)
        XCTAssertEqual(diagnostic.range.start, marked["1️⃣"])
        XCTAssertEqual(diagnostic.severity, .warning)
    }

    /// cmark ends a fence left open in a list item where the item ends, on the line that ended it, with no
    /// mark of it: the reader reads the line there to tell. A closing line indented four columns past the
    /// item's content is code, and is named as the cause.
    func testAFenceLeftOpenInAListItemIsReportedWithItsStrandedClosingLine() throws {
        let marked = MarkedText(
            "## Step 1\n\n- Add it:\n\n  1️⃣```swift\n  let a = 1\n       ```\n\n  Then run it.\n\n## Step 2\n\nDone.\n")
        let tutorial = read(marked.text)
        XCTAssertEqual(tutorial.steps.first?.snippets.first?.code, "let a = 1\n     ```\n\nThen run it.\n\n")
        let diagnostic = try XCTUnwrap(tutorial.diagnostics.first)
        XCTAssertEqual(diagnostic.range.start, marked["1️⃣"])
        XCTAssertTrue(diagnostic.message.contains("closing line 7 is indented too deep"), diagnostic.message)
        let open = read("- Add it:\n\n  ```swift\n  let a = 1\n\nThe list ends here.\n")
        XCTAssertEqual(open.diagnostics.map(\.message), ["code fence is never closed; the code block runs to the end of its container"])
    }

    /// Closed fences stay unreported wherever they stand: in items, quotes, with longer closing runs, and
    /// static-site tags the reader rewrites into fences (their closing tag is no fence in the document).
    func testClosedFencesInContainersAndRewrittenTagsAreNotReported() {
        let texts = [
            "- Add it:\n\n  ```swift\n  let a = 1\n  ```\n\n  Then run it.\n",
            "> ```swift\n> let a = 1\n> ```\n",
            "1. Add it:\n\n   ~~~~swift\n   let a = 1\n   ~~~~~~ \n",
            "## Step 1\n\n{{< highlight swift >}}\nlet a = 1\n{{< /highlight >}}\n\nDone.\n",
        ]
        for text in texts { XCTAssertEqual(read(text).diagnostics.map(\.message), [], text) }
    }

    /// A fence's code that holds an opening fence line (a run as long and an info string) lost a closing
    /// line above it, or doubled its opening line: the line is named, in a quote as at the margin. A shorter
    /// run inside a longer fence is a block shown as code, and a bare run is code that closes nothing.
    func testAFenceOpenedInsideAnotherOnesCodeIsReportedAtItsLine() throws {
        let marked = MarkedText("## Step 1\n\n> ```swift\n> let a = 1\n>\n> Then:\n>\n1️⃣> ```swift\n> let b = 2\n> ```\n")
        let tutorial = read(marked.text)
        XCTAssertEqual(tutorial.steps.first?.snippets.count, 1)
        let diagnostic = try XCTUnwrap(tutorial.diagnostics.first)
        XCTAssertEqual(tutorial.diagnostics.count, 1)
        XCTAssertEqual(diagnostic.range.start, marked["1️⃣"])
        XCTAssertTrue(diagnostic.message.hasPrefix("line 8 opens a code fence inside the code block of line 3"), diagnostic.message)
        XCTAssertEqual(read("~~~swift\n  ~~~ swift\nlet a = 1\n~~~\n").diagnostics.count, 1)
        let shown = ["````markdown\n```swift\nlet a = 1\n```\n````\n", "```swift\nlet a = 1\n    ```\n```\n"]
        for text in shown { XCTAssertEqual(read(text).diagnostics.map(\.message), [], text) }
    }

    /// Code typed on the opening fence line becomes the info string: the page drops it. A keyword that opens
    /// Swift code with more after it tells it; a language tag with attributes, or a keyword alone, does not.
    func testCodeOnAnOpeningFenceLineIsReported() throws {
        let marked = MarkedText("## Step 1\n\n1️⃣```struct Jar {\n    var count = 0\n}\n```\n")
        let diagnostic = try XCTUnwrap(read(marked.text).diagnostics.first)
        XCTAssertEqual(diagnostic.range.start, marked["1️⃣"])
        XCTAssertTrue(diagnostic.message.hasPrefix("the opening fence line holds code (struct Jar {)"), diagnostic.message)
        for text in ["```swift title=Jar.swift {2}\nstruct Jar {}\n```\n", "```import\nimport UIKit\n```\n", "~~~ js {1,3}\nlet a = 1\n~~~\n"] {
            XCTAssertEqual(read(text).diagnostics.map(\.message), [], text)
        }
    }

    func testDeepNestingAndOddInputDoNotCrash() {
        let quotes =
            String(repeating: "> ", count: 5000) + "```swift\n" + String(repeating: "> ", count: 5000)
            + "let deep = 1\n"
        let deep = read(quotes)
        XCTAssertEqual(deep.steps.flatMap(\.snippets).first?.code, "let deep = 1\n")
        let lists = (0..<2000).map { String(repeating: "  ", count: $0) + "- item" }.joined(separator: "\n")
        XCTAssertEqual(read(lists).steps.count, 0)
        XCTAssertEqual(read("").sections.count, 0)
        XCTAssertEqual(read("```").steps.first?.snippets.first?.code, "")
    }
}

extension MarkdownReaderTests {
    func testRawHTMLCodeBlocksAreReadAsHTML() throws {
        let marked = MarkedText("## Step 1\n\n<pre><code class=\"lang-swift\">1️⃣let a = &quot;x&quot;</code></pre>")
        let tutorial = MarkdownReader.read(SourceDocument(path: "test.md", text: marked.text))
        let snippet = try XCTUnwrap(tutorial.steps.first?.snippets.first)
        XCTAssertEqual(snippet.code, "let a = \"x\"\n")
        XCTAssertEqual(snippet.language, "swift")
        XCTAssertEqual(snippet.range.start, marked["1️⃣"])
        // Comments and inline HTML are not code.
        XCTAssertTrue(MarkdownReader.read(SourceDocument(path: "t.md", text: "<!-- <pre>x</pre> -->\n")).steps.isEmpty)
    }
}

extension MarkdownReaderTests {
    func testUntitledLabelsTakeTheNextParagraphAndImplicitStepsThePreviousOne() {
        let tutorial = MarkdownReader.read(
            SourceDocument(
                path: "t.md",
                text:
                    "# Guide\n\n### Step 1\n\nCreate the file.\n\n```swift\nlet a = 1\n```\n\n### Step 2\n\nTip: an aside is no title.\n\n```swift\nlet b = 2\n```\n"
            ))
        XCTAssertEqual(tutorial.steps.map(\.title), ["Create the file.", ""])
        XCTAssertEqual(tutorial.steps.first?.prose, "Create the file.")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Guide"])
        let implicit = MarkdownReader.read(
            SourceDocument(path: "u.md", text: "Intro.\n\nAdd this:\n\n```swift\nlet c = 3\n```\n"))
        XCTAssertEqual(implicit.steps.map(\.title), ["Add this:"])
        XCTAssertEqual(implicit.steps.first?.prose, "Intro.\nAdd this:")
    }
}

extension MarkdownReaderTests {
    func testASectionLabelHeadingTakesTheHeadingRightAfterItAsItsTitle() {
        let tutorial = read(
            "### Section 1\n## Make the Model\n\n**Step 1** Add it.\n\n```swift\nlet a = 1\n```\n\n"
                + "### Section 2\n\nNo heading follows this label.\n\n**Step 1** Show it.\n\n```swift\nlet b = 2\n```\n"
        )
        XCTAssertEqual(tutorial.sections.map(\.title), ["Make the Model", "Section 2"])
        XCTAssertEqual(tutorial.sections.map(\.label), ["Section 1", "Section 2"])
        XCTAssertEqual(tutorial.steps.map(\.id.description), ["1.1", "2.1"])
        // The section starts at its label, not at the title heading under it.
        XCTAssertEqual(tutorial.sections.first?.range.start, 0)
    }

    func testTheFirstLevelOneHeadingIsTheTitleEvenBelowACategoryHeading() {
        let tutorial = read("## Category\n# The Real Title\n\nIntro.\n\n## Step 1\n\n```swift\nlet a = 1\n```\n")
        XCTAssertEqual(tutorial.title, "The Real Title")
        XCTAssertEqual(tutorial.steps.count, 1)
        // After a step, a level-1 heading is a section, not the title.
        let late = read(
            "## Step 1\n\n```swift\nlet a = 1\n```\n\n# Part Two\n\n## Step 1\n\n```swift\nlet b = 2\n```\n")
        XCTAssertNil(late.title)
        XCTAssertEqual(late.sections.map(\.title), ["", "Part Two"])
    }

    func testABoldStepLabelOnTheLineUnderTextStartsAStep() {
        let marked = MarkedText(
            "**Step 1** Make it.\n\n```swift\nlet a = 1\n```\n\nThen keep going.\n1️⃣**Step 2** <br>\nChange it.\n\n```swift\nlet a = 2\n```\n"
                + "\nAs **Step 2** shows, and as\n**Step 2** above says, this is prose.\n")
        let tutorial = read(marked.text)
        XCTAssertEqual(tutorial.steps.map(\.label), ["Step 1", "Step 2"])
        XCTAssertEqual(tutorial.steps.map(\.title), ["Make it.", "Change it."])
        XCTAssertEqual(tutorial.steps.last?.range.start, marked["1️⃣"])
        // The line before the label is prose of the step before; the sentences after stay prose.
        XCTAssertEqual(tutorial.steps.first?.prose, "Make it.\nThen keep going.")
        XCTAssertEqual(
            tutorial.steps.last?.prose, "Change it.\nAs Step 2 shows, and as Step 2 above says, this is prose.")
    }
}

extension MarkdownReaderTests {
    func testFrontMatterIsSkippedAndItsTitleIsTheFallback() {
        let withHeading = read(
            "---\ntitle: From the front matter\ndescription: x\n---\n\n# The Heading\n\n## Step 1\n\n```swift\nlet a = 1\n```\n"
        )
        XCTAssertEqual(withHeading.title, "The Heading")
        XCTAssertEqual(withHeading.sections.map(\.title), ["The Heading"])
        let withoutHeading = read("---\ntitle: \"Quoted Title\"\n---\n\n## Step 1\n\n```swift\nlet a = 1\n```\n")
        XCTAssertEqual(withoutHeading.title, "Quoted Title")
        XCTAssertEqual(withoutHeading.steps.map(\.label), ["Step 1"])
        // A rule and a setext heading at the start are no front matter.
        let setext = read("---\nA Setext Title\n---\n\n```swift\nlet a = 1\n```\n")
        XCTAssertEqual(setext.sections.map(\.title), ["A Setext Title"])
    }

    /// Hexo reads `key: value` lines closed by `---` as front matter without an opening `---`; one such line
    /// over `---` stays the setext heading CommonMark makes of it, as do lines that are no YAML keys.
    func testFrontMatterWithoutItsOpeningLineIsFrontMatter() {
        let hexo = read("title: Saved Notes\ndate: 2021-03-14\ntags:\n- iOS\n---\n\n## Save\n\n```swift\nsave()\n```\n")
        XCTAssertEqual(hexo.title, "Saved Notes")
        XCTAssertEqual(hexo.sections.map(\.title), ["Save"])
        let oneKey = read("Update: the API changed\n---\n\n```swift\nfetch()\n```\n")
        XCTAssertEqual(oneKey.title, "Update: the API changed")
        XCTAssertEqual(oneKey.sections.map(\.title), ["Update: the API changed"])
        let addresses = read("https://example.com\nSee: below\n---\n\n```swift\nfetch()\n```\n")
        XCTAssertEqual(addresses.sections.map(\.title), ["https://example.com See: below"])
    }

    /// Parts numbered without a dot are the author's outline only where `N.M` headings stand under them: then
    /// a part without `N.M` labels is one step, its numbered list that step's detail (convention 8's last
    /// choice, items 9 and 14); without any `N.M`, a number opening a heading is part of its title.
    func testPartsNumberedWithoutADotAreAnOutlineWhereNMHeadingsStandUnderThem() {
        let outline = read(
            "# Site\n\n## 1 - Build\n\n1. Install:\n\n```bash\nnpm i\n```\n\n2. Build:\n\n```bash\nmake\n```\n\n"
                + "## 2 - Serve\n\n### 2.1 Install nginx\n\n```bash\napt install nginx\n```\n\n"
                + "### 2.2 Start it\n\n```bash\nnginx\n```\n")
        XCTAssertEqual(outline.sections.map(\.title), ["Build", "Serve"])
        XCTAssertEqual(outline.sections.map { $0.steps.map(\.snippets.count) }, [[2], [1, 1]])
        let counts = read(
            "# Caching\n\n## 3 ways to cache\n\n```swift\na()\n```\n\n## 5 mistakes to avoid\n\n```swift\nb()\n```\n")
        XCTAssertEqual(counts.sections.map(\.title), ["3 ways to cache", "5 mistakes to avoid"])
    }

    /// `1.1 dict types` could be a quantity by its shape; over its own `1.1.1` headings, or after `1.1` at its
    /// level, it is the outline's number.
    func testANumberThatCouldBeAQuantityIsTheOutlinesWhereTheOutlineVouchesForIt() {
        let outline = read(
            "# Templates\n\n## 1. Containers\n\n### 1.1 dict types\n\n#### 1.1.1 Keys\n\n```python\na\n```\n\n"
                + "#### 1.1.2 Values\n\n```python\nb\n```\n\n### 1.2 str types\n\n```python\nc\n```\n\n"
                + "```python\nd\n```\n\n## 2. Nesting\n\n```python\ne\n```\n")
        XCTAssertEqual(outline.sections.map(\.title), ["Containers", "Nesting"])
        XCTAssertEqual(outline.sections.map { $0.steps.map(\.snippets.count) }, [[1, 1, 2], [1]])
        XCTAssertEqual(outline.sections.first?.steps.last?.title, "str types")
    }

    func testAnImageWhoseAltTextReadsLikeALabelIsNoStep() {
        let tutorial = read(
            "## Step 1\n\n```swift\nlet a = 1\n```\n\n![Step 1](shot.png)\n\nThen this.\n\n## Step 2\n\n```swift\nlet a = 2\n```\n"
        )
        XCTAssertEqual(tutorial.steps.map(\.label), ["Step 1", "Step 2"])
        XCTAssertEqual(tutorial.steps.first?.prose, "Step 1\nThen this.")
    }
}

/// Structure as authors write it (issue 21): the title and the sections decided by the shape of the
/// headings, not by their words.
extension MarkdownReaderTests {
    func testTheTitleIsTheNearestLevelOneHeadingAboveTheContent() {
        let stale = read("# Old draft\n\n# Real Title\n\nIntro.\n\n## Step 1\n\n```swift\nlet a = 1\n```\n")
        XCTAssertEqual(stale.title, "Real Title")
        XCTAssertEqual(stale.sections.map(\.title), ["Real Title"])
        XCTAssertEqual(stale.steps.map(\.label), ["Step 1"])
        // A blog's name over the tutorial's heading, sections below it.
        let blog = read(
            "# My Blog\n\n# Real Title\n\n## Views\n\n```swift\nlet a = 1\n```\n\n"
                + "## Data\n\n```swift\nlet b = 2\n```\n")
        XCTAssertEqual(blog.title, "Real Title")
        XCTAssertEqual(blog.sections.map(\.title), ["Views", "Data"])
    }

    /// A first level-1 heading right over a second, with more level-1 parts after the second, titles them
    /// all; over the one heading that titles a page of `##` sections, it is a stale header.
    func testAFirstLevelOneHeadingRightOverTheFirstOfSeveralPartsTitlesThem() {
        let summary = read(
            "# Jar course notes\n\n# Shelves\n\n## 1、Boards\n\n```swift\nlet board = 1\n```\n\n# Lids\n\n"
                + "## 1、Threads\n\n```swift\nlet thread = 2\n```\n\n# Labels\n\nPrint them.\n")
        XCTAssertEqual(summary.title, "Jar course notes")
        XCTAssertEqual(summary.sections.map(\.title), ["1、Boards", "1、Threads"])
        let stale = read("# Old draft\n\n# Real Title\n\n## Views\n\n```swift\nlet a = 1\n```\n\n# Later notes\n")
        XCTAssertEqual(stale.title, "Real Title")
    }

    /// A level-1 heading right over the first code, with more level-1 headings holding code after it, is
    /// the first section: the level-1 heading before it is the title, and without one there is none.
    func testALevelOneHeadingOverTheFirstCodeIsASectionWhenOthersFollow() {
        let parts = "# Part One\n\n```swift\nlet a = 1\n```\n\n# Part Two\n\n```swift\nlet b = 2\n```\n"
        let titled = read("# Title\n\n" + parts)
        XCTAssertEqual(titled.title, "Title")
        XCTAssertEqual(titled.sections.map(\.title), ["Part One", "Part Two"])
        let untitled = read(parts)
        XCTAssertNil(untitled.title)
        XCTAssertEqual(untitled.sections.map(\.title), ["Part One", "Part Two"])
        // Alone over all the code, it is the title.
        let alone = read("# Title\n\nIntro.\n\n```swift\nlet a = 1\n```\n\nMore.\n\n```swift\nlet b = 2\n```\n")
        XCTAssertEqual(alone.title, "Title")
        XCTAssertEqual(alone.steps.count, 2)
    }

    /// Without step labels, a level-1 heading between sections that carries no code of its own groups
    /// the sections under it; they stay sections, and it makes none.
    func testALevelOneHeadingBetweenSectionsGroupsThem() {
        let tutorial = read(
            "# T\n\n## Views\n\n```swift\nlet a = 1\n```\n\n# Data\n\nWhy a model.\n\n## Model\n\n```swift\nlet b = 2\n```\n"
                + "\n### Notes\n\nNo code here.\n\n# Later\n\n```swift\nlet c = 3\n```\n")
        XCTAssertEqual(tutorial.title, "T")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Views", "Model", "Later"])
        XCTAssertEqual(tutorial.steps.count, 3)
    }

    /// A heading with no step and no code under it is no section, whether or not it carries a section
    /// label: study notes, a summary, a quiz.
    func testHeadingsWithoutStepsOrCodeAreNoSections() {
        let tutorial = read(
            "# T\n\n## 학습 목표\n\nGoals.\n\n## Section 1: Make\n\n### Step 1\n\n```swift\nlet a = 1\n```\n\n### Step 2\n\nRun it.\n\n"
                + "## Section 2: Check your understanding\n\nA question?\n\n## 정리\n\nWhat we did.\n")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Make"])
        XCTAssertEqual(tutorial.steps.map(\.label), ["Step 1", "Step 2"])
        // The step before a study-note heading keeps only its own prose.
        XCTAssertEqual(tutorial.steps.last?.prose, "Run it.")
    }

    /// Inside a section the author labelled, a deeper unlabelled heading (an overview, notes) above the
    /// step level is a sub-heading of that section, not a section taking its steps.
    func testADeeperHeadingInALabelledSectionIsNoSection() {
        let tutorial = read(
            "# T\n\n## Section 1: Views\n\n### Overview\n\nWhat we build.\n\n#### Step 1\n\n```swift\nlet a = 1\n```\n\n"
                + "### Notes\n\nMore.\n\n#### Step 2\n\n```swift\nlet a = 2\n```\n\n"
                + "## Section 2: Data\n\n#### Step 1\n\n```swift\nlet b = 1\n```\n")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Views", "Data"])
        XCTAssertEqual(tutorial.sections.map { $0.steps.map(\.label) }, [["Step 1", "Step 2"], ["Step 1"]])
    }

    /// A raw HTML heading is a heading as the page shows it: a post's own `<h1>` under its front matter
    /// is the title, over the front matter's `title:` (the title only without a title heading).
    func testARawHTMLHeadingIsTheTitleOverTheFrontMatter() {
        let tutorial = read(
            "---\ntitle: Site metadata title\n---\n\n<h1 align=\"center\">Chapter One</h1>\n\n<center>Translated</center>\n\n"
                + "## Make a view\n\n```swift\nlet a = 1\n```\n")
        XCTAssertEqual(tutorial.title, "Chapter One")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Make a view"])
        XCTAssertEqual(tutorial.steps.count, 1)
    }

    /// A course page titled by its place in the course (`# Step 2` over its own sections) is titled so; the
    /// label heads the page, not one step. A lone step label with nothing under it stays a step.
    func testALoneLevelOneStepLabelOverHeadingsIsThePagesTitle() {
        let page = read(
            "# Step 2\n\nIntro.\n\n## Setup\n\nOpen it.\n\n## Screen\n\n```swift\nlet a = 1\n```\n\n"
                + "## Wiring\n\n```swift\nlet b = 2\n```\n")
        XCTAssertEqual(page.title, "Step 2")
        XCTAssertEqual(page.sections.map(\.title), ["Screen", "Wiring"])
        XCTAssertEqual(page.steps.map(\.label), [nil, nil])
        let single = read("# Step 1\n\nMake it.\n\n```swift\nlet a = 1\n```\n")
        XCTAssertEqual(single.steps.map(\.label), ["Step 1"])
    }
}
