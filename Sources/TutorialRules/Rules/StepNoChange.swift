import StepDiff
import TutorialModel

/// A step shows a file identical to its previous state.
struct StepNoChange: StepStructureRule {
    let description = RuleDescription(
        id: "step-no-change", category: .tutorial,
        summary: "A step shows a file identical to its previous state.",
        explanation: """
            Readers copy each step's code; a step whose file is exactly the previous step's gives them nothing \
            to do, and usually means the author pasted the wrong version (or repeated a block under an \
            "Experiment" aside). The first state of a file and a DocC `reset:` are never reported; fragments \
            never join a file's timeline, so a repeated fragment is not a no-change step. \
            A repetition is reported only where it looks accidental: not when the step's prose says to run, \
            build, compile, preview or try the result or to go back to a file (`Build the project now`, `Go back \
            to CounterTests.swift`, 运行, 预览, 実行, プレビュー, 실행, 미리보기, 돌아가…) before it asks for any \
            edit, not when the step shows a video or an image (`@Video`, `@Image`, a screenshot) and its first \
            sentence asks for no edit, and not when the last step of a section asks for no edit at all (`There \
            you go: the complete file`). Still reported: any other step, the same snippet twice in one step, and a DocC step whose `previousFile:` equals its `file:` \
            (the author meant a change).
            """,
        defaultSeverity: .warning,
        triggering: [
            RuleExample(
                "The same file twice",
                steps: [
                    .init([.init("PageView.swift", "struct PageView {\n    var page = 0\n}\n")]),
                    .init([.init("PageView.swift", "↓struct PageView {\n    var page = 0\n}\n")]),
                ]),
            RuleExample(
                "An experiment aside repeating the step's code in the same step",
                steps: [
                    .init([.init("PageView.swift", "struct PageView {}\n")]),
                    .init(
                        prose: "Set the first page to 1.\nExperiment: add a button.",
                        [
                            .init("PageView.swift", "struct PageView {\n    var page = 1\n}\n"),
                            .init("PageView.swift", "↓struct PageView {\n    var page = 1\n}\n"),
                        ]),
                ]),
            RuleExample(
                "The prose asks for an edit the code does not make",
                steps: [
                    .init([.init("PageView.swift", "struct PageView {\n    var page = 0\n}\n")]),
                    .init(
                        prose: "Update the preview to show two pages, then run it again.",
                        [.init("PageView.swift", "↓struct PageView {\n    var page = 0\n}\n")]),
                    .init(
                        prose: "미리보기에 버튼을 추가한다.",
                        [.init("PageView.swift", "↓struct PageView {\n    var page = 0\n}\n")]),
                ]),
            RuleExample(
                "A screenshot does not excuse an edit the code lacks",
                document: """
                    ## Step 1

                    Create the view.

                    ```swift file=PageView.swift
                    struct PageView {}
                    ```

                    ## Step 2

                    Add a border to the page.

                    ![The page with a border](page-border.png)

                    ```swift file=PageView.swift
                    ↓struct PageView {}
                    ```
                    """, path: "example.md"),
            RuleExample(
                "An instruction without a known edit word, even at the end of a section",
                steps: [
                    .init([.init("PageView.swift", "struct PageView {}\n")]),
                    .init(
                        prose: "Round the corners of every page.", [.init("PageView.swift", "↓struct PageView {}\n")]),
                ]),
            RuleExample(
                "One unchanged file among changed ones, code split across lines",
                steps: [
                    .init([.init("A.swift", "let a =\n    1\n"), .init("B.swift", "let b = 1\n")]),
                    .init([.init("A.swift", "↓let a =\n    1\n"), .init("B.swift", "let b = 2\n")]),
                ]),
        ],
        nonTriggering: [
            RuleExample(
                "Every step changes the file",
                steps: [
                    .init([.init("PageView.swift", "struct PageView {}\n")]),
                    .init([.init("PageView.swift", "struct PageView {\n    var page = 0\n}\n")]),
                ]),
            RuleExample(
                "Two files with the same content are two files",
                steps: [
                    .init([.init("A.swift", "import SwiftUI\n")]),
                    .init([.init("B.swift", "import SwiftUI\n")]),
                ]),
            RuleExample(
                "Building, running, previewing and trying the result, in four languages",
                steps: [
                    .init([.init("Package.swift", "let package = Package(name: \"App\")\n")]),
                    .init(
                        prose: "Build the project now to make sure it is configured correctly.",
                        [.init("Package.swift", "let package = Package(name: \"App\")\n")]),
                    .init(
                        prose: "Run the app again and tap the button.",
                        [.init("Package.swift", "let package = Package(name: \"App\")\n")]),
                    .init(prose: "运行应用，确认计数会增加。", [.init("Package.swift", "let package = Package(name: \"App\")\n")]),
                    .init(prose: "プレビューで動作を確認します。", [.init("Package.swift", "let package = Package(name: \"App\")\n")]),
                    .init(
                        prose: "실시간 미리보기를 켜고 스와이프해 본다.",
                        [.init("Package.swift", "let package = Package(name: \"App\")\n")]),
                    .init(
                        prose: "Experiment: try a second package name of your own.",
                        [.init("Package.swift", "let package = Package(name: \"App\")\n")]),
                ]),
            RuleExample(
                "Going back to a file before changing it, and presenting the finished file",
                steps: [
                    .init([.init("CounterTests.swift", "import Testing\n")]),
                    .init([.init("Counter.swift", "struct Counter {}\n")]),
                    .init(
                        prose: "Go back to CounterTests.swift so that we can make some changes to the test.",
                        [.init("CounterTests.swift", "import Testing\n")]),
                    .init(
                        prose: "There you go! This is the complete counter.",
                        [.init("Counter.swift", "struct Counter {}\n")]),
                ]),
            RuleExample(
                "A step showing a video of the result, without words",
                document: """
                    ## Step 1

                    ```swift file=PageView.swift
                    struct PageView {}
                    ```

                    ## Step 2

                    <video src="swipe.mp4"></video>

                    ```swift file=PageView.swift
                    struct PageView {}
                    ```

                    ## Step 3

                    Add a title.

                    ```swift file=PageView.swift
                    struct PageView { let title = "Pages" }
                    ```
                    """, path: "example.md"),
            RuleExample(
                "A step showing a screenshot of the result",
                document: """
                    ## Step 1

                    Create the view.

                    ```swift file=PageView.swift
                    struct PageView {}
                    ```

                    ## Step 2

                    ![The page view in the simulator](page-view.png)

                    The page shows its first color; swipe to see the others.

                    ```swift file=PageView.swift
                    struct PageView {}
                    ```
                    """, path: "example.md"),
            RuleExample(
                "A repeated fragment",
                steps: [
                    .init([.init("PageView.swift", "var page = 0\n", kind: .fragment)]),
                    .init([.init("PageView.swift", "var page = 0\n", kind: .fragment)]),
                ]),
        ])

    /// The repetitions that look accidental, for lint and the step-diff report alike (an intentional one
    /// still shows as a change without lines in the diff, with no warning on it).
    func findings(_ tutorial: Tutorial, timelines: [FileTimeline], changeSets: [ChangeSet]?) -> [DocumentFinding] {
        unchangedStates(tutorial, timelines: timelines, changeSets: changeSets).filter { change in
            !looksIntentional(change, in: tutorial)
        }.map { change in
            // Two snippets of one step (an aside repeating the step's code) read "its previous snippet".
            let previous =
                change.from.map { $0.step == change.to.step ? "the step's previous snippet" : "step \($0.step)" }
                ?? "its previous state"
            let label = tutorial.step(change.to.step)?.label.map { " (\($0))" } ?? ""
            let range = change.to.snippet.range
            // The fix removes the repeated snippet.
            return DocumentFinding(
                subject: "\(change.fileName)@\(change.to.step)#\(change.to.snippetIndex)",
                message:
                    "step \(change.to.step)\(label) shows \(change.fileName) unchanged from \(previous): nothing for the reader to do",
                range: range, step: change.to.step, fixTitle: "Remove the repeated snippet",
                edits: [TextEdit(range: range, newText: "")])
        }
    }

}

/// Whether a repeated state is shown on purpose (see `StepIntention`). Never for the same snippet twice in
/// one step, nor for a DocC `previousFile:` equal to the step's file: both are slips whatever the prose.
private func looksIntentional(_ change: UnchangedState, in tutorial: Tutorial) -> Bool {
    guard let step = tutorial.step(change.to.step), change.from?.step != change.to.step else { return false }
    if case .resource = change.to.explicitBase { return false }
    let isLastOfSection = tutorial.sections.contains { $0.steps.last?.id == change.to.step }
    return StepIntention.of(step, in: tutorial.document, isLastOfSection: isLastOfSection) != nil
}
