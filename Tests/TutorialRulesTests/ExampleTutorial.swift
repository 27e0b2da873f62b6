import TestSupport
import TutorialModel
import TutorialReaders
import TutorialRules

/// Builds a tutorial model from a rule example: each step becomes `Step N` with its prose and its
/// snippets (file name on a line of its own, then the code), with verbatim source maps, and every
/// marker's position in the resulting document is collected.
struct ExampleTutorial {
    let tutorial: Tutorial
    /// Document offsets of every `↓` and numbered marker, in document order.
    let expectedOffsets: [Int]

    init(_ example: RuleExample, path: String = "example.md") {
        if let document = example.document {
            let marked = MarkedText(document.text)
            tutorial = readTutorial(SourceDocument(path: document.path, text: marked.text))
            expectedOffsets = (marked.arrows + marked.markers.values).sorted()
            return
        }
        var text = ""
        var expected: [Int] = []
        func append(_ marked: String) -> SourceRange {
            let piece = MarkedText(marked)
            let start = text.utf8.count
            expected += piece.arrows.map { $0 + start }
            expected += piece.markers.values.map { $0 + start }
            text += piece.text
            return SourceRange(start: start, end: text.utf8.count)
        }
        var steps: [Step] = []
        var diagnostics: [ReaderDiagnostic] = []
        for (index, exampleStep) in example.steps.enumerated() {
            let stepStart = text.utf8.count
            let label = exampleStep.label.map { MarkedText($0).text }
            _ = append((exampleStep.label ?? "Step \(index + 1)") + "\n\n")
            if !exampleStep.prose.isEmpty { _ = append(exampleStep.prose + "\n\n") }
            var snippets: [Snippet] = []
            for snippet in exampleStep.snippets {
                if let name = snippet.fileName { _ = append(name + "\n\n") }
                var code = snippet.code
                if !code.hasSuffix("\n") { code += "\n" }
                let range = append(code)
                let docc = snippet.doccResource.map { resource in
                    DocCCodeOptions(
                        resource: resource, resourcePath: snippet.resourceMissing ? nil : resource,
                        previousResource: nil,
                        previousCode: nil, reset: false)
                }
                if snippet.resourceMissing, let resource = snippet.doccResource {
                    diagnostics.append(
                        ReaderDiagnostic(
                            problem: .missingCodeFile, severity: .error, message: "@Code file '\(resource)' not found",
                            range: range, step: StepID(section: 1, step: index + 1)))
                }
                snippets.append(
                    Snippet(
                        fileName: snippet.fileName, language: "swift", code: MarkedText(code).text, kind: snippet.kind,
                        range: range, sourceMap: .verbatim(range), docc: docc))
                _ = append("\n")
            }
            let prose = MarkedText(exampleStep.prose).text
            steps.append(
                Step(
                    id: StepID(section: 1, step: index + 1), label: label, labelNumber: exampleStep.labelNumber,
                    title: prose.split(separator: "\n").first.map(String.init) ?? "", prose: prose,
                    range: SourceRange(start: stepStart, end: text.utf8.count), snippets: snippets))
        }
        let document = SourceDocument(path: path, text: text)
        tutorial = Tutorial(
            document: document,
            format: example.steps.contains { $0.snippets.contains { $0.doccResource != nil } } ? .docc : .markdown,
            title: nil,
            sections: [Section(title: "Example", range: SourceRange(start: 0, end: text.utf8.count), steps: steps)],
            diagnostics: diagnostics)
        expectedOffsets = expected.sorted()
    }
}
