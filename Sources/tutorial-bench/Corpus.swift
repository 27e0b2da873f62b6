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

/// The two shapes of corpus document: the project's usual one, and the worst case for the checker.
enum CorpusShape {
    /// Four files, each step changing one of them.
    case fourFiles
    /// One file followed through every step (a long single-file walkthrough): every state is a new
    /// version of the same file, so the pipeline parses about 25 states where the floor parses one.
    case oneFile

    var fileCount: Int { self == .fourFiles ? 4 : 1 }
    /// The least number of steps, whatever the byte target.
    var minimumSteps: Int { self == .fourFiles ? 0 : 25 }
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
        let api = files[fileIndex].evolve(using: &random)
        let code = files[fileIndex].text
        let fileName = files[fileIndex].name
        markdown += "\n### Step \(number)\n\nIn \(fileName), change `\(api)` as shown.\n\n```swift file=\(fileName)\n\(code)```\n"
        html += "<h3>Step \(number)</h3>\n<p>In \(fileName), change <code>\(api)</code> as shown.</p>\n"
        html += "<p class=\"filename\">\(fileName)</p>\n<pre><code class=\"language-swift\">\(escapeHTML(code))</code></pre>\n"
    }
    html += "<footer><p>Generated.</p></footer>\n</body></html>\n"
    var finalFiles: [String: String] = [:]
    for file in files { finalFiles[file.name] = file.text }
    return GeneratedTutorial(name: name, markdown: markdown, html: html, stepCount: step, finalFiles: finalFiles)
}
