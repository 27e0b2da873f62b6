import TutorialModel
import XCTest

@testable import TutorialReaders

/// Structure read from the shape of a whole page, as a reader counts it: which heading is the title (a
/// front matter's, the first heading that heads something, not a later part), level-1 headings that group
/// numbered sections, indented code beside fenced code, index pages of links, and a numbered list of
/// instructions without code. Each case is our own text.
final class PageShapesTests: XCTestCase {
    private func read(_ text: String) -> Tutorial {
        MarkdownReader.read(SourceDocument(path: "page.md", text: text))
    }

    /// Steps per section, and the snippets of each step.
    private func shape(_ tutorial: Tutorial) -> [[Int]] {
        tutorial.sections.map { $0.steps.map(\.snippets.count) }
    }

    // MARK: - The title

    func testAFrontMatterTitleNamesAPostWhoseLevelOneHeadingsAreItsParts() {
        let tutorial = read(
            "---\ntitle: \"Jars in Swift\"\n---\n\n# Why jars\n\nThey keep things.\n\n# Setting up\n\n"
                + "```swift\nimport Jars\n```\n\n# The jar\n\n```swift\nstruct Jar {}\n```\n")
        XCTAssertEqual(tutorial.title, "Jars in Swift")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Setting up", "The jar"])
    }

    func testAFrontMatterTitleNamesSlidesWhoseCodeStandsUnderALaterLevelOnePartsSubheading() {
        // The first level-1 part is prose; the code stands under `## Test cases` inside a later level-1 part:
        // the front matter names the page (counting conventions item 12), however deep the code stands.
        let tutorial = read(
            "---\ntitle: \"Parsing Sentences\"\n---\n\n# What is a grammar?\n\nRules rewrite symbols.\n\n"
                + "# Parsing in practice\n\n## Test cases\n\n```text\ntake a ball\n```\n\n```text\nput a ball\n```\n")
        XCTAssertEqual(tutorial.title, "Parsing Sentences")
        XCTAssertEqual(shape(tutorial), [[1, 1]])
        // The later part holds no code of its own: it groups, and its `## Test cases` is the section (item 9).
        XCTAssertEqual(tutorial.sections.map(\.title), ["Test cases"])
        // A chapter's own level-1 title over its `##` parts stays the title.
        let chapter = read("---\ntitle: \"Notes\"\n---\n\n# Parsing\n\n## Test cases\n\n```text\ntake a ball\n```\n")
        XCTAssertEqual(chapter.title, "Parsing")
    }

    func testAHeadingsAttributeListIsNoPartOfItsText() {
        // Doxygen, Pandoc, kramdown and MkDocs read a trailing `{#id .class}` as the heading's anchor and classes;
        // the published page shows the words before it.
        let tutorial = read(
            "# Making a Jar Mode {#jar-mode}\n\n## Set up ## {: #setup .wide }\n\n```c\nint jar;\n```\n\n"
                + "## Fill the {jar} {#fill}\n\n```c\njar = 1;\n```\n\n## Keep {braces} here\n\n```c\n{}\n```\n")
        XCTAssertEqual(tutorial.title, "Making a Jar Mode")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Set up", "Fill the {jar}", "Keep {braces} here"])
        XCTAssertEqual(HeadingAttributes.visibleText("Step 1 {#step1}"), "Step 1")
        XCTAssertEqual(HeadingAttributes.visibleText("{#only-an-anchor}"), "{#only-an-anchor}")
        XCTAssertEqual(HeadingAttributes.visibleText("Sets {#a b}"), "Sets {#a b}")
        XCTAssertEqual(HeadingAttributes.visibleText("Kept {#a}."), "Kept {#a}.")
        // kramdown's closing marks may stand before the list; without a list they are CommonMark's to drop.
        XCTAssertEqual(HeadingAttributes.visibleText("Tutorial 2: Jars # {#jars}"), "Tutorial 2: Jars")
        XCTAssertEqual(HeadingAttributes.visibleText("P1: Fill ##  {#p1}"), "P1: Fill")
        XCTAssertEqual(HeadingAttributes.visibleText("C# {#c-sharp}"), "C#")
        XCTAssertEqual(HeadingAttributes.visibleText("Tag #2 #"), "Tag #2 #")
        XCTAssertEqual(HeadingAttributes.visibleText("## {#marks-only}"), "## {#marks-only}")
        // kramdown's span list right after a bold badge (`**IoT**{: .label}`): its `{:` marks it, no blank before.
        let badged = read("# Lab 3: Sensors **IoT**{: .label .label-iot }\n\n## Wire\n\n```c\nint pin;\n```\n")
        XCTAssertEqual(badged.title, "Lab 3: Sensors IoT")
        XCTAssertEqual(
            HeadingAttributes.visibleText("Lab 3: Sensors IoT{: .label .label-iot }"), "Lab 3: Sensors IoT")
        XCTAssertEqual(HeadingAttributes.visibleText("Sets{#a}"), "Sets{#a}")
        XCTAssertEqual(HeadingAttributes.visibleText("Map{: not an attribute}"), "Map{: not an attribute}")
    }

    func testAHeadingThatIsOnlyATemplateExpressionTitlesNothing() {
        // Jekyll and Hugo layouts write the page's header as `{{ page.title }}`: the site shows the front
        // matter's title there, so the heading's own text titles nothing.
        let html = read(
            "---\ntitle: Jar Guide\n---\n\n<div align=\"center\">\n<h1>{{ page.title }}</h1>\n</div>\n\n"
                + "## Fill\n\n```sh\njar fill\n```\n\n## Seal\n\n```sh\njar seal\n```\n")
        XCTAssertEqual(html.title, "Jar Guide")
        XCTAssertEqual(html.sections.map(\.title), ["Fill", "Seal"])
        let markdown = read("---\ntitle: Jar Guide\n---\n\n# {% title %}\n\n## Fill\n\n```sh\njar fill\n```\n")
        XCTAssertEqual(markdown.title, "Jar Guide")
        XCTAssertTrue(HeadingAttributes.isTemplateOnly("{{ site.title }}"))
        XCTAssertFalse(HeadingAttributes.isTemplateOnly("Using {{ braces }} in Jinja"))
        XCTAssertFalse(HeadingAttributes.isTemplateOnly("{{}}"))
    }

    func testAQuotedFrontMatterTitleIsReadAsThePageShowsIt() {
        // YAML doubles a quote inside single quotes, and escapes with backslashes inside double quotes.
        let single = read("---\ntitle: 'Let''s Build A Jar: ''Swift'' Edition'\n---\n\n## Make\n\n```swift\nstruct Jar {}\n```\n")
        XCTAssertEqual(single.title, "Let's Build A Jar: 'Swift' Edition")
        let double = read(
            "---\ntitle: \"Jars \\\"in\\\" Swift \\u00e9t\\u00e9 \\\\ done\"\n---\n\n## Make\n\n```swift\nstruct Jar {}\n```\n")
        XCTAssertEqual(double.title, "Jars \"in\" Swift \u{e9}t\u{e9} \\ done")
        XCTAssertEqual(unquotedScalar("'a''''b'"), "a''b")
        XCTAssertEqual(unquotedScalar("plain 'as' written"), "plain 'as' written")
        XCTAssertEqual(unquotedScalar("\"bad \\uZZ\""), "bad \\uZZ")
    }

    func testATitleHeadingOverLevelTwoSectionsWinsOverTheFrontMatter() {
        let tutorial = read(
            "---\ntitle: \"Jars, chapter 1\"\n---\n\nTranslated for practice.\n\n# Chapter 1: Making jars\n\n"
                + "## Declare\n\n```swift\nstruct Jar {}\n```\n\n## Fill\n\n```swift\nvar jar = Jar()\n```\n")
        XCTAssertEqual(tutorial.title, "Chapter 1: Making jars")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Declare", "Fill"])
    }

    func testTheFirstLevelOneHeadingIsTheTitleOverLaterPartsWithoutCode() {
        let tutorial = read(
            "# Jars in Swift\n\nA post about jars.\n\n# Background\n\nJars are values.\n\n# Setting up\n\n"
                + "```swift\nimport Jars\n```\n\n# The jar\n\n```swift\nstruct Jar {}\n```\n")
        XCTAssertEqual(tutorial.title, "Jars in Swift")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Setting up", "The jar"])
    }

    func testALinkHeadingOverOnlyLinksIsNoTitle() {
        let tutorial = read(
            "# [Back to the index](https://example.com)\n\n# [Contents](https://example.com/jars#contents)\n\n"
                + "1. [Declare](https://example.com/jars#declare)\n2. [Fill](https://example.com/jars#fill)\n\n"
                + "# [Jars](https://example.com/jars)\n\nWe make a jar and fill it.\n\n## Declare\n\n"
                + "```swift\nstruct Jar {}\n```\n\n## Fill\n\n```swift\nvar jar = Jar()\n```\n")
        XCTAssertEqual(tutorial.title, "Jars")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Declare", "Fill"])
    }

    func testATitleOverATableOfContentsUnderALevelOneHeadingOfItsOwnStaysTheTitle() {
        // A generated table of contents under a setext `Table of Contents` heading, right under the title.
        let tutorial = read(
            "# Jars -- Views\n\nContents\n========\n\n   * [Views](#views)\n      * [Lid](#lid)\n      * [Label](#label)\n"
                + "------\n\n## Lid\n\n```swift\nstruct Lid {}\n```\n\n## Label\n\n```swift\nstruct Label {}\n```\n")
        XCTAssertEqual(tutorial.title, "Jars -- Views")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Lid", "Label"])
        // Without the title above it, the table's heading heads the page as before.
        XCTAssertEqual(read("Contents\n========\n\n* [Lid](#lid)\n\n## Lid\n\n```swift\nstruct Lid {}\n```\n").title, "Contents")
    }

    func testTheOnlyLevelOneHeadingBelowAPreambleBoxTitlesThePage() {
        // Study notes open with a fenced box of dates and authors above the chapter's own title.
        let tutorial = read(
            "```\nStudied: 2016-03-27\nAuthor: Kim\n```\n\n# 20 Working with jars\n\n## 1. Make the model\n\nText.\n\n"
                + "## 2. Create a jar\n\n```swift\nlet jar = Jar()\n```\n")
        XCTAssertEqual(tutorial.title, "20 Working with jars")
        XCTAssertEqual(shape(tutorial), [[1], [0], [1]])
        // Code above two level-1 parts stays a part of an untitled page.
        let parts = read("```swift\nlet a = 1\n```\n\n# Part 2\n\n```swift\nlet b = 2\n```\n\n# Part 3\n\n```swift\nlet c = 3\n```\n")
        XCTAssertNil(parts.title)
        XCTAssertEqual(parts.sections.map(\.title), ["", "Part 2", "Part 3"])
    }

    /// Code above every heading (a block-editor template, a rule a wiki export renders as code, a command)
    /// opens the page as a first section; the level-1 heading that heads the rest still titles it (rule 1),
    /// as it would without that block. Level-1 parts each over their own code stay untitled (item 16).
    func testALevelOneHeadingUnderCodeThatOpensThePageStillTitlesIt() {
        let template =
            "#### @hideHints true\n\n```template\nlet jar = 0\n```\n\n# Jar sounds\n\n## Start\n\n### Intro\n\nHello.\n\n"
            + "### Step 1\n\n```blocks\nplay(1)\n```\n\n### Step 2\n\n```blocks\nplay(2)\n```\n\n### Step 3\n\nDone.\n"
        let sounds = read(template)
        XCTAssertEqual(sounds.title, "Jar sounds")
        XCTAssertEqual(sounds.sections.count, 2)
        XCTAssertEqual(sounds.sections.last?.title, "Start")
        XCTAssertEqual(shape(sounds), [[1], [1, 1, 0]])
        let wiki = read(
            "[back](index.md)\n\n        --\n\nContents\n\n# Jar basics\n\nWhat jars are.\n\n## Kinds\n\nGlass.\n\n"
                + "# Practice\n\n## Fill one\n\n    fill jar\n\n# Later\n\n## Seal one\n\n    seal jar\n")
        XCTAssertEqual(wiki.title, "Jar basics")
        XCTAssertEqual(wiki.sections.map(\.title).suffix(2), ["Fill one", "Seal one"])
        XCTAssertEqual(shape(wiki), [[1], [1], [1]])
        // Level-1 parts each right over their own code, after a first listing: parts, no title (item 16).
        let parts = read("```sh\njar init\n```\n\n# Fill\n\n```sh\njar fill\n```\n\n# Seal\n\n```sh\njar seal\n```\n")
        XCTAssertNil(parts.title)
        XCTAssertEqual(parts.sections.map(\.title).suffix(2), ["Fill", "Seal"])
    }

    /// Slides of a course: a line of who and when, then level-1 parts side by side whose code stands under
    /// level-3 topics. After an opening line no level-1 part titles the page (rounds 11 and 93 counted so),
    /// and each part without code of its own groups the topics that carry code, the sections (item 9).
    func testLevelOnePartsSideBySideAfterAnOpeningLineTitleNothing() {
        let topics =
            "# Shell basics\n\n### Variables\n\n```sh\njar=1\n```\n\n### Loops\n\n```sh\nfor j in a b; do echo $j; done\n```\n\n"
            + "### Functions\n\n```sh\nfill() { echo full; }\n```\n\n# Pipes\n\n### Filters\n\n```sh\nls | grep jar\n```\n\n"
            + "### Redirects\n\n```sh\necho jar > shelf.txt\n```\n\n### Errors\n\nKept for later.\n\n# Git\n\n"
            + "### Commit\n\n```sh\ngit commit -m jar\n```\n\n### Branch\n\n```sh\ngit branch lid\n```\n\n"
            + "### Tag\n\n```sh\ngit tag v1\n```\n\n### Merge\n\n```sh\ngit merge lid\n```\n"
        let sectionTitles = ["Variables", "Loops", "Functions", "Filters", "Redirects", "Commit", "Branch", "Tag", "Merge"]
        let slides = read("Speaker: K. Jar  \nLecture 3, spring term\n\n" + topics)
        XCTAssertNil(slides.title)
        XCTAssertEqual(slides.sections.map(\.title), sectionTitles)
        XCTAssertEqual(shape(slides), Array(repeating: [1], count: 9))
        // A list of who and when is opening text too; a link line or a raw HTML banner above the parts is not.
        XCTAssertNil(read("- Date: 2024-03-01\n- Room: 4\n\n" + topics).title)
        XCTAssertEqual(read("[Course index](index.md)\n\n" + topics).title, "Shell basics")
        let logo = "<p align=\"center\"><img src=\"logo.png\"><br>Shell for everyone.</p>\n\n"
        XCTAssertEqual(read(logo + topics).title, "Shell basics")
        // Without the opening line the first part heads the page, as `# Getting Started` does over the part
        // `# Observables` (item 9); the sections are the same.
        let untitled = read(topics)
        XCTAssertEqual(untitled.title, "Shell basics")
        XCTAssertEqual(untitled.sections.map(\.title), sectionTitles)
    }

    func testAnOpeningLineLeavesATitleOverItsPartsAndTheOnlyPartTitled() {
        // The first level-1 heading holds all the code, under its `##` parts: later level-1 parts are prose.
        let titled = read(
            "Notes from a workshop.\n\n# Jars in Swift\n\n## Declare\n\n```swift\nstruct Jar {}\n```\n\n## Fill\n\n"
                + "```swift\nvar jar = Jar()\n```\n\n# Further reading\n\nThe jar book.\n")
        XCTAssertEqual(titled.title, "Jars in Swift")
        XCTAssertEqual(titled.sections.map(\.title), ["Declare", "Fill"])
        // The page's only level-1 heading, over its `##` parts.
        let only = read("Notes from a workshop.\n\n# Jars in Swift\n\n## Declare\n\n```swift\nstruct Jar {}\n```\n")
        XCTAssertEqual(only.title, "Jars in Swift")
        // A heading right over the parts still titles them (item 21).
        let summary = read(
            "Notes from a workshop.\n\n# Jar course\n\n# Shelves\n\n## Boards\n\n```swift\nlet board = 1\n```\n\n"
                + "# Lids\n\n## Threads\n\n```swift\nlet thread = 2\n```\n\n# Labels\n\nPrint them.\n")
        XCTAssertEqual(summary.title, "Jar course")
        XCTAssertEqual(summary.sections.map(\.title), ["Boards", "Threads"])
        // A first level-1 part without code of its own (a tip, a table of contents) titles the parts after it
        // (rounds 40 and 79), an opening line or not: here a front matter the blank line above keeps from
        // being one, which the page shows as a rule, a line of who and when, and a rule.
        let contents = read(
            "\n---\ntitle: Jar course\nauthor: Ann\n\n---\n\n# Jar course\n\nBring a jar.\n\n## Contents\n\n"
                + "- [Boards](#boards)\n\n# Main\n\n## Boards\n\n```swift\nlet board = 1\n```\n\n# Extra\n\n"
                + "## Threads\n\n```swift\nlet thread = 2\n```\n")
        XCTAssertEqual(contents.title, "Jar course")
        XCTAssertEqual(contents.sections.map(\.title), ["Boards", "Threads"])
    }

    /// A project's banner in raw HTML, an icon beside its name in a table, is the page's header as a centred
    /// `<h1>` is (rounds 19 and 56): its level-1 heading titles the page, and the page reads as it would
    /// without the banner.
    func testARawTableBannerOpeningThePageTitlesItWithItsLevelOneHeading() {
        let parts =
            "## Install\n\n```sh\nbrew install jar\n```\n\n## Fill\n\nTwo ways.\n\n```sh\njar fill\n```\n\n```sh\njar fill --all\n```\n"
        let plain = read(parts)
        XCTAssertNil(plain.title)
        let banner = "<table><tr><td><img src=\"icon.png\" width=\"64\"></td><td><h1>Jar Tool</h1></td></tr></table>\n\n"
        let spread =
            "---\nlayout: page\n---\n\n<table>\n  <tr>\n    <td><img src=\"icon.png\" width=\"64\"></td>\n    <td>\n"
            + "      <h1>Jar Tool</h1>\n      <p>Fills jars from the shell.</p>\n    </td>\n  </tr>\n</table>\n\n"
        for page in [banner + parts, spread + parts, "<!-- banner -->\n" + banner + parts] {
            let tutorial = read(page)
            XCTAssertEqual(tutorial.title, "Jar Tool", page)
            XCTAssertEqual(tutorial.sections.map(\.title), ["Install", "Fill"], page)
            XCTAssertEqual(shape(tutorial), [[1], [1, 1]], page)
            XCTAssertEqual(tutorial.steps.map(\.id), plain.steps.map(\.id), page)
        }
        // The cell's text is read once: the heading, then the line under it.
        let blocks = MarkdownReader.blocks(SourceDocument(path: "page.md", text: spread + parts)).blocks
        XCTAssertEqual(blocks.prefix(3).map(\.kind), [.heading(level: 1), .paragraph, .heading(level: 2)])
        XCTAssertEqual(blocks.prefix(2).map(\.text), ["Jar Tool", "Fills jars from the shell."])
        // Only the first level-1 heading is the banner's: a second heading in its cells is prose.
        let two = read(
            "<table><tr><td><h1>Jar Tool</h1></td><td><h1>Jar Lid</h1><h2>Parts</h2></td></tr></table>\n\n" + parts)
        XCTAssertEqual(two.title, "Jar Tool")
        XCTAssertEqual(two.sections.map(\.title), ["Install", "Fill"])
    }

    func testHeadingsInOtherTablesStayProse() {
        let parts = "## Install\n\n```sh\nbrew install jar\n```\n\n## Fill\n\n```sh\njar fill\n```\n"
        let comparison = "<table><tr><th><h1>Jar</h1></th><th><h1>Can</h1></th></tr><tr><td>glass</td><td>tin</td></tr></table>\n\n"
        // A comparison table further down the page: its headings are no title and open no section.
        let titled = read("# Jars\n\n## Install\n\n```sh\nbrew install jar\n```\n\n" + comparison + "## Fill\n\n```sh\njar fill\n```\n")
        XCTAssertEqual(titled.title, "Jars")
        XCTAssertEqual(titled.sections.map(\.title), ["Install", "Fill"])
        XCTAssertEqual(shape(titled), [[1], [1]])
        // After a line of prose, or above it with a level-2 heading in its cells, a table is no banner.
        XCTAssertNil(read("Compare them first.\n\n" + comparison + parts).title)
        XCTAssertNil(read("<table><tr><td><h2>Jar Tool</h2></td></tr></table>\n\n" + parts).title)
        // A heading in a cell of a Markdown table is prose too.
        XCTAssertNil(read("| <h1>Jar</h1> | Can |\n| --- | --- |\n| glass | tin |\n\n" + parts).title)
    }

    func testARunOfBannersOpeningThePageIsHeadedByTheFirst() {
        let tutorial = read(
            "# Jar course notes\n\n# Part 1\n\n# Project 1: a jar\n\nWe make one.\n\n## 1. Declare\n\n"
                + "```swift\nstruct Jar {}\n```\n\n## 2. Fill\n\n```swift\nvar jar = Jar()\n```\n\n# Project 2: a lid\n\n"
                + "## 1. Declare\n\n```swift\nstruct Lid {}\n```\n")
        XCTAssertEqual(tutorial.title, "Jar course notes")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Declare", "Fill", "Declare"])
    }

    func testLinkShapes() {
        let blocks = MarkdownReader.blocks(
            SourceDocument(
                path: "page.md",
                text:
                    "# [Jars](a.md)\n\n[Declare](b.md): make one.\n\n[A](a.md) · [B](b.md)\n\nSee [the guide](c.md).\n\n"
                    + "- [x] [Fill](d.md)\n")
        ).blocks
        XCTAssertEqual(blocks.map(\.links), [.whole, .opens, .whole, .none, .whole])
    }

    // MARK: - Level-1 headings over numbered sections

    func testNumberedSectionsGroupedUnderLevelOneHeadingsAreSections() {
        let tutorial = read(
            "# Jars everywhere\n\nOne jar on each platform.\n\n# iOS\n\n## 1. Create the project\n\nPick the App template.\n\n"
                + "## 2. Declare the jar\n\n```swift\nstruct Jar {}\n```\n\n# macOS\n\n## 1. Add a target\n\n"
                + "Share the jar's file.\n\n## 2. Show it\n\n```swift\nText(\"jar\")\n```\n")
        XCTAssertEqual(tutorial.title, "Jars everywhere")
        XCTAssertEqual(
            tutorial.sections.map(\.title), ["Create the project", "Declare the jar", "Add a target", "Show it"])
        XCTAssertEqual(shape(tutorial), [[0], [1], [0], [1]])
    }

    func testNumberedSectionsUnderOneLevelOnePartAreSectionsUnderTheTitle() {
        let tutorial = read(
            "# Jars on iOS\n\nA short post.\n\n# SwiftUI\n\n## 1. Declare\n\n```swift\nstruct Jar {}\n```\n\n"
                + "## 2. Fill\n\n```swift\nvar jar = Jar()\n```\n\n## 3. Run\n\nRun the app.\n")
        XCTAssertEqual(tutorial.title, "Jars on iOS")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Declare", "Fill", "Run"])
    }

    // MARK: - Indented code beside fenced code

    func testIndentedCodeBesideFencedCodeIsNoSnippet() {
        let tutorial = read(
            "# Jars\n\n### Step 1\n\nMake one.\n\n```swift\nlet jar = Jar()\n```\n\nThe compiler prints:\n\n"
                + "    warning: jar is never used\n\n### Step 2\n\nFill it.\n\n    jar.fill(with: .jam)\n")
        XCTAssertEqual(shape(tutorial), [[1, 0]])
        XCTAssertTrue(tutorial.sections[0].steps[1].prose.contains("jar.fill(with: .jam)"))
    }

    // MARK: - Index pages

    func testAnIndexPageIsOneSectionWithAStepPerCommand() {
        let text =
            "# Jars\n\nThe jar package's pages.\n\n## Start\n\n- [Installing](install.md): add the package.\n"
            + "- [First jar](first.md): a jar in five lines.\n\n```sh\nswift build\n```\n\n## Guides\n\n"
            + "- [Filling](fill.md): what goes in.\n- [Sealing](seal.md)\n\n```sh\nswift test\n```\n"
        XCTAssertTrue(
            OutlineBuilder.isIndexPage(MarkdownReader.blocks(SourceDocument(path: "i.md", text: text)).blocks))
        let tutorial = read(text)
        XCTAssertEqual(tutorial.sections.map(\.title), ["Jars"])
        XCTAssertEqual(shape(tutorial), [[1, 1]])
    }

    func testAnHTMLIndexPageIsOneSection() {
        let tutorial = HTMLReader.read(
            SourceDocument(
                path: "index.html",
                text:
                    "<html><body><h1>Jars</h1><h2>Start</h2><ul><li><a href=\"install.html\">Installing</a>: add it.</li>"
                    + "<li><a href=\"first.html\">First jar</a></li></ul><pre><code>swift build</code></pre><h2>Guides</h2>"
                    + "<ul><li><a href=\"fill.html\">Filling</a></li><li><a href=\"seal.html\">Sealing</a>: close it.</li></ul>"
                    + "<pre><code>swift test</code></pre></body></html>"))
        XCTAssertEqual(tutorial.title, "Jars")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Jars"])
        XCTAssertEqual(shape(tutorial), [[1, 1]])
    }

    func testATutorialWithAReadingListIsNoIndexPage() {
        let tutorial = read(
            "# Jars\n\n## Declare\n\nA jar holds things.\n\nIt is a value type.\n\n```swift\nstruct Jar {}\n```\n\n"
                + "## Fill\n\nFilling changes it.\n\nSo it is a `var`.\n\n```swift\nvar jar = Jar()\n```\n\n"
                + "## Further reading\n\n- [Values](v.md)\n- [Types](t.md)\n- [Jars](j.md)\n- [Lids](l.md)\n")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Declare", "Fill"])
    }

    func testAClosingLinkListOnAPageOfCodeIsNoIndexPage() {
        // Little prose, a fence per part, then links under one heading: a reading list that closes the page.
        let text =
            "# Getting started\n\n## Install\n\n```sh\nnpm install jars\n```\n\n## Quick start\n\n```js\nconst jar = makeJar()\n```\n\n"
            + "## With a lid\n\n```js\nconst jar = makeJar({ lid: true })\n```\n\n## Next steps\n\n"
            + "- [Lids](lids.md): how lids close\n- [Labels](labels.md)\n- [Shelves](shelves.md)\n- [Recipes](recipes.md)\n"
        XCTAssertFalse(
            OutlineBuilder.isIndexPage(MarkdownReader.blocks(SourceDocument(path: "g.md", text: text)).blocks))
        XCTAssertEqual(read(text).sections.map(\.title), ["Install", "Quick start", "With a lid"])
        // Samples under a title, a fence before the first part, ten links at the end.
        let links = (1...10).map { "- https://example.com/jars/\($0)" }.joined(separator: "\n")
        let samples =
            "# Jar samples\n\n```conf\njar { size 2; }\n```\n\n### A dockerfile\n\n```dockerfile\nFROM jar\n```\n\n"
            + "### Debug commands\n\n```sh\njar -t\n```\n\n### Sources\n\nWhere the samples came from.\n\n\(links)\n"
        XCTAssertEqual(shape(read(samples)), [[1], [1], [1]])
    }

    func testATableOfContentsOfThePageMakesNoIndexPage() {
        // Its links point into the page (`#declare`): a tutorial's own contents, however long, above its parts.
        let contents = "- [Declare](#declare)\n  - [Jar.swift](#jarswift)\n  - [Lid.swift](#lidswift)\n- [Fill](#fill)\n"
            + "  - [Fill.swift](#fillswift)\n"
        let text =
            "### Contents\n\n\(contents)\n# Jars\n\n## Declare\n\n```swift\nstruct Jar {}\n```\n\n### Lid.swift\n\n"
            + "```swift\nstruct Lid {}\n```\n\n## Fill\n\n```swift\nvar jar = Jar()\n```\n"
        XCTAssertFalse(
            OutlineBuilder.isIndexPage(MarkdownReader.blocks(SourceDocument(path: "c.md", text: text)).blocks))
        XCTAssertEqual(read(text).sections.map(\.title), ["Declare", "Fill"])
        let html = HTMLReader.read(
            SourceDocument(
                path: "c.html",
                text:
                    "<html><body><ul><li><a href=\"#declare\">Declare</a></li><li><a href=\"#lid\">Lid</a></li>"
                    + "<li><a href=\"#fill\">Fill</a></li><li><a href=\"#seal\">Seal</a></li></ul><h1>Jars</h1>"
                    + "<h2 id=\"declare\">Declare</h2><pre><code>struct Jar {}</code></pre>"
                    + "<h2 id=\"fill\">Fill</h2><pre><code>var jar = Jar()</code></pre></body></html>"))
        XCTAssertEqual(html.sections.map(\.title), ["Declare", "Fill"])
    }

    // MARK: - Numbered instructions without code

    func testANumberedListOfInstructionsIsTheStepsOfAPageWithoutCode() {
        let tutorial = read(
            "# Jars on the watch\n\nNo code today.\n\n1. Open the project.\n2. Add a watch target.\n"
                + "3. Pick a watch simulator.\n4. Run it.\n\nDone.\n")
        XCTAssertEqual(shape(tutorial), [[0, 0, 0, 0]])
        XCTAssertEqual(
            tutorial.sections[0].steps.map(\.title),
            [
                "Open the project.", "Add a watch target.", "Pick a watch simulator.", "Run it.",
            ])
        XCTAssertEqual(tutorial.sections[0].steps.map(\.labelNumber), [1, 2, 3, 4])
    }

    func testAShortNumberedListInAPageOfProseStaysProse() {
        let tutorial = read(
            "# Day 12\n\nToday we review.\n\nJars were the topic.\n\nValues came up.\n\n## Summary\n\nWe made jars.\n\n"
                + "We filled them.\n\n## Challenges\n\nTry these:\n\n1. Add a lid.\n2. Count the jars.\n"
                + "3. Sort them.\n\nGood luck.\n")
        XCTAssertEqual(shape(tutorial), [])
    }

    func testANumberedTableOfContentsIsNoSteps() {
        let tutorial = read(
            "# Jars\n\n1. [Declare](#declare)\n2. [Fill](#fill)\n3. [Seal](#seal)\n")
        XCTAssertEqual(shape(tutorial), [])
    }

    // MARK: - Numbered headings and lists in a page with code

    func testALevelOneHeadingOpeningWithAnAsideWordIsStillTheTitle() {
        let tutorial = read("# Notes on jars\n\n## Declare\n\n```swift\nstruct Jar {}\n```\n")
        XCTAssertEqual(tutorial.title, "Notes on jars")
    }

    func testNumberedTopicsOfANoteAreReadAsHeadingsWhereAPartHoldsSeveralBlocks() {
        // No `N.M` under any part, and part 2 holds two blocks: the numbers count topics, not steps.
        let tutorial = read(
            "# Jars\n\n## 1. Why jars\n\nThey keep things.\n\n## 2. Making one\n\n```swift\nstruct Jar {}\n```\n\n"
                + "```swift\nlet jar = Jar()\n```\n\n## 3. Reading on\n\nMore elsewhere.\n")
        XCTAssertEqual(shape(tutorial), [[1, 1]])
        XCTAssertEqual(tutorial.sections.map(\.title), ["2. Making one"])
    }

    func testStepSizedNumberedPartsStayStepsWithTheirProseOnlyOnes() {
        let tutorial = read(
            "# Jars\n\n## 1. Open the project\n\nOpen it.\n\n## 2. Declare\n\n```swift\nstruct Jar {}\n```\n\n"
                + "## 3. Run it\n\nRun the app.\n")
        XCTAssertEqual(shape(tutorial), [[0], [1], [0]])
    }

    func testANumberedPartWithNothingUnderItIsNoSection() {
        let tutorial = read(
            "# Jars\n\n## 1. Setup\n\n### 1.1. Declare\n\n```swift\nstruct Jar {}\n```\n\n### 1.2. Fill\n\n"
                + "Fill it.\n\n## 2. Thanks\n## 3. The end\n")
        XCTAssertEqual(shape(tutorial), [[1, 0]])
    }

    func testAListItemWithoutCodeIsNoStepInAPageWithoutLabelsAndItsNeighboursAreNotJudgedForNumbers() {
        let tutorial = read(
            "# Jars\n\n## Making one\n\n1. Declare it.\n\n   ```swift\n   struct Jar {}\n   ```\n\n"
                + "2. Look at the preview.\n\n3. Fill it.\n\n   ```swift\n   var jar = Jar()\n   ```\n\n4. Result\n")
        XCTAssertEqual(shape(tutorial), [[1, 1]])
        XCTAssertEqual(tutorial.sections[0].steps.map(\.label), ["1.", "3."])
        XCTAssertEqual(tutorial.sections[0].steps.map(\.labelNumber), [nil, nil])
    }

    /// Item 9 of the counting conventions: a page whose steps are labelled (`Step N`, `N.M`) keeps the items of a
    /// numbered list with code as steps, those without code prose steps; section labels alone (`## Section 1:`,
    /// `## 1.`) label sections, not steps, so such a page reads its list as a page without labels does.
    func testAListItemWithoutCodeStaysAStepUnderStepLabelsOnly() {
        let part =
            "# Jars\n\n## Section 1: Making one\n\n1. Declare it.\n\n   ```swift\n   struct Jar {}\n   ```\n\n"
            + "2. Build and run.\n"
        let labelled = read(part + "\n## Section 2: Filling it\n\n### Step 1: Fill it\n\n```swift\nvar jar = Jar()\n```\n")
        XCTAssertEqual(shape(labelled), [[1, 0], [1]])
        XCTAssertEqual(labelled.sections[0].steps.map(\.labelNumber), [1, 2])
        let sectionsOnly = read(part)
        XCTAssertEqual(shape(sectionsOnly), [[1]])
        XCTAssertEqual(sectionsOnly.sections[0].steps.map(\.label), ["1."])
    }

    func testTheShallowestLevelWhoseHeadingsCarryCodeMakesTheSections() {
        // The one level-2 heading comes late with prose only: the level-3 headings carry the code.
        let tutorial = read(
            "Notes.\n\n### Declare\n\n```swift\nstruct Jar {}\n```\n\n### Fill\n\n```swift\nvar jar = Jar()\n```\n\n"
                + "## Seals\n\nNothing to type.\n")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Declare", "Fill"])
        XCTAssertEqual(shape(tutorial), [[1], [1]])
    }

    func testAFirstHeadingEveryOtherHeadingStandsUnderTitlesTheNote() {
        let tutorial = read(
            "## Jars\n\n### Declare\n\n```swift\nstruct Jar {}\n```\n\n### Fill\n\n```swift\nvar jar = Jar()\n```\n")
        XCTAssertEqual(tutorial.title, "Jars")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Declare", "Fill"])
    }

    func testACoursePagesPlaceInTheCourseTitlesItAtAnyLevel() {
        // `## Step 5` over sibling parts, in a page without a level-1 heading: the page's place in its course.
        let tutorial = read(
            "## Step 5. Split it up\n\n```go\npackage jars\n```\n\n## New\n\n```go\nfunc New() {}\n```\n\n"
                + "## Start\n\n```go\nfunc Start() {}\n```\n")
        XCTAssertEqual(tutorial.title, "Step 5. Split it up")
        XCTAssertEqual(shape(tutorial), [[1], [1], [1]])
        XCTAssertEqual(tutorial.sections.flatMap(\.steps).map(\.label), [nil, nil, nil])
        // Under a shallower heading it is a step again.
        let nested = read("# Jars\n\n### Step 1. Declare\n\n```swift\nstruct Jar {}\n```\n\n## Notes\n\nMore.\n")
        XCTAssertEqual(nested.title, "Jars")
        XCTAssertEqual(nested.sections.flatMap(\.steps).map(\.label), ["Step 1"])
    }

    func testAPageWhoseOnlyHeadingOpensItIsTitledByIt() {
        let tutorial = read("## Jars in Swift\n\nA jar holds things.\n\n```swift\nstruct Jar {}\n```\n\n```swift\nvar jar = Jar()\n```\n")
        XCTAssertEqual(tutorial.title, "Jars in Swift")
        XCTAssertEqual(shape(tutorial), [[1, 1]])
        // Prose before it (a breadcrumb line) leaves it the title; code before it does not.
        let breadcrumb = read("`Course` > `Jars`\n\n## Jars\n\n### Goal\n\nLearn.\n\n#### Steps\n\n```swift\nstruct Jar {}\n```\n")
        XCTAssertEqual(breadcrumb.title, "Jars")
        XCTAssertEqual(breadcrumb.sections.map(\.title), ["Goal"])
        XCTAssertNil(read("```swift\nimport Jars\n```\n\n## Jars\n\n```swift\nstruct Jar {}\n```\n").title)
    }

    func testAFirstHeadingWithAnotherAsShallowOrAFrontMatterTitleIsNoTitle() {
        XCTAssertNil(
            read("## Declare\n\n```swift\nstruct Jar {}\n```\n\n## Fill\n\n```swift\nvar jar = Jar()\n```\n").title)
        let titled = read("---\ntitle: \"Jars\"\n---\n## Setup\n\n### Declare\n\n```swift\nstruct Jar {}\n```\n")
        XCTAssertEqual(titled.title, "Jars")
    }
    // MARK: - Labels section by section

    func testASectionWithoutStepLabelsHasAStepPerCodeBlockBesideOnesThatLabelThem() {
        let tutorial = read(
            "# Jar server\n\n## Setting up\n\nCreate it.\n\n```bash\nswift package init\n```\n\n## From scratch\n\n"
                + "### Listening\n\n```swift\nlet port = 8080\n```\n\nThen run it.\n\n```bash\nswift run\n```\n\n"
                + "### Vapor\n\n#### Step 1: Add it\n\n```swift\nimport Vapor\n```\n\nResolve.\n\n```bash\nswift package resolve\n```\n\n"
                + "#### Step 2: Serve\n\n```swift\napp.run()\n```\n")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Setting up", "Listening", "Vapor"])
        XCTAssertEqual(shape(tutorial), [[1], [1, 1], [2, 1]])
        XCTAssertEqual(tutorial.sections[2].steps.map(\.labelNumber), [1, 2])
    }

    func testNumberedHeadingsUnderASectionAreNotItsLabels() {
        // `## Making` over `### 1.` to `### 3.`: numbers inside a section, one step per code block; the part
        // without code is no step.
        let tutorial = read(
            "# Jars\n\n## Why\n\nJars keep things.\n\n## Making\n\n### 1. Declare\n\n```swift\nstruct Jar {}\n```\n\n"
                + "### 2. Fill\n\n```swift\nvar jar = Jar()\n```\n\n### 3. Shake it\n\nIt rattles.\n\n## Links\n\nMore.\n")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Making"])
        XCTAssertEqual(shape(tutorial), [[1, 1]])
    }

    func testAFrontMatterTitleBesideALoneHeadingMakesThatHeadingTheOneSection() {
        let tutorial = read(
            "---\ntitle: \"Filling jars\"\n---\n\n## Fill a jar\n\n### The model\n\n```swift\nstruct Jar {}\n```\n\n"
                + "### The view\n\n```swift\nstruct JarView {}\n```\n")
        XCTAssertEqual(tutorial.title, "Filling jars")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Fill a jar"])
        XCTAssertEqual(shape(tutorial), [[1, 1]])
    }

    func testChaptersNumberedOnlyByTheirSubHeadingsAreSectionsOfOutlineSteps() {
        // `## Basics` over `### 1.1`, `### 1.2`, `## Views` over `### 2.1`: the chapters' numbers are in their
        // steps; every numbered leaf is a step, code or not.
        let tutorial = read(
            "# Jars\n\n## Basics\n\n### 1.1 Create the project\n\nOpen Xcode.\n\n### 1.2 Add the model\n\n"
                + "```swift\nstruct Jar {}\n```\n\n## Views\n\n### 2.1 Show a jar\n\n```swift\nstruct JarView {}\n```\n")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Basics", "Views"])
        XCTAssertEqual(tutorial.sections.map { $0.steps.map(\.title) }, [["Create the project", "Add the model"], ["Show a jar"]])
        XCTAssertEqual(tutorial.sections.map(\.label), [nil, nil])
    }

    func testSubHeadingsNumberedAfreshUnderEachHeadingMakeNoChapters() {
        // `## iOS` and `## macOS` each over `### 1.1`: the same number twice numbers two lists, not chapters.
        let tutorial = read(
            "# Jars\n\n## iOS\n\n### 1.1 Model\n\n```swift\nstruct Jar {}\n```\n\n### 1.2 Note\n\nText.\n\n"
                + "## macOS\n\n### 1.1 Model\n\n```swift\nstruct MacJar {}\n```\n")
        XCTAssertEqual(tutorial.sections.map(\.title), ["iOS", "macOS"])
        XCTAssertEqual(shape(tutorial), [[1], [1]])
    }

    func testAHeadingOverCollapsibleAnswersHeadsThemAndStaysTheTitle() {
        // `<details>` blocks show text: the first heading heads them, so it is no leftover header; the second,
        // of its level, holds the code and is the one section.
        let tutorial = read(
            "# Jar questions\n\n<details>\n<summary>What is a jar?</summary>\nA box with a lid.\n</details>\n\n"
                + "# Answers\n\n```swift\nstruct Jar {}\n```\n")
        XCTAssertEqual(tutorial.title, "Jar questions")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Answers"])
    }

    func testAHeadingOverAnImageBlockAloneIsALeftoverHeader() {
        // A logo in raw HTML shows no text: the heading over it heads nothing, and the next one titles the page.
        let tutorial = read(
            "# Old name\n\n<p align=\"center\"><img src=\"logo.png\"><!-- logo --></p>\n\n# Jars\n\n"
                + "## Make one\n\n```swift\nstruct Jar {}\n```\n")
        XCTAssertEqual(tutorial.title, "Jars")
    }
}
