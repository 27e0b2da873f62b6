import TutorialModel
import TutorialRules

/// `tutorial-check outline --format json`: the contract of docs/json-output.md (docs/schemas/outline.schema.json).
public struct OutlineJSON: Codable, Equatable, Sendable {
    public struct Document: Codable, Equatable, Sendable {
        public let path: String
        public let format: String
        @ExplicitNull public var title: String?
        public let sections: [SectionOutline]
    }

    public struct SectionOutline: Codable, Equatable, Sendable {
        public let title: String
        public let range: JSONRange
        public let steps: [StepOutline]
    }

    public struct StepOutline: Codable, Equatable, Sendable {
        public let id: String
        @ExplicitNull public var label: String?
        public let title: String
        public let range: JSONRange
        public let snippets: [SnippetOutline]
    }

    public struct SnippetOutline: Codable, Equatable, Sendable {
        @ExplicitNull public var file: String?
        @ExplicitNull public var language: String?
        public let range: JSONRange
        public let lines: Int
        public let kind: String
    }

    public let documents: [Document]

    public init(_ tutorials: [Tutorial]) {
        documents = tutorials.map { tutorial in
            let index = tutorial.document.lineIndex
            return Document(
                path: tutorial.document.path, format: tutorial.format.rawValue, title: tutorial.title,
                sections: tutorial.sections.map { section in
                    SectionOutline(
                        title: section.title, range: JSONRange(section.range, in: index),
                        steps: section.steps.map { step in
                            StepOutline(
                                id: step.id.description, label: step.label, title: step.title,
                                range: JSONRange(step.range, in: index),
                                snippets: step.snippets.map { snippet in
                                    SnippetOutline(
                                        file: snippet.fileName, language: snippet.language,
                                        range: JSONRange(snippet.range, in: index), lines: snippet.lineCount,
                                        kind: snippet.kind.rawValue)
                                })
                        })
                })
        }
    }
}

/// `tutorial-check outline`: the model as a readable tree, one line per node.
public func renderOutlineText(_ tutorials: [Tutorial]) -> String {
    var out = ""
    for tutorial in tutorials {
        let index = tutorial.document.lineIndex
        func at(_ range: SourceRange) -> String {
            let start = index.lineColumn(of: range.start)
            let end = index.lineColumn(of: range.end)
            return "\(start.line):\(start.column)-\(end.line):\(end.column)"
        }
        out += "\(tutorial.document.path) [\(tutorial.format.rawValue)]"
        if let title = tutorial.title { out += " \(title)" }
        out += "\n"
        for section in tutorial.sections {
            out += "  section \(section.title) @\(at(section.range))\n"
            for step in section.steps {
                let label = step.label.map { "\($0) " } ?? ""
                out += "    step \(step.id) \(label)\(step.title.isEmpty ? "" : "— \(step.title) ")@\(at(step.range))\n"
                for snippet in step.snippets {
                    let name = snippet.fileName ?? "(no file)"
                    out += "      \(snippet.kind.rawValue) \(name) \(snippet.language ?? "-") \(snippet.lineCount) lines @\(at(snippet.range))\n"
                }
            }
        }
        for diagnostic in tutorial.diagnostics {
            let start = index.lineColumn(of: diagnostic.range.start)
            out += "  \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.problem.ruleID)] @\(start.line):\(start.column)\n"
        }
    }
    return out
}
