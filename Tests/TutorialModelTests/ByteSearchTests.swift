import TutorialModel
import XCTest

/// `ByteSearch` against the plain loops it stands for, over random texts of a few bytes (so that needles,
/// their anchors and line feeds occur often, at the ends too).
final class ByteSearchTests: XCTestCase {
    private func randomBytes(_ alphabet: [UInt8], count: ClosedRange<Int>) -> [UInt8] {
        (0..<Int.random(in: count)).map { _ in alphabet.randomElement()! }
    }

    func testSearchesAgreeWithLoops() {
        let alphabet = Array("ab-\n#<".utf8)
        var found = 0
        for _ in 0..<4000 {
            let haystack = randomBytes(alphabet, count: 0...24)
            let needle = randomBytes(alphabet, count: 1...4)
            let anchor = Int.random(in: 0..<needle.count)
            let expected =
                haystack.count >= needle.count
                && (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
            let actual = haystack.withUnsafeBufferPointer { ByteSearch.contains(needle, anchor: anchor, in: $0) }
            XCTAssertEqual(actual, expected, "\(haystack) \(needle) \(anchor)")
            XCTAssertEqual(
                ByteSearch.contains(needle, anchor: anchor, in: String(decoding: haystack, as: UTF8.self)), expected)
            if expected { found += 1 }

            let from = Int.random(in: 0...haystack.count)
            let first =
                haystack.count >= needle.count && from <= haystack.count - needle.count
                ? (from...(haystack.count - needle.count)).first {
                    haystack[$0..<($0 + needle.count)].elementsEqual(needle)
                } : nil
            let position = haystack.withUnsafeBufferPointer {
                ByteSearch.index(of: needle, anchor: anchor, in: $0, from: from)
            }
            XCTAssertEqual(position, first, "\(haystack) \(needle) \(anchor) from \(from)")

            let start = Int.random(in: 0...(haystack.count + 1))
            let byte = alphabet.randomElement()!
            let index = haystack.withUnsafeBufferPointer { ByteSearch.index(of: byte, in: $0, from: start) }
            XCTAssertEqual(index, start < haystack.count ? haystack[start...].firstIndex(of: byte) : nil)

            let other = randomBytes(alphabet, count: 0...24)
            let aEnd = Int.random(in: 0...haystack.count)
            let bEnd = Int.random(in: 0...other.count)
            let limit = Int.random(in: 0...min(aEnd, bEnd))
            var common = 0
            while common < limit, haystack[aEnd - 1 - common] == other[bEnd - 1 - common] { common += 1 }
            let suffix = haystack.withUnsafeBufferPointer { a in
                other.withUnsafeBufferPointer { b in
                    ByteSearch.commonSuffixLength(a, end: aEnd, b, end: bEnd, limit: limit)
                }
            }
            XCTAssertEqual(suffix, common)

            let count = Int.random(in: 0...min(haystack.count, other.count))
            let aStart = Int.random(in: 0...(haystack.count - count))
            let bStart = Int.random(in: 0...(other.count - count))
            XCTAssertEqual(
                ByteSearch.equal(haystack, at: aStart, other, at: bStart, count: count),
                haystack[aStart..<(aStart + count)].elementsEqual(other[bStart..<(bStart + count)]))
        }
        XCTAssertGreaterThan(found, 500)
    }

    func testCommonPrefixAndSuffixAgreeWithByteLoops() {
        for _ in 0..<2000 {
            // Long shared runs (past the 64-byte blocks) with a few bytes changed somewhere.
            let base = randomBytes(Array("ab".utf8), count: 0...300)
            var other = base
            for _ in 0..<Int.random(in: 0...3) where !other.isEmpty {
                let at = Int.random(in: 0..<other.count)
                switch Int.random(in: 0..<3) {
                case 0: other[at] = UInt8(ascii: "c")
                case 1: other.insert(UInt8(ascii: "d"), at: at)
                default: other.remove(at: at)
                }
            }
            let a = base[...]
            let b = other[...]
            let limit = min(a.count, b.count)
            var prefix = 0
            while prefix < limit, a[prefix] == b[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < limit - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
            let found = ByteSearch.commonPrefixSuffixLength(a, b)
            XCTAssertEqual(found.prefix, prefix)
            XCTAssertEqual(found.suffix, suffix)
            // Slices that do not start at 0 are measured from their own start.
            if a.count > 2, b.count > 2 {
                let inner = ByteSearch.commonPrefixSuffixLength(base[1...], other[1...])
                var innerPrefix = 0
                let innerLimit = min(base.count, other.count) - 1
                while innerPrefix < innerLimit, base[1 + innerPrefix] == other[1 + innerPrefix] { innerPrefix += 1 }
                XCTAssertEqual(inner.prefix, innerPrefix)
            }
        }
    }

    func testLineIndexWithAndWithoutCarriageReturnsAgreesWithAByteLoop() {
        for _ in 0..<2000 {
            let bytes = randomBytes(Array("a\n\r".utf8), count: 0...20)
            var starts = [0]
            var index = 0
            while index < bytes.count {
                if bytes[index] == 0x0A {
                    starts.append(index + 1)
                } else if bytes[index] == 0x0D {
                    if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
            XCTAssertEqual(LineIndex(bytes: bytes).lineStarts, starts, "\(bytes)")
            let lineFeeds = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
            XCTAssertEqual(LineIndex(lineFeedsIn: bytes).lineStarts, lineFeeds, "\(bytes)")
        }
    }

    /// `containsByte(atLeast:in:)` reads eight bytes at a time: one byte of each kind (ASCII, non-ASCII below the
    /// minimum, at it, above it) at every place of texts of every length up to three words and a part, so that
    /// the byte stands in a whole word, in the tail, at either end of either, and beside another.
    func testContainsByteAtLeastAgreesWithALoop() {
        for count in 0...27 {
            for place in 0..<max(count, 1) {
                for byte: UInt8 in [0x41, 0x80, 0xE1, 0xE2, 0xFF] {
                    for other: UInt8 in [0x20, 0xC3] {
                        var bytes = [UInt8](repeating: other, count: count)
                        if count > 0 { bytes[place] = byte }
                        for minimum: UInt8 in [0x80, 0xE2] {
                            let expected = bytes.contains { $0 >= minimum }
                            let actual = bytes.withUnsafeBufferPointer { ByteSearch.containsByte(atLeast: minimum, in: $0) }
                            XCTAssertEqual(actual, expected, "\(bytes) \(minimum)")
                        }
                    }
                }
            }
        }
    }

    /// `word(_:holds:)` for a byte at every place of a word among others of every kind next to it (the borrow of
    /// a zero byte reaches the byte above it: it must not be taken for a second match, nor hide one).
    func testWordHoldsAgreesWithItsBytes() {
        let kinds: [UInt8] = [0x00, 0x01, 0x7A, 0x7B, 0x7C, 0x7D, 0x80, 0xFB, 0xFF]
        for wanted: UInt8 in [0x7B, 0x7D, 0x00, 0xFF] {
            for first in kinds {
                for second in kinds {
                    for place in 0..<7 {
                        var bytes = [UInt8](repeating: 0x20, count: 8)
                        bytes[place] = first
                        bytes[place + 1] = second
                        let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                        XCTAssertEqual(ByteSearch.word(word, holds: wanted), bytes.contains(wanted), "\(bytes) \(wanted)")
                    }
                }
            }
        }
    }
}
