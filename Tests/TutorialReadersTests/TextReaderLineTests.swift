import TutorialModel
import XCTest

@testable import TutorialReaders

/// How single lines score as code or prose, and how runs of lines become blocks.
final class TextReaderLineTests: XCTestCase {
    private func score(_ line: String) -> Int { TextCodeScore.score(Substring(line)).score }

    private func blocks(of text: String) -> [TextBlock] {
        let lines = TextLines.scan(SourceDocument(path: "x.txt", text: text))
        return TextBlocks.blocks(lines, kinds: TextLines.classify(lines))
    }

    func testCodeLinesScoreAsCode() {
        for line in [
            "import SwiftUI", "struct PageView<Page: View>: View {", "    var controllers: [UIViewController]", "}",
            "})", "let x = 1", "pageViewController.dataSource = context.coordinator", "PageView()",
            "    // 中文注释也是代码", "Text(\"当前页面：第一页\")", "@State var currentPage = 0", "default:",
            "\treturn control", "        .padding(.trailing)", "#if DEBUG", "count += 1", "self.pages[0] = page",
        ] {
            XCTAssertGreaterThanOrEqual(score(line), TextCodeScore.clearCode, line)
        }
    }

    func testProseLinesScoreAsProse() {
        for line in [
            "创建一个名为PageViewController.swift的新SwiftUI视图文件。",
            "在PageViewController.swift中，将协调器设置为UIPageViewControllerDelegate，并添加pageViewController(_:didFinishAnimating:) 方法。",
            "Add a text view that shows the current page.", "Call makeCoordinator() from the representable.",
            "下载地址：InterfacingWithUIKit.zip", "⚠️ GitHub.com Fallback ⚠️", "Experiment", "实验：向PageView添加一个按钮。",
            "01 Interfacing with UIKit - ly918/SwiftUI-Chinese-Documents GitHub Wiki", "    Note", "  • Swipe left",
            "Set x = 1 before you start.",
        ] {
            XCTAssertLessThan(score(line), TextCodeScore.clearCode, line)
        }
    }

    func testBracketsAreCountedOutsideStringsAndComments() {
        XCTAssertEqual(TextCodeScore.score("func f() {").bracketDelta, 1)
        XCTAssertEqual(TextCodeScore.score("Text(\"{{\") // }}}").bracketDelta, 0)
        XCTAssertEqual(TextCodeScore.score("    }").bracketDelta, -1)
    }

    func testInsideBracketsOnlyClearProseEndsCode() {
        let text = "func f() {\n    let s = \"\"\"\n    多行字符串\n    \"\"\"\n}\n这是一段很长的中文说明，不是代码。\n"
        let lines = TextLines.scan(SourceDocument(path: "x.txt", text: text))
        XCTAssertEqual(
            TextLines.classify(lines), [.code, .code, .code, .code, .code, .prose, .blank])
    }

    func testTableOfContentsRunsAreSplitAtRepeatedLabels() {
        XCTAssertEqual(
            blocks(of: "Step 1\nStep 2\nStep 1\nDo it.\n\nSection 1\nStep 1\nWork.\n"),
            [
                .tableOfContents(line: 0), .tableOfContents(line: 1), .label(line: 2), .prose(line: 3),
                .label(line: 5), .label(line: 6), .prose(line: 7),
            ])
    }

    func testRepeatedLinesAndContentsHeadingBeforeATableOfContentsAreChrome() {
        XCTAssertEqual(
            blocks(of: "My Site\nStep 1\nDo it.\nRun it.\nMy Site\n目录\nStep 1\nStep 2\n"),
            [
                .prose(line: 0), .label(line: 1), .prose(line: 2), .prose(line: 3), .chrome(line: 4), .chrome(line: 5),
                .tableOfContents(line: 6), .tableOfContents(line: 7),
            ])
    }
}
