#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// JSON with comments, as `.tutorial-check.json` is read (JSONC, as VS Code's settings, tsconfig.json and
/// markdownlint-cli2's `.jsonc` files are): `// …` to the end of the line and `/* … */` comments, and a
/// comma before `}` or `]` (left behind when the last entry is commented out), outside strings. Each is
/// replaced by spaces of the same length, so a JSON error's position is still its position in the file,
/// and string contents are never touched (`"https://…"` keeps its `//`). Linear in the text.
enum JSONComments {
    /// The text with comments and trailing commas blanked; nil when a `/*` comment is never closed.
    static func blanked(_ data: Data) -> Data? {
        var bytes = [UInt8](data)
        var index = 0
        var inString = false
        // The last comma outside strings, while only blanks and comments have followed it.
        var pendingComma: Int?
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            switch byte {
            case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
                    bytes[index] = UInt8(ascii: " ")
                    index += 1
                }
                continue
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                let start = index
                index += 2
                while index + 1 < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                guard index + 1 < bytes.count else { return nil }
                index += 2
                // Line breaks stay, so line numbers stay.
                for position in start..<index where bytes[position] != UInt8(ascii: "\n") {
                    bytes[position] = UInt8(ascii: " ")
                }
                continue
            case UInt8(ascii: "\""):
                inString = true
                pendingComma = nil
            case UInt8(ascii: ","):
                pendingComma = index
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let comma = pendingComma { bytes[comma] = UInt8(ascii: " ") }
                pendingComma = nil
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                break
            default:
                pendingComma = nil
            }
            index += 1
        }
        return Data(bytes)
    }
}
