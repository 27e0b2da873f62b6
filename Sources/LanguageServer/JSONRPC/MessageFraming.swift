#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Splits a byte stream into JSON-RPC message bodies framed by `Content-Length` headers (LSP base protocol).
///
/// The framer never gives up on a stream: a header block without a usable `Content-Length` is reported
/// and skipped, and a body larger than `maximumBodyLength` is reported and discarded as it streams by, so
/// one bad message costs one error, not the connection, and memory stays bounded.
public struct MessageFramer: Sendable {
    /// What the framer found in the stream.
    public enum Event: Equatable, Sendable {
        /// One complete message body (the JSON text).
        case message(Data)
        /// A header block or body that could not be used; the reason is for the error reply and the log.
        case malformed(String)
    }

    public let maximumBodyLength: Int
    private var buffer = Data()
    /// Bytes of an oversized body still to skip.
    private var discarding = 0

    public init(maximumBodyLength: Int = 64 << 20) {
        self.maximumBodyLength = maximumBodyLength
    }

    /// Bytes received but not yet part of a complete message.
    public var pendingByteCount: Int { buffer.count }

    /// Adds received bytes and returns every event they complete, in stream order.
    public mutating func append(_ bytes: Data) -> [Event] {
        buffer.append(bytes)
        var events: [Event] = []
        while let event = nextEvent() { events.append(event) }
        // Data slices keep their storage; start afresh so a long session does not keep every byte it saw.
        if buffer.startIndex != 0 { buffer = Data(buffer) }
        return events
    }

    private static let headerTerminator = Data("\r\n\r\n".utf8)

    private mutating func nextEvent() -> Event? {
        if discarding > 0 {
            let dropped = min(discarding, buffer.count)
            buffer.removeFirst(dropped)
            discarding -= dropped
            if discarding > 0 { return nil }
        }
        guard let terminator = buffer.firstRange(of: Self.headerTerminator) else {
            // A header block never needs this much; the peer is sending garbage without line breaks.
            if buffer.count > 64 * 1024 {
                buffer.removeAll()
                return .malformed("header block longer than 64 KiB without a blank line")
            }
            return nil
        }
        let header = String(decoding: buffer[buffer.startIndex..<terminator.lowerBound], as: UTF8.self)
        let bodyStart = terminator.upperBound
        guard let length = Self.contentLength(in: header) else {
            buffer.removeSubrange(buffer.startIndex..<bodyStart)
            return .malformed("header block without a valid Content-Length")
        }
        if length > maximumBodyLength {
            buffer.removeSubrange(buffer.startIndex..<bodyStart)
            discarding = length
            return .malformed("message of \(length) bytes exceeds the limit of \(maximumBodyLength) bytes")
        }
        guard buffer.count - (bodyStart - buffer.startIndex) >= length else { return nil }
        let body = Data(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeSubrange(buffer.startIndex..<(bodyStart + length))
        return .message(body)
    }

    /// The value of the last `Content-Length` field: garbage left by a previous broken message may share
    /// the first line, so the field is searched for rather than expected at the start.
    public static func contentLength(in header: String) -> Int? {
        var result: Int?
        for line in header.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            let lowered = line.lowercased()
            guard let field = lowered.rangeOfText("content-length:", backwards: true) else { continue }
            let value = lowered[field.upperBound...].trimmingScalars(in: .whitespaces)
            guard let number = Int(value), number >= 0 else { return nil }
            result = number
        }
        return result
    }

    /// Frames one body for sending.
    public static func frame(_ body: Data) -> Data {
        var framed = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        framed.append(body)
        return framed
    }
}
