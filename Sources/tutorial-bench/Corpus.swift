/// Deterministic generator of tutorial documents for the benchmarks: the same seed gives the same
/// bytes on every machine, so figures from different runs measure the same work.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One generated tutorial in both forms, with the final state of each file (what the floor parses).
struct GeneratedTutorial {
    let name: String
    let markdown: String
    let html: String
    let stepCount: Int
    let finalFiles: [String: String]
}

/// A Swift file that grows and changes step by step like a tutorial's: members are added, edited and
/// occasionally removed, and the whole file is shown at every step.
private struct EvolvingFile {
    let name: String
    let typeName: String
    var members: [[String]]
    var counter = 0

    init(index: Int) {
        typeName = "Widget\(index)"
        name = "\(typeName).swift"
        members = [
            ["    var value: Int", "    @Binding var currentPage: Int"],
            [
                "    func makeUIView(context: Context) -> UIPageControl {",
                "        let control = UIPageControl()",
                "        control.numberOfPages = value",
                "        control.addTarget(",
                "            context.coordinator,",
                "            action: #selector(Coordinator.updateCurrentPage(sender:)),",
                "            for: .valueChanged)",
                "        return control",
                "    }",
            ],
            [
                "    func updateUIView(_ control: UIPageControl, context: Context) {",
                "        control.currentPage = currentPage",
                "    }",
            ],
            [
                "    func makeCoordinator() -> Coordinator {",
                "        Coordinator(self)",
                "    }",
            ],
            [
                "    class Coordinator: NSObject {",
                "        var control: \(typeName)",
                "",
                "        init(_ control: \(typeName)) {",
                "            self.control = control",
                "        }",
                "",
                "        @objc",
                "        func updateCurrentPage(sender: UIPageControl) {",
                "            control.currentPage = sender.currentPage",
                "        }",
                "    }",
            ],
        ]
    }

    /// Applies one step's change and returns the API the prose names.
    mutating func evolve(using random: inout SplitMix64) -> String {
        counter += 1
        let choice = Int(random.next() % 10)
        if members.count >= 9 {
            members.remove(at: 5 + Int(random.next() % UInt64(members.count - 5)))
            return "body"
        }
        if choice < 5 || members.count < 7 {
            let helper = "helper\(counter)"
            let body = Int(random.next() % 3) + 1
            var lines = ["    func \(helper)(_ input: Int) -> Int {"]
            for line in 0..<body { lines.append("        let step\(line) = input * \(Int(random.next() % 97) + 2)") }
            lines.append("        return input + \(body)")
            lines.append("    }")
            members.insert(lines, at: 5 + Int(random.next() % UInt64(members.count - 4)))
            return "\(helper)(_:)"
        } else if choice < 9 {
            let index = 5 + Int(random.next() % UInt64(members.count - 5))
            let lineIndex = 1 + Int(random.next() % UInt64(max(1, members[index].count - 2)))
            members[index][lineIndex] = "        let tuned\(counter) = input * \(Int(random.next() % 89) + 2)"
            return "tuned\(counter)"
        } else {
            members.remove(at: 5 + Int(random.next() % UInt64(members.count - 5)))
            return "body"
        }
    }

    /// Applies a step that changes the file in two places apart, as a walkthrough step often does: a
    /// property added at the top, and a method added or edited at the bottom.
    mutating func evolveApart(using random: inout SplitMix64) -> String {
        counter += 1
        members[0].append("    var option\(counter) = \(Int(random.next() % 50))")
        if counter % 2 == 1 || members.count < 6 {
            members.append([
                "    func helper\(counter)(_ input: Int) -> Int {",
                "        let scaled = input * \(Int(random.next() % 97) + 2)",
                "        return scaled + option\(counter)",
                "    }",
            ])
            return "helper\(counter)(_:)"
        }
        members[members.count - 1][1] = "        let scaled = input * \(Int(random.next() % 89) + 2) + \(counter)"
        return "option\(counter)"
    }

    var text: String {
        var lines = ["import SwiftUI", "import UIKit", "", "struct \(typeName): UIViewRepresentable {"]
        for (index, member) in members.enumerated() {
            if index > 0 { lines.append("") }
            lines.append(contentsOf: member)
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}

private func escapeHTML(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count + 64)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "&": out += "&amp;"
        case "\"": out += "&quot;"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// The shapes of corpus document: the project's usual one, the worst case for the checker, and a blog
/// walkthrough's.
enum CorpusShape {
    /// Four files, each step changing one of them.
    case fourFiles
    /// One file followed through every step (a long single-file walkthrough): every state is a new
    /// version of the same file, so the pipeline parses about 25 states where the floor parses one.
    case oneFile
    /// A blog walkthrough: one file of 40 to 85 lines through 12 steps, each changing it in two places
    /// apart (a property at the top, a method at the bottom), with paragraphs of prose around each step.
    case twoHunksApart

    var fileCount: Int { self == .fourFiles ? 4 : 1 }
    /// The least number of steps, whatever the byte target.
    var minimumSteps: Int {
        switch self {
        case .fourFiles: return 0
        case .oneFile: return 25
        case .twoHunksApart: return 12
        }
    }
}

/// Paragraphs of prose for a blog walkthrough's step, about 700 bytes.
private func blogProse(step: Int, api: String) -> String {
    let sentences = [
        "This step keeps the representable small, so each change is easy to follow on the page.",
        "SwiftUI calls the update method whenever the state it reads changes, which is why the new value goes there.",
        "The coordinator stays the target of the control's events, and nothing about its wiring changes here.",
        "Build and run to check that the preview still shows the page control with the right number of pages.",
    ]
    return (0..<3).map { paragraph in
        "Paragraph \(paragraph + 1) of step \(step) explains `\(api)`. " + sentences[(step + paragraph) % 4] + " "
            + sentences[(step + paragraph + 1) % 4]
    }.joined(separator: "\n\n")
}

/// Generates a tutorial of about `targetBytes` of Markdown with sections of 6 steps, each step
/// changing one file and showing it whole.
func generateTutorial(name: String, seed: UInt64, targetBytes: Int, shape: CorpusShape = .fourFiles) -> GeneratedTutorial {
    var random = SplitMix64(seed: seed)
    var files = (1...shape.fileCount).map { EvolvingFile(index: $0) }
    let subject = shape == .fourFiles ? "four representables" : "one representable"
    var markdown = "# \(name)\n\nA generated walkthrough of \(subject).\n"
    var html = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>\(name)</title></head><body>
        <nav><ul><li><a href="#top">Contents</a></li></ul></nav>
        <h1>\(name)</h1>
        <p>A generated walkthrough of \(subject).</p>

        """
    var step = 0
    var section = 0
    while markdown.utf8.count < targetBytes || step < shape.minimumSteps {
        if step % 6 == 0 {
            section += 1
            markdown += "\n## Section \(section): Part \(section)\n"
            html += "<h2>Section \(section): Part \(section)</h2>\n"
        }
        step += 1
        let number = (step - 1) % 6 + 1
        let fileIndex = Int(random.next() % UInt64(files.count))
        let api = shape == .twoHunksApart ? files[fileIndex].evolveApart(using: &random) : files[fileIndex].evolve(using: &random)
        let code = files[fileIndex].text
        let fileName = files[fileIndex].name
        let prose = shape == .twoHunksApart ? "\n\n" + blogProse(step: step, api: api) : ""
        markdown += "\n### Step \(number)\n\nIn \(fileName), change `\(api)` as shown.\(prose)\n\n```swift file=\(fileName)\n\(code)```\n"
        html += "<h3>Step \(number)</h3>\n<p>In \(fileName), change <code>\(api)</code> as shown.</p>\n"
        if !prose.isEmpty { html += prose.split(separator: "\n\n").map { "<p>\(escapeHTML(String($0)))</p>\n" }.joined() }
        html += "<p class=\"filename\">\(fileName)</p>\n<pre><code class=\"language-swift\">\(escapeHTML(code))</code></pre>\n"
    }
    html += "<footer><p>Generated.</p></footer>\n</body></html>\n"
    var finalFiles: [String: String] = [:]
    for file in files { finalFiles[file.name] = file.text }
    return GeneratedTutorial(name: name, markdown: markdown, html: html, stepCount: step, finalFiles: finalFiles)
}
