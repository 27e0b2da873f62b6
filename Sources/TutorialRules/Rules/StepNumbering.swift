import StepDiff
import TutorialModel

/// Step labels in a section skip or repeat a number.
struct StepNumbering: TutorialRule {
    let description = RuleDescription(
        id: "step-numbering", category: .tutorial,
        summary: "Step labels in a section skip or repeat a number.",
        explanation: """
            Readers follow steps by their numbers: `Step 3` followed by `Step 5` (or a second `Step 3`) means a \
            step was lost or duplicated while editing. Numbering restarts in each section; labels in any \
            language count (`Step 3`, `步骤3`, `ステップ3`); unlabelled steps are not judged.
            """,
        defaultSeverity: .warning,
        triggering: [
            RuleExample(
                "A skipped number",
                steps: [
                    .init(label: "Step 1", number: 1, [.init("A.swift", "let a = 1\n")]),
                    .init(label: "↓Step 3", number: 3, [.init("A.swift", "let a = 2\n")]),
                ]),
            RuleExample(
                "A repeated number",
                steps: [
                    .init(label: "步骤1", number: 1, []),
                    .init(label: "步骤2", number: 2, []),
                    .init(label: "↓步骤2", number: 2, []),
                ]),
            RuleExample(
                "Going back",
                steps: [
                    .init(label: "ステップ4", number: 4, []),
                    .init(label: "↓ステップ1", number: 1, []),
                ]),
        ],
        nonTriggering: [
            RuleExample(
                "In order",
                steps: [
                    .init(label: "Step 1", number: 1, []), .init(label: "Step 2", number: 2, []),
                    .init(label: "Step 3", number: 3, []),
                ]),
            RuleExample(
                "Unlabelled steps are not judged",
                steps: [.init(label: "Step 1", number: 1, []), .init([]), .init(label: "Step 2", number: 2, [])]),
            RuleExample(
                "Starting at another number",
                steps: [.init(label: "步骤5", number: 5, []), .init(label: "步骤6", number: 6, [])]),
        ])

    func check(_ context: TutorialContext) -> [DocumentFinding] {
        structureFindings(StepStructureFinding.stepNumbering, in: context)
    }
}
