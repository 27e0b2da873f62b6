import TutorialModel

/// The positions of tags in the original bytes of an HTML page.
///
/// libxml2 builds the tree but keeps only a line number per node, no columns and no byte offsets.
/// This scanner does not parse HTML: it only finds where each tag begins and ends (skipping comments,
/// declarations and the raw text of `<script>`/`<style>`), so a node of libxml2's tree can be matched
/// with its start tag by name, order and line, and a code block's text with its bytes.
struct HTMLRawMarkup {
    struct Tag {
        /// Lower-cased element name.
        let name: String
        let isEnd: Bool
        /// From `<` to after `>` (or the end of the scanned bytes for an unclosed tag).
        let range: SourceRange
    }

    let bytes: [UInt8]
    let tags: [Tag]
    /// Indices into `tags` of the start tags of each element name, in order.
    private let startTagsByName: [String: [Int]]

    /// Scans `bytes[range]`.
    init(bytes: [UInt8], range: SourceRange) {
        self.bytes = bytes
        var tags: [Tag] = []
        var index = range.start
        let end = range.end
        while index < end {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < end else {
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                if HTMLRawMarkup.hasPrefix(bytes, at: index, "<!--", end: end) {
                    index = HTMLRawMarkup.find(bytes, "-->", from: index + 4, end: end).map { $0 + 3 } ?? end
                } else {
                    index = HTMLRawMarkup.tagEnd(bytes, from: index + 2, end: end)
                }
                continue
            }
            let isEnd = next == UInt8(ascii: "/")
            let nameStart = isEnd ? index + 2 : index + 1
            var nameEnd = nameStart
            while nameEnd < end, HTMLRawMarkup.isNameByte(bytes[nameEnd]) { nameEnd += 1 }
            guard nameEnd > nameStart, HTMLRawMarkup.isLetter(bytes[nameStart]) else {
                index += 1  // a lone `<` in text
                continue
            }
            let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self).lowercased()
            let tagEnd = HTMLRawMarkup.tagEnd(bytes, from: nameEnd, end: end)
            tags.append(Tag(name: name, isEnd: isEnd, range: SourceRange(start: index, end: tagEnd)))
            index = tagEnd
            if !isEnd, HTMLRawMarkup.rawTextElements.contains(name) {
                // Script and style bodies are not markup: continue at their end tag.
                index = HTMLRawMarkup.findEndTag(bytes, name: name, from: index, end: end) ?? end
            }
        }
        var byName: [String: [Int]] = [:]
        for (offset, tag) in tags.enumerated() where !tag.isEnd { byName[tag.name, default: []].append(offset) }
        self.tags = tags
        self.startTagsByName = byName
    }

    static let rawTextElements: Set<String> = ["script", "style", "textarea", "xmp", "title"]

    /// The start tag of an element named `name` that libxml2 reported on 0-based `line`: the first one
    /// after `cursor` whose `<`…`>` span covers the line (libxml2 gives the line where the tag ends), or
    /// simply the first one after `cursor` when the line is unknown.
    /// Implied elements (libxml2 adds `<html>`, `<body>`, `<p>`) have no tag: nil.
    func startTag(named name: String, line: Int?, after cursor: Int, lineIndex: LineIndex) -> (index: Int, tag: Tag)? {
        guard let candidates = startTagsByName[name] else { return nil }
        var low = 0
        var high = candidates.count
        while low < high {
            let middle = (low + high) / 2
            if tags[candidates[middle]].range.start < cursor { low = middle + 1 } else { high = middle }
        }
        guard let line else { return low < candidates.count ? (candidates[low], tags[candidates[low]]) : nil }
        for position in low..<candidates.count {
            let tag = tags[candidates[position]]
            let first = lineIndex.lineNumber(containing: tag.range.start)
            if first > line { return nil }
            let last = lineIndex.lineNumber(containing: max(tag.range.start, tag.range.end - 1))
            if last >= line { return (candidates[position], tag) }
        }
        return nil
    }

    /// The first end tag named `name` after tag `index`, unless a start tag of the same name comes first
    /// (a `<p>` closed implicitly).
    func endTag(named name: String, after index: Int) -> Tag? {
        var position = index + 1
        while position < tags.count {
            let tag = tags[position]
            if tag.name == name { return tag.isEnd ? tag : nil }
            position += 1
        }
        return nil
    }

    // MARK: - Byte helpers

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
            || byte == UInt8(ascii: "_")
    }

    static func hasPrefix(_ bytes: [UInt8], at index: Int, _ prefix: String, end: Int) -> Bool {
        hasPrefix(bytes, at: index, Array(prefix.utf8), end: end)
    }

    private static func hasPrefix(_ bytes: [UInt8], at index: Int, _ prefixBytes: [UInt8], end: Int) -> Bool {
        guard index + prefixBytes.count <= end else { return false }
        for offset in prefixBytes.indices {
            var byte = bytes[index + offset]
            if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
            if byte != prefixBytes[offset] { return false }
        }
        return true
    }

    static func find(_ bytes: [UInt8], _ needle: String, from start: Int, end: Int) -> Int? {
        // The needle's bytes once, and its first byte tested before the rest: this scans a whole code
        // block for its `</pre`, and making the needle's bytes at every offset was a tenth of an HTML lint.
        let needleBytes = Array(needle.utf8)
        guard let first = needleBytes.first else { return start < end ? start : nil }
        if !(0x61...0x7A).contains(first) {
            // Bytes are compared lowercased, so only `first` itself matches a first byte that is no
            // lowercase letter (`<` of `</pre`): memchr finds the candidates.
            return bytes.withUnsafeBufferPointer { buffer in
                let searched = UnsafeBufferPointer(rebasing: buffer[..<min(end, buffer.count)])
                var index = start
                while let found = ByteSearch.index(of: first, in: searched, from: index) {
                    if hasPrefix(bytes, at: found, needleBytes, end: end) { return found }
                    index = found + 1
                }
                return nil
            }
        }
        var index = start
        while index < end {
            var byte = bytes[index]
            if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
            if byte == first, hasPrefix(bytes, at: index, needleBytes, end: end) { return index }
            index += 1
        }
        return nil
    }

    /// The offset of `</name` (case-insensitive) at or after `start`.
    static func findEndTag(_ bytes: [UInt8], name: String, from start: Int, end: Int) -> Int? {
        var index = start
        while let found = find(bytes, "</" + name, from: index, end: end) {
            let after = found + 2 + name.utf8.count
            if after >= end || !isNameByte(bytes[after]) { return found }
            index = found + 1
        }
        return nil
    }

    /// After the `>` closing a tag whose name or declaration ends before `start`; quoted attribute
    /// values may hold `>`. An unclosed tag runs to the end.
    static func tagEnd(_ bytes: [UInt8], from start: Int, end: Int) -> Int {
        var index = start
        var quote: UInt8?
        while index < end {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                // Only a quote right after `=` (possibly spaced) opens a value.
                var back = index - 1
                while back > start,
                    bytes[back] == 0x20 || bytes[back] == 0x09 || bytes[back] == 0x0A || bytes[back] == 0x0D
                { back -= 1 }
                if bytes[back] == UInt8(ascii: "=") { quote = byte }
            } else if byte == UInt8(ascii: ">") {
                return index + 1
            } else if byte == UInt8(ascii: "<") {
                return index  // a broken tag: the next one starts here
            }
            index += 1
        }
        return end
    }
}
