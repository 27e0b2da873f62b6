import TutorialModel

/// How a line ends. Kept per line so that applying a change set rebuilds the new text byte for byte,
/// CRLF and a missing final newline included.
public enum LineEnding: String, Sendable, Hashable, Codable {
    case lf = "\n"
    case crlf = "\r\n"
    case cr = "\r"
    /// The last line of a text that does not end with a newline.
    case none = ""
}

/// A text split into lines as `diff` counts them: `""` has no line, `"a\n"` one, `"a"` one without an
/// ending. The lines are `LineIndex`'s (one scan of the UTF-8 bytes, never of `Character`s: about 30×
/// faster), without the empty line it counts after a final newline, since it addresses positions.
public struct TextLines: Sendable {
    /// The text's UTF-8 bytes.
    public let bytes: [UInt8]
    /// Byte offset where each line starts, plus `bytes.count` at the end (so `count + 1` entries).
    public let bounds: [Int]
    /// Byte length of each line's ending (0, 1 or 2).
    private let endingLengths: [UInt8]

    /// Splits a string.
    public init(_ text: String) { self.init(bytes: Array(text.utf8)) }

    /// Splits UTF-8 bytes.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        var bounds = LineIndex(bytes: bytes).lineStarts
        // A last line without an ending ends at the end of the text; after a final line ending,
        // `LineIndex`'s last start already is the end.
        if bounds[bounds.count - 1] < bytes.count { bounds.append(bytes.count) }
        var endings: [UInt8] = []
        endings.reserveCapacity(bounds.count - 1)
        for line in 0..<(bounds.count - 1) {
            let end = bounds[line + 1]
            switch bytes[end - 1] {
            case 0x0A: endings.append(end - 2 >= bounds[line] && bytes[end - 2] == 0x0D ? 2 : 1)
            case 0x0D: endings.append(1)
            default: endings.append(0)
            }
        }
        self.bounds = bounds
        self.endingLengths = endings
    }

    /// Number of lines.
    public var count: Int { bounds.count - 1 }

    /// The whole line, ending included.
    public func fullRange(_ line: Int) -> Range<Int> { bounds[line]..<bounds[line + 1] }

    /// The line without its ending.
    public func contentRange(_ line: Int) -> Range<Int> { bounds[line]..<(bounds[line + 1] - Int(endingLengths[line])) }

    /// The line's text without its ending.
    public func content(_ line: Int) -> String { String(decoding: bytes[contentRange(line)], as: UTF8.self) }

    /// How the line ends.
    public func ending(_ line: Int) -> LineEnding {
        switch endingLengths[line] {
        case 0: return .none
        case 2: return .crlf
        default: return bytes[bounds[line + 1] - 1] == 0x0A ? .lf : .cr
        }
    }

    /// Byte offset where `line` starts; `count` gives the end of the text.
    public func offset(ofLine line: Int) -> Int { bounds[line] }
}

/// Gives each distinct line a small integer, so the diff compares integers instead of bytes.
///
/// One interner serves both sides of a diff (ids must agree); with `ignoringIndentation` leading
/// spaces and tabs are not part of a line's identity, so re-indented lines compare equal.
public struct LineInterner: Sendable {
    private var ids: [LineKey: Int32] = [:]
    private var lines: [ArraySlice<UInt8>] = []
    /// Whether leading spaces and tabs are left out of a line's identity.
    public let ignoringIndentation: Bool

    /// An empty interner.
    public init(ignoringIndentation: Bool = false) { self.ignoringIndentation = ignoringIndentation }

    /// Number of distinct lines seen.
    public var distinctCount: Int { ids.count }

    /// The id of every line of `lines`. The line ending is part of a line's identity (a CRLF line or a
    /// last line without newline differs from its LF twin, as in git), except when ignoring indentation,
    /// where only the content after the indentation counts.
    public mutating func intern(_ lines: TextLines) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(lines.count)
        for line in 0..<lines.count {
            var range = lines.fullRange(line)
            if ignoringIndentation {
                range = lines.contentRange(line)
                var start = range.lowerBound
                while start < range.upperBound, lines.bytes[start] == 0x20 || lines.bytes[start] == 0x09 { start += 1 }
                range = start..<range.upperBound
            }
            result.append(intern(lines.bytes[range]))
        }
        return result
    }

    /// The id of one line's bytes (the first id given to equal bytes).
    public mutating func intern(_ key: ArraySlice<UInt8>) -> Int32 {
        if let id = ids[LineKey(bytes: key)] { return id }
        let id = Int32(lines.count)
        ids[LineKey(bytes: key)] = id
        lines.append(key)
        return id
    }

    /// The bytes interned under `id`.
    public func line(_ id: Int32) -> ArraySlice<UInt8> { lines[Int(id)] }
}

/// A line's bytes as a dictionary key, hashed as one block: `ArraySlice`'s own hashing feeds the hasher
/// a byte at a time, several times slower on the lines every diff interns.
private struct LineKey: Hashable, Sendable {
    let bytes: ArraySlice<UInt8>

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    static func == (left: LineKey, right: LineKey) -> Bool { left.bytes == right.bytes }
}
