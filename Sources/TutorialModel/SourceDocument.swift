/// One input document: its path as given, its text, and the index of its lines.
///
/// Readers receive this and nothing else from the outside world but a `ResourceProvider`, so the CLI,
/// the language server (with unsaved buffers) and the tests feed them the same way.
public struct SourceDocument: Sendable {
    /// The path as the user gave it (or the file system path behind an LSP URI).
    public let path: String
    public let lineIndex: LineIndex
    /// The text as a `String`, once something asks for it: an edited version's bytes are always those of
    /// valid UTF-8 (see `replacing`), and most versions an editor sends are read from their bytes alone, so
    /// a keystroke in a long document no longer copies all of it into a string nobody reads.
    private let madeText: Protected<String?>

    public init(path: String, text: String) {
        self.path = path
        self.lineIndex = LineIndex(text)
        madeText = Protected(text)
    }

    /// A document whose `bytes` are valid UTF-8: its text is made from them when first asked for.
    private init(path: String, validUTF8 lineIndex: LineIndex) {
        self.path = path
        self.lineIndex = lineIndex
        madeText = Protected(nil)
    }

    /// The document's text; its bytes are `bytes`.
    public var text: String {
        madeText.withLock { made in
            if let text = made { return text }
            let text = String(decoding: lineIndex.bytes, as: UTF8.self)
            made = text
            return text
        }
    }

    /// Whether the text has been made as a `String` (the tests see that a keystroke leaves it unmade).
    var hasMadeText: Bool { madeText.withLock { $0 != nil } }

    /// The document after replacing the bytes of `range` with `newText` (an editor's change), its line
    /// index updated around the edit rather than built from the whole text again.
    public func replacing(_ range: SourceRange, with newText: String) -> SourceDocument {
        let index = lineIndex.replacing(range, with: Array(newText.utf8))
        // Valid UTF-8 around valid UTF-8, when the range starts and ends between two characters' bytes (an
        // editor's change always does): no byte needs reading again.
        let bytes = lineIndex.bytes
        if range.start >= 0, range.start <= range.end, range.end <= bytes.count,
            range.start == bytes.count || bytes[range.start] & 0xC0 != 0x80,
            range.end == bytes.count || bytes[range.end] & 0xC0 != 0x80
        {
            return SourceDocument(path: path, validUTF8: index)
        }
        // A range that splits a character leaves bytes that are no UTF-8: decoded (and mended) as a whole.
        guard String(validating: index.bytes, as: UTF8.self) != nil else {
            return SourceDocument(path: path, text: String(decoding: index.bytes, as: UTF8.self))
        }
        return SourceDocument(path: path, validUTF8: index)
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
