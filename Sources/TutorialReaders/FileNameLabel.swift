import TutorialModel

/// Recognises a line or paragraph that is only a file name (`PageView.swift`, `` `PageView.swift` ``),
/// which labels the code block after it in every format.
public enum FileNameLabel {
    static let codeExtensions: Set<String> = [
        "swift", "m", "h", "mm", "c", "cpp", "kt", "java", "js", "ts", "py", "rb", "go", "rs", "json",
        "plist", "xml", "html", "css", "yml", "yaml", "sh", "storyboard", "xib", "strings", "md",
    ]

    /// The file name when `text` (trimmed) is a single file name, optionally in backticks, quotes or
    /// followed by a colon; nil otherwise.
    public static func fileName(in text: String) -> String? {
        if isASCIISentence(text) { return nil }
        if let answer = fileNameOfPrintableASCII(text) { return answer }
        return fileNameByCharacters(in: text)
    }

    /// `fileNameByCharacters` on the bytes of a text of printable ASCII and tabs, where each byte is a
    /// Character of its own (no CR, no LF: a CRLF is one) and Unicode's properties are those of ASCII: a page
    /// labelling each code block with its file name (`<p class="filename">PageView.swift</p>`) asked the
    /// Character check about 2,500 instructions a character. Nil (not `.some(nil)`) for any other text.
    private static func fileNameOfPrintableASCII(_ text: String) -> String?? {
        var text = text
        return text.withUTF8 { bytes -> String?? in
            guard bytes.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }) else { return nil }
            func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
            var start = 0
            var end = bytes.count
            while start < end, isBlank(bytes[start]) { start += 1 }
            while end > start, isBlank(bytes[end - 1]) { end -= 1 }
            if end > start, bytes[end - 1] == UInt8(ascii: ":") {
                end -= 1
                while end > start, isBlank(bytes[end - 1]) { end -= 1 }
            }
            // The ASCII ones of the Character check's quotes, in its order.
            for quote in [UInt8(ascii: "`"), UInt8(ascii: "\""), UInt8(ascii: "'")]
            where end - start >= 2 && bytes[start] == quote && bytes[end - 1] == quote {
                start += 1
                end -= 1
            }
            guard start < end, end - start <= 120,
                !bytes[start..<end].contains(where: { isBlank($0) || $0 == UInt8(ascii: "`") }),
                let dot = bytes[start..<end].lastIndex(of: UInt8(ascii: ".")), dot != start
            else { return .some(nil) }
            let ext = String(decoding: bytes[(dot + 1)..<end].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
            guard codeExtensions.contains(ext), bytes[dot - 1] != UInt8(ascii: "."),
                bytes[start..<dot].allSatisfy(isFileNameByte)
            else { return .some(nil) }
            return .some(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        }
    }

    /// `isFileNameScalar` for an ASCII byte: a letter, a digit or one of `_-+./@`.
    private static func isFileNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || "_-+./@".utf8.contains(byte)
    }

    /// `fileName(in:)` without the check on bytes first (for the test that holds the two equal).
    static func fileNameByCharacters(in text: String) -> String? {
        var candidate = Substring(text).trimmingWhitespace()
        if candidate.hasSuffix(":") || candidate.hasSuffix("：") { candidate = candidate.dropLast().trimmingWhitespace() }
        for (open, close) in [("`", "`"), ("\"", "\""), ("“", "”"), ("'", "'")]
        where candidate.count >= 2 && candidate.hasPrefix(open) && candidate.hasSuffix(close) {
            candidate = candidate.dropFirst().dropLast()
        }
        guard !candidate.isEmpty, candidate.count <= 120,
            !candidate.contains(where: { $0 == " " || $0 == "\t" || $0 == "`" })
        else { return nil }
        // Chinese and Japanese put no space before a name: `整理后的完整代码是LandmarkRow.swift：` ("the
        // complete code, tidied up, is …") labels the code after it with the name it ends with.
        if let lastWide = candidate.lastIndex(where: { $0.unicodeScalars.contains(where: isWideScript) }) {
            let tail = candidate[candidate.index(after: lastWide)...]
            if let first = tail.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic {
                candidate = tail
            }
        }
        guard let dot = candidate.lastIndex(of: "."), dot != candidate.startIndex else { return nil }
        let stem = candidate[..<dot]
        let ext = candidate[candidate.index(after: dot)...].lowercased()
        guard codeExtensions.contains(ext), stem.last != ".", stem.unicodeScalars.allSatisfy(isFileNameScalar) else {
            return nil
        }
        return String(candidate)
    }

    /// Whether `text` has a space or tab between two of its words, found on its UTF-8 bytes: then it is
    /// no file name. Outline builds ask this of every paragraph at every keystroke, and the check on
    /// Characters below costs about 100 instructions a byte. Exact where it answers: only when the text
    /// (after a final `:`) begins and ends with ASCII non-blank bytes, so that trimming by Characters
    /// ends at the same bytes, and for a blank between ASCII bytes, which stays in the candidate as a
    /// character of its own whatever quotes come off.
    private static func isASCIISentence(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard var end = bytes.lastIndex(where: { !$0.isASCIIBlank }),
                let start = bytes.firstIndex(where: { !$0.isASCIIBlank }), bytes[start] < 0x80, bytes[end] < 0x80
            else { return false }
            if bytes[end] == UInt8(ascii: ":") {
                guard end > start else { return false }
                end -= 1
                while end > start, bytes[end].isASCIIBlank { end -= 1 }
                guard bytes[end] < 0x80 else { return false }
            }
            guard start < end else { return false }
            // A blank between two ASCII bytes is a character of its own: after a Prepend character
            // (U+0600) or before a combining mark it would be part of a larger one, and no blank.
            return (start + 1..<end).contains { index in
                (bytes[index] == 0x20 || bytes[index] == 0x09) && bytes[index - 1] < 0x80 && bytes[index + 1] < 0x80
            }
        }
    }

    /// Han, kana and CJK punctuation: scripts written without spaces between words.
    private static func isWideScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFF65: return true
        default: return false
        }
    }

    private static func isFileNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "_-+./@".unicodeScalars.contains(scalar)
    }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        var result = self
        while let first = result.first, first.isWhitespace { result = result.dropFirst() }
        while let last = result.last, last.isWhitespace { result = result.dropLast() }
        return result
    }
}

/// Decides whether a snippet shows a whole file or only a fragment of one.
public enum SnippetClassifier {
    /// A Swift snippet is a whole file when it imports a module or declares a type at its top level
    /// and its braces balance; anything else (a few members, one statement) is a fragment.
    /// Other languages are files when the page names their file.
    public static func kind(code: String, language: String?, fileName: String?) -> SnippetKind {
        guard SwiftCode.isSwift(language: language, fileName: fileName, unlabelled: false) else {
            return fileName == nil ? .fragment : .file
        }
        var code = code
        return code.withUTF8(isWholeSwiftFile) ? .file : .fragment
    }

    /// One scan of the UTF-8 bytes (readers call this for every snippet of every step, so it works on the
    /// buffer: iterating `String.utf8` and collecting words into an array cost about 100 instructions a
    /// byte). A line at depth 0 that starts with a non-blank byte has its first four words compared with
    /// the keywords; braces are counted everywhere.
    private static func isWholeSwiftFile(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var depth = 0
        var minimumDepth = 0
        var hasTopLevelDeclaration = false
        var index = 0
        let count = bytes.count
        while index < count {
            // A line start.
            let first = bytes[index]
            if !hasTopLevelDeclaration, depth == 0, first != 0x20, first != 0x09, first != 0x0A, first != 0x0D {
                var wordsSeen = 0
                var position = index
                // The words end at a blank, a line break or the end of the text; braces inside them count
                // in the loop below, which rescans the line.
                while wordsSeen < 4, position < count, bytes[position] != 0x0A {
                    let wordStart = position
                    while position < count, !isWordSeparator(bytes[position]) { position += 1 }
                    if position > wordStart {
                        if isTopLevelKeyword(bytes, wordStart..<position) { hasTopLevelDeclaration = true }
                        wordsSeen += 1
                    }
                    if position < count, bytes[position] != 0x0A { position += 1 }
                }
            }
            // The rest of the line: its end by memchr, its braces counted.
            let lineEnd = ByteSearch.index(of: 0x0A, in: bytes, from: index) ?? count
            countBraces(bytes, from: index, to: lineEnd, depth: &depth, minimumDepth: &minimumDepth)
            index = lineEnd + 1
        }
        return hasTopLevelDeclaration && depth == 0 && minimumDepth == 0
    }

    /// Adds the braces of `bytes[start..<end]` to `depth`, taking `minimumDepth` down to the lowest depth a `}`
    /// reaches: eight bytes without a brace are passed at once (a byte loop over every byte of every snippet was
    /// most of the classification).
    private static func countBraces(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, depth: inout Int, minimumDepth: inout Int
    ) {
        let raw = UnsafeRawBufferPointer(bytes)
        var index = start
        while index < end {
            if index + 8 <= end {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if !ByteSearch.word(word, holds: UInt8(ascii: "{")), !ByteSearch.word(word, holds: UInt8(ascii: "}")) {
                    index += 8
                    continue
                }
            }
            if bytes[index] == UInt8(ascii: "{") {
                depth += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                depth -= 1
                minimumDepth = min(minimumDepth, depth)
            }
            index += 1
        }
    }

    private static func isWordSeparator(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func isTopLevelKeyword(_ bytes: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Bool {
        topLevelKeywords.contains { keyword in
            keyword.count == word.count && keyword.elementsEqual(bytes[word])
        }
    }

    private static let topLevelKeywords: [[UInt8]] =
        ["import", "struct", "class", "enum", "protocol", "extension", "actor"].map { Array($0.utf8) }
}
