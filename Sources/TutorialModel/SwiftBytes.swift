/// The byte classes `SwiftNesting.scan` reads Swift by: words, operators, spaces, and the keywords that
/// take what follows as their operand. Apart from the scanner, so that its file is the scan's moves alone.
enum SwiftBytes {
    static func wordEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
        return end
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    static func isOperator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
            UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
            UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    /// Keywords that take the expression or type after them as their operand, so a run of them nests.
    /// Compared as one integer, five bits a lowercase letter (every keyword is 3 to 9 letters): this
    /// runs for every word of every state of every file.
    static func isPrefixKeyword(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard word.count >= 3, word.count <= 9, let packed = pack(word) else { return false }
        return prefixKeywords.contains(packed)
    }

    /// The letters of a lowercase word, five bits each; nil for any other byte.
    static func pack<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt64? {
        var packed: UInt64 = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") else { return nil }
            packed = packed << 5 | UInt64(byte - 0x60)
        }
        return packed
    }

    static let prefixKeywords: Set<UInt64> = Set([
        "try", "await", "any", "some", "each", "repeat", "consume", "copy", "discard", "inout", "borrowing",
        "consuming", "sending", "isolated", "throw", "return", "async", "throws", "rethrows", "case",
    ].compactMap { pack($0.utf8) })
}
