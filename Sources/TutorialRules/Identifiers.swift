/// The identifier-like words of a text (ASCII letters, digits and `_`, scanned as bytes: identifiers in
/// code are ASCII, and scanning `Character`s costs ten times more).
package func identifiers(in text: Substring) -> Set<String> { identifiers(inUTF8: Array(text.utf8)[...]) }

/// The identifier-like words of UTF-8 bytes.
package func identifiers(inUTF8 bytes: ArraySlice<UInt8>) -> Set<String> {
    var result = Set<String>()
    formIdentifiers(inUTF8: bytes, into: &result)
    return result
}

/// Adds the identifier-like words of UTF-8 bytes to `result` (no set per line to merge afterwards).
package func formIdentifiers(inUTF8 bytes: ArraySlice<UInt8>, into result: inout Set<String>) {
    let bytes = Array(bytes)
    var start = -1
    for index in 0...bytes.count {
        let byte = index < bytes.count ? bytes[index] : 0x20
        let isWord =
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F
        if isWord {
            if start < 0 { start = index }
        } else if start >= 0 {
            result.insert(String(decoding: bytes[start..<index], as: UTF8.self))
            start = -1
        }
    }
}
