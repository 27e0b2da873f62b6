#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one JSON encoder of the project: every JSON it writes (the CLI's contracts, the language server's
/// messages, the lint cache file, the mutants list) is encoded here, in the style its reader needs.
public enum JSONWriting {
    public enum Style: Sendable {
        /// The CLI's contracts (docs/json-output.md): pretty-printed, keys sorted so output is stable and
        /// diffable, slashes unescaped so paths and URIs stay readable.
        case printed
        /// The same keys and order on one line (the language server's contract-shaped results).
        case compact
        /// Messages on the wire: keys in declaration order (clients do not care), slashes unescaped.
        case wire
        /// A file only this tool reads back (the lint cache): keys sorted, on one line.
        case storage
    }

    public static func data<Value: Encodable>(_ value: Value, style: Style) throws -> Data {
        let encoder = JSONEncoder()
        switch style {
        case .printed: encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        case .compact: encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        case .wire: encoder.outputFormatting = [.withoutEscapingSlashes]
        case .storage: encoder.outputFormatting = [.sortedKeys]
        }
        return try encoder.encode(value)
    }
}
