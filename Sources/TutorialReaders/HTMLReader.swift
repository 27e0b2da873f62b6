import TutorialModel

/// Reads HTML tutorials. (Placeholder: yields no sections until the reader lands.)
public enum HTMLReader {
    public static func read(_ document: SourceDocument) -> Tutorial {
        Tutorial(document: document, format: .html, title: nil, sections: [])
    }
}
