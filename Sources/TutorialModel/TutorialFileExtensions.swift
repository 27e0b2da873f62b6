/// The one table of the file names tutorials are read from: a directory walk (`lint dir/`) takes exactly
/// the files whose extension is here, and the format sniffer picks the reader a name asks for from it, so
/// a file read when named is also found in its folder.
public enum TutorialFileExtensions {
    /// Each extension, lower-cased and without its dot, and the reader its name asks for. A `txt` or `text`
    /// file is plain text unless its content is a code viewer's copy of an HTML page (the sniffer looks).
    public static let formats: [String: DocumentFormat] = [
        "md": .markdown, "markdown": .markdown, "mdown": .markdown, "mkd": .markdown,
        "html": .html, "htm": .html, "xhtml": .html,
        "tutorial": .docc,
        "txt": .text, "text": .text,
    ]

    /// The format a path's extension asks for (compared without case), or nil when it names none.
    public static func format(ofPath path: String) -> DocumentFormat? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return formats[name[name.index(after: dot)...].lowercased()]
    }

    /// `.md, .markdown, …`: the extensions in the order of `formats`' readers, for messages.
    public static var listed: String {
        let order: [DocumentFormat] = [.markdown, .html, .docc, .text]
        let named = order.flatMap { format in formats.filter { $0.value == format }.keys.sorted() }
        return named.map { "." + $0 }.joined(separator: ", ")
    }
}
