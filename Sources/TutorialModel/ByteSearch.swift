#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif

/// Searches of UTF-8 bytes by `memchr` and `memcmp`: every state of every snippet is scanned for line
/// breaks, markers and suppression comments, and a Swift loop over each byte cost several times more
/// (bounds checks, and no vector instructions; unspecialized in debug builds, slower still under the
/// sanitizers).
public enum ByteSearch {
    /// The first position of `byte` in `buffer` at or after `start`, nil when there is none.
    public static func index(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < buffer.count, let base = buffer.baseAddress,
            let hit = memchr(base + start, Int32(byte), buffer.count - start)
        else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
    }

    /// Whether `buffer` holds a byte of `minimum` or more, `minimum` at least 0x80 (a non-ASCII lead byte):
    /// read eight bytes at a time, byte by byte only in a word that holds a non-ASCII byte.
    public static func containsByte(atLeast minimum: UInt8, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        precondition(minimum >= 0x80, "an ASCII minimum is not found by the words' high bits")
        let raw = UnsafeRawBufferPointer(buffer)
        var index = 0
        while index + 8 <= buffer.count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0,
                buffer[index..<(index + 8)].contains(where: { $0 >= minimum })
            {
                return true
            }
            index += 8
        }
        return buffer[index...].contains { $0 >= minimum }
    }

    /// Whether one of the eight bytes of `word` is `byte` (the bytes XORed with it, and a zero byte found by the
    /// borrow it makes: exact, no false answer either way).
    public static func word(_ word: UInt64, holds byte: UInt8) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & (ones &* 0x80) != 0
    }

    /// Whether `needle` occurs in `haystack`. The byte at `needle[anchor]` is the one looked for, then the
    /// whole needle compared: pick one rare in the text searched (a `-` rather than the `t` of
    /// `tutorial-check`).
    public static func contains(_ needle: [UInt8], anchor: Int, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        index(of: needle, anchor: anchor, in: haystack, from: 0) != nil
    }

    /// The first position at or after `start` where `needle` occurs in `haystack`, nil when there is none
    /// (`anchor` as for `contains`).
    public static func index(
        of needle: [UInt8], anchor: Int, in haystack: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> Int? {
        guard !needle.isEmpty else { return start <= haystack.count ? start : nil }
        guard haystack.count >= needle.count, let base = haystack.baseAddress else { return nil }
        return needle.withUnsafeBufferPointer { wanted in
            var from = start + anchor
            while let hit = index(of: wanted[anchor], in: haystack, from: from) {
                let found = hit - anchor
                if found + wanted.count > haystack.count { return nil }
                if memcmp(base + found, wanted.baseAddress!, wanted.count) == 0 { return found }
                from = hit + 1
            }
            return nil
        }
    }

    /// Whether `needle` occurs in the UTF-8 of `text` (see the other `contains`).
    public static func contains(_ needle: [UInt8], anchor: Int, in text: String) -> Bool {
        var text = text
        return text.withUTF8 { contains(needle, anchor: anchor, in: $0) }
    }

    /// Whether `a[aStart..<aStart + count]` and `b[bStart..<bStart + count]` hold the same bytes.
    public static func equal(_ a: [UInt8], at aStart: Int, _ b: [UInt8], at bStart: Int, count: Int) -> Bool {
        guard count > 0 else { return true }
        precondition(aStart >= 0 && bStart >= 0 && aStart + count <= a.count && bStart + count <= b.count)
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in memcmp(a.baseAddress! + aStart, b.baseAddress! + bStart, count) == 0 }
        }
    }

    /// The length of the longest common prefix of two byte strings, and of their longest common suffix in
    /// what the prefix leaves of each (the two never overlap, so `prefix + suffix` bytes are shared). Two
    /// states of a file, or two versions of a document an editor sends, share most of their bytes: compared a
    /// page at a time while they agree, then 64 bytes at a time (a 1 MB document compared 64 bytes at a time
    /// cost a third of a million instructions, at every keystroke).
    public static func commonPrefixSuffixLength(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> (prefix: Int, suffix: Int) {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                let limit = min(a.count, b.count)
                guard limit > 0, let aBase = a.baseAddress, let bBase = b.baseAddress else { return (0, 0) }
                var prefix = 0
                for stride in [4096, 64] {
                    while prefix + stride <= limit, memcmp(aBase + prefix, bBase + prefix, stride) == 0 { prefix += stride }
                }
                while prefix < limit, a[prefix] == b[prefix] { prefix += 1 }
                var suffix = 0
                for stride in [4096, 64] {
                    while suffix + stride <= limit - prefix,
                        memcmp(aBase + a.count - suffix - stride, bBase + b.count - suffix - stride, stride) == 0
                    {
                        suffix += stride
                    }
                }
                while suffix < limit - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
                return (prefix, suffix)
            }
        }
    }

    /// How many bytes `a[..<aEnd]` and `b[..<bEnd]` end with in common, at most `limit`: the whole `limit`
    /// checked at once first, since the texts compared (a code line and its document line) usually are.
    public static func commonSuffixLength(
        _ a: UnsafeBufferPointer<UInt8>, end aEnd: Int, _ b: UnsafeBufferPointer<UInt8>, end bEnd: Int, limit: Int
    ) -> Int {
        guard limit > 0, let aBase = a.baseAddress, let bBase = b.baseAddress else { return 0 }
        if memcmp(aBase + aEnd - limit, bBase + bEnd - limit, limit) == 0 { return limit }
        var common = 0
        while common < limit, a[aEnd - 1 - common] == b[bEnd - 1 - common] { common += 1 }
        return common
    }
}
