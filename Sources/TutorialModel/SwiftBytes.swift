/// The byte classes `SwiftNesting.scan` reads Swift by: words, operators, spaces, and the keywords that
/// take what follows as their operand. Apart from the scanner, so that its file is the scan's moves alone.
enum SwiftBytes {
    static func wordEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
        return end
    }

    /// Letters, digits, `_`, `$` and every non-ASCII byte, tested as one bit of two masks of the ASCII
    /// bytes: the scan asks this of every byte of every word of every state.
    static func isWordByte(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        let mask: UInt64 = byte < 64 ? wordBytesBelow64 : wordBytesFrom64
        return mask & (1 << UInt64(byte & 63)) != 0
    }

    /// `$` (0x24) and the digits (0x30 to 0x39).
    private static let wordBytesBelow64: UInt64 = 1 << 0x24 | 0x03FF << 0x30
    /// The capitals (0x41 to 0x5A), `_` (0x5F) and the lowercase letters (0x61 to 0x7A), less 64.
    private static let wordBytesFrom64: UInt64 = 0x03FF_FFFF << 0x01 | 1 << 0x1F | 0x03FF_FFFF << 0x21

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
        // Most words start with a letter no prefix keyword of their length starts with (`let`, `func`,
        // `self`, `control`): no packing.
        guard word.count >= 3, word.count <= 9, let first = word.first, first >= UInt8(ascii: "a"),
            first <= UInt8(ascii: "z"),
            keywordLengths[Int(first - UInt8(ascii: "a"))] & (1 << UInt16(word.count)) != 0,
            let packed = pack(word)
        else { return false }
        // A binary search of the sorted packed keywords: a `Set` hashed every word of every state.
        let keywords = prefixKeywords
        var (low, high) = (0, keywords.count)
        while low < high {
            let middle = (low + high) / 2
            if keywords[middle] < packed { low = middle + 1 } else { high = middle }
        }
        return low < keywords.count && keywords[low] == packed
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

    private static let prefixKeywordNames = [
        "try", "await", "any", "some", "each", "repeat", "consume", "copy", "discard", "inout", "borrowing",
        "consuming", "sending", "isolated", "throw", "return", "async", "throws", "rethrows", "case",
    ]

    /// By initial letter from `a`, the lengths of the prefix keywords it starts, one bit per length.
    private static let keywordLengths: [UInt16] = prefixKeywordNames.reduce(into: Array(repeating: 0, count: 26)) {
        lengths, name in
        lengths[Int(name.utf8.first! - UInt8(ascii: "a"))] |= 1 << UInt16(name.utf8.count)
    }

    /// Packed, sorted.
    static let prefixKeywords: [UInt64] = prefixKeywordNames.compactMap { pack($0.utf8) }.sorted()
}
