import StepDiff
import TutorialModel

/// A step shows a file identical to its previous state.
struct StepNoChange: TutorialRule {
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

    func check(_ context: TutorialContext) -> [DocumentFinding] {
        structureFindings(StepStructureFinding.stepNoChange, in: context).map { finding in
            // The fix removes the repeated snippet.
            DocumentFinding(
                subject: finding.subject, message: finding.message, range: finding.range, step: finding.step,
                fixTitle: "Remove the repeated snippet", edits: [TextEdit(range: finding.range, newText: "")])
        }
    }
}
