internal import SwiftIDEUtils
internal import SwiftParser
internal import SwiftSyntax

// This module is built with library evolution and imports SwiftSyntax internally, so its clients
// (Reports, and every test module importing Reports) do not need the toolchain's host modules on
// their search path: SwiftPM gives the generated test-discovery module no `-I` flags.

/// A classified run of a Swift text: UTF-8 byte offsets and the CSS class the HTML report gives it.
public struct DiffSyntaxSpan: Sendable, Hashable {
    public let start: Int
    public let end: Int
    public let cssClass: String
}

/// The syntax classes of a Swift text, from SwiftSyntax's own classifier (SwiftIDEUtils), in order.
///
/// Parsing is the expensive step of the pipeline, so the HTML report keeps one result per distinct
/// text: the new side of one step is the old side of the next.
public func swiftSyntaxSpans(_ code: String) -> [DiffSyntaxSpan] {
    let tree = Parser.parse(source: code)
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
        let start = classified.range.lowerBound.utf8Offset, end = classified.range.upperBound.utf8Offset
        if start < end { spans.append(DiffSyntaxSpan(start: start, end: end, cssClass: cssClass)) }
    }
    return spans
}

