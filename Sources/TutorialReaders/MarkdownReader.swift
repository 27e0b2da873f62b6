import TutorialModel

/// Reads Markdown tutorials. (Placeholder: yields no sections until the reader lands.)
public enum MarkdownReader {
    public static func read(_ document: SourceDocument) -> Tutorial {
        Tutorial(document: document, format: .markdown, title: nil, sections: [])
    }
}
