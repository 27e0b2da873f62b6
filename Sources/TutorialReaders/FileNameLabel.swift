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
        isASCIISentence(text) ? nil : fileNameByCharacters(in: text)
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
        guard SwiftCode.isSwift(language: language, fileName: fileName, unlabelled: false) else { return fileName == nil ? .fragment : .file }
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
            while index < count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "{") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") {
                    depth -= 1
                    minimumDepth = min(minimumDepth, depth)
                } else if byte == 0x0A {
                    break
                }
            }
        }
        return hasTopLevelDeclaration && depth == 0 && minimumDepth == 0
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
