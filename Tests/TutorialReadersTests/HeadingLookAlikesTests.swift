import TutorialModel
import XCTest

@testable import TutorialReaders

/// Lines written as headings that Markdown reads as text. Each case is our own text.
final class HeadingLookAlikesTests: XCTestCase {
    private func problems(_ text: String) -> [(line: String, message: String)] {
        let bytes = Array(text.utf8)
        return MarkdownReader.read(SourceDocument(path: "page.md", text: text)).diagnostics.map {
            (String(decoding: bytes[$0.range.start..<$0.range.end], as: UTF8.self), $0.message)
        }
    }

    func testEachEscapedHeadingLineIsReportedWithItsMarks() {
        let found = problems(
            "\\# Jar guide\n\nJars keep things.\n\n\\## Install\n\n```swift\nlet jar = 1\n```\n\n"
                + "Before the list\n\\#\\#\\# Fill it\n")
        XCTAssertEqual(found.map(\.line), ["\\# Jar guide", "\\## Install", "\\#\\#\\# Fill it"])
        XCTAssertEqual(
            found.first?.message,
            "this heading's marks are escaped (\\#): Markdown shows them as text and the page has no heading here; "
                + "write # without backslashes")
        XCTAssertTrue((found.last?.message ?? "").contains("(\\#\\#\\#)"))
        XCTAssertTrue((found.last?.message ?? "").hasSuffix("write ### without backslashes"))
    }

    func testOnlyAHeadingShapedLineOfATopLevelParagraphCounts() {
        for text in [
            "# Jars\n\n\\#hashtag of the day\n",  // no space after the mark
            "# Jars\n\n\\# \n",  // no title
            "# Jars\n\nA \\# in a sentence.\n",  // not at the line's start
            "# Jars\n\n    \\# indented code\n",  // code
            "# Jars\n\n- \\# in a list\n",  // inside a list item
            "# Jars\n\n\\####### Seven marks\n",  // more than a heading has
            "# Jars\n\n  Key    Sends\n  \\#     the Windows key\n",  // a column of a converted table
            "# Jars\n\n```\n\\# in a fence\n```\n",
        ] {
            XCTAssertEqual(problems(text).map(\.line), [], text)
        }
    }

    func testTwoMarksOrMoreWithoutASpaceAreReported() {
        let found = problems("# Jars\n\n##Make a jar\n\nText.\n\n###병 채우기 and a long title after it\n")
        XCTAssertEqual(found.map(\.line), ["##Make a jar", "###병 채우기 and a long title after it"])
        XCTAssertEqual(
            found.first?.message,
            "this heading has no space after its marks (##Make a jar): Markdown shows it as text and the page has no "
                + "heading here; write a space after ##")
        XCTAssertTrue((found.last?.message ?? "").contains("(###병 채우기 and a long titl…)"))
    }

    func testMarksBeforeATitlesOpeningBracketOrQuoteAreReported() {
        let found = problems("# Jars\n\n###「寡黙」なプログラム\n\nText.\n\n##“Filled” jars\n\n##(draft)\n\n##[link](a.md)\n")
        XCTAssertEqual(found.map(\.line), ["###「寡黙」なプログラム", "##“Filled” jars"])
    }

    func testMarksBeforeANumberedTitleACodeNameOrEmphasisAreReported() {
        let found = problems(
            "# Jars\n\n##1. Pick a jar\n\nText.\n\n###2)Fill it\n\n##3번째 단계\n\n##$(jar) helper\n\n"
                + "####@objc lid\n\n##_count and more\n\n###**Lids in bold**\n\n##*병 뚜껑*\n")
        XCTAssertEqual(
            found.map(\.line),
            [
                "##1. Pick a jar", "###2)Fill it", "##3번째 단계", "##$(jar) helper", "####@objc lid", "##_count and more",
                "###**Lids in bold**", "##*병 뚜껑*",
            ])
        for text in [
            "# Jars\n\n##1 in the list\n", "# Jars\n\n##2024\n", "# Jars\n\n##$ 5 off\n", "# Jars\n\n#1. Pick\n",
            "# Jars\n\n##**\n", "# Jars\n\n##**** rule\n", "# Jars\n\n#*Not* a heading, one mark\n",
        ] {
            XCTAssertEqual(problems(text).map(\.line), [], text)
        }
    }

    /// Each heading look-alike carries the edit that makes it the heading the author meant.
    func testEachLookAlikeIsRepairedToAHeading() {
        let text = "# Jars\n\n##Make a jar\n\n\\#\\# Fill it\n\n####\u{00A0}Step 1: Lid\n\n  ###2)Seal\n"
        let diagnostics = MarkdownReader.read(SourceDocument(path: "page.md", text: text)).diagnostics
        XCTAssertEqual(
            diagnostics.compactMap(\.repair?.title),
            ["Write a space after ##", "Write ## without backslashes", "Write a plain space after ####",
             "Write a space after ###"])
        var bytes = Array(text.utf8)
        for edit in diagnostics.flatMap({ $0.repair?.edits ?? [] }).sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
        }
        let repaired = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(repaired, "# Jars\n\n## Make a jar\n\n## Fill it\n\n#### Step 1: Lid\n\n  ### 2)Seal\n")
        XCTAssertEqual(MarkdownReader.read(SourceDocument(path: "page.md", text: repaired)).diagnostics, [])
    }

    func testASingleMarkBeforeACapitalisedTitleOfSeveralWordsIsReported() {
        let found = problems(
            "#About these jars\n\nJars keep things.\n\n#병 채우기 안내\n\nText.\n\n#In AppDelegate.m\n\n"
                + "#Step 1: Fill it\n")
        XCTAssertEqual(
            found.map(\.line), ["#About these jars", "#병 채우기 안내", "#In AppDelegate.m", "#Step 1: Fill it"])
        XCTAssertTrue((found.first?.message ?? "").hasSuffix("write a space after #"))
    }

    func testASingleMarkBeforeOneWordIsReportedOnTheDocumentsFirstLineOnly() {
        XCTAssertEqual(problems("#Jars\n\nJars keep things.\n\n#Lids\n").map(\.line), ["#Jars"])
        XCTAssertEqual(problems("\n  \n#병\n\nText.\n").map(\.line), ["#병"])
        for text in ["#jars\n\nText.\n", "#Jars #lids\n", "#Include <stdio.h>\n", "#Note: keep it\n", "Text.\n#Jars\n"] {
            XCTAssertEqual(problems(text).map(\.line), [], text)
        }
    }

    func testASingleMarkBeforeANumberedTitleIsReportedOnTheDocumentsFirstLineOnly() {
        XCTAssertEqual(problems("#1.装罐\n## 1.1 选罐子\n\nText.\n").map(\.line), ["#1.装罐"])
        XCTAssertEqual(problems("#2) Fill the jar\n\nText.\n").map(\.line), ["#2) Fill the jar"])
        for text in ["#100DaysOfCode\n\nText.\n", "#1 Priority today\n", "#1.\n\nText.\n", "Text.\n\n#1. Pick\n"] {
            XCTAssertEqual(problems(text).map(\.line), [], text)
        }
    }

    func testMarksBeforeANoBreakSpaceAreReported() {
        let found = problems("# Jars\n\n####\u{00A0}Step 1: Fill the jar\n\nText.\n\n##\u{3000}準備\n\n# Lid\u{00A0}on\n")
        XCTAssertEqual(found.map(\.line), ["####\u{00A0}Step 1: Fill the jar", "##\u{3000}準備"])
        XCTAssertEqual(
            found.first?.message,
            "this heading's marks are followed by a no-break space (U+00A0), not a space (####…): Markdown shows the "
                + "line as text and the page has no heading here; write a plain space after ####")
        XCTAssertTrue((found.last?.message ?? "").contains("a wide space (U+3000)"))
    }

    func testASingleMarkBeforeAWordAndMarksBeforeNoLetterAreLeftAlone() {
        for text in [
            "# Jars\n\n#hashtag of the day\n", "# Jars\n\n#include <stdio.h>\n", "# Jars\n\n##\n",
            "# Jars\n\n##1 in the list\n", "# Jars\n\n####### Seven\n", "# Jars\n\n```\n##Make\n```\n",
            "# Jars\n\n#Swift\n", "# Jars\n\n#Swift #iOS notes\n", "# Jars\n\n#Define MAX 10\n",
            "# Jars\n\n#Import <UIKit/UIKit.h>\n", "# Jars\n\n#1 Priority today\n",
            "# Jars\n\n#注：在初始化方法中创建子视图 然后绘图\n", "# Jars\n\n#Note: keep the lid on\n",
        ] {
            XCTAssertEqual(problems(text).map(\.line), [], text)
        }
    }

    /// An upgrade plan's overview written as escaped lines on purpose, each naming a phase a real heading further
    /// down heads (round 302's four): no heading is lost, so none is reported; a line naming no heading still is.
    static let overview =
        "# Moving the jars\n\n## The plan\n\n\\# Prepare\n\n\\# Copy the jars and check them\n\n\\# fill the jars:\n\n"
        + "\\# Seal the jars, then check again\n\n#### Prepare\n\nBuy the lids.\n\n#### Copy the jars and check them\n\n"
        + "```sh\ncp jars backup\n```\n\n#### Fill the jars\n\n```sh\nfill 3\n```\n\n#### Seal the jars\n\n"
        + "```sh\nseal 3\n```\n"

    func testAnOverviewNamingTheHeadingsOfThePageIsNotReported() {
        XCTAssertEqual(problems(Self.overview).map(\.line), [])
        // A line whose title no heading carries, or carries only as the start of a longer word, is reported.
        let found = problems(Self.overview + "\n\\# Roll back\n\n\\# Prepared lids\n\n\\# Seal the jarsx\n")
        XCTAssertEqual(found.map(\.line), ["\\# Roll back", "\\# Prepared lids", "\\# Seal the jarsx"])
    }

    /// Whether an escaped line is reported hangs on every heading of the page: an edit of a heading re-reads the
    /// page as a whole read reads it.
    func testAnEditOfAHeadingAnOverviewNamesFindsWhatAWholeReadFinds() {
        let previous = readTutorialForEditing(SourceDocument(path: "t.md", text: Self.overview), format: .markdown)
        for edited in [
            Self.overview.replacingOccurrences(of: "#### Fill the jars", with: "#### Fill the pots"),
            Self.overview.replacingOccurrences(of: "cp jars backup", with: "cp jars backups"),
            Self.overview.replacingOccurrences(of: "Buy the lids.", with: "Buy the lids.\n\n#### Roll back"),
        ] {
            let document = SourceDocument(path: "t.md", text: edited)
            let read = rereadTutorial(previous, as: document, format: .markdown)
            XCTAssertEqual(read.tutorial, readTutorial(document, format: .markdown), edited)
        }
        let renamed = Self.overview.replacingOccurrences(of: "#### Fill the jars", with: "#### Fill the pots")
        let read = rereadTutorial(previous, as: SourceDocument(path: "t.md", text: renamed), format: .markdown)
        XCTAssertEqual(read.tutorial.diagnostics.count, 1)
    }
}
