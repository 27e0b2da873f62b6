import TutorialModel

/// Converts between the model's UTF-8 offsets and LSP positions in the negotiated encoding.
struct PositionConverter {
    let index: LineIndex
    let encoding: ColumnEncoding

    func position(_ offset: Int) -> Position {
        let position = index.position(of: offset, encoding: encoding)
        return Position(line: position.line, character: position.column)
    }

    func range(_ range: SourceRange) -> Range {
        Range(start: position(range.start), end: position(range.end))
    }

    /// The offset of a position; positions past a line's end or the document's end clamp, as LSP asks.
    func offset(_ position: Position) -> Int {
        index.offset(line: position.line, column: position.character, encoding: encoding)
    }

    func sourceRange(_ range: Range) -> SourceRange {
        let start = offset(range.start)
        let end = offset(range.end)
        return SourceRange(start: min(start, end), end: max(start, end))
    }
}

/// File URIs ↔ paths. The client's URI string is kept as it came for every reply about that document;
/// these are only for reading files next to it and naming files the client has not opened.
enum DocumentURI {
    static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var rest = uri.dropFirst("file://".count)
        // `file://host/path`: the authority is empty or `localhost` for local files.
        if !rest.hasPrefix("/"), let slash = rest.firstIndex(of: "/") { rest = rest[slash...] }
        return FoundationFormat.removingPercentEncoding(String(rest)) ?? String(rest)
    }

    static func uri(ofPath path: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/!$&'()*+,;=@")
        var encoded = "file://"
        for scalar in path.unicodeScalars {
            if scalar.isASCII, allowed.contains(Character(scalar)) {
                encoded.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { encoded += "%" + FoundationFormat.hex(byte, width: 2) }
            }
        }
        return encoded
    }
}
