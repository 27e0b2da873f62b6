// Reports owns one renderer per output format: lint text, JSON, SARIF and GitHub; diff unified, JSON,
// Markdown and HTML; the outline; the rule reference. JSON goes through this file's encoder.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialModel

/// The `range` object of the JSON contracts: 1-based lines and UTF-16 columns.
public struct JSONRange: Codable, Equatable, Sendable {
    public let start: LineColumn
    public let end: LineColumn

    public init(_ range: SourceRange, in index: LineIndex) {
        start = index.lineColumn(of: range.start)
        end = index.lineColumn(of: range.end)
    }
}

/// Encodes report values the same way everywhere: sorted keys so output is stable and diffable, and
/// pretty-printed for the CLI (the language server sends the same keys on one line).
public func encodeJSONData<Value: Encodable>(_ value: Value, pretty: Bool = true) throws -> Data {
    try JSONWriting.data(value, style: pretty ? .printed : .compact)
}

/// A report value as the CLI prints it.
public func encodeJSON<Value: Encodable>(_ value: Value) -> String {
    let data = (try? encodeJSONData(value)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
}
