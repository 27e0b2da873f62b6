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
            never join a file's timeline, so a repeated fragment is not a no-change step.
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
                "An experiment aside repeating the step's code",
                steps: [
                    .init([.init("PageView.swift", "struct PageView {}\n")]),
                    .init([.init("PageView.swift", "struct PageView {\n    var page = 1\n}\n")]),
                    .init(
                        prose: "Experiment: add a button.",
                        [.init("PageView.swift", "↓struct PageView {\n    var page = 1\n}\n")]),
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
                "A repeated fragment",
                steps: [
                    .init([.init("PageView.swift", "var page = 0\n", kind: .fragment)]),
                    .init([.init("PageView.swift", "var page = 0\n", kind: .fragment)]),
                ]),
        ])

    func findings(_ tutorial: Tutorial, timelines: [FileTimeline], changeSets: [ChangeSet]?) -> [DocumentFinding] {
        unchangedStates(tutorial, timelines: timelines, changeSets: changeSets).map { change in
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
