import Foundation
import TutorialModel

/// The prose of a step says to create or open `X.swift`, but its snippet is labelled with another file.
struct FileNameMismatch: TutorialRule {
    let description = RuleDescription(
        id: "file-name-mismatch", category: .tutorial,
        summary: "The step says to create or open one file, but its code is labelled with another.",
        explanation: """
            When the instruction says "Create a new file named PageControl.swift" but the code below is labelled \
            `PageView.swift`, readers paste it into the wrong file. The rule reads the step's instruction (its \
            title, or the first line of its prose), needs exactly one `.swift` file named there next to a verb \
            such as create, open, add or in (创建, 打开, 在, 作成, 開く…), and labelled snippets in the step, none \
            of them that file.
            """,
        defaultSeverity: .warning,
        triggering: [
            RuleExample(
                "Create one file, show another",
                steps: [
                    .init(
                        prose: "Create a new SwiftUI view file named ↓PageControl.swift.",
                        [.init("PageView.swift", "struct PageView {}\n")])
                ]),
            RuleExample(
                "Open a file (Chinese)",
                steps: [
                    .init(
                        prose: "在↓PageViewController.swift中，将协调器设置为委托。",
                        [.init("PageView.swift", "struct PageView {}\n")])
                ]),
            RuleExample(
                "Japanese, code split across lines",
                steps: [
                    .init(
                        prose: "↓LandmarkRow.swift を開きます。",
                        [.init("LandmarkList.swift", "struct LandmarkList {\n    var rows:\n        [Int]\n}\n")])
                ]),
        ],
        nonTriggering: [
            RuleExample(
                "The named file is shown",
                steps: [
                    .init(
                        prose: "创建一个名为PageViewController.swift的新SwiftUI视图文件。",
                        [.init("PageViewController.swift", "struct PageViewController {}\n")])
                ]),
            RuleExample(
                "Two files named: not enough certainty",
                steps: [
                    .init(
                        prose: "In PageView.swift, use the control from PageControl.swift.",
                        [.init("ContentView.swift", "struct ContentView {}\n")])
                ]),
            RuleExample(
                "An unlabelled snippet",
                steps: [.init(prose: "Open PageView.swift.", [.init(nil, "struct PageView {}\n")])]),
        ])

    private static let cues = [
        "create", "open", "add", "new", "in ", "edit", "update", "select", "modify", "创建", "新建", "打开", "在", "编辑",
        "修改", "更新", "选择", "作成", "開", "追加", "編集", "選択",
    ]

    func check(_ context: TutorialContext) -> [DocumentFinding] {
        var findings: [DocumentFinding] = []
        for step in context.tutorial.steps {
            let labelled = Set(step.snippets.compactMap(\.fileName))
            guard !labelled.isEmpty else { continue }
            let sentence = instruction(of: step)
            let names = Set(swiftFileNames(in: sentence))
            guard names.count == 1, let name = names.first, !labelled.contains(name) else { continue }
            let lower = sentence.lowercased()
            guard Self.cues.contains(where: { lower.contains($0) }) else { continue }
            guard let range = proseRange(of: name, in: step, document: context.tutorial.document) else { continue }
            let shown = labelled.sorted().joined(separator: ", ")
            findings.append(
                DocumentFinding(
                    subject: "\(step.id):\(name)",
                    message: "step \(step.id) says \(name), but its code is labelled \(shown)", range: range,
                    step: step.id))
        }
        return findings
    }
}
