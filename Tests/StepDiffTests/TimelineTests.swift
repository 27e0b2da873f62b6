import TestSupport
import TutorialModel
import XCTest

@testable import StepDiff

/// PageView.swift as a tutorial shows it (the project's own text, after "Interfacing with UIKit").
enum PageViewSample {
    static let v1 = """
        import SwiftUI

        struct PageView<Page: View>: View {
            var viewControllers: [UIHostingController<Page>]
            @State var currentPage = 1

            var body: some View {
                PageViewController(controllers: viewControllers, currentPage: $currentPage)
            }
        }

        struct PageView_Preview: PreviewProvider {
            static var previews: some View {
                PageView(features.map { FeatureCard(landmark: $0) })
                    .aspectRatio(3/2, contentMode: .fit)
            }
        }

        """
    static let v2 = """
        import SwiftUI

        struct PageView<Page: View>: View {
            var viewControllers: [UIHostingController<Page>]
            @State var currentPage = 0

            var body: some View {
                VStack {
                    PageViewController(controllers: viewControllers, currentPage: $currentPage)
                    Text("Current Page: \\(currentPage)")
                }
            }
        }

        struct PageView_Preview: PreviewProvider {
            static var previews: some View {
                PageView(features.map { FeatureCard(landmark: $0) })
            }
        }

        """
}

final class TimelineTests: XCTestCase {
    /// A build compared with the previous version's says which steps are that version's, moved: the tutorial rules
    /// take their contents as the previous ones, so a step whose prose has other bytes that read alike (an
    /// Angstrom sign for an A with a ring: canonically equivalent, as long in UTF-8) is not one of them.
    func testMovedStepsAreThoseWithTheSameBytes() {
        func tutorial(_ sign: String, code: String) -> Tutorial {
            var builder = TutorialBuilder()
            builder.section("Build")
            builder.step(label: "Step 1", prose: "Start.", snippets: [.init(file: "A.swift", code: code)])
            builder.step(label: "Step 2", prose: "Measure in \(sign).", snippets: [.init(file: "A.swift", code: "let a = 2\n")])
            builder.step(label: "Step 3", prose: "Done.", snippets: [.init(file: "A.swift", code: "let a = 3\n")])
            return builder.build()
        }
        let angstrom = "\u{212B}"
        let ring = "A\u{30A}"
        XCTAssertEqual(angstrom, ring)
        XCTAssertEqual(angstrom.utf8.count, ring.utf8.count)
        let first = buildTimelineSet(tutorial(angstrom, code: "let a = 1\n"), checkpoints: 2)
        XCTAssertNil(first.movedSteps)
        let same = buildTimelineSet(tutorial(angstrom, code: "let a = 7\n"), previous: first, checkpoints: 2)
        XCTAssertTrue(same.movedSteps?.previous === first.build)
        XCTAssertEqual(same.movedSteps?.first, 1, "every step after the edited one")
        let spelled = buildTimelineSet(tutorial(ring, code: "let a = 7\n"), previous: first, checkpoints: 2)
        XCTAssertEqual(spelled.movedSteps?.first, 2, "the step spelled otherwise is not the previous one")
    }

    /// The same file twice in one step (an Experiment aside repeating the code) is a no-change state,
    /// and the next step's diff shows the removed `.aspectRatio` line.
    func testRepeatedSnippetIsNoChangeAndNextDiffShowsRemovedLine() {
        var builder = TutorialBuilder()
        builder.section("Track the page")
        builder.step(
            label: "Step 3", prose: "Change the initial value.",
            snippets: [.init(file: "PageView.swift", code: PageViewSample.v1)])
        builder.step(label: "Step 4", snippets: [.init(file: "PageView.swift", code: PageViewSample.v1)])
        builder.step(label: "Step 5", snippets: [.init(file: "PageView.swift", code: PageViewSample.v2)])
        let tutorial = builder.build()
        let timelines = buildTimelines(tutorial)
        XCTAssertEqual(timelines.map(\.fileName), ["PageView.swift"])
        let changes = changeSets(tutorial)
        XCTAssertEqual(changes.map { $0.from?.step.description ?? "-" }, ["-", "1.1", "1.2"])
        XCTAssertEqual(changes.map(\.isNoChange), [false, true, false])
        let last = changes[2]
        // `= 1`→`= 0`, the body wrapped in VStack (1 → 4), aspectRatio gone.
        XCTAssertEqual([last.added, last.removed], [5, 3])
        let removed = last.diff.hunks.flatMap(\.lines).filter { $0.kind == .removed }.map(\.text)
        XCTAssertTrue(removed.contains("            .aspectRatio(3/2, contentMode: .fit)"), "\(removed)")

        // The unchanged state is found the same with and without the change sets.
        for unchanged in [unchangedStates(tutorial), unchangedStates(tutorial, timelines: timelines, changeSets: changes)] {
            XCTAssertEqual(unchanged.map(\.to.step), [StepID(section: 1, step: 2)])
            XCTAssertEqual(unchanged.first?.from?.step, StepID(section: 1, step: 1))
            XCTAssertEqual(unchanged.first?.to.snippet.range, tutorial.steps[1].snippets[0].range)
        }
    }

    /// An unlabelled whole file joins the file its prose names, or the file declaring the same type, or
    /// (a new type that imports) a file named after it; a method is placed into the type it belongs to; a
    /// statement fragment stays out of every timeline.
    func testUnlabelledSnippetsJoinOnlyWhenTheirFileIsInferred() {
        let controller = "import SwiftUI\n\nstruct PageViewController: UIViewControllerRepresentable {\n}\n"
        let controller2 =
            "import SwiftUI\n\nstruct PageViewController: UIViewControllerRepresentable {\n    var controllers: [UIViewController]\n}\n"
        let view = "import SwiftUI\n\nstruct PageView: View {\n}\n"
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "PageViewController.swift", code: controller)])
        builder.step(label: "Step 2", snippets: [.init(file: "PageView.swift", code: view)])
        builder.step(
            label: "Step 3", prose: "在PageViewController.swift中，添加属性。", snippets: [.init(file: nil, code: controller2)])
        builder.step(
            label: "Step 4", prose: "Add a body.",
            snippets: [
                .init(
                    file: nil,
                    code: view.replacingOccurrences(of: "{\n}", with: "{\n    var body: some View { Text(\"\") }\n}"))
            ])
        builder.step(
            label: "Step 5", prose: "Add this method.",
            snippets: [
                .init(
                    file: nil, code: "func makeCoordinator() -> Coordinator {\n    Coordinator(self)\n}\n",
                    kind: .fragment)
            ])
        builder.step(
            label: "Step 6", prose: "Something else.",
            snippets: [.init(file: nil, code: "import UIKit\n\nstruct Other {\n}\n")])
        builder.step(
            label: "Step 7", snippets: [.init(file: "PageView.swift", code: "    var x = 1\n", kind: .fragment)])
        let set = buildTimelineSet(builder.build())
        let timelines = set.files
        XCTAssertEqual(timelines.map(\.fileName), ["PageViewController.swift", "PageView.swift", "Other.swift"])
        XCTAssertEqual(timelines[0].states.map(\.step.description), ["1.1", "1.3", "1.5"])
        XCTAssertEqual(timelines[0].states.map(\.nameSource), [.label, .prose, .placement])
        XCTAssertEqual(timelines[1].states.map(\.step.description), ["1.2", "1.4"])
        XCTAssertEqual(timelines[1].states.map(\.nameSource), [.label, .primaryType])
        XCTAssertEqual(timelines[2].states.map(\.nameSource), [.primaryType])
        // `var x = 1` may as well be a local of some method.
        XCTAssertEqual(set.unplaced.map(\.step.description), ["1.7"])
        XCTAssertEqual(set.unplaced.first?.fileName, "PageView.swift")
    }

    /// An abridged copy of a file (its imports dropped, a few members shown) is merged into the file:
    /// diffing it as it is would show most of the file deleted.
    func testAbridgedExcerptIsMergedIntoTheFile() {
        let full =
            "import SwiftUI\n\nstruct PageView: View {\n    var pages: [Page]\n\n    var body: some View {\n        Text(\"\")\n    }\n}\n"
        let excerpt = "struct PageView: View {\n    var pages: [Page]\n    @State var currentPage = 0\n}\n"
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "PageView.swift", code: full)])
        builder.step(label: "Step 2", snippets: [.init(file: "PageView.swift", code: excerpt)])
        builder.step(label: "Step 3", snippets: [.init(file: "PageView.swift", code: full + "// end\n")])
        let timelines = buildTimelines(builder.build())
        XCTAssertEqual(timelines.first?.states.map(\.step.description), ["1.1", "1.2", "1.3"])
        XCTAssertEqual(timelines.first?.states[1].composition?.kind, .placed)
        XCTAssertTrue(timelines.first?.states[1].code.contains("var body: some View") ?? false)
        // A first state without imports is a file like any other.
        var plain = TutorialBuilder()
        plain.step(label: "Step 1", snippets: [.init(file: "A.swift", code: excerpt)])
        plain.step(label: "Step 2", snippets: [.init(file: "A.swift", code: excerpt + "// more\n")])
        XCTAssertEqual(buildTimelines(plain.build()).first?.states.count, 2)
    }

    /// DocC: `previousFile:` is the base of the step's diff, `reset: true` starts the file afresh.
    func testDocCPreviousFileAndReset() {
        let a = "struct A {\n}\n"
        let b = "struct A {\n    var b = 1\n}\n"
        let c = "struct A {\n    var c = 2\n}\n"
        func docc(_ resource: String, previous: (String, String)? = nil, reset: Bool = false) -> DocCCodeOptions {
            DocCCodeOptions(
                resource: resource, resourcePath: "Resources/\(resource)", previousResource: previous?.0,
                previousCode: previous?.1,
                reset: reset)
        }
        var builder = TutorialBuilder(path: "t.tutorial")
        builder.step(label: nil, snippets: [.init(file: "A.swift", code: a, docc: docc("01.swift"))])
        builder.step(label: nil, snippets: [.init(file: "A.swift", code: b, docc: docc("02.swift"))])
        // Based explicitly on 01.swift, not on the previous state 02.swift.
        builder.step(
            label: nil, snippets: [.init(file: "A.swift", code: c, docc: docc("03.swift", previous: ("01.swift", a)))])
        builder.step(label: nil, snippets: [.init(file: "A.swift", code: c, docc: docc("04.swift", reset: true))])
        let changes = changeSets(builder.build())
        XCTAssertEqual(changes.map(\.base), [.none, .previousState, .resource("01.swift"), .none])
        XCTAssertEqual(changes.map { $0.from?.step.description ?? "-" }, ["-", "1.1", "1.1", "-"])
        XCTAssertEqual(changes.map { [$0.added, $0.removed] }, [[2, 0], [1, 0], [1, 0], [3, 0]])
        XCTAssertFalse(changes[3].isNoChange, "a reset file is new, not unchanged")
    }

    /// Hunk ranges land on the document: the added line's range is the line in the page.
    func testDocumentRangesOfAddedLines() {
        let marked = MarkedText(
            """
            func makeUIViewController(context: Context) -> UIPageViewController {
                let pageViewController = UIPageViewController()
                1️⃣pageViewController.dataSource = context.coordinator2️⃣

                return pageViewController
            }

            """)
        let before = marked.text.replacingOccurrences(
            of: "    pageViewController.dataSource = context.coordinator\n", with: "")
        var builder = TutorialBuilder()
        builder.step(label: "Step 3", snippets: [.init(file: "P.swift", code: before)])
        builder.step(label: "Step 4", snippets: [.init(file: "P.swift", code: marked.text)])
        let tutorial = builder.build()
        let change = changeSets(tutorial)[1]
        XCTAssertEqual([change.added, change.removed], [1, 0])
        let added = change.diff.hunks[0].lines.first { $0.kind == .added }!
        let codeStart = tutorial.steps[1].snippets[0].range.start
        let range = change.documentRange(ofNewLine: added.newLine!)!
        // The whole line in the document, indentation included, ends where 2️⃣ is.
        XCTAssertEqual(range.end, codeStart + marked["2️⃣"])
        XCTAssertEqual(tutorial.document.text(in: range), "    pageViewController.dataSource = context.coordinator")
        let hunk = change.hunks[0]
        XCTAssertEqual(
            tutorial.document.text(in: hunk.newDocumentRange),
            String(
                decoding: Array(marked.text.utf8)[hunk.hunk.newCodeRange.start..<hunk.hunk.newCodeRange.end],
                as: UTF8.self))
        XCTAssertNotNil(hunk.oldDocumentRange)
    }

    /// A name split by a space in copied prose still finds its file; a lone mention names a new file.
    func testProseNamesWithSpacesAndNewFiles() {
        XCTAssertEqual(
            fileNamed(inProse: "在 Search Bar 结构（Search Bar.swift）中", knownFiles: ["SearchBar.swift"]), "SearchBar.swift"
        )
        XCTAssertEqual(fileNamed(inProse: "Create Helpers.swift.", knownFiles: ["SearchBar.swift"]), "Helpers.swift")
        XCTAssertNil(fileNamed(inProse: "Open A.swift and B.swift.", knownFiles: []))
    }

    /// The line scan stops at the first type; its lines must be those of splitting the whole code at
    /// "\n" (a CRLF ends no line), so the answer is the one that reading every line gives.
    func testPrimaryTypeIsTheOneEveryLineGives() {
        func everyLine(_ code: String) -> String? {
            let keywords: Set<Substring> = ["struct", "class", "enum", "protocol", "actor"]
            let modifiers: Set<Substring> = [
                "public", "internal", "private", "fileprivate", "final", "open", "package", "indirect", "@MainActor",
                "nonisolated",
            ]
            for line in code.split(separator: "\n") {
                guard let first = line.first, !first.isWhitespace else { continue }
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                var index = 0
                while index < words.count, modifiers.contains(words[index]) || words[index].hasPrefix("@") { index += 1 }
                guard index + 1 < words.count, keywords.contains(words[index]) else { continue }
                let name = words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
                if !name.isEmpty { return String(name) }
            }
            return nil
        }
        let pieces = [
            "import SwiftUI", "\n", "\r\n", "\n\n", "struct A", "class B: C {", "  enum D", "final ", "@MainActor ",
            "extension E", "struct", " ", "\t", "protocol P", "é", "\r", "actor Z<T>",
        ]
        var state: UInt64 = 5
        var found = 0
        for _ in 0..<3_000 {
            var code = ""
            for _ in 0..<8 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                code += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            let expected = everyLine(code)
            if expected != nil { found += 1 }
            XCTAssertEqual(primaryTypeName(in: code), expected, code.debugDescription)
        }
        XCTAssertGreaterThan(found, 300)
        XCTAssertLessThan(found, 2_700)
    }

    func testPrimaryTypeAndFileNames() {
        XCTAssertEqual(
            primaryTypeName(in: "import SwiftUI\n\npublic final class Coordinator: NSObject {\n}\n"), "Coordinator")
        XCTAssertEqual(primaryTypeName(in: "import SwiftUI\n\nstruct PageView<Page: View>: View {\n"), "PageView")
        XCTAssertNil(primaryTypeName(in: "extension PageView {\n}\n"))
        XCTAssertEqual(
            fileNames(in: "创建一个名为PageControl.swift的新文件，然后打开 `PageView.swift`."),
            ["PageControl.swift", "PageView.swift"])
    }
}

/// When a step's prose and its code disagree about the file, the code's declared type decides (issue 21).
final class CodeOverProseFileTests: XCTestCase {
    private let list = "import SwiftUI\n\nstruct TrailList: View {\n    var body: some View { Text(\"Trails\") }\n}\n"
    private let listWithFilter =
        "import SwiftUI\n\nstruct TrailList: View {\n    var showsFavourites: Bool\n    var body: some View { Text(\"Trails\") }\n}\n"

    /// One step names the view's file without the suffix its label has: the whole file it shows declares the
    /// type of the labelled file, so it is that file's next state, not a file of its own.
    func testAFileNamedAnotherWayInTheProseStaysOneTimeline() {
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", prose: "Create TrailListView.swift.", snippets: [.init(file: "TrailListView.swift", code: list)])
        builder.step(
            label: "Step 2", prose: "In TrailList.swift, add a property for the filter.",
            snippets: [.init(file: nil, code: listWithFilter)])
        builder.step(
            label: "Step 3", prose: "In TrailListView.swift, keep the filter.",
            snippets: [.init(file: nil, code: listWithFilter.replacingOccurrences(of: "Bool", with: "Bool = false"))])
        let timelines = buildTimelines(builder.build())
        XCTAssertEqual(timelines.map(\.fileName), ["TrailListView.swift"])
        XCTAssertEqual(timelines[0].states.map(\.step.description), ["1.1", "1.2", "1.3"])
        XCTAssertEqual(timelines[0].states.map(\.nameSource), [.label, .primaryType, .prose])
    }

    /// A step's prose names a settings file it mentions in passing while its code repeats a whole Swift type
    /// shown before: the code is that type's file. A prose name that declares the type stays as it is.
    func testASwiftTypeShownUnderAPropertyListNameJoinsItsOwnFile() {
        let camera = "import SwiftUI\n\nstruct Camera: UIViewControllerRepresentable {\n    var source: Int\n}\n"
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", prose: "Create Camera.swift.", snippets: [.init(file: "Camera.swift", code: camera)])
        builder.step(
            label: "Step 2", prose: "Add a usage description to Info.plist, then look at the camera again.",
            snippets: [.init(file: nil, code: camera.replacingOccurrences(of: "Int", with: "Int = 0"))])
        builder.step(
            label: "Step 3", prose: "Create Gallery.swift.",
            snippets: [.init(file: nil, code: "import SwiftUI\n\nstruct Gallery: View {\n}\n")])
        let timelines = buildTimelines(builder.build())
        XCTAssertEqual(timelines.map(\.fileName), ["Camera.swift", "Gallery.swift"])
        XCTAssertEqual(timelines[0].states.map(\.step.description), ["1.1", "1.2"])
        XCTAssertEqual(timelines[1].states.map(\.nameSource), [.prose])
    }

    /// A fragment whose prose names a file never shown, repeating a declaration of a file that was shown,
    /// goes to that file.
    func testAFragmentUnderAnUnshownProseNameRewritesTheFileThatHasIt() {
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", prose: "Create TrailList.swift.", snippets: [.init(file: "TrailList.swift", code: list)])
        builder.step(
            label: "Step 2", prose: "In TrailListView.swift, add a property.",
            snippets: [
                .init(
                    file: nil,
                    code: "struct TrailList: View {\n    var showsFavourites: Bool\n    var body: some View { Text(\"Trails\") }\n}\n",
                    kind: .fragment)
            ])
        let set = buildTimelineSet(builder.build())
        XCTAssertEqual(set.files.map(\.fileName), ["TrailList.swift"])
        XCTAssertEqual(set.files[0].states.map(\.step.description), ["1.1", "1.2"])
    }
}
