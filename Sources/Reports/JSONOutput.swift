import Foundation
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

/// Encodes report values the same way everywhere: sorted keys so output is stable and diffable.
public func encodeJSON<Value: Encodable>(_ value: Value) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
}
