/// A half-open range of UTF-8 offsets in a snippet's code (not the document: `Snippet.sourceMap`
/// maps one to the other, and keeping two types keeps the two kinds of offsets apart).
public struct CodeRange: Hashable, Sendable, CustomStringConvertible {
    public let start: Int
    public let end: Int

    public init(start: Int, end: Int) {
        precondition(start <= end, "a code range must not end before it starts")
        self.start = start
        self.end = end
    }

    public var isEmpty: Bool { start == end }
    public func contains(_ offset: Int) -> Bool { offset >= start && offset < end }
    public func contains(_ other: CodeRange) -> Bool { other.start >= start && other.end <= end }
    public var description: String { "\(start)..<\(end)" }
}
