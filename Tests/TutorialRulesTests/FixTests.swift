import TestSupport
import TutorialAnalysis
import TutorialModel
import TutorialRules
import XCTest

/// Each fix, applied to the document, makes its finding go away (in every step that repeated it).
final class FixTests: XCTestCase {
    private func apply(_ edits: [TextEdit], to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Re-reads the fixed document through the example's snippet layout: the fixed text is split back
    /// into snippets by the markers the example builder writes (file names on their own lines).
    private func assertFixRemoves(
        _ rule: String, steps: [RuleExample.Step], file: StaticString = #filePath, line: UInt = #line
    ) {
        let built = ExampleTutorial(RuleExample(steps: steps))
        let findings = analyze(tutorial: built.tutorial, configuration: .only([rule])).findings
        XCTAssertEqual(findings.count, 1, "\(rule): one finding before the fix", file: file, line: line)
        guard let finding = findings.first else { return }
        XCTAssertFalse(finding.fixEdits.isEmpty, "\(rule) offers a fix", file: file, line: line)
        // Apply the fix snippet by snippet, then analyse the fixed snippets again.
        var fixedSteps: [RuleExample.Step] = []
        for (index, step) in built.tutorial.steps.enumerated() {
            let snippets = step.snippets.map { snippet -> RuleExample.Snippet in
                let edits = finding.fixEdits.filter {
                    snippet.range.contains($0.range.start) || $0.range.start == snippet.range.end
                }
                .map {
                    TextEdit(
                        range: SourceRange(
                            start: $0.range.start - snippet.range.start, end: $0.range.end - snippet.range.start),
                        newText: $0.newText)
                }
                return RuleExample.Snippet(snippet.fileName, apply(edits, to: snippet.code), kind: snippet.kind)
            }
            fixedSteps.append(RuleExample.Step(prose: steps[index].prose, snippets))
        }
        let fixed = ExampleTutorial(RuleExample(steps: fixedSteps))
        let after = analyze(tutorial: fixed.tutorial, configuration: .only([rule])).findings
        XCTAssertEqual(after.map(\.message), [], "\(rule): no finding after the fix", file: file, line: line)
        let syntax = analyze(tutorial: fixed.tutorial, configuration: .only(["swift-syntax-error"])).findings
        XCTAssertEqual(syntax.map(\.message), [], "\(rule): the fixed code parses", file: file, line: line)
    }

    private let unwired = """
        struct PageViewController: UIViewControllerRepresentable {
            func makeCoordinator() -> Coordinator { Coordinator() }
            func makeUIViewController(context ctx: Context) -> UIPageViewController {
                let pager = UIPageViewController()
                return pager
            }
            func updateUIViewController(_ controller: UIPageViewController, context: Context) {}
            class Coordinator: NSObject, UIPageViewControllerDelegate {}
        }

        """

    func testCoordinatorNotWiredFixInEveryStep() {
        assertFixRemoves(
            "coordinator-not-wired",
            steps: [
                .init([.init("Pager.swift", unwired)]),
                .init([.init("Pager.swift", unwired + "let x = 1\n")]),
            ])
    }

    func testWiringInUpdateFixMovesTheAssignment() {
        let code = """
            struct PageViewController: UIViewControllerRepresentable {
                func makeCoordinator() -> Coordinator { Coordinator() }
                func makeUIViewController(context: Context) -> UIPageViewController {
                    let pager = UIPageViewController()
                    return pager
                }
                func updateUIViewController(_ controller: UIPageViewController, context: Context) {
                    controller.delegate = context.coordinator
                }
                class Coordinator: NSObject, UIPageViewControllerDelegate {}
            }

            """
        assertFixRemoves("wiring-in-update", steps: [.init([.init("Pager.swift", code)])])
    }

    func testMissingMakeCoordinatorFixInsertsIt() {
        let code = """
            struct PageControl: UIViewRepresentable {
                func makeUIView(context: Context) -> UIPageControl { UIPageControl() }
                func updateUIView(_ view: UIPageControl, context: Context) {}
                class Coordinator: NSObject {
                    var control: PageControl
                    init(_ control: PageControl) { self.control = control }
                }
            }

            """
        assertFixRemoves("missing-make-coordinator", steps: [.init([.init("PageControl.swift", code)])])
    }

    func testBindingFixAddsTheDollar() {
        let code = """
            struct PageControl: View {
                @Binding var currentPage: Int
                var body: some View { Text("") }
            }
            struct PageView: View {
                @State private var currentPage = 0
                var body: some View { PageControl(currentPage: currentPage) }
            }

            """
        assertFixRemoves("binding-passed-by-value", steps: [.init([.init("PageView.swift", code)])])
    }
}
