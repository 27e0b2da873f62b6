import TutorialModel

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
