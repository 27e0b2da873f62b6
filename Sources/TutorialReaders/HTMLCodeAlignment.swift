import TutorialModel

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
