import Foundation
import TutorialModel
import XCTest

@testable import TutorialReaders

/// The property that makes re-reading a window safe: after any edit, `rereadTutorial` gives exactly the
/// model a whole read of the edited text gives (sections, steps, snippets, ranges, source maps, reader
/// diagnostics), for each of the four readers, over the project's fixture documents.
///
/// Edits are random but seeded (the same run every time): inserting, deleting or replacing a few bytes,
/// the inserted text often a character that makes structure (`#`, a backtick fence, `<`, `&`, `@`, a
/// brace, a line break, a step label). Edits are applied in runs of six, each re-read from the previous
/// re-read, so splicing into a spliced model is checked too. Each reader must take the window
/// path for a good share of the edits: a test that always read whole would prove nothing.
final class IncrementalReadingTests: XCTestCase {
    static let fixturesRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    func testMarkdownRereadEqualsWholeRead() throws {
        try checkReader(["md"], .markdown, seed: 1, windowShare: 0.3)
    }

    func testHTMLRereadEqualsWholeRead() throws {
        try checkReader(["html"], .html, seed: 2, windowShare: 0.15)
    }

    func testTextRereadEqualsWholeRead() throws {
        try checkReader(["txt"], .text, seed: 3, windowShare: 0.9)
    }

    func testDocCRereadEqualsWholeRead() throws {
        try checkReader(["tutorial"], .docc, seed: 4, windowShare: 0.15)
    }

    /// An edit inside a code block between two step headings re-reads only the lines between them.
    func testCodeEditInMarkdownReadsOnlyItsStep() {
        let text = "# Title\n\n## Step 1: One\n\n```swift\nlet a = 1\n```\n\n## Step 2: Two\n\n```swift\nlet b = 2\n```\n"
        let previous = readTutorialForEditing(SourceDocument(path: "t.md", text: text), format: .markdown)
        let edited = text.replacingOccurrences(of: "let a = 1", with: "let a = 10")
        let read = rereadTutorial(previous, as: SourceDocument(path: "t.md", text: edited), format: .markdown)
        let stepTwo = Array(edited.utf8).firstRange(of: Array("## Step 2".utf8))!.lowerBound
        XCTAssertEqual(read.path, .window(SourceRange(start: 9, end: stepTwo)))
        XCTAssertEqual(read.tutorial, readTutorial(SourceDocument(path: "t.md", text: edited), format: .markdown))
        XCTAssertEqual(read.tutorial.steps.first?.snippets.first?.code, "let a = 10\n")
    }

    /// An edit inside code patches the previous model: the edited snippet made again, every range after it
    /// moved, as a whole read gives them; an edit that reaches a fence or the code's last byte builds the
    /// outline again.
    func testCodeEditPatchesThePreviousModel() {
        let text = "# Title\n\n## Step 1: One\n\nSay.\n\n```swift file=A.swift\nlet a = 1\nlet c = 3\n```\n\n"
            + "## Step 2: Two\n\nAdd.\n\n```swift\nlet b = 2\n```\n"
        let previous = readTutorialForEditing(SourceDocument(path: "t.md", text: text), format: .markdown)
        for (old, new, patched) in [
            ("let a = 1\n", "let a = 100\nlet d = 4\n", true), ("let a = 1\nlet c", "let c", true),
            // The info string, the closing fence, the code's last byte: built again.
            ("A.swift\nlet", "B.swift\nlet", false), ("3\n```", "3\n``", false), ("3\n```", "30\n```", false),
        ] {
            let edited = SourceDocument(path: "t.md", text: text.replacingOccurrences(of: old, with: new))
            let read = rereadTutorial(previous, as: edited, format: .markdown)
            XCTAssertEqual(read.tutorial, readTutorial(edited, format: .markdown), "\(old) → \(new)")
            XCTAssertEqual(read.patched, patched, "\(old) → \(new)")
        }
    }

    /// A new fence opened inside a step swallows the following steps: that edit is read whole.
    func testOpenedFenceIsReadWhole() {
        let text = "# Title\n\n## Step 1: One\n\nSay.\n\n## Step 2: Two\n\n```swift\nlet b = 2\n```\n"
        let previous = readTutorialForEditing(SourceDocument(path: "t.md", text: text), format: .markdown)
        let edited = text.replacingOccurrences(of: "Say.", with: "```\nSay.")
        let read = rereadTutorial(previous, as: SourceDocument(path: "t.md", text: edited), format: .markdown)
        XCTAssertEqual(read.path, .whole)
        XCTAssertEqual(read.tutorial, readTutorial(SourceDocument(path: "t.md", text: edited), format: .markdown))
    }

    /// libxml2 keeps a `<figure>` open across the heading after it, so its caption names code past the
    /// window: an edit of the caption that changes that name is read whole (found by the html fuzzer).
    func testCaptionOfAFigureThatOutlastsItsWindowIsReadWhole() {
        let text = """
            <h2>Step 1: One</h2>
            <figure><figcaption>Page.swift</figcaption>
            <h2>Step 2: Two</h2>
            <pre><code class="language-swift">let a = 1
            </code></pre>
            </figure>

            """
        let previous = readTutorialForEditing(SourceDocument(path: "t.html", text: text), format: .html)
        let edited = SourceDocument(path: "t.html", text: text.replacingOccurrences(of: "Page.swift", with: "Pages.swift"))
        let read = rereadTutorial(previous, as: edited, format: .html)
        XCTAssertEqual(read.path, .whole)
        XCTAssertEqual(read.tutorial, readTutorial(edited, format: .html))
        XCTAssertEqual(read.tutorial.steps.last?.snippets.first?.fileName, "Pages.swift")
    }

    /// A lone `\r` (an old Mac line end) puts libxml2's line numbers out of step with the document's, and
    /// the reader then pairs tags by order alone: such a page is read whole (found by the html fuzzer).
    func testAPageWithALoneCarriageReturnIsReadWhole() {
        let text = "<h2>Step 1: One</h2>\n<pre><code class=\"language-swift\">let a = 1\rlet b = &quot;Tap \\(count)&quot;\n"
            + "</code></pre>\n<h2>Step 2: Two</h2>\n<p>Text.</p>\n"
        assertHTMLEditIsReadWhole(text, replacing: "Tap ", with: "Tap \n")
    }

    func testAPageWithANulByteIsReadWhole() {
        // libxml2 skips a NUL with an error. In the first page (reduced from the html fuzzer's input), once
        // `&q` became `& ` the `<pre>` of the window read by itself ended at the first NUL, where the whole
        // page's ran on to the next line; the second is a tutorial's code block with the same edit.
        let nuls = String(repeating: "\u{0}", count: 8)
        assertHTMLEditIsReadWhole("><body>\n<h1>Ü\n<pre>ü&q\(nuls)\n</html>\n", replacing: "&q", with: "& ")
        assertHTMLEditIsReadWhole(
            "<h2>Step 1: One</h2>\n<pre><code class=\"language-swift\">let a = &q\(nuls)\n</code></pre>\n<h2>Step 2</h2>\n",
            replacing: "&q", with: "& ")
    }

    func testAWordTypedIntoABlankTextIsReadWhole() {
        // A blank text between tags is no block; a word typed there makes one, whose extent libxml2 decides
        // by the elements open around it. In the first page (reduced from the html fuzzer's input) the
        // window read by itself ended the new paragraph before the last line end, the whole page after it.
        for text in [
            "></body\u{FFFD}><h\u{65FD}><body>\n<h2>Step1<pre></body>\n</y>\r\n</t\n",
            "<body>\n<h2>Step 1</h2>\n<pre></body>\n</y>\r\n</t\n",
            "<h2>Step 1: One</h2>\n<p>Text.</p>\n</div>\r\n<h2>Step 2: Two</h2>\n",
        ] {
            assertHTMLEditIsReadWhole(text, replacing: ">\r\n<", with: ">x<")
        }
    }

    func testAHeadingPlacedPastAStartTagLeftOpenIsReadWhole() {
        // Broken markup leaves `<h2 idol {` open over three lines; libxml2 puts the heading on the line its text
        // starts, where the reader finds no start tag of it, and a window bounded there cuts the tag in two.
        // Once a line break was typed into the caption, the window read ended the paragraph before the tag, the
        // whole page after it (the page reduced from the html fuzzer's input).
        let text = "<h3>Step 1: Add a pagev iew controller</h3>\n<figcao>itnpPageViewController.swift</figcaption>\n"
            + "<h2 idol {\n}\n</figure>\n</||||||||||||||||||||||e</h1>\r\n<h2>Step 1: Tabs and breaks</h2>\r\n"
            + "<pre class=\"language-Swift\">\r\nfunc run() {\r\n\tprint(\"\u{1F600} \u{4E2D}\u{6587}\")<br>\tlet x = 2\r\n}\r\n"
            + "</pre>\r\n<h2>Step "
        assertHTMLEditIsReadWhole(text, replacing: "itn", with: "\n")
    }

    /// The page `text` with `old` replaced by `new`: re-read whole, and so equal to a whole read.
    private func assertHTMLEditIsReadWhole(
        _ text: String, replacing old: String, with new: String, line: UInt = #line
    ) {
        let previous = readTutorialForEditing(SourceDocument(path: "t.html", text: text), format: .html)
        let edited = SourceDocument(path: "t.html", text: text.replacingOccurrences(of: old, with: new))
        let read = rereadTutorial(previous, as: edited, format: .html)
        XCTAssertEqual(read.path, .whole, line: line)
        XCTAssertEqual(read.tutorial, readTutorial(edited, format: .html), line: line)
    }

    // MARK: - The property

    struct PathCounts {
        var window = 0
        var whole = 0
        /// Window re-reads whose model is the previous one patched around an edit of code (`CodeEditPatch`).
        var patched = 0
    }

    /// Sixty edits of every fixture of the reader; then the share of window re-reads is printed and checked.
    private func checkReader(
        _ extensions: Set<String>, _ format: DocumentFormat, seed: UInt64, windowShare share: Double
    ) throws {
        let counts = try checkEdits(extensions: extensions, format: format, editsPerDocument: 60, seed: seed)
        let total = counts.window + counts.whole
        XCTAssertGreaterThan(total, 0, "no \(format) edits were tried")
        // Printed so a run shows how often each path was taken.
        print(
            "\(format): \(counts.window) of \(total) edits re-read a window (\(counts.patched) patching the previous "
                + "model), \(counts.whole) read whole")
        if format == .markdown { XCTAssertGreaterThan(counts.patched, 0, "no edit of code patched the previous model") }
        XCTAssertGreaterThanOrEqual(
            Double(counts.window) / Double(max(total, 1)), share, "\(format): too few edits took the window path")
    }

    private func checkEdits(
        extensions: Set<String>, format: DocumentFormat, editsPerDocument: Int, seed: UInt64
    ) throws -> PathCounts {
        let root = Self.fixturesRoot.path
        let paths = FileSystemResources.regularFiles(under: root).filter { path in
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let ext = name.split(separator: ".").last.map(String.init) ?? ""
            return extensions.contains(ext) && !path.contains("/fuzz-")
        }.sorted()
        XCTAssertGreaterThan(paths.count, 0, "no fixtures for \(extensions)")
        var random = SplitMix(seed: seed)
        var counts = PathCounts()
        let resources = FileSystemResources()
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path),
                let text = String(data: data, encoding: .utf8)
            else { continue }
            let original = readTutorialForEditing(SourceDocument(path: path, text: text), format: format, resources: resources)
            var read = original
            for number in 0..<editsPerDocument {
                // Runs of a few edits from the fixture as written: a long run turns any page into rubble.
                if number % 6 == 0 { read = original }
                let bytes = read.tutorial.document.bytes
                // Half the edits fall inside a step, where re-reading a window is possible at all.
                let steps = read.tutorial.steps
                let within =
                    number % 2 == 1 && !steps.isEmpty
                    ? steps[Int(random.next() % UInt64(steps.count))].range : SourceRange(start: 0, end: bytes.count)
                let edit = Self.randomEdit(of: bytes, within: within, using: &random)
                var edited = bytes
                edited.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
                let document = SourceDocument(path: path, text: String(decoding: edited, as: UTF8.self))
                // Alternate: the edit given, and found by comparing the texts.
                read = rereadTutorial(
                    read, as: document, edit: number % 4 < 2 ? edit : nil, format: format, resources: resources)
                let whole = readTutorial(document, format: format, resources: resources)
                switch read.path {
                case .whole: counts.whole += 1
                case .window: counts.window += 1
                }
                if read.patched { counts.patched += 1 }
                if read.tutorial != whole {
                    XCTFail(
                        "\(path), seed \(seed), edit \(number) \(edit.range) → \(edit.newText.debugDescription) "
                            + "(\(read.path)): the re-read differs from a whole read\n"
                            + Self.firstDifference(read.tutorial, whole))
                    return counts
                }
            }
        }
        return counts
    }

    /// Text that makes structure in one reader or another, and plain text.
    static let insertions = [
        "#", "## ", "\n## Step 9: New\n", "`", "```", "\n```\n", "~~~", "<", ">", "&amp;", "<p>", "</pre>", "@", "{",
        "}", "\n}\n", "@Step {", "\n", "\r\n", "\n\n", " ", "a", "let x = 1", "]:", "[a]: /b", "Step 3", "**Step 2.** ",
        "---", "===", "- ", "> ", "    ", "\t", "中文", "é", "\"", "(", ")", ":", "<!--", "-->", "\n<!--\n",
        "@Comment {", "\n<h2>Step 4</h2>\n",
    ]

    static func randomEdit(of bytes: [UInt8], within: SourceRange, using random: inout SplitMix) -> TextEdit {
        func boundary(_ offset: Int) -> Int {
            var offset = min(max(offset, 0), bytes.count)
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            return offset
        }
        let start = boundary(within.start + Int(random.next() % UInt64(within.length + 1)))
        let kind = random.next() % 3
        let length = kind == 0 ? 0 : Int(random.next() % 6) + 1
        let end = boundary(start + length)
        let inserted =
            kind == 1 ? "" : insertions[Int(random.next() % UInt64(insertions.count))]
        return TextEdit(range: SourceRange(start: start, end: end), newText: inserted)
    }

    /// The first line where two models' descriptions differ, with some context.
    static func firstDifference(_ actual: Tutorial, _ expected: Tutorial) -> String {
        var actualDump = ""
        var expectedDump = ""
        dump(actual.sections, to: &actualDump)
        dump(expected.sections, to: &expectedDump)
        dump(actual.diagnostics, to: &actualDump)
        dump(expected.diagnostics, to: &expectedDump)
        actualDump += "title: \(actual.title ?? "nil")\n"
        expectedDump += "title: \(expected.title ?? "nil")\n"
        let actualLines = actualDump.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expectedDump.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(actualLines.count, expectedLines.count) {
            let a = index < actualLines.count ? actualLines[index] : "<end>"
            let e = index < expectedLines.count ? expectedLines[index] : "<end>"
            if a != e {
                let context = expectedLines[max(0, index - 6)..<min(expectedLines.count, index)].joined(separator: "\n")
                return "…\n\(context)\nre-read: \(a)\nwhole:   \(e)"
            }
        }
        return "the documents differ"
    }
}
