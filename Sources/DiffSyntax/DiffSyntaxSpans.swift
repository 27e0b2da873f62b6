// DiffSyntax owns the Swift syntax colouring of the HTML step diff (SwiftIDEUtils classifications as
// byte spans), kept apart so the reports need no SwiftSyntax of their own.

internal import SwiftIDEUtils
internal import SwiftParser
internal import SwiftSyntax
internal import TutorialModel

// This module is built with library evolution and imports SwiftSyntax internally, so its clients
// (Reports, and every test module importing Reports) do not need the toolchain's host modules on
// their search path: SwiftPM gives the generated test-discovery module no `-I` flags.

/// A classified run of a Swift text: UTF-8 byte offsets and the CSS class the HTML report gives it.
public struct DiffSyntaxSpan: Sendable, Hashable {
    /// First byte of the run.
    public let start: Int
    /// Byte after the run.
    public let end: Int
    /// `kw`, `ty`, `str`, `num`, `com`, `attr`, `lbl`, `op`, `dol` or `ph`.
    public let cssClass: String

    /// A classified run.
    public init(start: Int, end: Int, cssClass: String) {
        self.start = start
        self.end = end
        self.cssClass = cssClass
    }
}

/// The syntax classes of a Swift text, from SwiftSyntax's own classifier (SwiftIDEUtils), in order.
/// (One-off use; a report colours successive states with a `DiffSyntaxColorer`.)
public func swiftSyntaxSpans(_ code: String) -> [DiffSyntaxSpan] {
    guard SwiftParseLimits.unparseableReason(code) == nil else { return [] }
    return classify(Parser.parse(source: code))
}

/// Colours the states of files for one report: each distinct text is parsed once, and a state whose
/// previous state was just parsed is parsed incrementally from that tree, with the diff's edits
/// (`Parser.parseIncrementally`): the parser is the expensive step, and a step changes a few lines.
public final class DiffSyntaxColorer {
    private var spansByText: [String: [DiffSyntaxSpan]] = [:]
    // Only the trees a next state may start from; a tree is dropped once a later state was parsed from it.
    private var trees: [String: IncrementalParseResult] = [:]
    /// How many texts were parsed from scratch and how many incrementally (for benchmarks and tests).
    public private(set) var fullParses = 0
    public private(set) var incrementalParses = 0

    /// A colorer with nothing parsed yet.
    public init() {}

    /// The syntax spans of `code`; when `previous` is the text it was edited from, by `edits`: the step
    /// diff's byte edits (`ByteEdit`), each the bytes of `previous` it replaced and those of `code` that
    /// replace them, sorted and apart. (Plain ranges, as this module's interface names no model type: it is
    /// built with library evolution, and a public import of a module built without would warn.)
    public func spans(
        for code: String, previous: String? = nil, edits: [(old: Range<Int>, new: Range<Int>)] = []
    ) -> [DiffSyntaxSpan] {
        if let cached = spansByText[code] { return cached }
        // Code the parser would stall on is shown uncoloured.
        guard SwiftParseLimits.unparseableReason(code) == nil else { return [] }
        var result: IncrementalParseResult
        if let previous, let previousResult = trees[previous], let concurrent = concurrentEdits(edits, newText: code) {
            result = Parser.parseIncrementally(
                source: code,
                parseTransition: IncrementalParseTransition(
                    previousIncrementalParseResult: previousResult, edits: concurrent))
            trees[previous] = nil
            incrementalParses += 1
        } else {
            result = Parser.parseIncrementally(source: code, parseTransition: nil)
            fullParses += 1
        }
        trees[code] = result
        let spans = classify(result.tree)
        spansByText[code] = spans
        return spans
    }
}

/// The edits as the parser's: each old range with the bytes of the new text that replace it; nil when
/// they do not fit the new text or are not sorted and apart.
private func concurrentEdits(_ edits: [(old: Range<Int>, new: Range<Int>)], newText: String) -> ConcurrentEdits? {
    let newBytes = Array(newText.utf8)
    guard edits.allSatisfy({ 0 <= $0.new.lowerBound && $0.new.upperBound <= newBytes.count }) else { return nil }
    return try? ConcurrentEdits(
        concurrent: edits.map {
            SourceEdit(
                range: AbsolutePosition(utf8Offset: $0.old.lowerBound)..<AbsolutePosition(utf8Offset: $0.old.upperBound),
                replacement: Array(newBytes[$0.new]))
        })
}

private func classify(_ tree: SourceFileSyntax) -> [DiffSyntaxSpan] {
    var spans: [DiffSyntaxSpan] = []
    for classified in tree.classifications {
        let cssClass: String
        switch classified.kind {
        case .keyword, .ifConfigDirective: cssClass = "kw"
        case .type: cssClass = "ty"
        case .stringLiteral, .regexLiteral: cssClass = "str"
        case .integerLiteral, .floatLiteral: cssClass = "num"
        case .lineComment, .blockComment, .docLineComment, .docBlockComment: cssClass = "com"
        case .attribute: cssClass = "attr"
        case .argumentLabel: cssClass = "lbl"
        case .operator: cssClass = "op"
        case .dollarIdentifier: cssClass = "dol"
        case .editorPlaceholder: cssClass = "ph"
        default: continue
        }
        let start = classified.range.lowerBound.utf8Offset
        let end = classified.range.upperBound.utf8Offset
        if start < end { spans.append(DiffSyntaxSpan(start: start, end: end, cssClass: cssClass)) }
    }
    return spans
}
