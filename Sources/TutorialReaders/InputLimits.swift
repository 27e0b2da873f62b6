import TutorialModel

/// Limits that keep a hostile or broken input from costing the user unbounded time or memory. A
/// document over a limit is not a crash and not a hang: it gets an `input-error` diagnostic (the
/// CLI: exit code 2 and a one-line message) and the rest of the run goes on.
public enum InputLimits {
    /// The largest document read, in bytes (16 MiB; a long book chapter is well under 1 MiB). Larger
    /// files are refused before they are read, so memory stays bounded.
    public static let maximumDocumentBytes = 16 << 20

    /// The deepest nesting of containers a reader follows (DocC directives, HTML elements); content
    /// below it is read as plain text or skipped, with one diagnostic.
    public static let maximumNestingDepth = 256

    /// The most entries (files and folders) a directory walk visits: the CLI's walk of a directory
    /// argument, the server's walk of a workspace folder, the search of a DocC catalog for a
    /// resource. A large catalog holds a few thousand; a hostile one with millions costs no more
    /// than this.
    public static let maximumWalkedEntries = 250_000

    /// `12.3 MiB`.
    public static func sizeDescription(byteCount: Int) -> String {
        let megabytes = Double(byteCount) / Double(1 << 20)
        return "\((megabytes * 10).rounded() / 10) MiB"
    }

    /// The message for a document over `maximumDocumentBytes`.
    public static func tooLargeMessage(byteCount: Int) -> String {
        "is \(sizeDescription(byteCount: byteCount)), over the limit of \(maximumDocumentBytes >> 20) MiB for one document"
    }

    /// The model of a document over the size limit: no sections, one `input-error` at its start.
    static func tooLarge(_ document: SourceDocument, format: DocumentFormat) -> Tutorial {
        Tutorial(
            document: document, format: format, title: nil, sections: [],
            diagnostics: [
                ReaderDiagnostic(
                    problem: .unreadableInput, severity: .error,
                    message: "the document " + tooLargeMessage(byteCount: document.bytes.count) + "; it was not read",
                    range: .empty(at: 0), step: nil)
            ])
    }
}
