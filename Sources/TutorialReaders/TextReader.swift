import TutorialModel

/// Reads Text tutorials. (Placeholder: yields no sections until the reader lands.)
public enum TextReader {
    public static func read(_ document: SourceDocument) -> Tutorial {
        Tutorial(document: document, format: .text, title: nil, sections: [])
    }
}
