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

/// One character of a code block's text as the page spells it: verbatim bytes, an entity, or a
/// `<br>` standing for a line break.
struct HTMLRawCharacter {
    enum Spelling {
        /// The bytes are the code's bytes.
        case verbatim
        /// A character reference whose value is `decoded` (nil: a named entity this table lacks, which
        /// libxml2 still decoded into some single character).
        case reference(decoded: [UInt8]?)
        /// `\r\n` in the page, `\n` in the code.
        case crlf
        /// `<br>`: a line break in the code.
        case lineBreak
    }

    let range: SourceRange
    let spelling: Spelling
}

/// The raw characters of the text inside an element, tags skipped: runs of plain ASCII bytes, each byte
/// one verbatim character, and every other character on its own. Most of a code block is plain ASCII,
/// and one value per character was most of the cost of reading an HTML page.
struct HTMLRawText {
    enum Piece {
        /// Verbatim ASCII characters, one per byte (no `<` that starts a tag, no reference, no CRLF).
        case ascii(Range<Int>)
        case character(HTMLRawCharacter)

        var count: Int {
            switch self {
            case .ascii(let range): return range.count
            case .character: return 1
            }
        }
    }

    /// A position in the characters: a piece, and a character of it.
    struct Cursor {
        var piece: Int
        var offset: Int
    }

    let pieces: [Piece]

    /// The raw characters from `start` up to `end`.
    static func scan(_ bytes: [UInt8], from start: Int, to end: Int) -> HTMLRawText {
        var pieces: [Piece] = []
        var runStart: Int?
        func closeRun(at index: Int) {
            if let open = runStart, open < index { pieces.append(.ascii(open..<index)) }
            runStart = nil
        }
        func append(_ character: HTMLRawCharacter) {
            closeRun(at: character.range.start)
            pieces.append(.character(character))
        }
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<"), index + 1 < end {
                let next = bytes[index + 1]
                if HTMLRawMarkup.hasPrefix(bytes, at: index, "<!--", end: end) {
                    closeRun(at: index)
                    index = HTMLRawMarkup.find(bytes, "-->", from: index + 4, end: end).map { $0 + 3 } ?? end
                    continue
                }
                if HTMLRawMarkup.isLetter(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") {
                    closeRun(at: index)
                    let tagEnd = HTMLRawMarkup.tagEnd(bytes, from: index + 1, end: end)
                    if HTMLRawMarkup.hasPrefix(bytes, at: index, "<br", end: end),
                        index + 3 < end, !HTMLRawMarkup.isNameByte(bytes[index + 3])
                    {
                        append(HTMLRawCharacter(range: SourceRange(start: index, end: tagEnd), spelling: .lineBreak))
                    }
                    index = tagEnd
                    continue
                }
            }
            if byte == UInt8(ascii: "&"), let reference = HTMLCharacterReference.parse(bytes, at: index, end: end) {
                append(
                    HTMLRawCharacter(
                        range: SourceRange(start: index, end: reference.end),
                        spelling: .reference(decoded: reference.decoded)))
                index = reference.end
                continue
            }
            if byte == 0x0D, index + 1 < end, bytes[index + 1] == 0x0A {
                append(HTMLRawCharacter(range: SourceRange(start: index, end: index + 2), spelling: .crlf))
                index += 2
                continue
            }
            if byte < 0x80 {
                if runStart == nil { runStart = index }
                // The rest of the run at once: bytes that the tests above would let through as plain ASCII.
                index = bytes.withUnsafeBufferPointer { buffer in
                    var next = index + 1
                    while next < end {
                        let byte = buffer[next]
                        guard byte < 0x80, byte != UInt8(ascii: "<"), byte != UInt8(ascii: "&"), byte != 0x0D else { break }
                        next += 1
                    }
                    return next
                }
                continue
            }
            let length = min(LineIndex.scalarLength(leadingByte: byte), end - index)
            append(HTMLRawCharacter(range: SourceRange(start: index, end: index + length), spelling: .verbatim))
            index += length
        }
        closeRun(at: end)
        return HTMLRawText(pieces: pieces)
    }

    var start: Cursor? { pieces.isEmpty ? nil : Cursor(piece: 0, offset: 0) }

    /// The cursor `count` characters after `cursor`, nil past the last character.
    func cursor(_ cursor: Cursor, advancedBy count: Int) -> Cursor? {
        var current = cursor
        var remaining = count
        while remaining > 0 {
            let left = pieces[current.piece].count - current.offset
            if remaining < left {
                current.offset += remaining
                return current
            }
            remaining -= left
            current = Cursor(piece: current.piece + 1, offset: 0)
            if current.piece == pieces.count { return nil }
        }
        return current
    }

    /// The character at `cursor`.
    func character(at cursor: Cursor) -> HTMLRawCharacter {
        switch pieces[cursor.piece] {
        case .ascii(let range):
            let start = range.lowerBound + cursor.offset
            return HTMLRawCharacter(range: SourceRange(start: start, end: start + 1), spelling: .verbatim)
        case .character(let character): return character
        }
    }
}

/// Character references: numeric ones and the named ones code blocks use; other names are still
/// recognised as references (libxml2 knows all of HTML 4's) but without a value of their own.
enum HTMLCharacterReference {
    static let named: [String: String] = [
        "lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®",
        "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
        "times": "×", "middot": "·", "bull": "•", "laquo": "«", "raquo": "»", "trade": "™", "shy": "\u{AD}",
        "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}", "zwj": "\u{200D}", "zwnj": "\u{200C}",
        "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "deg": "°", "para": "¶", "sect": "§",
    ]

    /// A reference at `index` (`&lt;`, `&#60;`, `&#x3C;`, also without the `;` as HTML 4 parsers allow).
    static func parse(_ bytes: [UInt8], at index: Int, end: Int) -> (end: Int, decoded: [UInt8]?)? {
        var cursor = index + 1
        guard cursor < end else { return nil }
        if bytes[cursor] == UInt8(ascii: "#") {
            cursor += 1
            var radix: UInt32 = 10
            if cursor < end, bytes[cursor] == UInt8(ascii: "x") || bytes[cursor] == UInt8(ascii: "X") {
                radix = 16
                cursor += 1
            }
            let digitsStart = cursor
            var value: UInt32 = 0
            while cursor < end, let digit = hexValue(bytes[cursor]), digit < radix, value < 0x110000 {
                value = value * radix + digit
                cursor += 1
            }
            guard cursor > digitsStart else { return nil }
            if cursor < end, bytes[cursor] == UInt8(ascii: ";") { cursor += 1 }
            let scalar = Unicode.Scalar(value).flatMap { $0.value == 0 ? nil : $0 } ?? "\u{FFFD}"
            return (cursor, Array(String(Character(scalar)).utf8))
        }
        let nameStart = cursor
        while cursor < end, HTMLRawMarkup.isLetter(bytes[cursor]) || (bytes[cursor] >= 0x30 && bytes[cursor] <= 0x39) {
            cursor += 1
        }
        guard cursor > nameStart, cursor - nameStart <= 32 else { return nil }
        let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
        let hasSemicolon = cursor < end && bytes[cursor] == UInt8(ascii: ";")
        if let value = named[name] { return (hasSemicolon ? cursor + 1 : cursor, Array(value.utf8)) }
        guard hasSemicolon else { return nil }
        return (cursor + 1, nil)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46: return UInt32(byte - 0x41 + 10)
        case 0x61...0x66: return UInt32(byte - 0x61 + 10)
        default: return nil
        }
    }
}

/// Lines up a code block's text as libxml2 decoded it with the raw characters of the page, building
/// the snippet's source map: verbatim characters become segments, references and `<br>`s map to
/// the run before them. When the two disagree (libxml2 dropped a newline, recovered from broken
/// markup), the alignment skips a few raw characters or one code character and goes on.
enum HTMLCodeAlignment {
    struct Result {
        let sourceMap: SnippetSourceMap
        let range: SourceRange
    }

    static func align(code: [UInt8], raw: HTMLRawText, bytes: [UInt8], fallback: SourceRange) -> Result {
        var builder = SnippetSourceMap.Builder()
        var codeIndex = 0
        var cursor = raw.start
        var firstRaw: Int?
        var lastRawEnd: Int?
        // The code's final newline is the block's end, not one of its characters.
        let contentEnd = code.last == 0x0A ? code.count - 1 : code.count
        while codeIndex < code.count, let current = cursor {
            if case .ascii(let run) = raw.pieces[current.piece] {
                // A run of plain characters: as many as match at once, each one byte of code.
                let documentStart = run.lowerBound + current.offset
                let most = min(run.upperBound - documentStart, code.count - codeIndex)
                // Usually the whole run matches: compared at once first.
                var matched = ByteSearch.equal(code, at: codeIndex, bytes, at: documentStart, count: most) ? most : 0
                while matched < most, code[codeIndex + matched] == bytes[documentStart + matched] { matched += 1 }
                if matched > 0 {
                    builder.append(codeOffset: codeIndex, documentOffset: documentStart, length: matched)
                    if codeIndex < contentEnd {
                        if firstRaw == nil { firstRaw = documentStart }
                        lastRawEnd = documentStart + min(matched, contentEnd - codeIndex)
                    }
                    codeIndex += matched
                    cursor = raw.cursor(current, advancedBy: matched)
                    continue
                }
            } else if case .character(let character) = raw.pieces[current.piece],
                let length = matchLength(code: code, at: codeIndex, raw: character, bytes: bytes)
            {
                switch character.spelling {
                case .verbatim:
                    builder.append(codeOffset: codeIndex, documentOffset: character.range.start, length: length)
                case .crlf: builder.append(codeOffset: codeIndex, documentOffset: character.range.start + 1, length: 1)
                case .reference, .lineBreak: break
                }
                if codeIndex < contentEnd {
                    if firstRaw == nil { firstRaw = character.range.start }
                    lastRawEnd = character.range.end
                }
                codeIndex += length
                cursor = raw.cursor(current, advancedBy: 1)
                continue
            }
            // Out of step: skip raw characters the code lacks, else one code character.
            var skip = 1
            var ahead = raw.cursor(current, advancedBy: 1)
            while skip <= 8, let candidate = ahead,
                matchLength(code: code, at: codeIndex, raw: raw.character(at: candidate), bytes: bytes) == nil
            {
                skip += 1
                ahead = raw.cursor(candidate, advancedBy: 1)
            }
            if skip <= 8, let ahead {
                cursor = ahead
            } else {
                codeIndex += LineIndex.scalarLength(leadingByte: code[codeIndex])
            }
        }
        let start = firstRaw ?? fallback.start
        let range = SourceRange(start: start, end: max(start, lastRawEnd ?? start))
        return Result(sourceMap: builder.build(fallback: range), range: range)
    }

    /// How many code bytes `character` accounts for at `index`, nil when it does not match.
    static func matchLength(code: [UInt8], at index: Int, raw character: HTMLRawCharacter, bytes: [UInt8])
        -> Int?
    {
        func matches(_ expected: some Collection<UInt8>) -> Int? {
            guard index + expected.count <= code.count else { return nil }
            return code[index..<index + expected.count].elementsEqual(expected) ? expected.count : nil
        }
        switch character.spelling {
        case .verbatim:
            let spelled = bytes[character.range.start..<character.range.end]
            // A no-break space in the page is a plain space in the code (see `normalizedCode`).
            return matches(spelled) ?? (spelled.elementsEqual([0xC2, 0xA0]) ? matches([0x20]) : nil)
        case .crlf, .lineBreak: return matches([0x0A])
        case .reference(let decoded?):
            // `&nbsp;` may come out as a plain space once whitespace is normalised.
            // libxml2 may also keep a reference it does not accept (`&lt` before a letter) as written.
            return matches(decoded) ?? (decoded == [0xC2, 0xA0] ? matches([0x20]) : nil)
                ?? matches(bytes[character.range.start..<character.range.end])
        case .reference(nil):
            // A reference without a value here: libxml2 decoded it into one character, or kept it as is.
            if let literal = matches(bytes[character.range.start..<character.range.end]) { return literal }
            return code[index] == 0x0A ? nil : LineIndex.scalarLength(leadingByte: code[index])
        }
    }
}
