import Foundation
import TutorialModel

/// The prose of a step names an API in code form that the step's change set does not add or touch.
struct ProseCodeMismatch: TutorialRule {
    let description = RuleDescription(
        id: "prose-code-mismatch", category: .tutorial,
        summary: "The step's instruction names an API its code change does not touch.",
        explanation: """
            "Add a makeCoordinator() method" over a change that does not add `makeCoordinator` usually means the \
            code and the prose drifted apart (a step was split, or the wrong version was pasted). The rule reads \
            the step's instruction (its title, or the first line of its prose) for names in code form — \
            `makeCoordinator()`, `setViewControllers(_:direction:animated:)`, also with full-width `（）` — and \
            checks that the name appears on a line the step adds or removes (or in a fragment it shows). Steps \
            without Swift code are not judged.
            """,
        defaultSeverity: .information,
        triggering: [
            RuleExample(
                "The method is not in the change",
                steps: [
                    .init([.init("PageView.swift", "struct PageView {}\n")]),
                    .init(
                        prose: "Add a ↓makeCoordinator() method.",
                        [.init("PageView.swift", "struct PageView {\n    var page = 0\n}\n")]),
                ]),
            RuleExample(
                "Full-width parentheses in a translated page",
                steps: [
                    .init([.init("PageView.swift", "struct PageView {}\n")]),
                    .init(
                        prose: "添加↓updateUIViewController（_:context:）方法。",
                        [.init("PageView.swift", "struct PageView {\n    var body = 1\n}\n")]),
                ]),
            RuleExample(
                "Already there, not touched by this step; code split across lines",
                steps: [
                    .init([.init("A.swift", "func setViewControllers(\n    _ list: [Int]) {}\n")]),
                    .init(
                        prose: "Call ↓setViewControllers(_:) in update.",
                        [.init("A.swift", "func setViewControllers(\n    _ list: [Int]) {}\nlet x = 1\n")]),
                ]),
        ],
        nonTriggering: [
            RuleExample(
                "The named method is added",
                steps: [
                    .init([.init("PageView.swift", "struct PageView {}\n")]),
                    .init(
                        prose: "添加makeCoordinator（）方法。",
                        [.init("PageView.swift", "struct PageView {\n    func makeCoordinator() -> Int { 1 }\n}\n")]),
                ]),
            RuleExample(
                "The named call is changed",
                steps: [
                    .init([
                        .init("A.swift", "controller.setViewControllers([a], direction: .forward, animated: true)\n")
                    ]),
                    .init(
                        prose: "Update the call to setViewControllers(_:direction:animated:).",
                        [.init("A.swift", "controller.setViewControllers([b], direction: .forward, animated: true)\n")]),
                ]),
            RuleExample(
                "A step without code",
                steps: [.init(prose: "Open the live preview and try makeCoordinator() in action.", [])]),
        ])

    func check(_ context: TutorialContext) -> [DocumentFinding] {
        var findings: [DocumentFinding] = []
        let pattern = "([A-Za-z_][A-Za-z0-9_]*)[(（]((?:[A-Za-z_][A-Za-z0-9_]*:)*)[)）]"
        for step in context.tutorial.steps where context.changes.stepsWithCode.contains(step.id) {
            let touched = context.changes.touchedIdentifiers[step.id] ?? []
            var seen = Set<String>()
            for match in matches(of: pattern, in: instruction(of: step)) {
                let name = match[1]
                guard !touched.contains(name), seen.insert(name).inserted,
                    let range = proseRange(of: match[0], in: step, document: context.tutorial.document)
                else { continue }
                findings.append(
                    DocumentFinding(
                        subject: "\(step.id):\(name)",
                        message: "step \(step.id) names \(match[0]), but its code change does not add or touch \(name)",
                        range: range, step: step.id))
            }
        }
        return findings
    }
}
