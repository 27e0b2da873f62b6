import StepDiff
import TutorialModel

/// A step shows a file identical to its previous state.
struct StepNoChange: StepStructureRule {
    let description = RuleDescription(
        id: "step-no-change", category: .tutorial,
        summary: "A step shows a file identical to its previous state.",
        explanation: """
            Readers copy each step's code; a step that asks them to change the code while its file is exactly \
            the previous step's gives them nothing to do, and usually means the author pasted the wrong version. \
            The rule speaks only on positive evidence that a change was meant: the step's instruction (its title \
            and first paragraph) asks for an edit in the step's language — an edit verb where an instruction \
            puts its verb (`Add…`, `In PageView.swift, replace…`, `…를 추가합니다`, `…を変更します`, `添加…`) — or \
            a DocC step names a `previousFile:` equal to its `file:`. A step that opens, shows, runs, previews or \
            recaps the file is fine however it is phrased, and so is a step that says nothing; so is a DocC step \
            whose `@Code` names the same resource file as the state before it (the author points at the same code \
            on purpose, while the prose explains it or asks for something outside the code). The first state \
            of a file and a DocC `reset:` are never reported; fragments never join a file's timeline, so a \
            repeated fragment is not a no-change step.
            """,
        defaultSeverity: .warning, enabledByDefault: false,
        triggering: [
            RuleExample(
                "The prose asks for an edit the code does not make",
                steps: [
                    .init([.init("PageView.swift", "struct PageView {\n    var page = 0\n}\n")]),
                    .init(
                        prose: "Update the preview to show two pages, then run it again.",
                        [.init("PageView.swift", "↓struct PageView {\n    var page = 0\n}\n")]),
                ]),
            RuleExample(
                "An edit asked for after an opening clause, and at the end of a Korean and a Japanese sentence",
                steps: [
                    .init([.init("PageView.swift", "struct PageView {\n    var page = 0\n}\n")]),
                    .init(
                        prose: "In PageView.swift, add a property for the current page.",
                        [.init("PageView.swift", "↓struct PageView {\n    var page = 0\n}\n")]),
                    .init(
                        prose: "미리보기에 버튼을 추가한다.",
                        [.init("PageView.swift", "↓struct PageView {\n    var page = 0\n}\n")]),
                    .init(
                        prose: "ページのタイトルを変更してください。",
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
                "A new DocC resource that repeats the previous one's code",
                steps: [
                    .init([.init("Score.swift", "struct Score {\n    var points = 0\n}\n", doccResource: "score-01.swift")]),
                    .init(
                        prose: "Add a name to the score.",
                        [.init("Score.swift", "↓struct Score {\n    var points = 0\n}\n", doccResource: "score-02.swift")]),
                ]),
            RuleExample(
                "One unchanged file among changed ones, code split across lines (Chinese)",
                steps: [
                    .init([.init("A.swift", "let a =\n    1\n"), .init("B.swift", "let b = 1\n")]),
                    .init(
                        prose: "修改两个文件中的值。",
                        [.init("A.swift", "↓let a =\n    1\n"), .init("B.swift", "let b = 2\n")]),
                ]),
        ],
        nonTriggering: [
            RuleExample(
                "Every step changes the file",
                steps: [
                    .init([.init("PageView.swift", "struct PageView {}\n")]),
                    .init(
                        prose: "Add a page property.", [.init("PageView.swift", "struct PageView {\n    var page = 0\n}\n")]),
                ]),
            RuleExample(
                "Two files with the same content are two files",
                steps: [
                    .init([.init("A.swift", "import SwiftUI\n")]),
                    .init(prose: "Add the same import to B.swift.", [.init("B.swift", "import SwiftUI\n")]),
                ]),
            RuleExample(
                "Building, running, previewing and opening, in four languages: no edit asked for",
                steps: [
                    .init([.init("Package.swift", "let package = Package(name: \"App\")\n")]),
                    .init(
                        prose: "Build the project now to make sure it is configured correctly.",
                        [.init("Package.swift", "let package = Package(name: \"App\")\n")]),
                    .init(
                        prose: "Launch the app and check the list.",
                        [.init("Package.swift", "let package = Package(name: \"App\")\n")]),
                    .init(
                        prose: "Open the canvas to see your work.",
                        [.init("Package.swift", "let package = Package(name: \"App\")\n")]),
                    .init(prose: "运行应用，确认添加的按钮会出现。", [.init("Package.swift", "let package = Package(name: \"App\")\n")]),
                    .init(prose: "追加したコードをプレビューで確認します。", [.init("Package.swift", "let package = Package(name: \"App\")\n")]),
                    .init(
                        prose: "추가한 코드를 미리보기에서 확인합니다.",
                        [.init("Package.swift", "let package = Package(name: \"App\")\n")]),
                ]),
            RuleExample(
                "Going to a place in a file, looking further down, recapping, announcing the next edit: no edit asked for",
                steps: [
                    .init([.init("Router.swift", "func buildRouter() {}\n")]),
                    .init(
                        prose: "Go to `buildRouter()` in Router.swift, where we will make some changes.",
                        [.init("Router.swift", "func buildRouter() {}\n")]),
                    .init(
                        prose: "If we look further down the file, the router is already built.",
                        [.init("Router.swift", "func buildRouter() {}\n")]),
                    .init(
                        prose: "Here is the whole file so far.",
                        [.init("Router.swift", "func buildRouter() {}\n")]),
                    .init(prose: "Return to Router.swift.", [.init("Router.swift", "func buildRouter() {}\n")]),
                    .init(
                        prose: "Next, we need to add the router to the target. Open Router.swift.",
                        [.init("Router.swift", "func buildRouter() {}\n")]),
                    .init([.init("Router.swift", "func buildRouter() {}\n")]),
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
                "DocC steps naming the same resource again: explaining it, or an edit made outside the code",
                steps: [
                    .init([.init("Score.swift", "struct Score {\n    var points = 0\n}\n", doccResource: "score-01.swift")]),
                    .init(
                        prose: "Add a Score class with a points column in the server's web dashboard.",
                        [.init("Score.swift", "struct Score {\n    var points = 0\n}\n", doccResource: "score-01.swift")]),
                    .init(
                        prose: "The points start at zero, and you could add a name, then change how it sorts.",
                        [.init("Score.swift", "struct Score {\n    var points = 0\n}\n", doccResource: "score-01.swift")]),
                ]),
            RuleExample(
                "What one could add, and what to add in the running app",
                steps: [
                    .init([.init("Score.swift", "struct Score {\n    var points = 0\n}\n")]),
                    .init(
                        prose: "With this model you could query by points, and add a limit to the query.",
                        [.init("Score.swift", "struct Score {\n    var points = 0\n}\n")]),
                    .init(
                        prose: "Run the app, then add a few scores and watch the list update.",
                        [.init("Score.swift", "struct Score {\n    var points = 0\n}\n")]),
                ]),
            RuleExample(
                "A repeated fragment",
                steps: [
                    .init([.init("PageView.swift", "var page = 0\n", kind: .fragment)]),
                    .init(prose: "Add a page.", [.init("PageView.swift", "var page = 0\n", kind: .fragment)]),
                ]),
        ],
        measuredPrecision: .init(value: 0.5, sample: 4, date: "2026-12-02", note: "Two held-out rounds: round 5 2 of 2 right (steps asking for a change whose file repeats the previous step), an earlier one 0 of 2. The wrong ones: an edit verb about a web dashboard, not code; an explanation step beside an unchanged whole example."))

    /// The repetitions of steps that meant a change, for lint and the step-diff report alike (any other
    /// still shows as a change without lines in the diff, with no warning on it).
    func findings(_ tutorial: Tutorial, timelines: [FileTimeline], changeSets: [ChangeSet]?) -> [DocumentFinding] {
        unchangedStates(tutorial, timelines: timelines, changeSets: changeSets).filter { change in
            changeWasMeant(change, in: tutorial)
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

/// Whether a repeated state was meant to change: its step asks for an edit, or it is a DocC step whose
/// `previousFile:` names the step's own file (the author meant a change).
private func changeWasMeant(_ change: UnchangedState, in tutorial: Tutorial) -> Bool {
    if case .resource = change.to.explicitBase { return true }
    // A DocC step naming the very resource the previous state showed points at the same code on purpose (DocC
    // shows it without a diff while the prose explains, configures elsewhere or recaps): only a new resource
    // that repeats the old one's code may have lost its edit.
    if let shown = change.to.snippet.docc?.resource, shown == change.from?.snippet.docc?.resource { return false }
    guard let step = tutorial.step(change.to.step) else { return false }
    return StepInstruction.asksForEdit(step)
}
