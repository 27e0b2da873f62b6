import TutorialModel

/// Reads DocC `.tutorial` files. (Placeholder: yields no sections until the reader lands.)
public enum DocCReader {
    public static func read(_ document: SourceDocument, resources: any ResourceProvider) -> Tutorial {
        Tutorial(document: document, format: .docc, title: nil, sections: [])
    }
}
