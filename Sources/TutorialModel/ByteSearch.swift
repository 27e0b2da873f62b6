import Foundation

extension UnsafeBufferPointer<UInt8> {
    /// The offset of the first occurrence of `needle` at or after `start`, found by `memchr` and `memcmp`:
    /// scans that run over every snippet or step at each keystroke cost about an instruction a byte this
    /// way, several in a Swift loop.
    public func firstOffset(of needle: [UInt8], from start: Int = 0) -> Int? {
        guard let base = baseAddress, start >= 0, start <= count else { return nil }
        guard let first = needle.first else { return start }
        var from = start
        while count - from >= needle.count {
            guard let found = memchr(base + from, Int32(first), count - from - needle.count + 1) else { return nil }
            let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            if needle.withUnsafeBytes({ memcmp(found, $0.baseAddress!, needle.count) }) == 0 { return at }
            from = at + 1
        }
        return nil
    }
}
