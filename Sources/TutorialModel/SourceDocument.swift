/// One input document: its path as given, its text, and the index of its lines.
///
/// Readers receive this and nothing else from the outside world but a `ResourceProvider`, so the CLI,
/// the language server (with unsaved buffers) and the tests feed them the same way.
public struct SourceDocument: Sendable {
    /// The path as the user gave it (or the file system path behind an LSP URI).
    public let path: String
    public let text: String
    public let lineIndex: LineIndex

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        self.lineIndex = LineIndex(text)
    }

    private init(path: String, text: String, lineIndex: LineIndex) {
        self.path = path
        self.text = text
        self.lineIndex = lineIndex
    }

    /// The document after replacing the bytes of `range` with `newText` (an editor's change), its line
    /// index updated around the edit rather than built from the whole text again.
    public func replacing(_ range: SourceRange, with newText: String) -> SourceDocument {
        let index = lineIndex.replacing(range, with: Array(newText.utf8))
        if let text = splicedText(range, with: newText) { return SourceDocument(path: path, text: text, lineIndex: index) }
        // A range that splits a character leaves bytes that are no UTF-8: decoded (and mended) as a whole.
        guard let text = String(validating: index.bytes, as: UTF8.self) else {
            return SourceDocument(path: path, text: String(decoding: index.bytes, as: UTF8.self))
        }
        return SourceDocument(path: path, text: text, lineIndex: index)
    }

    /// The text after replacing `range` with `newText`, joined from the old text's parts around it, when the
    /// range starts and ends between two characters' bytes (an editor's change always does): text made of
    /// valid UTF-8 needs no validation, which for a keystroke in a long document read every byte again.
    /// Nil when the range is out of the text or splits a character.
    private func splicedText(_ range: SourceRange, with newText: String) -> String? {
        let bytes = lineIndex.bytes
        guard range.start >= 0, range.start <= range.end, range.end <= bytes.count,
            range.start == bytes.count || bytes[range.start] & 0xC0 != 0x80,
            range.end == bytes.count || bytes[range.end] & 0xC0 != 0x80
        else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.start)
        let end = utf8.index(utf8.startIndex, offsetBy: range.end)
        var spliced = String()
        spliced.reserveCapacity(bytes.count - range.length + newText.utf8.count)
        spliced += text[..<start]
        spliced += newText
        spliced += text[end...]
        return spliced
    }

    public var bytes: [UInt8] { lineIndex.bytes }

    /// The text of a byte range (ranges always fall on character boundaries in the model).
    public func text(in range: SourceRange) -> String {
        String(decoding: bytes[range.start..<range.end], as: UTF8.self)
    }

    /// The file name part of `path` (after the last `/`).
    public var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// The lower-cased extension of `path`, without the dot; empty when there is none.
    public var pathExtension: String {
        let name = fileName
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}

/// Two documents are equal when their paths and texts are (the line index follows from the text).
extension SourceDocument: Equatable {
    public static func == (lhs: SourceDocument, rhs: SourceDocument) -> Bool {
        lhs.path == rhs.path && lhs.bytes == rhs.bytes
    }
}
