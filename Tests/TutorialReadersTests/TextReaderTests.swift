import TestSupport
import TutorialModel
import TutorialReaders
import XCTest

/// The plain-text reader on small pages written for the test, with exact ranges from markers.
final class TextReaderTests: XCTestCase {
    private func read(_ text: String, path: String = "page.txt") -> Tutorial {
        TextReader.read(SourceDocument(path: path, text: text))
    }

    private func range(_ marked: MarkedText, _ start: String, _ end: String) -> SourceRange {
        SourceRange(start: marked[start], end: marked[end])
    }

    func testChinesePageWithAsideAndTableOfContents() {
        let marked = MarkedText(
            """
            框架集成

            与UIKit协作

            1️⃣第一节

            创建页面视图

            2️⃣步骤1

            创建一个名为PageView.swift的新文件。

            PageView.swift

            3️⃣import SwiftUI

            struct PageView: View {
                var body: some View {
                    Text("第一页")
                }
            }4️⃣

            5️⃣步骤2

            添加一个按钮。

            PageView.swift

            6️⃣import SwiftUI

            struct PageView: View {
                var body: some View {
                    Button("下一页") {}
                }
            }7️⃣

            实验：把按钮换成文本。

            PageView.swift

            8️⃣import SwiftUI

            struct PageView: View {
                var body: some View {
                    Text("下一页")
                }
            }9️⃣

            运行预览。🔟

            与UIKit协作

            第一节

            步骤1

            步骤2

            GitHub Wiki

            """)
        let tutorial = read(marked.text)
        XCTAssertEqual(tutorial.format, .text)
        // `框架集成` is the site's category above the page's own title.
        XCTAssertEqual(tutorial.title, "与UIKit协作")
        XCTAssertEqual(tutorial.sections.count, 1)
        let section = tutorial.sections[0]
        XCTAssertEqual(section.title, "创建页面视图")
        XCTAssertEqual(section.range, range(marked, "1️⃣", "🔟"))
        XCTAssertEqual(section.steps.map(\.id.description), ["1.1", "1.2"])
        let first = section.steps[0]
        XCTAssertEqual(first.label, "步骤1")
        XCTAssertEqual(first.labelNumber, 1)
        XCTAssertEqual(first.title, "创建一个名为PageView.swift的新文件。")
        XCTAssertEqual(first.prose, "创建一个名为PageView.swift的新文件。")
        XCTAssertEqual(first.range, range(marked, "2️⃣", "4️⃣"))
        XCTAssertEqual(first.snippets.count, 1)
        XCTAssertEqual(first.snippets[0].range, range(marked, "3️⃣", "4️⃣"))
        XCTAssertEqual(first.snippets[0].fileName, "PageView.swift")
        XCTAssertEqual(first.snippets[0].language, "swift")
        XCTAssertEqual(first.snippets[0].kind, .file)
        XCTAssertTrue(first.snippets[0].code.hasPrefix("import SwiftUI\n\nstruct PageView: View {\n"))

        // The aside and its code stay in step 2; the repeated title before the table of contents is
        // chrome, and the table of contents creates nothing.
        let second = section.steps[1]
        XCTAssertEqual(second.range, range(marked, "5️⃣", "🔟"))
        XCTAssertEqual(second.prose, "添加一个按钮。\n实验：把按钮换成文本。\n运行预览。")
        XCTAssertEqual(second.snippets.map(\.range), [range(marked, "6️⃣", "7️⃣"), range(marked, "8️⃣", "9️⃣")])
    }

    func testTableOfContentsAtTheStartAndSectionsInEnglish() {
        let marked = MarkedText(
            """
            Contents
            Section 1: Views
            Step 1
            Step 2
            Section 2: Data

            1️⃣Section 1: Views
            2️⃣Step 1
            Create the view.

            3️⃣struct A {}4️⃣
            Step 2
            Add a property.

            struct A { var b = 1 }

            5️⃣Section 2: Data
            Step 1: Load it
            Read the file.

            6️⃣let data = try Data(contentsOf: url)7️⃣
            """)
        let tutorial = read(marked.text)
        XCTAssertNil(tutorial.title, "`Contents` announces the table of contents: chrome, not a title")
        XCTAssertEqual(tutorial.sections.map(\.title), ["Views", "Data"])
        XCTAssertEqual(tutorial.sections[0].range.start, marked["1️⃣"])
        XCTAssertEqual(tutorial.sections[1].range, range(marked, "5️⃣", "7️⃣"))
        XCTAssertEqual(tutorial.steps.map(\.id.description), ["1.1", "1.2", "2.1"])
        XCTAssertEqual(tutorial.steps[0].range, range(marked, "2️⃣", "4️⃣"))
        XCTAssertEqual(tutorial.steps[0].title, "Create the view.")
        XCTAssertEqual(tutorial.steps[2].title, "Load it")
        XCTAssertEqual(tutorial.steps[2].prose, "Read the file.")
        XCTAssertEqual(tutorial.steps[2].snippets.map(\.range), [range(marked, "6️⃣", "7️⃣")])
        XCTAssertEqual(tutorial.steps[2].snippets[0].kind, .fragment)
        XCTAssertNil(tutorial.steps[2].snippets[0].fileName)
    }

    func testJapaneseLabelsAndTipAside() {
        let marked = MarkedText(
            """
            セクション1 ページを作る

            ステップ1

            PageControl.swiftを作成します。

            ヒント：名前は自由です。

            PageControl.swift

            1️⃣import UIKit

            final class PageControl: UIPageControl {}2️⃣

            手順２

            ビルドします。
            """)
        let tutorial = read(marked.text)
        XCTAssertEqual(tutorial.sections.map(\.title), ["ページを作る"])
        XCTAssertEqual(tutorial.steps.map(\.label), ["ステップ1", "手順２"])
        XCTAssertEqual(tutorial.steps.map(\.labelNumber), [1, 2])
        XCTAssertEqual(tutorial.steps[0].snippets.map(\.range), [range(marked, "1️⃣", "2️⃣")])
        XCTAssertEqual(tutorial.steps[0].snippets[0].fileName, "PageControl.swift")
        XCTAssertEqual(tutorial.steps[0].prose, "PageControl.swiftを作成します。\nヒント：名前は自由です。")
        XCTAssertTrue(tutorial.steps[1].snippets.isEmpty)
    }

    func testDocumentWithoutLabelsYieldsImplicitSteps() {
        let marked = MarkedText(
            """
            1️⃣Make a view:

            struct A: View {
                var body: some View { Text("a") }
            }2️⃣

            3️⃣Then a second one.

            struct B: View {
                var body: some View { Text("b") }
            }4️⃣

            That is all.
            """)
        let tutorial = read(marked.text)
        XCTAssertEqual(tutorial.sections.count, 1)
        XCTAssertEqual(tutorial.steps.map(\.id.description), ["1.1", "1.2"])
        XCTAssertEqual(tutorial.steps.map(\.label), [nil, nil])
        XCTAssertEqual(tutorial.steps.map(\.title), ["Make a view:", "Then a second one."])
        XCTAssertEqual(tutorial.steps.map(\.range), [range(marked, "1️⃣", "2️⃣"), range(marked, "3️⃣", "4️⃣")])
        XCTAssertEqual(tutorial.steps[1].snippets[0].language, "swift")
    }

    func testCRLFAndTabsMapEveryLineVerbatim() {
        let text =
            "Step 1\r\n\r\nPageView.swift\r\n\r\nstruct P {\r\n\tvar a = 1\r\n\r\n\tfunc f() {}\r\n}\r\n\r\nDone.\r\n"
        let tutorial = read(text)
        let snippet = tutorial.steps[0].snippets[0]
        XCTAssertEqual(snippet.code, "struct P {\n\tvar a = 1\n\n\tfunc f() {}\n}\n")
        let bytes = Array(text.utf8)
        XCTAssertEqual(
            String(decoding: bytes[snippet.range.start..<snippet.range.end], as: UTF8.self),
            "struct P {\r\n\tvar a = 1\r\n\r\n\tfunc f() {}\r\n}")
        // Every code offset maps to the same character in the document.
        let code = Array(snippet.code.utf8)
        for (offset, byte) in code.enumerated() where byte != 0x0A {
            XCTAssertEqual(
                bytes[snippet.sourceMap.documentOffset(forCodeOffset: offset)], byte, "code offset \(offset)")
        }
        let index = tutorial.document.lineIndex
        XCTAssertEqual(index.lineColumn(of: snippet.range.start), LineColumn(line: 5, column: 1))
        XCTAssertEqual(index.lineColumn(of: snippet.range.end), LineColumn(line: 9, column: 2))
    }

    func testEmojiAndCJKInCodeStayCode() {
        let marked = MarkedText(
            """
            步骤1

            显示一个表情。

            1️⃣struct Face: View {
                // 显示笑脸 😀
                var body: some View {
                    Text("你好，世界 😀")
                        .font(.largeTitle)
                }
            }2️⃣

            完成了！😀
            """)
        let tutorial = read(marked.text)
        XCTAssertEqual(tutorial.steps[0].snippets.map(\.range), [range(marked, "1️⃣", "2️⃣")])
        XCTAssertEqual(tutorial.steps[0].prose, "显示一个表情。\n完成了！😀")
        let end = tutorial.document.lineIndex.lineColumn(of: marked["2️⃣"])
        XCTAssertEqual(end, LineColumn(line: 11, column: 2))
    }

    func testLabelsEndCodeEvenInsideOpenBraces() {
        let marked = MarkedText(
            """
            Step 1
            1️⃣struct Broken {
                var a = 12️⃣
            Step 2
            Fix it.
            """)
        let tutorial = read(marked.text)
        XCTAssertEqual(tutorial.steps.count, 2)
        XCTAssertEqual(tutorial.steps[0].snippets.map(\.range), [range(marked, "1️⃣", "2️⃣")])
        XCTAssertEqual(tutorial.steps[1].title, "Fix it.")
        XCTAssertTrue(tutorial.steps[1].snippets.isEmpty)
    }

    func testAFileNameLineWithoutCodeIsProse() {
        let tutorial = read("Step 1\n\nPageView.swift\n\nOpen it in Xcode and look around.\n")
        XCTAssertEqual(tutorial.steps[0].title, "PageView.swift")
        XCTAssertEqual(tutorial.steps[0].prose, "PageView.swift\nOpen it in Xcode and look around.")
        XCTAssertTrue(tutorial.steps[0].snippets.isEmpty)
    }

    func testBadInputNeverCrashes() {
        XCTAssertTrue(read("").sections.isEmpty)
        XCTAssertTrue(read("\n\n\r\n").sections.isEmpty)
        XCTAssertTrue(read("Just some prose.\nAnd more prose here, with words.\n").sections.isEmpty)
        XCTAssertTrue(read("Step 1\nStep 2\nStep 3\n").sections.isEmpty, "a table of contents only")
        let hugeLine = read(String(repeating: "x", count: 1_000_000))
        XCTAssertTrue(hugeLine.sections.isEmpty)
        let braces = read(String(repeating: "{", count: 100_000) + "\n" + String(repeating: "}\n", count: 50_000))
        XCTAssertEqual(braces.steps.count, 1)
        XCTAssertEqual(braces.steps[0].snippets[0].lineCount, 50_001)
        let invalid = SourceDocument(path: "x.txt", text: String(decoding: [0xFF, 0xFE, 0x0A, 0x80], as: UTF8.self))
        XCTAssertTrue(TextReader.read(invalid).sections.isEmpty)
    }

    func testManyLinesReadInOnePass() {
        var text = ""
        for number in 1...2_000 {
            text += "Step \(number)\n\nAdd property \(number).\n\nstruct S\(number) {\n    var p = \(number)\n}\n\n"
        }
        let tutorial = read(text)
        XCTAssertEqual(tutorial.steps.count, 2_000)
        XCTAssertEqual(tutorial.steps.last?.snippets.first?.lineCount, 3)
        XCTAssertEqual(tutorial.steps.last?.id, StepID(section: 1, step: 2_000))
    }

    func testNumberingThatStartsAgainStartsAnImplicitSection() {
        let marked = MarkedText(
            """
            1️⃣Step 1
            Make it.
            Step 2
            Change it.2️⃣
            3️⃣Step 1
            Make another.
            Step 1
            Repeat it.4️⃣
            """)
        let tutorial = read(marked.text)
        XCTAssertEqual(tutorial.sections.map(\.steps.count), [2, 2], "a repeated 1 after 1 stays in its section")
        XCTAssertEqual(tutorial.sections.map(\.range), [range(marked, "1️⃣", "2️⃣"), range(marked, "3️⃣", "4️⃣")])
        XCTAssertEqual(tutorial.steps.map(\.id.description), ["1.1", "1.2", "2.1", "2.2"])
    }

    func testACategoryLineAboveTheTitleIsNotTheTitle() {
        XCTAssertEqual(
            read("Sample Category\n\nCounting Taps\n\nThis page counts taps.\n\nStep 1\n\nDo it.\n").title,
            "Counting Taps")
        // One title-like line, or three in a row (title, subtitle, heading), keep the first.
        XCTAssertEqual(read("Counting Taps\n\nThis page counts taps.\n").title, "Counting Taps")
        XCTAssertEqual(
            read("Counting Taps\nA Short Subtitle\nOverview\nThis page counts taps.\n").title, "Counting Taps")
        // A line right before code introduces the code: it stays the implicit step's title.
        let introduced = read("Counting Taps\n\nMake a counter\n\nstruct Counter {\n    var taps = 0\n}\n")
        XCTAssertEqual(introduced.title, "Counting Taps")
        XCTAssertEqual(introduced.steps.map(\.title), ["Make a counter"])
    }
}
