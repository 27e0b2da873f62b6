#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialModel

/// The prose of a step says to create or open `X.swift`, but its snippet is labelled with another file.
struct FileNameMismatch: CollectingTutorialRule {
    let description = RuleDescription(
        id: "file-name-mismatch", category: .tutorial,
        summary: "The step says to create or open one file, but its code is labelled with another.",
        explanation: """
            When the instruction says "Create a new file named PageControl.swift" but the code below is labelled \
            `PageView.swift`, readers paste it into the wrong file. The rule reads the step's instruction (its \
            title, or the first line of its prose), needs exactly one `.swift` file named there next to a verb \
            such as create, open, add or in (创建, 打开, 在, 作成, 開く…), and labelled snippets in the step, none \
            of them that file. Names compare as paths: `App.swift` in the prose is the snippet labelled \
            `Sources/App/App.swift`.
            """,
        defaultSeverity: .warning, enabledByDefault: false,
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
                "File names compare as paths: the prose names the file, the label its path in the package",
                steps: [
                    .init(
                        prose: "Open App.swift and add the route.",
                        [.init("Sources/App/App.swift", "struct App {}\n")]),
                    .init(
                        prose: "In ./Sources/App/Routes.swift, register it.",
                        [.init("Routes.swift", "struct Routes {}\n")]),
                ]),
            RuleExample(
                "A web address whose host ends like a file name",
                steps: [
                    .init(
                        prose: "Add the package, then ask on https://forums.swift.org/c/related-projects or forums.swift.org.",
                        [.init("Sources/App/main.swift", "let app = App()\n")])
                ]),
            RuleExample(
                "A file named to say where to run a command in a terminal",
                steps: [
                    .init(
                        prose: "In the folder that holds Package.swift, build and run the site.",
                        [.init("Sources/Site/main.swift", "let site = Site()\n"), .init("run.sh", "$ swift run\n")]),
                    .init(
                        prose: "In the directory with Package.swift, run the executable.",
                        [.init("Sources/Site/main.swift", "let site = Site(title: \"Home\")\n")]),
                ]),
            RuleExample(
                "A step showing only a non-Swift file",
                steps: [
                    .init(
                        prose: "Open Package.swift in the terminal's folder and run the command.",
                        [.init("Terminal.txt", "swift run HelloWorld\n")])
                ]),
            RuleExample(
                "An unlabelled snippet",
                steps: [.init(prose: "Open PageView.swift.", [.init(nil, "struct PageView {}\n")])]),
        ],
        measuredPrecision: .init(value: 0.0, sample: 2, date: "2026-12-02", note: "The wrong ones: the host of a web address read as a file name; a file named only to say where to run a command."))

    private static let cues = [
        "create", "open", "add", "new", "in ", "edit", "update", "select", "modify", "创建", "新建", "打开", "在", "编辑",
        "修改", "更新", "选择", "作成", "開", "追加", "編集", "選択",
    ]

    /// The file the step's instruction names, when the step shows a labelled Swift file (only such a step
    /// can show the wrong one; a step that runs a command in a terminal names a file to say where, the
    /// folder holding `Package.swift`, not to work in it). Reading the sentence is most of the rule's cost,
    /// and a keystroke changes one step.
    func collect(_ step: StepContent) -> String? {
        guard step.snippets.contains(where: { $0.fileName?.lowercased().hasSuffix(".swift") == true }),
            !step.snippets.contains(where: isTerminal)
        else { return nil }
        return Self.instructedFile(instruction(of: step))
    }

    func validate(_ collected: [String?], context: TutorialContext) -> [DocumentFinding] {
        var findings: [DocumentFinding] = []
        for (step, named) in zip(context.tutorial.steps, collected) {
            guard let name = named,
                !step.snippets.contains(where: { $0.fileName.map { names(path: $0, file: name) } ?? false }),
                let range = proseRange(of: name, in: step, document: context.tutorial.document)
            else { continue }
            let shown = Set(step.snippets.compactMap(\.fileName)).sorted().joined(separator: ", ")
            findings.append(
                DocumentFinding(
                    subject: "\(step.id):\(name)",
                    message: "step \(step.id) says \(name), but its code is labelled \(shown)", range: range,
                    step: step.id))
        }
        return findings
    }

    /// The one Swift file an instruction names with a cue to work in it (`Open PageView.swift`); nil when
    /// it names none, or several (not enough certainty).
    private static func instructedFile(_ instruction: String) -> String? {
        let names = Set(swiftFileNames(in: withoutWebAddresses(instruction)))
        guard names.count == 1, let name = names.first else { return nil }
        let lower = instruction.lowercased()
        // `In the folder with Package.swift, run swift build`: the file says where to run, not what to edit.
        if StepInstruction.runsSomething(instruction), !StepInstruction.asksForEdit(instruction),
            !["open", "create", "new "].contains(where: lower.containsText)
        {
            return nil
        }
        return cues.contains(where: { lower.containsText($0) }) ? name : nil
    }
}

/// Whether a snippet is a terminal session or script: a shell language or file, or a line with a prompt.
private func isTerminal(_ snippet: SnippetContent) -> Bool {
    let shells: Set<String> = ["bash", "sh", "shell", "zsh", "console", "terminal", "shell-session", "sh-session", "fish"]
    if let language = snippet.language?.lowercased(), shells.contains(language) { return true }
    if let name = snippet.fileName?.lowercased(), shells.contains(PathText.pathExtension(name)) { return true }
    return snippet.code.split(separator: "\n").contains { $0.hasPrefix("$ ") || $0.hasPrefix("% ") }
}

/// The instruction without its web addresses: a word holding `://` or starting `www.`, and a dotted name
/// that goes on after `.swift` (`forums.swift.org`) are hosts and paths of a site, not files to work in.
private func withoutWebAddresses(_ text: String) -> String {
    var kept: [Substring] = []
    for word in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
        if word.containsText("://") || word.lowercased().hasPrefix("www.") || word.hasPrefix("<www.") { continue }
        var rest = word[...]
        var pieces: [Substring] = []
        // `.swift` followed by `.` and a letter or digit continues a longer dotted name: cut it out.
        while let found = rest.rangeOfText(".swift.") {
            let after = found.upperBound
            if after < rest.endIndex, rest[after].isLetter || rest[after].isNumber {
                pieces.append(rest[..<found.lowerBound])
                rest = rest[after...]
            } else {
                pieces.append(rest[..<after])
                rest = rest[after...]
            }
        }
        pieces.append(rest)
        kept.append(Substring(pieces.joined(separator: " ")))
    }
    return kept.joined(separator: " ")
}

/// Whether a snippet's label and a file named in prose are the same file: equal as paths once a leading
/// `./` is dropped, or one the other's last components (`App.swift` is `Sources/App/App.swift`).
func names(path label: String, file name: String) -> Bool {
    func normalized(_ path: String) -> String { path.hasPrefix("./") ? String(path.dropFirst(2)) : path }
    let (label, name) = (normalized(label), normalized(name))
    return label == name || label.hasSuffix("/" + name) || name.hasSuffix("/" + label)
}
