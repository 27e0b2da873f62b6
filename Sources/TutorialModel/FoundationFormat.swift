#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif

/// The few formatting calls the sources made of Foundation (`String(format:)`, `padding(toLength:…)`,
/// `addingPercentEncoding`), which FoundationEssentials lacks, with the same output; FoundationTextTests
/// holds them against Foundation.
package enum FoundationFormat {
    /// `String(format: "%.<digits>f", value)`: Foundation formats a double with the C library's printf in
    /// the C locale, as this does.
    package static func fixed(_ value: Double, fractionDigits: Int) -> String {
        let format = "%.\(fractionDigits)f"
        var buffer = [CChar](repeating: 0, count: 64)
        while true {
            let count = withVaList([value]) { arguments in vsnprintf(&buffer, buffer.count, format, arguments) }
            if count < 0 { return "" }
            if Int(count) < buffer.count {
                return String(decoding: buffer[..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            buffer = [CChar](repeating: 0, count: Int(count) + 1)
        }
    }

    /// `String(format: "%0<width>X", value)`: upper-case hexadecimal, zero-padded to `width` digits.
    package static func hex(_ value: some BinaryInteger, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// `text.padding(toLength: length, withPad: " ", startingAt: 0)`: lengths in UTF-16 units, as NSString
    /// counts them; a longer text is cut to `length` units (a surrogate pair cut in half becomes U+FFFD).
    package static func padded(_ text: String, toLength length: Int) -> String {
        let count = text.utf16.count
        if count < length { return text + String(repeating: " ", count: length - count) }
        if count == length { return text }
        return String(decoding: Array(text.utf16.prefix(length)), as: UTF16.self)
    }

    /// `CharacterSet.urlPathAllowed` without `?` and `#`, as Foundation on Linux defines it (no `;`).
    private static let pathAllowed = Set("!$&'()*+,-./0123456789:=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~".utf8)

    /// `text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed minus "?#")`: every UTF-8 byte
    /// of any other character as `%XX`.
    package static func percentEncodedPath(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            if pathAllowed.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + hex(byte, width: 2)
            }
        }
        return result
    }
}

extension FoundationFormat {
    /// `text.removingPercentEncoding`: every `%` must start two hexadecimal digits, and the bytes they
    /// stand for, with the text's own, must be valid UTF-8; nil otherwise.
    package static func removingPercentEncoding(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
