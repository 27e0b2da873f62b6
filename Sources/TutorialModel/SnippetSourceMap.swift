/// Maps UTF-8 offsets in a snippet's code back to UTF-8 offsets in the document it was read from.
///
/// Code is rarely a verbatim slice of the page: Markdown strips block-quote markers and list
/// indentation, HTML decodes entities and drops highlighter tags, DocC reads code from another file.
/// The map is a sorted list of verbatim runs; an offset between runs maps to the end of the run before
/// it, so a finding always lands on characters of the page that belong to the snippet.
public struct SnippetSourceMap: Sendable {
    /// A run of `length` bytes copied verbatim from `documentOffset` to `codeOffset`.
    public struct Segment: Hashable, Sendable {
        public let codeOffset: Int
        public let documentOffset: Int
        public let length: Int

        public init(codeOffset: Int, documentOffset: Int, length: Int) {
            self.codeOffset = codeOffset
            self.documentOffset = documentOffset
            self.length = length
        }
    }

    /// The segments as read, before `shift`: a moved map shares them with the map it was moved from.
    private let storedSegments: [Segment]
    /// How far every segment's document offset has moved since it was read. A keystroke moves every snippet
    /// after it; rebuilding each map's segments for that cost a keystroke in a long tutorial as much as
    /// re-reading its window, and freeing the previous maps as much again.
    private let shift: Int
    /// Where offsets land when no segment covers them (DocC code lives in another file: the directive).
    public let fallback: SourceRange

    public init(segments: [Segment], fallback: SourceRange) {
        self.init(storedSegments: segments, shift: 0, fallback: fallback)
    }

    private init(storedSegments: [Segment], shift: Int, fallback: SourceRange) {
        self.storedSegments = storedSegments
        self.shift = shift
        self.fallback = fallback
    }

    /// The verbatim runs, in code order, at their place in the document.
    public var segments: [Segment] {
        guard shift != 0 else { return storedSegments }
        return storedSegments.map {
            Segment(codeOffset: $0.codeOffset, documentOffset: $0.documentOffset + shift, length: $0.length)
        }
    }

    /// A snippet whose code is the document's bytes at `range`, unchanged.
    public static func verbatim(_ range: SourceRange) -> SnippetSourceMap {
        SnippetSourceMap(
            segments: [Segment(codeOffset: 0, documentOffset: range.start, length: range.length)],
            fallback: range)
    }

    /// Builds segments from (code offset, document offset) pairs of equal text, merging adjacent runs.
    public struct Builder: Sendable {
        private var segments: [Segment] = []

        public init() {}

        public mutating func append(codeOffset: Int, documentOffset: Int, length: Int) {
            guard length > 0 else { return }
            if let last = segments.last, last.codeOffset + last.length == codeOffset,
                last.documentOffset + last.length == documentOffset
            {
                segments[segments.count - 1] = Segment(
                    codeOffset: last.codeOffset, documentOffset: last.documentOffset, length: last.length + length)
            } else {
                segments.append(Segment(codeOffset: codeOffset, documentOffset: documentOffset, length: length))
            }
        }

        public func build(fallback: SourceRange) -> SnippetSourceMap {
            SnippetSourceMap(segments: segments, fallback: fallback)
        }
    }

    /// The same map for the document with `delta` bytes inserted (removed when negative) before the snippet.
    /// The segments are shared, not copied: only the shift moves.
    public func shifted(by delta: Int) -> SnippetSourceMap {
        SnippetSourceMap(storedSegments: storedSegments, shift: shift + delta, fallback: fallback.shifted(by: delta))
    }

    /// Whether this map is `other` with every document offset moved by `delta` (`shifted(by:)`'s result, or a
    /// map read again that came out alike): when both share their segments, without comparing them one by one.
    public func isMoved(from other: SnippetSourceMap, by delta: Int) -> Bool {
        guard fallback == other.fallback.shifted(by: delta), storedSegments.count == other.storedSegments.count else {
            return false
        }
        let offset = shift - other.shift - delta
        if offset == 0, Self.shareStorage(storedSegments, other.storedSegments) { return true }
        return zip(storedSegments, other.storedSegments).allSatisfy { mine, theirs in
            mine.codeOffset == theirs.codeOffset && mine.length == theirs.length
                && mine.documentOffset + offset == theirs.documentOffset
        }
    }

    /// Whether two arrays of the same count are one buffer (then their elements are the same).
    private static func shareStorage(_ first: [Segment], _ second: [Segment]) -> Bool {
        first.withUnsafeBufferPointer { one in second.withUnsafeBufferPointer { one.baseAddress == $0.baseAddress } }
    }

    /// The document offset of a code offset.
    public func documentOffset(forCodeOffset offset: Int) -> Int {
        let segments = storedSegments
        guard !segments.isEmpty else { return fallback.start }
        var low = 0
        var high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].codeOffset <= offset { low = middle } else { high = middle - 1 }
        }
        let segment = segments[low]
        if offset < segment.codeOffset { return segment.documentOffset + shift }
        return segment.documentOffset + shift + min(offset - segment.codeOffset, segment.length)
    }

    /// The document range of a code range; empty code ranges stay empty.
    public func documentRange(forCodeRange range: SourceRange) -> SourceRange {
        guard !storedSegments.isEmpty else { return fallback }
        let start = documentOffset(forCodeOffset: range.start)
        let end = range.isEmpty ? start : max(start, documentOffset(forCodeOffset: range.end))
        return SourceRange(start: start, end: end)
    }
}

/// Two maps are equal when they map alike, however far each was moved since it was read.
extension SnippetSourceMap: Hashable {
    public static func == (lhs: SnippetSourceMap, rhs: SnippetSourceMap) -> Bool { lhs.isMoved(from: rhs, by: 0) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fallback)
        hasher.combine(storedSegments.count)
        for segment in storedSegments {
            hasher.combine(segment.codeOffset)
            hasher.combine(segment.documentOffset + shift)
            hasher.combine(segment.length)
        }
    }
}

/// Shown as its segments at their place, whatever shift it carries: the tests compare descriptions of models
/// re-read after edits with those read whole.
extension SnippetSourceMap: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["segments": segments, "fallback": fallback], displayStyle: .struct)
    }
}
