import SwiftFacts
import TestSupport
import TutorialAnalysis
import TutorialModel
import TutorialRules
import XCTest

/// The evaluator across steps: one finding per rule and subject, placed where it was introduced; fixed
/// later, build order (`hint`, shown when asked) or a regression (`information`), with `resolvedAt`;
/// suppressions and configuration applied.
final class EvaluatorTests: XCTestCase {
    private func pageViewController(wired: Bool, extra: String = "") -> String {
        """
        struct PageViewController: UIViewControllerRepresentable {
            func makeCoordinator() -> Coordinator { Coordinator() }
            func makeUIViewController(context: Context) -> UIPageViewController {
                let pageViewController = UIPageViewController()
        \(wired ? "        pageViewController.dataSource = context.coordinator\n" : "")        return pageViewController
            }
            func updateUIViewController(_ controller: UIPageViewController, context: Context) {}\(extra)
            class Coordinator: NSObject, UIPageViewControllerDataSource {
                func pageViewController(_ p: UIPageViewController, viewControllerBefore v: UIViewController) -> UIViewController? { nil }
                func pageViewController(_ p: UIPageViewController, viewControllerAfter v: UIViewController) -> UIViewController? { nil }
            }
        }

        """
    }

    func testCompletedLaterIsBuildOrderAtTheIntroducingStepShownOnlyWhenAsked() {
        let example = RuleExample(
            steps: [
                .init([.init("PageViewController.swift", pageViewController(wired: false))]),
                .init([.init("PageViewController.swift", pageViewController(wired: false, extra: "\n    var x = 1"))]),
                .init([.init("PageViewController.swift", pageViewController(wired: true))]),
            ])
        let built = ExampleTutorial(example)
        let analysis = analyze(tutorial: built.tutorial, configuration: .only(["coordinator-not-wired"]))
        XCTAssertEqual(analysis.findings, [], "build order is no defect: not shown by default")
        let findings = analysis.buildOrder
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(findings.first?.severity, .hint)
        XCTAssertEqual(findings.first?.isBuildOrder, true)
        XCTAssertEqual(findings.first?.step, StepID(section: 1, step: 1))
        XCTAssertEqual(findings.first?.resolvedAt, StepID(section: 1, step: 3))
        XCTAssertEqual(findings.first?.occurrences.map(\.step.step), [1, 2])
        // The finding lands in step 1's snippet, on the protocol.
        let snippet = built.tutorial.steps[0].snippets[0]
        XCTAssertTrue(snippet.range.contains(findings[0].range.start))
        XCTAssertEqual(built.tutorial.document.text(in: findings[0].range), "UIPageViewControllerDataSource")

        var including = Configuration.only(["coordinator-not-wired"])
        including.includeBuildOrder = true
        XCTAssertEqual(analyze(tutorial: built.tutorial, configuration: including).findings, findings)
    }

    func testCodeLeftOpenForTheNextStepIsBuildOrderBrokenCodeIsNot() {
        let open = RuleExample(
            steps: [
                .init([.init("Update.swift", "try await users.updateMany(\n    where: role == trial\n")]),
                .init([.init("Update.swift", "try await users.updateMany(\n    where: role == trial,\n    setting: [:]\n)\n")]),
            ])
        let opened = analyze(tutorial: ExampleTutorial(open).tutorial, configuration: .only(["swift-syntax-error"]))
        XCTAssertEqual(opened.findings, [], "a call left open and closed by the next step")
        XCTAssertFalse(opened.buildOrder.isEmpty)

        let broken = RuleExample(
            steps: [
                .init([.init("View.swift", "func load() {\n    setUp()\n    // Do any additional setup after loading the view, typically\n    from a nib.\n}\n")]),
                .init([.init("View.swift", "func load() {\n    setUp()\n    // Do any additional setup after loading the view.\n}\n")]),
            ])
        let findings = analyze(tutorial: ExampleTutorial(broken).tutorial, configuration: .only(["swift-syntax-error"]))
            .findings
        XCTAssertFalse(findings.isEmpty, "a comment wrapped onto a line of code is broken, mended or not")
        XCTAssertEqual(Set(findings.map(\.severity)), [.information])
        XCTAssertEqual(findings.first?.resolvedAt, StepID(section: 1, step: 2))
    }

    func testALineTakenAwayAndPutBackIsARegression() {
        let example = RuleExample(
            steps: [
                .init([.init("PageViewController.swift", pageViewController(wired: true))]),
                .init([.init("PageViewController.swift", pageViewController(wired: false, extra: "\n    var x = 1"))]),
                .init([.init("PageViewController.swift", pageViewController(wired: true, extra: "\n    var x = 1"))]),
            ])
        let findings = analyze(tutorial: ExampleTutorial(example).tutorial, configuration: .only(["coordinator-not-wired"]))
            .findings
        XCTAssertEqual(findings.map(\.severity), [.information], "the reader lost working code on the way")
        XCTAssertEqual(findings.first?.isBuildOrder, false)
        XCTAssertEqual(findings.first?.step, StepID(section: 1, step: 2))
        XCTAssertEqual(findings.first?.resolvedAt, StepID(section: 1, step: 3))
    }

    func testStillPresentKeepsItsSeverityAndFixesEveryStep() {
        let example = RuleExample(
            steps: [
                .init([.init("PageViewController.swift", pageViewController(wired: false))]),
                .init([.init("PageViewController.swift", pageViewController(wired: false, extra: "\n    var x = 1"))]),
            ])
        let built = ExampleTutorial(example)
        let findings = analyze(tutorial: built.tutorial, configuration: .only(["coordinator-not-wired"])).findings
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(findings.first?.severity, .warning)
        XCTAssertNil(findings.first?.resolvedAt)
        let edits = findings.first?.fixEdits ?? []
        XCTAssertEqual(edits.count, 2, "one insertion per step that repeats the mistake")
        XCTAssertTrue(edits.allSatisfy { $0.newText.contains("pageViewController.dataSource = context.coordinator") })
        // Applying the edits yields the wired code in both steps.
        var text = built.tutorial.document.text
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            let utf8 = Array(text.utf8)
            text = String(
                decoding: utf8[..<edit.range.start] + Array(edit.newText.utf8) + utf8[edit.range.end...], as: UTF8.self)
        }
        XCTAssertEqual(
            text.components(separatedBy: "        pageViewController.dataSource = context.coordinator\n        return")
                .count, 3)
    }

    func testConfigurationSeverityAndSuppressions() {
        let steps: [RuleExample.Step] = [
            .init([.init("PageViewController.swift", pageViewController(wired: false))])
        ]
        var configuration = Configuration.only(["coordinator-not-wired"])
        configuration.rules["coordinator-not-wired"]?.severity = .error
        let built = ExampleTutorial(RuleExample(steps: steps))
        XCTAssertEqual(analyze(tutorial: built.tutorial, configuration: configuration).findings.first?.severity, .error)

        let disabled = ExampleTutorial(
            RuleExample(steps: [
                .init(prose: "<!-- tutorial-check-disable coordinator-not-wired -->", steps[0].snippets)
            ]))
        XCTAssertTrue(analyze(tutorial: disabled.tutorial, configuration: configuration).findings.isEmpty)

        let otherRule = ExampleTutorial(
            RuleExample(steps: [.init(prose: "<!-- tutorial-check-disable wiring-in-update -->", steps[0].snippets)]))
        XCTAssertEqual(analyze(tutorial: otherRule.tutorial, configuration: configuration).findings.count, 1)

        let nextStep = ExampleTutorial(
            RuleExample(
                steps: [
                    .init(prose: "<!-- tutorial-check-disable-next-step coordinator-not-wired -->", []),
                    .init(steps[0].snippets),
                ]))
        XCTAssertTrue(analyze(tutorial: nextStep.tutorial, configuration: configuration).findings.isEmpty)

        let code = pageViewController(wired: false).replacingOccurrences(
            of: "UIPageViewControllerDataSource {",
            with: "UIPageViewControllerDataSource { // tutorial-check:disable-line coordinator-not-wired")
        let inline = ExampleTutorial(RuleExample(file: "PageViewController.swift", code))
        XCTAssertTrue(analyze(tutorial: inline.tutorial, configuration: configuration).findings.isEmpty)
    }

    func testDefaultConfigurationLeavesOffByDefaultRulesOut() {
        let built = ExampleTutorial(RuleRegistry.rule("stale-coordinator-parent")!.description.triggering[0])
        XCTAssertTrue(analyze(tutorial: built.tutorial).findings.allSatisfy { $0.rule != "stale-coordinator-parent" })
        XCTAssertFalse(
            analyze(tutorial: built.tutorial, configuration: .only(["stale-coordinator-parent"])).findings.isEmpty)
    }

    func testFactsAreParsedOncePerDistinctSnippet() {
        let cache = FactsCache()
        let example = RuleExample(
            steps: [
                .init([.init("A.swift", "let a = 1\n")]), .init([.init("A.swift", "let a = 1\nlet b = 2\n")]),
                .init([.init("A.swift", "let a = 1\nlet b = 2\n")]),
            ])
        let built = ExampleTutorial(example)
        _ = analyze(tutorial: built.tutorial, cache: cache)
        _ = analyze(tutorial: built.tutorial, cache: cache)
        XCTAssertEqual(cache.statistics.misses, 2)
        XCTAssertEqual(cache.statistics.incremental, 1, "the second state is parsed from the first's tree")
    }

    func testReanalysisReusesRuleResultsForUnchangedSnippets() {
        let cache = FactsCache()
        let steps: [RuleExample.Step] = [
            .init([.init("PageViewController.swift", pageViewController(wired: false))]),
            .init([.init("PageViewController.swift", pageViewController(wired: false, extra: "\n    var x = 1"))]),
        ]
        let first = analyze(tutorial: ExampleTutorial(RuleExample(steps: steps)).tutorial, cache: cache).findings
        XCTAssertEqual(cache.memoStatistics.hits, 0)
        let second = analyze(tutorial: ExampleTutorial(RuleExample(steps: steps)).tutorial, cache: cache).findings
        XCTAssertEqual(cache.memoStatistics.hits, 2, "both states' rule results are remembered")
        XCTAssertEqual(first, second)
        // An edit of the second step re-runs the rules for that state only.
        var edited = steps
        edited[1] = .init([.init("PageViewController.swift", pageViewController(wired: true))])
        let third = analyze(tutorial: ExampleTutorial(RuleExample(steps: edited)).tutorial, cache: cache).buildOrder
        XCTAssertEqual(cache.memoStatistics.hits, 3)
        XCTAssertEqual(third.first { $0.rule == "coordinator-not-wired" }?.resolvedAt, StepID(section: 1, step: 2))
    }

    func testALaterFragmentThatAddsTheMissingPieceResolvesTheFinding() {
        let wiring = RuleExample.Snippet(nil, "pageViewController.dataSource = context.coordinator\n", kind: .fragment)
        let unrelated = RuleExample.Snippet(nil, "Text(\"Hello\")\n", kind: .fragment)
        let file = RuleExample.Snippet("PageViewController.swift", pageViewController(wired: false))
        let mended = ExampleTutorial(RuleExample(steps: [.init([file]), .init([unrelated]), .init([wiring])]))
        let mendedAnalysis = analyze(tutorial: mended.tutorial, configuration: .only(["coordinator-not-wired"]))
        XCTAssertEqual(mendedAnalysis.findings, [])
        let findings = mendedAnalysis.buildOrder
        XCTAssertEqual(findings.map(\.severity), [.hint])
        XCTAssertEqual(findings.first?.resolvedAt, StepID(section: 1, step: 3))

        let unmended = ExampleTutorial(RuleExample(steps: [.init([file]), .init([unrelated])]))
        let open = analyze(tutorial: unmended.tutorial, configuration: .only(["coordinator-not-wired"])).findings
        XCTAssertEqual(open.map(\.severity), [.warning])
        XCTAssertNil(open.first?.resolvedAt)
    }

    /// A fragment of the file placed nowhere after its last whole state leaves the file incomplete: a later
    /// step that shows only another file cannot resolve what the file lacks (no build order, a defect).
    func testAStepOfAnotherFileResolvesNothingInAFileLeftIncomplete() {
        let withoutUpdate = pageViewController(wired: true).replacingOccurrences(
            of: "    func updateUIViewController(_ controller: UIPageViewController, context: Context) {}\n", with: "")
        let steps: [RuleExample.Step] = [
            .init([.init("PageViewController.swift", withoutUpdate)]),
            .init([.init("PageViewController.swift", "controller.view.backgroundColor = .systemPink\n", kind: .fragment)]),
            .init([.init("PageControl.swift", "struct PageControl {\n    var numberOfPages: Int\n}\n")]),
        ]
        let findings = analyze(
            tutorial: ExampleTutorial(RuleExample(steps: steps)).tutorial, configuration: .only(["missing-required-method"])
        ).findings
        XCTAssertEqual(findings.map(\.severity), [.error])
        XCTAssertEqual(findings.first?.step, StepID(section: 1, step: 1))
        XCTAssertNil(findings.first?.resolvedAt)
    }

    /// A diagram naming the missing method (a lifecycle chart in Mermaid) adds no code: the problem stays open.
    func testADiagramNamingTheMissingMethodMendsNothing() {
        var builder = TutorialBuilder()
        builder.step(
            label: "Step 1", prose: "Wrap the page view controller.",
            snippets: [
                .init(
                    file: "PageViewController.swift",
                    code: pageViewController(wired: true).replacingOccurrences(
                        of: "    func updateUIViewController(_ controller: UIPageViewController, context: Context) {}\n", with: ""))
            ])
        builder.step(
            label: "Step 2", prose: "The lifecycle, drawn.",
            snippets: [
                .init(
                    file: nil, code: "flowchart TD\n    makeUIViewController --> updateUIViewController\n", kind: .fragment,
                    language: "mermaid")
            ])
        let findings = analyze(tutorial: builder.build(), configuration: .only(["missing-required-method"])).findings
        XCTAssertEqual(findings.map(\.severity), [.error])
        XCTAssertEqual(findings.first?.step, StepID(section: 1, step: 1))
        XCTAssertNil(findings.first?.resolvedAt)
    }

    /// One step's prose names the view's file without its `View` suffix: the state it shows is still that
    /// file's, so the property it adds before the preview passes it is build order the next step completes,
    /// not a finding on a file of its own whose state looks final.
    func testAFileNamedAnotherWayInOneStepKeepsItsBuildOrder() {
        let view = { (property: String, preview: String) in
            "import SwiftUI\n\nstruct TrailList: View {\n\(property)    var body: some View { Text(\"Trails\") }\n}\n\n"
                + "struct TrailList_Previews: PreviewProvider {\n    static var previews: some View { \(preview) }\n}\n"
        }
        var builder = TutorialBuilder()
        builder.step(
            label: "Step 1", prose: "Create TrailListView.swift.",
            snippets: [.init(file: "TrailListView.swift", code: view("", "TrailList()"))])
        builder.step(
            label: "Step 2", prose: "In TrailList.swift, add a property for the filter.",
            snippets: [.init(file: nil, code: view("    var showsFavourites: Bool\n", "TrailList()"))])
        builder.step(
            label: "Step 3", prose: "In TrailListView.swift, pass the filter in the preview.",
            snippets: [.init(file: nil, code: view("    var showsFavourites: Bool\n", "TrailList(showsFavourites: true)"))])
        let analysis = analyze(tutorial: builder.build(), configuration: .only(["initializer-mismatch"]))
        XCTAssertEqual(analysis.findings, [])
        XCTAssertEqual(analysis.buildOrder.map(\.step), [StepID(section: 1, step: 2)])
        XCTAssertEqual(analysis.buildOrder.map(\.resolvedAt), [StepID(section: 1, step: 3)])
    }

    func testAPartialStateNeitherReportsAbsenceNorResolves() {
        let partial = """
            struct PageViewController: UIViewControllerRepresentable {
                func makeCoordinator() -> Coordinator { Coordinator() }
                func makeUIViewController(context: Context) -> UIPageViewController {
                    // ...
                }
                class Coordinator: NSObject, UIPageViewControllerDataSource {}
            }

            """
        let steps: [RuleExample.Step] = [
            .init([.init("PageViewController.swift", pageViewController(wired: false))]),
            .init([.init("PageViewController.swift", partial)]),
        ]
        let findings = analyze(
            tutorial: ExampleTutorial(RuleExample(steps: steps)).tutorial,
            configuration: .only(["coordinator-not-wired"])
        ).findings
        XCTAssertEqual(findings.map(\.severity), [.warning], "a state that leaves code out does not fix the problem")
        XCTAssertEqual(findings.first?.step, StepID(section: 1, step: 1))
        let onlyPartial = ExampleTutorial(RuleExample(steps: [steps[1]]))
        XCTAssertTrue(
            analyze(
                tutorial: onlyPartial.tutorial,
                configuration: .only(["coordinator-not-wired", "missing-required-method"])
            ).findings.isEmpty)
    }

    func testAFragmentAddingToAFileMakesWhatTheFileLacksNoEvidence() {
        let card = RuleExample.Snippet("Card.swift", "struct Card {\n    var title: String\n}\n")
        let addInit = RuleExample.Snippet(
            "Card.swift", "init(_ title: String) { self.title = title }\n", kind: .fragment)
        let use = RuleExample.Snippet("Deck.swift", "struct Deck {\n    let first = Card(\"Ace\")\n}\n")
        let withFragment = ExampleTutorial(RuleExample(steps: [.init([card]), .init([addInit]), .init([use])]))
        XCTAssertTrue(
            analyze(tutorial: withFragment.tutorial, configuration: .only(["initializer-mismatch"])).findings.isEmpty)
        let without = ExampleTutorial(RuleExample(steps: [.init([card]), .init([use])]))
        XCTAssertEqual(
            analyze(tutorial: without.tutorial, configuration: .only(["initializer-mismatch"])).findings.count, 1)
        // Shown whole again, the file is evidence again.
        let reshown = ExampleTutorial(
            RuleExample(steps: [.init([card]), .init([addInit]), .init([card]), .init([use])]))
        XCTAssertEqual(
            analyze(tutorial: reshown.tutorial, configuration: .only(["initializer-mismatch"])).findings.count, 1)
    }
}
