import TutorialModel

/// Front matter at the very start of a document: YAML (`---`, `key: value` lines, `---` or `...`), as
/// Jekyll, Hexo and GitBook pages carry it, or TOML (`+++`, `key = "value"` lines, `+++`), as Hugo's do.
/// CommonMark knows no front matter: to cmark its lines are a thematic break and a setext heading (or a
/// paragraph), so the reader blanks them out before parsing.
struct MarkdownFrontMatter {
    /// The bytes from the document's start through the closing line (its line break excluded).
    let length: Int
    /// The `title:` value (when it titles the page over a heading: `OutlineBuilder`).
    let title: String?
    /// Every `key: value` (TOML: `key = value`) line's value (quotes taken off), by key.
    let values: [String: String]

    /// The front matter `lineIndex` starts with, or nil. At most 100 lines are looked at for the closing one.
    init?(_ lineIndex: LineIndex) {
        let bytes = lineIndex.bytes
        func line(_ number: Int) -> Substring {
            let range = lineIndex.contentRange(ofLine: number)
            return Substring(String(decoding: bytes[range.start..<range.end], as: UTF8.self))
        }
        // YAML between `---` lines; Hugo's TOML between `+++` lines (`title = "…"`).
        guard lineIndex.lineCount > 2, let fence = ["---", "+++"].first(where: { line(0).trimmingWhitespace() == $0 }),
            bytes.starts(with: Array(fence.utf8))
        else {
            guard let closed = Self.closedOnly(lineIndex, line: line) else { return nil }
            self = closed
            return
        }
        let separator: Character = fence == "+++" ? "=" : ":"
        var values: [String: String] = [:]
        var sawKey = false
        for number in 1..<min(lineIndex.lineCount, 100) {
            let text = line(number)
            let trimmed = text.trimmingWhitespace()
            if trimmed == fence || (fence == "---" && trimmed == "...") {
                guard sawKey else { return nil }
                length = lineIndex.contentRange(ofLine: number).end
                self.values = values
                title = values["title"]
                return
            }
            // A comment line (`# theme: dark`, a setting turned off) is YAML's and TOML's alike, not a key.
            guard let colon = text.firstIndex(of: separator), text.first?.isWhitespace == false, text.first != "-",
                text.first != "#"
            else {
                continue
            }
            // A front matter's first line is a key: a document that starts with a rule and prose has none.
            let key = text[..<colon].trimmingWhitespace()
            guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { return nil }
            sawKey = true
            let value = unquotedScalar(text[text.index(after: colon)...].trimmingWhitespace())
            if !value.isEmpty { values[String(key)] = value }
        }
        return nil
    }

    private init(length: Int, values: [String: String]) {
        self.length = length
        self.values = values
        title = values["title"]
    }

    /// YAML front matter written without its opening `---` (`title: …`, `date: …`, then `---`), which Hexo
    /// reads as front matter: two `key: value` lines or more from the first line on, YAML's indented or
    /// `- item` lines between them, and nothing else up to the `---`. To cmark the same lines are a setext
    /// heading, which a writer of `Update: new version` over `---` may mean; two key lines and no other text
    /// are front matter's shape, not a heading's.
    private static func closedOnly(_ lineIndex: LineIndex, line: (Int) -> Substring) -> MarkdownFrontMatter? {
        var values: [String: String] = [:]
        var keyLines = 0
        for number in 0..<min(lineIndex.lineCount, 100) {
            let text = line(number)
            if text.trimmingWhitespace() == "---" {
                guard keyLines >= 2 else { return nil }
                return MarkdownFrontMatter(length: lineIndex.contentRange(ofLine: number).end, values: values)
            }
            if number > 0, text.first == " " || text.first == "\t" || text.hasPrefix("- ") { continue }
            // YAML's `key: value`: a colon followed by a blank or the line's end (`https://…` is no key).
            guard let colon = text.firstIndex(of: ":"), text.first?.isWhitespace == false,
                text.index(after: colon) == text.endIndex || text[text.index(after: colon)].isWhitespace
            else { return nil }
            let key = text[..<colon]
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
                return nil
            }
            keyLines += 1
            let value = unquotedScalar(text[text.index(after: colon)...].trimmingWhitespace())
            if !value.isEmpty { values[String(key)] = value }
        }
        return nil
    }
}

/// A front-matter value as the page shows it: a single-quoted scalar with its doubled quotes made one
/// (`'Let''s build'`, YAML's only escape there), a double-quoted one with its backslash escapes read (`\"`,
/// `\\`, `\n`, `\t`, `\uXXXX`: YAML's and TOML's common ones), any other value as written.
func unquotedScalar(_ value: Substring) -> String {
    guard value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote else {
        return String(value)
    }
    let inner = value.dropFirst().dropLast()
    if quote == "'" {
        var result = ""
        var afterQuote = false
        for character in inner {
            // The second quote of a pair is the escape's: dropped.
            if character == "'", afterQuote {
                afterQuote = false
                continue
            }
            afterQuote = character == "'"
            result.append(character)
        }
        return result
    }
    var result = ""
    var characters = inner.makeIterator()
    while let character = characters.next() {
        guard character == "\\", let escaped = characters.next() else {
            result.append(character)
            continue
        }
        switch escaped {
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "u", "U":
            let digits = String((0..<(escaped == "u" ? 4 : 8)).compactMap { _ in characters.next() })
            if let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\\(escaped)\(digits)"
            }
        default: result.append(escaped)  // `\"`, `\\`, `\/` and anything else: the character itself
        }
    }
    return result
}

/// The value a Markdown document's front matter gives `key` (`original: ../en/page.md`), or nil.
public func markdownFrontMatterValue(_ key: String, in document: SourceDocument) -> String? {
    MarkdownFrontMatter(document.lineIndex)?.values[key]
}
