import Foundation
import SnippetComposition
import TestSupport
import TutorialModel
import XCTest

@testable import StepDiff

/// Snippets that show part of a file: elided code merged with the file's previous state, declarations
/// placed into the file they belong to, and the reasons given when neither is unambiguous.
final class PartialSnippetTests: XCTestCase {
    static let controller = """
        import SwiftUI
        import UIKit

        struct PageController: UIViewControllerRepresentable {
            var pages: [Int]
        }

        """

    static let makeMethod = """
        func makeUIViewController(context: Context) -> UIPageViewController {
            UIPageViewController()
        }

        """

    static let updateMethod = """
        func updateUIViewController(_ controller: UIPageViewController, context: Context) {
        }

        """

    /// Apple style: the file, then its make and update methods one step each, spliced into the type the
    /// signatures need; each step's diff adds exactly the method.
    func testMethodFragmentsAreSplicedIntoTheRepresentable() throws {
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", prose: "Create PageController.swift.", snippets: [.init(file: nil, code: Self.controller)])
        builder.step(label: "Step 2", prose: "Add the make method.", snippets: [.init(file: nil, code: Self.makeMethod, kind: .fragment)])
        builder.step(label: "Step 3", prose: "Add the update method.", snippets: [.init(file: nil, code: Self.updateMethod, kind: .fragment)])
        let tutorial = builder.build()
        let set = buildTimelineSet(tutorial)
        XCTAssertEqual(set.unplaced.map(\.reason), [])
        let timeline = try XCTUnwrap(set.files.first)
        XCTAssertEqual(timeline.fileName, "PageController.swift")
        XCTAssertEqual(timeline.states.map(\.step.description), ["1.1", "1.2", "1.3"])
        XCTAssertEqual(timeline.states[1].composition?.kind, .placed)
        XCTAssertEqual(timeline.states[1].composition?.summary, "makeUIViewController(context:) added to PageController")
        XCTAssertEqual(
            timeline.states[2].code,
            """
            import SwiftUI
            import UIKit

            struct PageController: UIViewControllerRepresentable {
                var pages: [Int]

                func makeUIViewController(context: Context) -> UIPageViewController {
                    UIPageViewController()
                }

                func updateUIViewController(_ controller: UIPageViewController, context: Context) {
                }
            }

            """)
        let changes = changeSets(tutorial)
        XCTAssertEqual(changes.map { [$0.added, $0.removed] }, [[6, 0], [4, 0], [3, 0]])
        // The added lines map to the fragment in the document, not to the earlier step's snippet.
        let added = try XCTUnwrap(changes[1].hunks.first?.newDocumentRange)
        let fragment = tutorial.steps[1].snippets[0].range
        XCTAssertTrue(added.start >= fragment.start - 8 && added.end <= fragment.end, "\(added) vs \(fragment)")
        let firstAdded = try XCTUnwrap(changes[1].diff.hunks.first?.lines.firstIndex { $0.kind == .added && !$0.text.isEmpty })
        let line = try XCTUnwrap(changes[1].diff.hunks.first?.lines[firstAdded].newLine)
        let range = try XCTUnwrap(changes[1].documentRange(ofNewLine: line))
        XCTAssertEqual(tutorial.document.text(in: range), "func makeUIViewController(context: Context) -> UIPageViewController {")
    }

    /// A member shown again replaces the one with the same name and labels; a nested type the prose puts
    /// into one representable is not matched with another representable's type of the same name.
    func testSameSignatureIsReplacedAndProseDecidesWhereANestedTypeGoes() throws {
        let two = """
            import SwiftUI

            struct PageController: UIViewControllerRepresentable {
                func makeCoordinator() -> Coordinator { Coordinator() }

                class Coordinator: NSObject {
                    var pages = 0
                }
            }

            struct Dots: UIViewRepresentable {
                var count: Int
            }

            """
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "Views.swift", code: two)])
        builder.step(
            label: "Step 2", prose: "Give PageController's coordinator a page count.",
            snippets: [.init(file: nil, code: "class Coordinator: NSObject {\n    var pages = 3\n}\n", kind: .fragment)])
        builder.step(
            label: "Step 3", prose: "Nest a Coordinator type in Dots.",
            snippets: [.init(file: nil, code: "class Coordinator: NSObject {\n    var dots: Dots\n}\n", kind: .fragment)])
        let set = buildTimelineSet(builder.build())
        XCTAssertEqual(set.unplaced.map(\.reason), [])
        let states = try XCTUnwrap(set.files.first?.states)
        XCTAssertEqual(states.map { $0.composition?.summary ?? "" }, [
            "", "Coordinator replaced in PageController", "Coordinator added to Dots",
        ])
        XCTAssertTrue(states[1].code.contains("        var pages = 3\n"), states[1].code)
        XCTAssertFalse(states[1].code.contains("var pages = 0"))
        XCTAssertTrue(states[2].code.hasSuffix("    var count: Int\n\n    class Coordinator: NSObject {\n        var dots: Dots\n    }\n}\n"), states[2].code)
    }

    /// A data source method goes into the class adopting the data source protocol of its first parameter.
    func testDelegateMethodGoesIntoTheAdoptingClass() throws {
        let file = """
            import UIKit

            struct PageController: UIViewControllerRepresentable {
                class Coordinator: NSObject, UIPageViewControllerDataSource {
                    var controllers: [UIViewController] = []
                }
            }

            """
        let method = """
            func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController? {
                controllers.first
            }

            """
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "PageController.swift", code: file)])
        builder.step(label: "Step 2", snippets: [.init(file: nil, code: method, kind: .fragment)])
        let set = buildTimelineSet(builder.build())
        XCTAssertEqual(
            set.files.first?.states.last?.composition?.summary,
            "pageViewController(_:viewControllerBefore:) added to PageController.Coordinator")
    }

    /// Where the place is not unique, or nothing says it, the snippet is listed with the reason.
    func testUnplaceableSnippetsAreListedWithTheReason() {
        let views = """
            import SwiftUI

            struct First: View {
                var body: some View { Text("1") }
            }

            struct Second: View {
                var body: some View { Text("2") }
            }

            """
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "Views.swift", code: views)])
        builder.step(label: "Step 2", snippets: [.init(file: nil, code: "var body: some View { Text(\"3\") }\n", kind: .fragment)])
        builder.step(label: "Step 3", snippets: [.init(file: nil, code: "Text(\"4\")\n    .bold()\n", kind: .fragment)])
        builder.step(
            label: "Step 4", prose: "Add a computed property to the Landmark structure.",
            snippets: [.init(file: nil, code: "var image: Image {\n    Image(imageName)\n}\n", kind: .fragment)])
        builder.step(
            label: "Step 5", prose: "The data source requires this method.",
            snippets: [.init(file: nil, code: "optional func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?\n", kind: .fragment)])
        builder.step(
            label: "Step 6", prose: "Add it to the only view.",
            snippets: [.init(file: "Only.swift", code: "import SwiftUI\n\nstruct Only: View {\n    var body: some View { Text(\"\") }\n}\n")])
        builder.step(
            label: "Step 7", snippets: [.init(file: nil, code: "var image: Image {\n    Image(imageName)\n}\n", kind: .fragment)])
        let set = buildTimelineSet(builder.build())
        XCTAssertEqual(set.files.map { $0.states.count }, [1, 1])
        XCTAssertEqual(set.unplaced.map(\.step.description), ["1.2", "1.3", "1.4", "1.5", "1.7"])
        XCTAssertEqual(set.unplaced.map(\.reason), [
            "var body is declared more than once (First, Second)",
            "shows statements that match no code block of the file closely enough",
            "var image is new and no single type or file it belongs to is known",
            "declares tableView(_:titleForHeaderInSection:) without a body, as a protocol requires it: shown for reference",
            // The recent file's only type would do, but the member uses what the type does not have.
            "var image uses imageName, which Only does not declare",
        ])
    }

    /// `// ...`, `// existing code`, `// 기존 코드` and `{ ... }` stand for the lines of the previous state:
    /// they are kept, and only what the step really changes is in its diff.
    func testElidedCodeIsMergedWithThePreviousState() throws {
        let full = """
            import SwiftUI

            struct Badge: View {
                var title: String
                var color = Color.red

                func shape() -> some Shape {
                    Circle()
                }

                var body: some View {
                    shape().fill(color)
                }
            }

            """
        let elided = [
            "import SwiftUI\n\nstruct Badge: View {\n    // ...\n    var body: some View {\n        shape().fill(color).overlay(Text(title))\n    }\n}\n",
            "import SwiftUI\n\nstruct Badge: View {\n    // 기존 코드\n    func shape() -> some Shape { ... }\n\n    var body: some View {\n        shape().fill(color).overlay(Text(title)).padding()\n    }\n}\n",
            "import SwiftUI\n\nstruct Badge: View {\n    var title: String\n    var color = Color.blue\n    /* ... */\n}\n",
        ]
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "Badge.swift", code: full)])
        for (index, code) in elided.enumerated() {
            builder.step(label: "Step \(index + 2)", snippets: [.init(file: "Badge.swift", code: code)])
        }
        let tutorial = builder.build()
        let set = buildTimelineSet(tutorial)
        XCTAssertEqual(set.unplaced.map(\.reason), [])
        let states = try XCTUnwrap(set.files.first?.states)
        XCTAssertEqual(states.map { $0.composition?.kind }, [nil, .elisionMerged, .elisionMerged, .elisionMerged])
        XCTAssertEqual(
            states[3].code,
            full.replacingOccurrences(of: "Color.red", with: "Color.blue").replacingOccurrences(
                of: "shape().fill(color)", with: "shape().fill(color).overlay(Text(title)).padding()"))
        let changes = changeSets(tutorial)
        XCTAssertEqual(changes.map { [$0.added, $0.removed] }, [[14, 0], [1, 1], [1, 1], [1, 1]])
    }

    /// A marker with nothing around it that the previous state has cannot be merged: listed, not diffed
    /// as if the file had lost its lines.
    func testAmbiguousElisionIsListed() {
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "A.swift", code: "import UIKit\n\nstruct A {\n    var a = 1\n}\n")])
        builder.step(label: "Step 2", snippets: [.init(file: "A.swift", code: "import UIKit\n// ...\nstruct B {}\n// ...\n")])
        let set = buildTimelineSet(builder.build())
        XCTAssertEqual(set.files.first?.states.count, 1)
        XCTAssertEqual(set.unplaced.first?.reason, "leaves code out (`// ...`) in a way that does not match step 1.1's A.swift")
    }

    /// An excerpt without the file's imports shows the members it changes; the others are kept.
    func testExcerptKeepsTheMembersItDoesNotShow() throws {
        let full = "import SwiftUI\n\nstruct PageView: View {\n    var pages: [Int]\n\n    var body: some View {\n        Text(\"\")\n    }\n}\n"
        let excerpt = "struct PageView: View {\n    var pages: [Int]\n    @State var currentPage = 0\n}\n"
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "PageView.swift", code: full)])
        builder.step(label: "Step 2", snippets: [.init(file: "PageView.swift", code: excerpt)])
        let states = try XCTUnwrap(buildTimelines(builder.build()).first?.states)
        XCTAssertEqual(states.count, 2)
        XCTAssertEqual(
            states[1].code,
            "import SwiftUI\n\nstruct PageView: View {\n    var pages: [Int]\n    @State var currentPage = 0\n\n    var body: some View {\n        Text(\"\")\n    }\n}\n")
    }

    /// A file the prose names but never shows whole: its parts form a timeline of their own, diffed one
    /// against the next; a part shown again is no `step-no-change`.
    func testPartsOfAFileNeverShownWholeAreDiffedWithEachOther() throws {
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", prose: "Create a SwiftUI view named CircleImage.swift.", snippets: [])
        builder.step(label: "Step 2", snippets: [.init(file: nil, code: "var body: some View {\n    Image(\"rock\")\n}\n", kind: .fragment)])
        builder.step(
            label: "Step 3",
            snippets: [.init(file: nil, code: "var body: some View {\n    Image(\"rock\")\n        .clipShape(Circle())\n}\n", kind: .fragment)])
        builder.step(
            label: "Step 4", prose: "Look at the clip shape once more.",
            snippets: [.init(file: nil, code: "var body: some View {\n    Image(\"rock\")\n        .clipShape(Circle())\n}\n", kind: .fragment)])
        builder.step(label: "Step 5", snippets: [.init(file: nil, code: "VStack {\n    CircleImage()\n}\n", kind: .fragment)])
        builder.step(label: "Step 6", snippets: [.init(file: nil, code: "VStack {\n    CircleImage()\n}\n", kind: .fragment)])
        let tutorial = builder.build()
        let set = buildTimelineSet(tutorial)
        let timeline = try XCTUnwrap(set.files.first)
        XCTAssertEqual(timeline.fileName, "CircleImage.swift")
        XCTAssertEqual(timeline.states.map(\.step.description), ["1.2", "1.3", "1.4"])
        XCTAssertEqual(timeline.states.map { $0.composition?.kind }, [.partial, .partial, .partial])
        XCTAssertEqual(changeSets(tutorial).map { [$0.added, $0.removed] }, [[3, 0], [1, 0], [0, 0]])
        // Statements after a body are no state of the body's file.
        XCTAssertEqual(set.unplaced.map(\.step.description), ["1.5", "1.6"])
        XCTAssertEqual(unchangedStates(tutorial).count, 0)
    }

    /// A preview goes to the top level of its view's file; a new view with its preview is a new file.
    func testPreviewsAndNewViews() throws {
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: nil, code: "import SwiftUI\n\nstruct Row: View {\n    var body: some View { Text(\"\") }\n}\n")])
        builder.step(label: "Step 2", snippets: [.init(file: nil, code: "struct Row_Previews: PreviewProvider {\n    static var previews: some View { Row() }\n}\n")])
        builder.step(
            label: "Step 3",
            snippets: [.init(file: nil, code: "struct Card: View {\n    var body: some View { Row() }\n}\n\nstruct Card_Previews: PreviewProvider {\n    static var previews: some View { Card() }\n}\n")])
        let set = buildTimelineSet(builder.build())
        XCTAssertEqual(set.unplaced.map(\.reason), [])
        XCTAssertEqual(set.files.map(\.fileName), ["Row.swift", "Card.swift"])
        XCTAssertEqual(set.files[0].states.last?.composition?.summary, "Row_Previews added to Row.swift")
        XCTAssertTrue(set.files[0].states.last?.code.hasSuffix("}\n\nstruct Row_Previews: PreviewProvider {\n    static var previews: some View { Row() }\n}\n") ?? false)
    }

    /// A view's body shown alone rewrites the statements of the block it shares most lines with, here the
    /// body of the only view whose statements start with the same call.
    func testStatementsRewriteTheBlockTheyShareMostWith() throws {
        let file = """
            import SwiftUI

            struct Detail: View {
                var body: some View {
                    VStack {
                        Text("Title")
                            .font(.title)
                        Text("Subtitle")
                    }
                }

                func footer() -> some View {
                    Text("Footer")
                }
            }

            """
        let body = "VStack(alignment: .leading) {\n    Text(\"Title\")\n        .font(.title)\n    Text(\"Subtitle\")\n}\n.padding()\n"
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "Detail.swift", code: file)])
        builder.step(label: "Step 2", snippets: [.init(file: nil, code: body, kind: .fragment)])
        let tutorial = builder.build()
        let set = buildTimelineSet(tutorial)
        XCTAssertEqual(set.unplaced.map(\.reason), [])
        let state = try XCTUnwrap(set.files.first?.states.last)
        XCTAssertEqual(state.composition?.summary, "statements of var body rewritten")
        XCTAssertEqual(
            state.code,
            file.replacingOccurrences(of: "        VStack {", with: "        VStack(alignment: .leading) {")
                .replacingOccurrences(of: "            Text(\"Subtitle\")\n        }\n", with: "            Text(\"Subtitle\")\n        }\n        .padding()\n"))
        XCTAssertEqual(changeSets(tutorial).last.map { [$0.added, $0.removed] }, [2, 1])
    }

    /// Marker lines in the forms tutorials write them, and lines that only look alike.
    func testElisionMarkers() {
        for line in [
            "// ...", "    // …", "...", "…", "/* ... */", "// existing code", "// ... existing code ...", "// 기존 코드",
            "// 省略", "// 既存のコード", "//...", "// (省略)",
        ] {
            XCTAssertTrue(ElidedCode.isMarkerLine(line), line)
        }
        for line in ["// Do something...", "let range = 0...3", "// code", "Text(\"...\")", "", "// TODO"] {
            XCTAssertFalse(ElidedCode.isMarkerLine(line), line)
        }
        XCTAssertTrue(ElidedCode.containsElision("init(name: String) { ... }\n"))
        XCTAssertFalse(ElidedCode.containsElision("init(name: String) { self.name = name }\n"))
    }

    /// The byte tests that spare most lines the Character-level judgement never rule out a marker line or
    /// an elided body: checked on crafted lines and on every line of the repository's tutorials and fixtures.
    func testByteTestsNeverRuleOutAMarker() throws {
        var lines = [
            "// ...", "…", "⋯", "。。。", "(...)", "[…]", "（…）", "· · ·", "\u{3000}…", "  ...\r", "init() { ... }",
            "func f() { /* ... */ }", "var body: some View { … }", "x { // existing code }", "{ ... }", "a{...}",
            ".padding()", "}", "    }", "let range = 0...3", "Text(\"...\")", "{ x }", "f() { g() }", "(", "...x",
            "\u{00A0}...", "( ) [ ] .", "\u{600}a...", "e\u{301}...", "{\u{301} ... }", "x {\u{3000}…\u{3000}}",
        ]
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for folder in ["Tutorials", "Fixtures"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else { continue }
                lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
        }
        XCTAssertGreaterThan(lines.count, 1000)
        var ruledOut = 0
        for line in lines {
            let bytes = ArraySlice(Array(line.utf8))
            if !ElidedCode.couldBeMarkerLine(bytes) {
                XCTAssertFalse(ElidedCode.isMarkerLine(line), line)
                ruledOut += 1
            }
            if !ElidedCode.couldHaveElidedBody(bytes) { XCTAssertNil(ElidedCode.elidedBodyHeader(Substring(line)), line) }
        }
        XCTAssertGreaterThan(ruledOut, lines.count / 2)
    }
}

/// Types whose bodies are left out (`struct X {\n    // ...\n}`) keep their members; a step that adds a
/// preview after them only adds the preview.
final class ElidedBodyTests: XCTestCase {
    func testElidedTypeBodiesKeepTheirMembers() throws {
        let before = "import SwiftUI\n\nstruct TaskList {\n    let titles: [String]\n}\n\nstruct TaskListView: View {\n    let list: TaskList\n\n    var body: some View {\n        Text(\"\")\n    }\n}\n"
        let after = "import SwiftUI\n\nstruct TaskList {\n    // ...\n}\n\nstruct TaskListView: View {\n    // ...\n}\n\n#Preview {\n    TaskListView(list: TaskList(titles: []))\n}\n"
        let merged = try XCTUnwrap(mergeElided(previous: TracedText(untraced: before.utf8), shown: TracedText(shown: after)))
        XCTAssertEqual(merged.string, before + "\n#Preview {\n    TaskListView(list: TaskList(titles: []))\n}\n")
    }
}

/// New types shown without imports or a file name, one step each: a view is never nested in another
/// type, and a new type goes to the only file shown so far only when the page names that file.
final class NewTypeTests: XCTestCase {
    func testNewViewsAndRepresentablesBecomeFilesOfTheirOwn() {
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: nil, code: "struct Template: UIViewRepresentable {\n    func makeUIView(context: Context) -> UIView { UIView() }\n}\n")])
        builder.step(
            label: "Step 2", prose: "Wrap the search bar.",
            snippets: [.init(file: nil, code: "struct SearchField: UIViewRepresentable {\n    func makeUIView(context: Context) -> UISearchBar { UISearchBar() }\n}\n")])
        builder.step(
            label: "Step 3", prose: "Show SearchField in the main view.",
            snippets: [.init(file: nil, code: "struct Main: View {\n    var body: some View { SearchField() }\n}\n")])
        let set = buildTimelineSet(builder.build())
        XCTAssertEqual(set.files.map(\.fileName), ["Template.swift", "SearchField.swift", "Main.swift"])
        XCTAssertEqual(set.files.map { $0.states.first?.composition == nil }, [true, true, true])
    }
}
