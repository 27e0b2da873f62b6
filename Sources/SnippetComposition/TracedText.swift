/// Text assembled from pieces, each byte remembering the offset in the shown snippet's code it was copied
/// from (-1 for bytes of the file's previous state and for indentation added when placing code).
public struct TracedText: Sendable {
    // Kept private(set) so the two arrays cannot fall out of step: every change goes through a method
    // that updates both, or the source map silently points at the wrong bytes.
    public private(set) var bytes: [UInt8] = []
    /// Per byte: its offset in the shown code, or -1.
    public private(set) var origins: [Int32] = []

    public init() {}

    /// The shown code itself: every byte traced to its own offset.
    public init(shown code: String) {
        bytes = Array(code.utf8)
        origins = (0..<bytes.count).map { Int32($0) }
    }

    /// Bytes that come from nowhere in the shown code.
    public init(untraced bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
        origins = Array(repeating: -1, count: self.bytes.count)
    }

    public var count: Int { bytes.count }
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func append(_ other: TracedText, _ range: Range<Int>) {
        bytes.append(contentsOf: other.bytes[range])
        origins.append(contentsOf: other.origins[range])
    }

    mutating func append(_ other: TracedText) { append(other, 0..<other.count) }

    mutating func appendUntraced(_ text: some Sequence<UInt8>) {
        for byte in text {
            bytes.append(byte)
            origins.append(-1)
        }
    }

    /// Drops one `\n` at the end, if there is one.
    mutating func removeFinalNewline() {
        guard bytes.last == 0x0A else { return }
        bytes.removeLast()
        origins.removeLast()
    }

    /// Drops every `\n` at the end.
    mutating func removeTrailingNewlines() {
        while bytes.last == 0x0A { removeFinalNewline() }
    }

    func slice(_ range: Range<Int>) -> TracedText {
        var result = TracedText()
        result.append(self, range)
        return result
    }

    /// Line ranges without their `\n` (a final newline gives no extra line).
    var lineRanges: [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(start..<index)
            start = index + 1
        }
        if start < bytes.count { result.append(start..<bytes.count) }
        return result
    }
}
