// TestSupport owns what tests share: marked text (positions written into inputs) and a builder of
// tutorials from steps, without a reader.

import TutorialModel

/// Builds a `Tutorial` in memory, with a Markdown-like document behind it and exact ranges, so tests
/// of the stages after the readers (timelines, diffs, reports) do not depend on a reader.
///
///     var builder = TutorialBuilder(path: "t.md")
///     builder.section("Create the view")
///     builder.step(label: "Step 1", prose: "Create PageView.swift.", snippets: [.init(file: "PageView.swift", code: "…")])
///     let tutorial = builder.build()
public struct TutorialBuilder {
    public struct SnippetSpec {
        public var file: String?
        public var code: String
        public var kind: SnippetKind
        public var language: String?
        public var docc: DocCCodeOptions?

        public init(
            file: String?, code: String, kind: SnippetKind = .file, language: String? = "swift",
            docc: DocCCodeOptions? = nil
        ) {
            self.file = file
            self.code = code
            self.kind = kind
            self.language = language
            self.docc = docc
        }
    }

    private struct PendingStep {
        var label: String?
        var number: Int?
        var title: String
        var prose: String
        var range: SourceRange
        var snippets: [(SnippetSpec, SourceRange)]
    }

    private struct PendingSection {
        var title: String
        var start: Int
        var steps: [PendingStep]
    }

    public let path: String
    private var text = ""
    private var sections: [PendingSection] = []
    public var diagnostics: [ReaderDiagnostic] = []

    public init(path: String = "tutorial.md", title: String? = "Tutorial") {
        self.path = path
        if let title { text += "# \(title)\n\n" }
    }

    /// The document text so far (to place diagnostics).
    public var currentText: String { text }

    public mutating func section(_ title: String) {
        sections.append(PendingSection(title: title, start: text.utf8.count, steps: []))
        text += "## \(title)\n\n"
    }

    /// Adds a step; `label` such as `Step 3` gives `labelNumber` 3 unless `number` says otherwise.
    public mutating func step(
        label: String?, number: Int? = nil, title: String = "", prose: String = "", snippets: [SnippetSpec]
    ) {
        if sections.isEmpty { section("Section") }
        let start = text.utf8.count
        text += "### \(label ?? "")\(title.isEmpty ? "" : " \(title)")\n\n"
        if !prose.isEmpty { text += prose + "\n\n" }
        var placed: [(SnippetSpec, SourceRange)] = []
        for snippet in snippets {
            text += "```\(snippet.language ?? "")\(snippet.file.map { " file=\($0)" } ?? "")\n"
            let codeStart = text.utf8.count
            text += snippet.code
            let range = SourceRange(start: codeStart, end: text.utf8.count)
            if !snippet.code.isEmpty, !snippet.code.hasSuffix("\n") { text += "\n" }
            text += "```\n\n"
            placed.append((snippet, range))
        }
        let labelNumber = number ?? label.flatMap { Int($0.filter(\.isNumber)) }
        sections[sections.count - 1].steps.append(
            PendingStep(
                label: label, number: labelNumber, title: title, prose: prose,
                range: SourceRange(start: start, end: text.utf8.count),
                snippets: placed))
    }

    public func build() -> Tutorial {
        let document = SourceDocument(path: path, text: text)
        let built = sections.enumerated().map { sectionIndex, section in
            let steps = section.steps.enumerated().map { stepIndex, step in
                Step(
                    id: StepID(section: sectionIndex + 1, step: stepIndex + 1), label: step.label,
                    labelNumber: step.number,
                    title: step.title, prose: step.prose, range: step.range,
                    snippets: step.snippets.map { spec, range in
                        Snippet(
                            fileName: spec.file, language: spec.language, code: spec.code, kind: spec.kind,
                            range: range,
                            sourceMap: .verbatim(range), docc: spec.docc)
                    })
            }
            let end = section.steps.last?.range.end ?? section.start
            return Section(title: section.title, range: SourceRange(start: section.start, end: end), steps: steps)
        }
        return Tutorial(
            document: document, format: .markdown, title: "Tutorial", sections: built, diagnostics: diagnostics)
    }
}
