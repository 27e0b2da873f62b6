/// Maps UTF-8 offsets in a snippet's code back to UTF-8 offsets in the document it was read from.
///
/// Code is rarely a verbatim slice of the page: Markdown strips block-quote markers and list
/// indentation, HTML decodes entities and drops highlighter tags, DocC reads code from another file.
/// The map is a sorted list of verbatim runs; an offset between runs maps to the end of the run before
/// it, so a finding always lands on characters of the page that belong to the snippet.
public struct SnippetSourceMap: Hashable, Sendable {
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

    public let segments: [Segment]
    /// Where offsets land when no segment covers them (DocC code lives in another file: the directive).
    public let fallback: SourceRange

    public init(segments: [Segment], fallback: SourceRange) {
        self.segments = segments
        self.fallback = fallback
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
    public func shifted(by delta: Int) -> SnippetSourceMap {
        SnippetSourceMap(
            segments: segments.map {
                Segment(codeOffset: $0.codeOffset, documentOffset: $0.documentOffset + delta, length: $0.length)
            },
            fallback: fallback.shifted(by: delta))
    }

    /// The document offset of a code offset.
    public func documentOffset(forCodeOffset offset: Int) -> Int {
        guard !segments.isEmpty else { return fallback.start }
        var low = 0
        var high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].codeOffset <= offset { low = middle } else { high = middle - 1 }
        }
        let segment = segments[low]
        if offset < segment.codeOffset { return segment.documentOffset }
        return segment.documentOffset + min(offset - segment.codeOffset, segment.length)
    }

    /// The document range of a code range; empty code ranges stay empty.
    public func documentRange(forCodeRange range: SourceRange) -> SourceRange {
        guard !segments.isEmpty else { return fallback }
        let start = documentOffset(forCodeOffset: range.start)
        let end = range.isEmpty ? start : max(start, documentOffset(forCodeOffset: range.end))
        return SourceRange(start: start, end: end)
    }
}
