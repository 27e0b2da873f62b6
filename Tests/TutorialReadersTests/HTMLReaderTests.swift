import TestSupport
import TutorialModel
import XCTest

@testable import TutorialReaders

final class HTMLReaderTests: XCTestCase {
    private func read(_ text: String, path: String = "test.html") -> Tutorial {
        HTMLReader.read(SourceDocument(path: path, text: text))
    }

    private func snippets(_ tutorial: Tutorial) -> [Snippet] { tutorial.steps.flatMap(\.snippets) }

    private func mapped(_ snippet: Snippet, _ needle: String) -> Int? {
        guard let range = snippet.code.range(of: needle) else { return nil }
        return snippet.sourceMap.documentOffset(
            forCodeOffset: snippet.code.utf8.distance(from: snippet.code.startIndex, to: range.lowerBound))
    }

    func testHighlighterSpansAreFlattenedAndEntitiesDecoded() throws {
        let marked = MarkedText(
            "<h2>Step 1</h2>\n<pre><code class=\"hljs swift\"><span class=\"k\">1️⃣let</span> a: Array2️⃣&lt;3️⃣Int&gt; = [] &amp;&amp; &#x27;x&#39;\n</code></pre>\n"
        )
        let snippet = try XCTUnwrap(snippets(read(marked.text)).first)
        XCTAssertEqual(snippet.code, "let a: Array<Int> = [] && 'x'\n")
        XCTAssertEqual(snippet.language, "swift")
        XCTAssertEqual(snippet.range.start, marked["1️⃣"])
        // A decoded entity maps to the end of the verbatim run before it; the next character is verbatim.
        XCTAssertEqual(mapped(snippet, "<Int"), marked["2️⃣"])
        XCTAssertEqual(mapped(snippet, "Int>"), marked["3️⃣"])
    }

    func testLanguageFromClassVariants() {
        let cases: [(String, String?)] = [
            ("<pre><code class=\"language-Swift\">x\n</code></pre>", "swift"),
            ("<pre><code class=\"lang-swift\">x\n</code></pre>", "swift"),
            ("<pre><code class=\"swift\">x\n</code></pre>", "swift"),
            ("<pre class=\"hljs swift\">x\n</pre>", "swift"),
            ("<div class=\"highlight-source-swift\"><pre>x\n</pre></div>", "swift"),
            ("<pre data-lang=\"kotlin\">x\n</pre>", "kotlin"),
            ("<pre><code class=\"hljs\">x\n</code></pre>", nil),
        ]
        for (html, language) in cases {
            XCTAssertEqual(snippets(read("<h2>Step 1</h2>" + html)).first?.language, language, html)
        }
    }

    func testCaptionsNameTheNextBlock() {
        let html = """
            <h2>Step 1</h2>
            <figure><figcaption>A.swift</figcaption><pre><code class="swift">let a = 1
            </code></pre></figure>
            <p><code>B.swift</code></p><pre><code class="swift">let b = 2
            </code></pre>
            <div class="filename">C.swift</div><pre class="swift">let c = 3
            </pre>
            <figure><pre><code class="swift">let d = 4
            </code></pre><figcaption>D.swift</figcaption></figure>
            <p>Open E.swift and add:</p><pre class="swift">let e = 5
            </pre>
            """
        let tutorial = read(html)
        XCTAssertEqual(snippets(tutorial).map(\.fileName), ["A.swift", "B.swift", "C.swift", "D.swift", nil])
        XCTAssertEqual(tutorial.steps.first?.prose, "Open E.swift and add:")
    }

    func testChromeAndTablesOfContentsMakeNoSteps() {
        let html = """
            <html><body>
            <header><h1>Site</h1><h2>Step 9: Header</h2></header>
            <nav><h2>Step 8: Nav</h2><pre>let nav = 1</pre></nav>
            <div class="sidebar-toc"><h3>Step 1: Make</h3></div>
            <div role="navigation"><h3>Step 7: Role</h3></div>
            <h1>Real</h1>
            <h3>Step 1: Make</h3><pre class="swift">let a = 1
            </pre>
            <ul><li><strong>Step 2</strong> in a list</li></ul>
            <footer><h3>Step 6: Footer</h3></footer>
            </body></html>
            """
        let tutorial = read(html)
        XCTAssertEqual(tutorial.title, "Real")
        XCTAssertEqual(tutorial.steps.map(\.label), ["Step 1"])
        XCTAssertEqual(snippets(tutorial).map(\.code), ["let a = 1\n"])
    }

    /// A layout wrapper named for the sidebar it holds beside `<main>` is no chrome: the content in it is read.
    func testAWrapperNamedForItsSidebarThatHoldsTheMainContentIsRead() {
        let page = """
            <div class="page-with-sidebar"><aside class="sidebar"><a href="#a">Install</a></aside>
            <main><h2>Install</h2><pre><code>swift build</code></pre><h2>Run</h2><pre><code>swift run</code></pre></main></div>
            """
        XCTAssertEqual(read(page).sections.map(\.title), ["Install", "Run"])
        XCTAssertEqual(snippets(read(page)).map(\.code), ["swift build\n", "swift run\n"])
        let sidebarAlone = "<div class=\"sidebar\"><h2>Links</h2><pre><code>ls</code></pre></div><h2>Run</h2><pre><code>swift run</code></pre>"
        XCTAssertEqual(snippets(read(sidebarAlone)).map(\.code), ["swift run\n"])
    }

    /// A page header that is a hero over the content (its heading plain text, no menu in it) titles a page
    /// whose content has no level-1 heading, over `<title>` (which adds the site's name); a site banner with
    /// a menu, or a heading that links home, names the site and does not; the content's own level-1 heading
    /// stays the title.
    func testAHeroPageHeaderTitlesAPageWithoutATitleOfItsOwn() {
        let hero = """
            <html><head><title>Getting Started — Docs</title></head><body>
            <header class="hero"><h1>Getting started</h1><p>How to begin.</p></header>
            <main><h2>Install</h2><pre><code>make</code></pre><h2>Run</h2><pre><code>make run</code></pre></main></body></html>
            """
        XCTAssertEqual(read(hero).title, "Getting started")
        let banner = """
            <html><head><title>Build — Jane</title></head><body>
            <header><h1>Jane's notes</h1><nav><a href="/">Home</a></nav></header>
            <main><h2>Build</h2><pre><code>make</code></pre><h2>Test</h2><pre><code>make test</code></pre></main></body></html>
            """
        XCTAssertEqual(read(banner).title, "Build — Jane")
        let homeLink = """
            <html><head><title>Build — Jane</title></head><body>
            <div class="header"><h1><a href="/">Jane's notes</a></h1></div>
            <h2>Build</h2><pre><code>make</code></pre><h2>Test</h2><pre><code>make test</code></pre></body></html>
            """
        XCTAssertEqual(read(homeLink).title, "Build — Jane")
        let ownTitle = """
            <html><body><header class="hero"><h1>Guides</h1></header>
            <main><h1>Build</h1><h2>Make</h2><pre><code>make</code></pre></main></body></html>
            """
        XCTAssertEqual(read(ownTitle).title, "Build")
    }

    func testPreWithoutCodeBreaksAndCRLF() throws {
        let marked = MarkedText(
            "<h2>Step 1</h2>\r\n<pre class=\"swift\">\r\n1️⃣func run() {<br>\t2️⃣print(\"😀\")\r\n3️⃣}\r\n</pre>\r\n")
        let document = SourceDocument(path: "t.html", text: marked.text)
        let snippet = try XCTUnwrap(snippets(HTMLReader.read(document)).first)
        // The newline right after `<pre>` is not code; `<br>` is a line break; CRLF becomes LF.
        XCTAssertEqual(snippet.code, "func run() {\n\tprint(\"😀\")\n}\n")
        XCTAssertEqual(snippet.range.start, marked["1️⃣"])
        XCTAssertEqual(mapped(snippet, "print"), marked["2️⃣"])
        XCTAssertEqual(mapped(snippet, "}"), marked["3️⃣"])
        XCTAssertEqual(snippet.range.end, marked["3️⃣"] + 1)
        XCTAssertEqual(document.lineIndex.lineColumn(of: marked["2️⃣"]), LineColumn(line: 3, column: 18))
    }

    func testLineNumberGutterIsNotCode() {
        let html =
            "<h2>Step 1</h2><table><tr><td><pre>1\n2\n3</pre></td><td><pre class=\"swift\">let a = 1\nlet b = 2\nlet c = 3</pre></td></tr></table>"
        XCTAssertEqual(snippets(read(html)).map(\.code), ["let a = 1\nlet b = 2\nlet c = 3\n"])
    }

    /// A one-line block in a line-number table: its gutter is a lone `1` beside the code's cell, no code;
    /// a lone `1` elsewhere (a `<pre>` of its own, or a table without a code column) stays code.
    func testALoneLineNumberBesideItsCodeCellIsNotCode() {
        let oneLine =
            "<h2>Step 1</h2><figure class=\"highlight swift\"><table><tr><td class=\"gutter\"><pre>1</pre></td>"
            + "<td class=\"code\"><pre>struct Plan {}</pre></td></tr></table></figure>"
        XCTAssertEqual(snippets(read(oneLine)).map(\.code), ["struct Plan {}\n"])
        let alone = "<h2>Step 1</h2><pre>1</pre><table><tr><td><pre>1</pre></td><td>one</td></tr></table>"
        XCTAssertEqual(snippets(read(alone)).map(\.code), ["1\n", "1\n"])
    }

    /// A blog built with Hexo: each `<pre>` sits in a line-number table inside `<figure class="highlight
    /// swift">`, and a Chinese caption ends with the file's name.
    func testHexoFiguresNameTheLanguageAndCaptionsNameTheFile() {
        let figure =
            "<figure class=\"highlight swift\"><table><tr><td class=\"gutter\"><pre>1<br>2<br></pre></td>"
            + "<td class=\"code\"><pre>import SwiftUI<br>struct A {}<br></pre></td></tr></table></figure>"
        let html = "<h3>§ 1 准备</h3><p><strong>Step 1.</strong> 新建文件。</p>" + figure
            + "<p>整理后的完整代码是<code>A.swift</code>：</p>" + figure
        let found = snippets(read(html))
        XCTAssertEqual(found.map(\.code), ["import SwiftUI\nstruct A {}\n", "import SwiftUI\nstruct A {}\n"])
        XCTAssertEqual(found.map(\.language), ["swift", "swift"])
        XCTAssertEqual(found.map(\.kind), [.file, .file])
        XCTAssertEqual(found.map(\.fileName), [nil, "A.swift"])
    }

    func testBoldPrefixParagraphsAreSteps() {
        let tutorial = read(
            "<p><strong>ステップ1</strong> ファイルを作る。</p><pre class=\"swift\">let a = 1\n</pre><p><b>Step 2:</b> Add.</p><pre class=\"swift\">let b = 2\n</pre><p><strong>Steps</strong> are prose.</p>"
        )
        XCTAssertEqual(tutorial.steps.map(\.label), ["ステップ1", "Step 2"])
        XCTAssertEqual(tutorial.steps.map(\.title), ["ファイルを作る。", "Add."])
        XCTAssertEqual(tutorial.steps.last?.prose, "Add.\nSteps are prose.")
    }

    func testCodeViewerPageKeepsTheLinesOfTheTextAsGiven() throws {
        let page =
            "<!DOCTYPE html>\n<html><body>\n<h3>Step 1</h3>\n<pre><code class=\"lang-swift\">1️⃣let a = 1\n</code></pre>\n</body></html>\n"
        let numbers = (1...6).map(String.init).joined(separator: "\n")
        let marked = MarkedText("Raw\nviewer.html\n6 lines\n" + numbers + "\n" + page)
        let document = SourceDocument(path: "viewer.txt", text: marked.text)
        XCTAssertEqual(HTMLCodeViewerPage.pageStartLine(in: document.lineIndex), 9)
        XCTAssertEqual(FormatSniffer.format(of: document), .html)
        let tutorial = readTutorial(document)
        XCTAssertEqual(tutorial.format, .html)
        let snippet = try XCTUnwrap(snippets(tutorial).first)
        XCTAssertEqual(snippet.range.start, marked["1️⃣"])
        XCTAssertEqual(document.lineIndex.lineColumn(of: snippet.range.start), LineColumn(line: 13, column: 31))
        // Plain text with a numbered list is still text.
        XCTAssertEqual(FormatSniffer.format(of: SourceDocument(path: "a.txt", text: "1\n2\n3\nStep 1\n")), .text)
    }

    func testMalformedHTMLGivesAModelOrDiagnosticsNeverACrash() throws {
        let unclosed = read("<h2>Step 1</h2><p>Open <b>bold\n<pre class=\"swift\">let a = 1\n<span>let b = 2")
        XCTAssertEqual(snippets(unclosed).first?.code, "let a = 1\nlet b = 2\n")
        let deep = read(
            String(repeating: "<div>", count: 1000) + "<h2>Step 1</h2>" + String(repeating: "</div>", count: 1000))
        XCTAssertFalse(deep.diagnostics.isEmpty)
        for text in [
            "", "<", "<pre", "&#xFFFFFFFF;", "<pre>&#0;&bogus;</pre>", "\u{FEFF}<html>", "<pre><code></code></pre>",
        ] {
            _ = read("<h2>Step 1</h2>" + text)
        }
        // libxml2 drops a NUL reference and keeps an unknown name as written.
        XCTAssertEqual(snippets(read("<h2>Step 1</h2><pre>&#0;&bogus;x</pre>")).first?.code, "&bogus;x\n")
    }
}

extension HTMLReaderTests {
    func testAnArticlesOwnHeaderKeepsItsTitleButSiteChromeDoesNot() {
        let html = """
            <div class="site-header"><h1>Site</h1></div>
            <article><header><h1>Article title</h1></header>
            <div class="section-header"><h2>Section 1: Views</h2></div>
            <h3>Step 1</h3><pre class="swift">let a = 1
            </pre></article>
            """
        let tutorial = read(html)
        XCTAssertEqual(tutorial.title, "Article title")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Views"])
    }

    /// The heading of an article's own header is the title the post declares (a blog renders its front
    /// matter there), over a series heading in the body; without one, the nearest level-1 heading above
    /// the content is the title, not a stale one above it.
    func testAnArticleHeaderTitleWinsAndAStaleHeadingIsPassedOver() {
        let body = """
            <h1>Notes</h1><h1>Series</h1><p>Intro.</p>
            <h2>Views</h2><pre class="swift">let a = 1
            </pre><h2>Data</h2><pre class="swift">let b = 2
            </pre><h2>Quiz</h2><p>A question?</p>
            """
        let post = read("<article><header><h1>Post title</h1></header>\n" + body + "</article>")
        XCTAssertEqual(post.title, "Post title")
        XCTAssertEqual(post.sections.map(\.title), ["Views", "Data"])
        let page = read("<div class=\"post\">\n" + body + "</div>")
        XCTAssertEqual(page.title, "Series")
        XCTAssertEqual(page.sections.map(\.title), ["Views", "Data"])
    }

    func testCodePastTheLinesLibxml2CountsIsStillLocated() throws {
        // libxml2's HTML parser keeps 16-bit line numbers: past 65535 tags are matched by order alone.
        // (Offsets counted by hand: MarkedText over a megabyte is slow in debug builds.)
        let head =
            "<h2>Step 1</h2>\n<p>filler" + String(repeating: "\n", count: 65_600) + "</p>\n" + "<pre class=\"swift\">"
        let middle = "let far = 1\n</pre>\n<pre class=\"swift\">"
        let tutorial = read(head + middle + "let farther = 2\n</pre>\n")
        let first = head.utf8.count
        XCTAssertEqual(snippets(tutorial).map(\.range.start), [first, first + middle.utf8.count])
        XCTAssertTrue(tutorial.diagnostics.isEmpty)
    }
}

extension HTMLReaderTests {
    func testLoneCarriageReturnLineEndsStillLocateCode() throws {
        // libxml2 counts only `\n`; the document's lines (and ours) also end at a lone `\r`.
        let marked = MarkedText("<h2>Step 1</h2>\r<p>Text</p>\r<pre class=\"swift\">1️⃣let a = 1\rlet b = 2\r</pre>\r")
        let snippet = try XCTUnwrap(snippets(read(marked.text)).first)
        XCTAssertEqual(snippet.code, "let a = 1\nlet b = 2\n")
        XCTAssertEqual(snippet.range.start, marked["1️⃣"])
    }
}

extension HTMLReaderTests {
    func testHeadingPermalinksAreNotPartOfTheLabel() {
        let tutorial = read(
            "<h2>Step 1: Make<a class=\"headerlink\" href=\"#s1\">¶</a></h2><pre class=\"swift\">let a = 1\n</pre>"
                + "<h2>Step 2<a href=\"#s2\">#</a></h2><pre class=\"swift\">let b = 2\n</pre>")
        XCTAssertEqual(tutorial.steps.map(\.label), ["Step 1", "Step 2"])
        XCTAssertEqual(tutorial.steps.map(\.title), ["Make", ""])
    }

    // MARK: - Numbered lists in the page's flow

    func testANumberedItemHoldingCodeInANestedBulletListIsOneStep() {
        let tutorial = read(
            """
            <article><h1>Sprites</h1>
            <ol start="3">
              <li><p>Open the game project.</p></li>
              <li>Draw two frames:
                <ul>
                  <li><code>idle.plist</code><pre><code>frames = 1
            </code></pre></li>
                  <li><code>run.plist</code><pre><code>frames = 4
            </code></pre></li>
                </ul>
              </li>
              <li>Load them:<pre><code>let idle = load("idle")
            </code></pre></li>
            </ol></article>
            """)
        XCTAssertEqual(tutorial.steps.map(\.snippets.count), [2, 1])
        XCTAssertEqual(tutorial.steps.map(\.label), ["4.", "5."])
    }

    func testANumberedListInsideAQuoteOrAnotherListNumbersNoSteps() {
        let tutorial = read(
            """
            <h1>Sprites</h1>
            <blockquote><ol><li>Quoted:<pre><code>a = 1
            </code></pre><pre><code>b = 2
            </code></pre></li></ol></blockquote>
            <ul><li>Outer<ol><li>Inner:<pre><code>c = 3
            </code></pre><pre><code>d = 4
            </code></pre></li></ol></li></ul>
            """)
        XCTAssertEqual(tutorial.steps.map(\.snippets.count), [1, 1, 1, 1])
    }

    func testASiteSourcePageTakesItsTitleFromItsFrontMatter() throws {
        // A Jekyll source page (an exported notebook): front matter over HTML without an h1.
        let tutorial = read(
            """
            ---
            title: Jars tutorial
            summary: "A step by step guide"
            ---
            <div class="cell"><h2>Make a jar</h2>
            <pre>jar = Jar()
            </pre>
            <h2>Fill it</h2>
            <pre>jar.fill()
            </pre></div>
            """)
        XCTAssertEqual(tutorial.title, "Jars tutorial")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Make a jar", "Fill it"])
        XCTAssertFalse(try XCTUnwrap(tutorial.steps.first).prose.contains("summary"))
    }
}
