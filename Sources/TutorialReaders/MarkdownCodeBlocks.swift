import TutorialModel

/// Maps the lines of a cmark code literal back to the document.
///
/// cmark strips block-quote markers, list indentation and the fence's indentation from each line,
/// and may replace part of a tab with spaces; what remains of a line is always a suffix of the
/// document's line (plus those spaces). So each code line maps to the longest common suffix with its
/// document line, byte for byte, whatever the prefix was.
enum MarkdownCodeLines {
    struct Mapped {
        let code: String
        let range: SourceRange
        let sourceMap: SnippetSourceMap
        let lineCount: Int
    }

    static func map(literal: [UInt8], firstLine: Int, lineIndex: LineIndex) -> Mapped {
        var code: [UInt8] = []
        code.reserveCapacity(literal.count + 1)
        var builder = SnippetSourceMap.Builder()
        var rangeStart: Int?
        var rangeEnd: Int?
        var lineCount = 0
        // Over the buffers, line by line (splitting the literal into slices and indexing them with bounds
        // checks cost as much as cmark-gfm's whole parse of the document).
        lineIndex.bytes.withUnsafeBufferPointer { bytes in
            literal.withUnsafeBufferPointer { literal in
                var lineStart = 0
                // The lines `split(separator: "\n")` keeps, a last empty one (after a final LF) left out.
                while lineStart < literal.count {
                    var lineEnd = ByteSearch.index(of: 0x0A, in: literal, from: lineStart) ?? literal.count
                    let next = lineEnd + 1
                    if lineEnd > lineStart, literal[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                    let length = lineEnd - lineStart
                    let documentLine = firstLine + lineCount
                    lineCount += 1
                    let codeLineStart = code.count
                    code.append(contentsOf: UnsafeBufferPointer(rebasing: literal[lineStart..<lineEnd]))
                    code.append(0x0A)
                    lineStart = next
                    guard documentLine >= 0, documentLine < lineIndex.lineCount else { continue }
                    let content = lineIndex.contentRange(ofLine: documentLine)
                    let common = ByteSearch.commonSuffixLength(
                        literal, end: lineEnd, bytes, end: content.end, limit: min(length, content.length))
                    builder.append(
                        codeOffset: codeLineStart + length - common, documentOffset: content.end - common, length: common)
                    // The line end: the `\n` of the code is the document's `\n` (the second byte of a CRLF).
                    let terminator =
                        content.end < bytes.count && bytes[content.end] == 0x0D ? content.end + 1 : content.end
                    if terminator < bytes.count, bytes[terminator] == 0x0A {
                        builder.append(codeOffset: codeLineStart + length, documentOffset: terminator, length: 1)
                    }
                    if rangeStart == nil { rangeStart = content.end - common }
                    rangeEnd = content.end
                }
            }
        }
        let fallbackLine = min(max(firstLine, 0), lineIndex.lineCount - 1)
        let start = rangeStart ?? lineIndex.lineStarts[fallbackLine]
        let range = SourceRange(start: start, end: max(start, rangeEnd ?? start))
        return Mapped(
            code: String(decoding: code, as: UTF8.self), range: range, sourceMap: builder.build(fallback: range),
            lineCount: lineCount)
    }
}

/// What a fenced block's info string says: `swift`, `swift file=PageView.swift`,
/// `swift title="PageView.swift"`, `swift PageView.swift`, `{.swift file="PageView.swift"}`, `PageView.swift`.
struct MarkdownInfoString {
    /// The info string as written.
    let text: String
    let language: String?
    let fileName: String?
    /// Whether the info string is the author's first line of code (`isCode`).
    let holdsCode: Bool
    /// The known language the language word is a slip for (`swfit`: `swift`), as `FenceLanguages.meant`.
    let languageMeant: String?

    static let fileKeys: Set<String> = ["file", "filename", "title", "name", "path", "caption"]

    /// Swift keywords that open a declaration or a statement and name no language a fence is tagged with.
    private static let codeOpeners: Set<Substring> = [
        "actor", "class", "enum", "extension", "func", "guard", "import", "let", "protocol", "struct", "typealias",
        "var", "@main", "@MainActor", "@objc",
    ]

    /// Whether an opening fence line's info string is code (`` ```extension Int { ``): the author's first line
    /// of code, typed on the fence line, which the page takes for the block's language and drops. Told by a
    /// keyword that opens Swift code with more after it; one word alone (`` ```import ``) is a tag.
    static func isCode(_ info: String) -> Bool {
        let words = info.split(whereSeparator: { $0 == " " || $0 == "\t" })
        return words.count >= 2 && codeOpeners.contains(words[0])
    }

    init(_ info: String) {
        var words = MarkdownInfoString.words(info)
        var language: String?
        var fileName: String?
        var languageMeant: String?
        if let first = words.first, !first.containsText("=") {
            words.removeFirst()
            var word = Substring(first)
            if word.hasPrefix(".") { word = word.dropFirst() }
            if let colon = word.firstIndex(of: ":"),
                let name = FileNameLabel.fileName(in: String(word[word.index(after: colon)...]))
            {
                fileName = name  // `swift:PageView.swift`
                word = word[..<colon]
            }
            if let name = FileNameLabel.fileName(in: String(word)) {
                fileName = name
                language = name.split(separator: ".").last.map { $0.lowercased() }
            } else if !word.isEmpty {
                language = word.lowercased()
                // A language word as written, not one a file name's extension gave.
                languageMeant = FenceLanguages.meant(by: String(word))
            }
        }
        for word in words {
            if let equals = word.firstIndex(of: "=") {
                let key = word[..<equals].lowercased().trimming(". ")
                var value = Substring(word[word.index(after: equals)...])
                if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
                    value = value.dropFirst().dropLast()
                }
                if MarkdownInfoString.fileKeys.contains(key), fileName == nil,
                    let name = FileNameLabel.fileName(in: String(value))
                {
                    fileName = name
                }
            } else if fileName == nil, let name = FileNameLabel.fileName(in: word) {
                fileName = name
            }
        }
        self.text = info
        self.language = language
        self.fileName = fileName
        self.languageMeant = languageMeant
        holdsCode = MarkdownInfoString.isCode(info)
    }

    /// Splits on spaces outside quotes; braces of the `{.swift …}` attribute form are dropped.
    private static func words(_ info: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        for character in info {
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
                current.append(character)
            } else if character.isWhitespace || character == "{" || character == "}" || character == "," {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}

extension String {
    fileprivate func trimming(_ set: String) -> String {
        var result = Substring(self)
        while let first = result.first, set.contains(first) { result = result.dropFirst() }
        while let last = result.last, set.contains(last) { result = result.dropLast() }
        return String(result)
    }
}

/// Whether a fenced block was closed by a closing fence line, read from the document's lines.
///
/// cmark ends a fence left open at the end of its container (a list item, a quote) on the line that
/// ended the container, with no mark of it; the code then swallows whatever lay between. A common way to
/// get there is a closing line indented deeper than the list item's content: four spaces past it make it
/// a line of code, so the fence runs on, closing line, prose and all, until the item ends.
enum MarkdownFenceClosing {
    /// Whether line `line` of `text` is a closing fence: container marks (`>`, spaces) and then at least
    /// `length` of `character`, nothing after them but spaces. `text` is what cmark parsed (the document
    /// with static-site tags rewritten into fences, byte for byte in place), indexed by `lineIndex`.
    static func closes(line: Int, character: UInt8, length: Int, text: [UInt8], lineIndex: LineIndex) -> Bool {
        guard line >= 0, line < lineIndex.lineCount else { return false }
        let range = lineIndex.contentRange(ofLine: line)
        var end = range.end
        while end > range.start, isBlank(text[end - 1]) { end -= 1 }
        var start = end
        while start > range.start, text[start - 1] == character { start -= 1 }
        guard end - start >= length else { return false }
        return text[range.start..<start].allSatisfy { isBlank($0) || $0 == UInt8(ascii: ">") }
    }

    /// The first line of `code` that holds only fence characters (at least `length`), 0-based within
    /// the code: a closing fence indented too deep to close anything.
    static func strandedClosingLine(in code: [UInt8], character: UInt8, length: Int) -> Int? {
        var line = 0
        for text in code.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let content = text.filter { !isBlank($0) }
            if content.count >= length, content.allSatisfy({ $0 == character }) { return line }
            line += 1
        }
        return nil
    }

    /// The first line of `code` that opens a fence of its own: at least `length` of `character` and then an
    /// info string. It cannot close the fence it stands in (a closing line carries nothing after its run),
    /// and no code of any language holds one (a block showing a fence inside it is fenced with a longer run,
    /// which the `length` test leaves alone): the fence above was not closed before it, or its opening line
    /// was doubled. 0-based within the code.
    static func openingLine(in code: [UInt8], character: UInt8, length: Int) -> Int? {
        // One pass over the buffer (every fenced block is checked at every read, a window's at every keystroke):
        // a line's blanks and fence run read byte by byte, the rest of the line searched for its LF, and read
        // only after a run long enough.
        code.withUnsafeBufferPointer { bytes in
            var line = 0
            var index = 0
            while index < bytes.count {
                while index < bytes.count, isBlank(bytes[index]) { index += 1 }
                var run = 0
                while index < bytes.count, bytes[index] == character {
                    run += 1
                    index += 1
                }
                let lineEnd = ByteSearch.index(of: 0x0A, in: bytes, from: index) ?? bytes.count
                if run >= length, bytes[index..<lineEnd].contains(where: { !isBlank($0) }) { return line }
                index = lineEnd + 1
                line += 1
            }
            return nil
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
}
