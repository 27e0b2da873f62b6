#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON document as a tree, read with FoundationEssentials' `JSONDecoder` where the sources used
/// `JSONSerialization` (which lives in libFoundation.so, loaded with ICU at every start of the CLI). Both
/// parsers come from the same code and accept the same texts (UTF-8 or UTF-16/32, a byte order mark,
/// trailing commas; no leading zeros, NaN or out-of-range numbers); they differ where an object repeats a
/// key: `JSONSerialization` keeps the last value, `JSONDecoder` the first.
///
/// It is the project's one JSON value type: the language server's opaque `LSPAny` values (`JSONValue`) are
/// this type too, encoded with whole numbers written as integers.
public enum JSONTree: Codable, Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let elements = try? container.decode([JSONTree].self) {
            self = .array(elements)
        } else {
            self = .object(try container.decode([String: JSONTree].self))
        }
    }

    /// Whole numbers below 10^15 are written as integers (`"id": 1`, not `1.0`), as JSON-RPC peers expect.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 {
                try container.encode(Int(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The member `key` of an object; nil for anything else.
    public subscript(key: String) -> JSONTree? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The document in `data`, or nil when it is no JSON.
    package static func parse(_ data: Data) -> JSONTree? { try? JSONDecoder().decode(JSONTree.self, from: data) }

    /// What `as? Bool` answered of the `JSONSerialization` value: a boolean, or a number equal to 0 or 1
    /// (an `NSNumber` bridges to `Bool` when it is one of those).
    package var boolValue: Bool? {
        switch self {
        case .bool(let flag): flag
        case .number(let number) where number == 0: false
        case .number(let number) where number == 1: true
        default: nil
        }
    }

    public var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    package var objectValue: [String: JSONTree]? {
        if case .object(let members) = self { members } else { nil }
    }

    /// `as? [String]`: an array of strings only.
    package var stringsValue: [String]? {
        guard case .array(let elements) = self else { return nil }
        var strings: [String] = []
        for element in elements {
            guard case .string(let text) = element else { return nil }
            strings.append(text)
        }
        return strings
    }

    /// `as? [String: String]`: an object of strings only.
    package var stringTableValue: [String: String]? {
        guard case .object(let members) = self else { return nil }
        var table: [String: String] = [:]
        for (key, value) in members {
            guard case .string(let text) = value else { return nil }
            table[key] = text
        }
        return table
    }
}
