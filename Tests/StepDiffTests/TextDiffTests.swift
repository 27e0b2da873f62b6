import XCTest

@testable import StepDiff

/// Renders hunks the way the tests read them: one `±text` line each, `@@` headers git-style.
func render(_ hunks: [Hunk]) -> String {
    hunks.map { hunk in
        "@@ -\(hunk.oldStart),\(hunk.oldLines) +\(hunk.newStart),\(hunk.newLines) @@\n"
            + hunk.lines.map { line in
                (line.kind == .added ? "+" : line.kind == .removed ? "-" : " ") + line.text
                    + (line.ending == .none ? "⊘" : line.ending == .crlf ? "␍" : "") + "\n"
            }.joined()
    }.joined()
}

final class TextDiffTests: XCTestCase {
    /// A method added at the end of a type is drawn as the method (blank line first, its own closing
    /// brace last), not as the old closing brace moved below it.
    func testAddedMethodReadsAsTheMethod() {
        let old = """
            struct PageViewController: UIViewControllerRepresentable {
                func makeUIViewController(context: Context) -> UIPageViewController {
                    UIPageViewController()
                }
            }

            """
        let new = """
            struct PageViewController: UIViewControllerRepresentable {
                func makeUIViewController(context: Context) -> UIPageViewController {
                    UIPageViewController()
                }

                func updateUIViewController(_ controller: UIPageViewController, context: Context) {
                }
            }

            """
        XCTAssertEqual(
            render(TextDiff(old: old, new: new).hunks),
            """
            @@ -2,4 +2,7 @@
                 func makeUIViewController(context: Context) -> UIPageViewController {
                     UIPageViewController()
                 }
            +
            +    func updateUIViewController(_ controller: UIPageViewController, context: Context) {
            +    }
             }

            """)
    }

    /// A method inserted between two others ends with its blank line, so both neighbours stay whole.
    func testInsertedMethodBetweenMethodsSlidesToItsOwnLines() {
        let old = "    func a() {\n    }\n\n    func c() {\n    }\n"
        let new = "    func a() {\n    }\n\n    func b() {\n    }\n\n    func c() {\n    }\n"
        let diff = TextDiff(old: old, new: new, options: DiffOptions(context: 0))
        XCTAssertEqual(render(diff.hunks), "@@ -3,0 +4,3 @@\n+    func b() {\n+    }\n+\n")
    }

    /// Modified lines pair up and mark only the tokens that changed.
    func testModifiedLinesGetTokenHighlights() {
        let diff = TextDiff(
            old: "    @State var currentPage = 0\n    [controllers[0]], direction: .forward\n",
            new: "    @State var currentPage = 1\n    [controllers[currentPage]], direction: .forward\n")
        let lines = diff.hunks.flatMap(\.lines)
        func highlighted(_ line: DiffLine) -> [String] {
            let bytes = Array(line.text.utf8)
            return line.highlights.map { String(decoding: bytes[$0], as: UTF8.self) }
        }
        XCTAssertEqual(lines.map(\.kind), [.removed, .removed, .added, .added])
        XCTAssertEqual(lines.map(highlighted), [["0"], ["0"], ["1"], ["currentPage"]])
    }

    /// Unrelated lines replaced one by another are shown whole, without token noise.
    func testUnrelatedReplacementHasNoHighlights() {
        let diff = TextDiff(old: "import UIKit\n", new: "let x = PageView(features)\n")
        XCTAssertTrue(diff.hunks.flatMap(\.lines).allSatisfy { $0.highlights.isEmpty })
    }

    /// Hunk numbers follow `diff -u`: an empty side starts at the line before the change.
    func testHunkNumbersAtTheEdges() {
        XCTAssertEqual(render(TextDiff(old: "", new: "a\nb\n").hunks), "@@ -0,0 +1,2 @@\n+a\n+b\n")
        XCTAssertEqual(render(TextDiff(old: "a\nb\n", new: "").hunks), "@@ -1,2 +0,0 @@\n-a\n-b\n")
        XCTAssertEqual(
            render(TextDiff(old: "a\nb\nc\n", new: "a\nc\n", options: DiffOptions(context: 0)).hunks),
            "@@ -2,1 +1,0 @@\n-b\n")
        XCTAssertEqual(TextDiff(old: "", new: "").hunks.count, 0)
    }

    /// Distant changes make separate hunks; changes within twice the context share one.
    func testContextDecidesHunkGrouping() {
        let old = (1...20).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 3\n", with: "line three\n").replacingOccurrences(
            of: "line 17\n", with: "")
        XCTAssertEqual(TextDiff(old: old, new: new).hunks.count, 2)
        XCTAssertEqual(TextDiff(old: old, new: new, options: DiffOptions(context: 7)).hunks.count, 1)
        let hunk = TextDiff(old: old, new: new).hunks[0]
        XCTAssertEqual([hunk.oldStart, hunk.oldLines, hunk.newStart, hunk.newLines], [1, 6, 1, 6])
    }

    /// A missing final newline and CRLF endings are changes, shown as git shows them.
    func testLineEndingsAreChanges() {
        XCTAssertEqual(render(TextDiff(old: "a\nb", new: "a\nb\n").hunks), "@@ -1,2 +1,2 @@\n a\n-b⊘\n+b\n")
        XCTAssertEqual(render(TextDiff(old: "a\r\nb\r\n", new: "a\r\nc\r\n").hunks), "@@ -1,2 +1,2 @@\n a␍\n-b␍\n+c␍\n")
        XCTAssertEqual(render(TextDiff(old: "a\r\n", new: "a\n").hunks), "@@ -1,1 +1,1 @@\n-a␍\n+a\n")
    }

    /// Ignoring indentation, wrapping a view in a `VStack` adds the wrapper, not every line inside.
    func testIgnoringIndentation() {
        let old = "    var body: some View {\n        PageViewController(controllers: viewControllers)\n    }\n"
        let new =
            "    var body: some View {\n        VStack {\n            PageViewController(controllers: viewControllers)\n        }\n    }\n"
        XCTAssertEqual(TextDiff(old: old, new: new).added, 3)
        let ignoring = TextDiff(old: old, new: new, options: DiffOptions(ignoreIndentation: true))
        XCTAssertEqual([ignoring.added, ignoring.removed], [2, 0])
        XCTAssertEqual(
            render(ignoring.hunks),
            """
            @@ -1,3 +1,5 @@
                 var body: some View {
            +        VStack {
                         PageViewController(controllers: viewControllers)
            +        }
                 }

            """)
        // The byte edits stay exact even when the display ignores indentation.
        XCTAssertEqual(applyByteEdits(ignoring.byteEdits(), old: old, new: new), new)
    }

    /// Where histogram diff finds no rare line to anchor on, Myers still gives a correct, minimal diff.
    func testCommonLinesOnlyFallBackToMinimalDiff() {
        let old = Array(repeating: "}\n", count: 80).joined() + Array(repeating: "\n", count: 80).joined()
        let new = Array(repeating: "\n", count: 70).joined() + Array(repeating: "}\n", count: 75).joined()
        let diff = TextDiff(old: old, new: new)
        XCTAssertEqual(applyHunks(diff.hunks, to: old), new)
        var interner = LineInterner()
        let oracle = interner.intern(TextLines(new)).difference(from: interner.intern(TextLines(old))).count
        XCTAssertEqual(diff.added + diff.removed, oracle)
    }

    /// Lines split by one byte scan: `\n`, `\r\n` and a lone `\r` end lines; the last may have no ending.
    func testTextLines() {
        let lines = TextLines("a\r\nb\rc\nd")
        XCTAssertEqual((0..<lines.count).map(lines.content), ["a", "b", "c", "d"])
        XCTAssertEqual((0..<lines.count).map(lines.ending), [.crlf, .cr, .lf, .none])
        XCTAssertEqual(TextLines("").count, 0)
        XCTAssertEqual(TextLines("\n").count, 1)
        XCTAssertEqual(TextLines("页面\n").content(0), "页面")
    }
}
