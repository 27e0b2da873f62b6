/// Swift snippets the toolchain's parser must not be given, because it would stall the run.
///
/// Both limits are far beyond any real tutorial's code; they exist for broken and hostile input
/// (fuzzing found both), and every place that parses Swift checks them first.
public enum SwiftParseLimits {
    /// The largest Swift snippet parsed (1 MiB). SwiftParser reads about 0.65 MB/s, so a 10 MB line
    /// of code would stall a run for half a minute.
    public static let maximumSnippetBytes = 1 << 20

    /// The deepest `[` nesting parsed. SwiftParser's lookahead for collection and inline-array types
    /// backtracks exponentially over unclosed `[` (measured: 12 deep 0.05 s, 14 deep 0.11 s, 94 deep
    /// not done after minutes); real code stays under a handful.
    public static let maximumBracketDepth = 16

    /// Why `code` is not parsed, as a sentence for the user; nil when it can be parsed.
    public static func unparseableReason(_ code: String) -> String? {
        let size = code.utf8.count
        if size > maximumSnippetBytes {
            let megabytes = (Double(size) / Double(1 << 20) * 10).rounded() / 10
            return "this Swift snippet is \(megabytes) MiB; snippets over \(maximumSnippetBytes >> 20) MiB are not parsed, so the code rules skip it"
        }
        let deepest = deepestBracketNesting(code)
        if deepest > maximumBracketDepth {
            return "this Swift snippet nests `[` \(deepest) deep; the Swift parser takes exponential time on such code, so the code rules skip it"
        }
        return nil
    }

    /// The deepest `[` nesting of `code`, scanned over its contiguous UTF-8 bytes (every snippet is
    /// checked before it is parsed, so this runs for each state of each file: the view's per-byte
    /// iteration cost 30 instructions a byte). Outside brackets, eight bytes without a `[` are passed
    /// at once: a `]` there changes nothing, and most code has few brackets.
    static func deepestBracketNesting(_ code: String) -> Int {
        var copy = code
        return copy.withUTF8 { bytes in
            var depth = 0
            var deepest = 0
            var index = 0
            let count = bytes.count
            while index < count {
                if depth == 0, index + 8 <= count, let base = bytes.baseAddress {
                    // A byte of `word ^ 0x5B…5B` is zero where `word` holds a `[` (the exact zero-byte test).
                    let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    let x = word ^ 0x5B5B_5B5B_5B5B_5B5B
                    if (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 == 0 {
                        index += 8
                        continue
                    }
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: "[") {
                    depth += 1
                    deepest = max(deepest, depth)
                } else if byte == UInt8(ascii: "]"), depth > 0 {
                    depth -= 1
                }
                index += 1
            }
            return deepest
        }
    }
}
