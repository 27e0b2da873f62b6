#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// UTF-8 text from bytes, as both documents and resources are read: a UTF-8 byte-order mark is
/// dropped; UTF-16, binary data and invalid UTF-8 are refused with the reason (for invalid UTF-8, the line
/// it stops being UTF-8 on, so an author can find the stray byte or see that the whole file is in another
/// encoding).
public enum UTF8Text {
    public struct Problem: Error, Sendable, Equatable {
        public let reason: String
    }

    public static func decode(_ bytes: [UInt8]) -> Result<String, Problem> {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return .failure(Problem(reason: "is UTF-16 encoded; convert it to UTF-8"))
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        if body.contains(0) { return .failure(Problem(reason: "is binary data, not a text document")) }
        guard let text = String(validating: body, as: UTF8.self) else {
            let line = firstInvalidLine(body)
            return .failure(
                Problem(reason: "is not valid UTF-8 (the first invalid byte is on line \(line)); convert it to UTF-8"))
        }
        return .success(text)
    }

    /// A document's text: UTF-8, or else the encoding an HTML page declares in its first 1,024 bytes
    /// (`<meta charset="gb2312">`, `<meta http-equiv="Content-Type" content="text/html; charset=shift_jis">`,
    /// an XML declaration's `encoding`). Pages written before UTF-8 was the norm declare theirs, and a browser
    /// reads them by it, so the page is read as it renders. Line breaks are kept, so every line keeps its
    /// number; columns are those of the UTF-8 text. Markdown and plain text declare nothing: bytes that are
    /// not UTF-8 there are read as `fallback` when the user names one (`--encoding gbk`), else refused with
    /// the line they start on. Valid UTF-8 is read as UTF-8 whatever the fallback, so a folder mixing both
    /// reads right.
    public static func decodeDocument(_ bytes: [UInt8], fallback: String? = nil) -> Result<String, Problem> {
        let asUTF8 = decode(bytes)
        guard case .failure = asUTF8, String(validating: bytes, as: UTF8.self) == nil, !bytes.contains(0),
            !bytes.starts(with: [0xFF, 0xFE]), !bytes.starts(with: [0xFE, 0xFF])
        else { return asUTF8 }
        if let charset = declaredCharset(bytes.prefix(1024)), !isUTF8(charset) {
            guard let text = convert(bytes, from: charset) else {
                return .failure(
                    Problem(reason: "is neither valid UTF-8 nor valid \(charset), the encoding it declares"))
            }
            return .success(text)
        }
        guard let fallback else { return asUTF8 }
        guard let text = convert(bytes, from: fallback) else {
            return .failure(Problem(reason: "is neither valid UTF-8 nor valid \(fallback), the encoding given"))
        }
        return .success(text)
    }

    /// Whether the C library's iconv converts `name` to UTF-8 (`windows-1252`, `gbk`, `shift_jis`, `euc-kr`).
    public static func knowsEncoding(_ name: String) -> Bool {
        let descriptor = iconv_open("UTF-8", name)
        guard descriptor != iconv_t(bitPattern: -1) else { return false }
        iconv_close(descriptor)
        return true
    }

    /// 1 + the line breaks before the first byte that does not belong to a UTF-8 sequence.
    private static func firstInvalidLine(_ body: ArraySlice<UInt8>) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = body.makeIterator()
        var offset = body.startIndex
        scan: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput, .error: break scan
            }
        }
        return 1 + body[..<offset].lazy.filter { $0 == UInt8(ascii: "\n") }.count
    }

    /// The encoding named by a `charset` inside a `<meta` tag, or by the `encoding` of an XML declaration
    /// that opens the text, compared without case as HTML's own pre-scan does.
    static func declaredCharset(_ head: ArraySlice<UInt8>) -> String? {
        let lowered = head.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }[...]
        if lowered.starts(with: Array("<?xml".utf8)), let end = lowered.firstIndex(of: UInt8(ascii: ">")),
            let name = value(after: "encoding", in: lowered[..<end])
        {
            return name
        }
        var searchFrom = 0
        while let open = firstRange(of: Array("<meta".utf8), in: lowered, from: searchFrom) {
            let end = lowered[open...].firstIndex(of: UInt8(ascii: ">")) ?? lowered.endIndex
            if let name = value(after: "charset", in: lowered[open..<end]) { return name }
            searchFrom = end
        }
        return nil
    }

    /// The name after `key`, optional spaces, `=`, optional spaces and an optional quote.
    private static func value(after key: String, in bytes: ArraySlice<UInt8>) -> String? {
        guard let start = firstRange(of: Array(key.utf8), in: bytes, from: bytes.startIndex) else { return nil }
        var position = start + key.utf8.count
        let spaces: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        while position < bytes.endIndex, spaces.contains(bytes[position]) { position += 1 }
        guard position < bytes.endIndex, bytes[position] == UInt8(ascii: "=") else { return nil }
        position += 1
        while position < bytes.endIndex, spaces.contains(bytes[position]) || bytes[position] == 0x22
            || bytes[position] == 0x27
        {
            position += 1
        }
        let name = bytes[position...].prefix { byte in
            (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || "-_.:".utf8.contains(byte)
        }
        return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
    }

    private static func firstRange(of needle: [UInt8], in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        guard bytes.endIndex - needle.count >= start else { return nil }
        return (start...(bytes.endIndex - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func isUTF8(_ charset: String) -> Bool { charset == "utf-8" || charset == "utf8" }

    /// The bytes converted from `charset` to UTF-8 by the C library's iconv; nil when it knows no such
    /// encoding or the bytes are not valid in it.
    private static func convert(_ bytes: [UInt8], from charset: String) -> String? {
        let descriptor = iconv_open("UTF-8", charset)
        guard descriptor != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(descriptor) }
        var input = bytes
        // Every legacy encoding takes at least one byte for a character UTF-8 writes in at most four.
        var output = [UInt8](repeating: 0, count: bytes.count * 4 + 4)
        let written: Int? = input.withUnsafeMutableBytes { inputBuffer in
            output.withUnsafeMutableBytes { outputBuffer in
                var inputPointer = inputBuffer.baseAddress?.assumingMemoryBound(to: CChar.self)
                var inputLeft = inputBuffer.count
                var outputPointer = outputBuffer.baseAddress?.assumingMemoryBound(to: CChar.self)
                var outputLeft = outputBuffer.count
                guard iconv(descriptor, &inputPointer, &inputLeft, &outputPointer, &outputLeft) != -1, inputLeft == 0
                else { return nil }
                return outputBuffer.count - outputLeft
            }
        }
        guard let written, let text = String(validating: output[..<written], as: UTF8.self) else { return nil }
        return text.utf8.contains(0) ? nil : text
    }
}
