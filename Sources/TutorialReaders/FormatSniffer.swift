import TutorialModel

/// Picks the reader for a document: by extension first, then by content.
public enum FormatSniffer {
    public static func format(of document: SourceDocument) -> DocumentFormat {
        switch TutorialFileExtensions.formats[document.pathExtension] {
        case .markdown?: return .markdown
        case .html?: return .html
        case .docc?: return .docc
        // A code viewer's copy of an HTML page is text by name but a page by content: read it as HTML
        // (ranges stay in the lines of the text as given).
        case .text?: return HTMLCodeViewerPage.pageStartLine(in: document.lineIndex) != nil ? .html : .text
        case nil:
            if HTMLCodeViewerPage.pageStartLine(in: document.lineIndex) != nil { return .html }
            return format(ofContent: document.text)
        }
    }

    /// Content sniffing for documents without a telling extension (LSP buffers, stdin).
    public static func format(ofContent text: String) -> DocumentFormat {
        let head = text.utf8.prefix(4096)
        let prefix = String(decoding: head, as: UTF8.self)
        let trimmed = prefix.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
        let lowered = trimmed.prefix(200).lowercased()
        if lowered.hasPrefix("@tutorial") || lowered.hasPrefix("@tutorials") { return .docc }
        if lowered.hasPrefix("<!doctype html") || lowered.hasPrefix("<html") { return .html }
        if prefix.containsText("\n```") || prefix.hasPrefix("```") || prefix.containsText("\n~~~") || prefix.hasPrefix("# ")
            || prefix.containsText("\n## ")
        {
            return .markdown
        }
        return .text
    }
}
