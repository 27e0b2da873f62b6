/// A half-open range of UTF-8 byte offsets into a document's bytes.
///
/// Offsets, not line/column pairs, are stored in the model: they are exact whatever the line endings
/// or the script, and a `LineIndex` turns them into the positions each consumer needs (1-based UTF-16
/// columns for the CLI, the negotiated encoding for the language server).
public struct SourceRange: Hashable, Sendable, Codable, CustomStringConvertible {
    public let start: Int
    public let end: Int

    public init(start: Int, end: Int) {
        precondition(start <= end, "a source range must not end before it starts")
        self.start = start
        self.end = end
    }

    public static func empty(at offset: Int) -> SourceRange { SourceRange(start: offset, end: offset) }

    public var length: Int { end - start }
    public var isEmpty: Bool { start == end }

    public func contains(_ offset: Int) -> Bool { offset >= start && offset < end }
    public func contains(_ other: SourceRange) -> Bool { other.start >= start && other.end <= end }
    public func overlaps(_ other: SourceRange) -> Bool { start < other.end && other.start < end }

    /// The same range `delta` bytes later (earlier when negative): where it stands after an edit before it.
    public func shifted(by delta: Int) -> SourceRange { SourceRange(start: start + delta, end: end + delta) }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }

    public var description: String { "\(start)..<\(end)" }
}

/// A position as people and tools address it: 1-based line, 1-based column.
public struct LineColumn: Hashable, Sendable, Codable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// How columns are counted: LSP negotiates UTF-16 (default) or UTF-8; the CLI uses UTF-16 like SARIF.
public enum ColumnEncoding: String, Sendable, Codable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
}
