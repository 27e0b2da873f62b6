import TutorialModel

/// One line of a plain-text document with what the text reader needs to know about it.
struct TextLine: Sendable {
    /// 0-based line number.
    let number: Int
    /// Byte range of the line's content, without its terminator.
    let range: SourceRange
    let text: Substring
    let isBlank: Bool
    /// A step or section label, when the line is one.
    let heading: StepHeadings.Match?
    /// The file name, when the line is only a file name.
    let fileName: String?
    /// How much the line looks like code (see `TextCodeScore`).
    let codeScore: Int
    /// Opening minus closing brackets outside string literals and comments.
    let bracketDelta: Int
    /// Whether the line opens or closes a multi-line string literal (an odd number of `"""`).
    let togglesMultilineString: Bool
}

/// What the reader decided a line is.
enum TextLineKind: Equatable, Sendable {
    case blank
    case label
    case fileName
    case code
    case prose
}

enum TextLines {
    /// Labels and file names are short; longer lines are never tested for them, which keeps a
    /// megabyte-long single line linear.
    static let maximumLabelLength = 300
    /// Lines indented this far (in columns, a tab counting 4) are never labels: Markdown would call them code.
    static let labelIndentLimit = 4

    /// Splits `document` into lines (by bytes, through its line index) and measures each one.
    static func scan(_ document: SourceDocument) -> [TextLine] {
        let index = document.lineIndex
        let text = document.text
        let utf8 = text.utf8
        var lines: [TextLine] = []
        lines.reserveCapacity(index.lineCount)
        for number in 0..<index.lineCount {
            let range = index.contentRange(ofLine: number)
            let lower = utf8.index(utf8.startIndex, offsetBy: range.start)
            let upper = utf8.index(lower, offsetBy: range.length)
            let line = text[lower..<upper]
            lines.append(measure(line, number: number, range: range))
        }
        return lines
    }

    static func measure(_ line: Substring, number: Int, range: SourceRange) -> TextLine {
        let isBlank = line.allSatisfy(\.isWhitespace)
        let short = range.length <= maximumLabelLength && indentation(of: line) < labelIndentLimit
        let heading = isBlank || !short ? nil : StepHeadings.match(line)
        let fileName = isBlank || !short || heading != nil ? nil : FileNameLabel.fileName(in: String(line))
        let score = isBlank ? (score: 0, bracketDelta: 0) : TextCodeScore.score(line)
        return TextLine(
            number: number, range: range, text: line, isBlank: isBlank, heading: heading, fileName: fileName,
            codeScore: score.score, bracketDelta: score.bracketDelta,
            togglesMultilineString: tripleQuotes(in: line) % 2 == 1)
    }

    private static func tripleQuotes(in line: Substring) -> Int {
        var count = 0
        var run = 0
        for byte in line.utf8 {
            if byte == 0x22 {
                run += 1
                if run == 3 {
                    count += 1
                    run = 0
                }
            } else {
                run = 0
            }
        }
        return count
    }

    /// Leading indentation in columns, a tab counting 4.
    static func indentation(of line: Substring) -> Int {
        var columns = 0
        for byte in line.utf8 {
            if byte == 0x20 {
                columns += 1
            } else if byte == 0x09 {
                columns += 4
            } else {
                break
            }
        }
        return columns
    }

    /// Decides, line by line, which lines are code. A code block starts at a line that clearly looks
    /// like code; inside an open bracket it continues through anything but clear prose (blank lines,
    /// string contents, comments in any language), outside brackets only through code-leaning lines.
    /// Labels always end code: a page copied from the web never has them inside a code box.
    static func classify(_ lines: [TextLine]) -> [TextLineKind] {
        var kinds = [TextLineKind](repeating: .blank, count: lines.count)
        var inCode = false
        var depth = 0
        var blankSinceCode = false
        var inMultilineString = false
        for (position, line) in lines.enumerated() {
            if line.isBlank {
                if inCode { blankSinceCode = true }
                continue
            }
            if line.heading != nil {
                kinds[position] = .label
                inCode = false
                inMultilineString = false
                depth = 0
                continue
            }
            let score = line.codeScore
            let isCode: Bool
            if inCode && inMultilineString {
                // A string literal's lines are code whatever they say.
                isCode = true
            } else if inCode && depth > 0 {
                isCode = score > TextCodeScore.clearProse
            } else if inCode && !blankSinceCode {
                isCode = score >= TextCodeScore.leaning
            } else {
                isCode = score >= TextCodeScore.clearCode
            }
            // A lone file name ends code and labels what follows; inside an open bracket it is code
            // only when it scores as code (`PageView.swift` never does).
            if line.fileName != nil && !(isCode && depth > 0) {
                kinds[position] = .fileName
                inCode = false
                inMultilineString = false
                depth = 0
                continue
            }
            if isCode {
                kinds[position] = .code
                inCode = true
                blankSinceCode = false
                if line.togglesMultilineString {
                    inMultilineString.toggle()
                } else if !inMultilineString {
                    depth = max(0, depth + line.bracketDelta)
                }
            } else {
                kinds[position] = .prose
                inCode = false
                inMultilineString = false
                depth = 0
            }
        }
        return kinds
    }
}

/// How much a single line looks like source code rather than prose.
///
/// A positive score leans to code, a negative one to prose. The signals are the ones a reader uses
/// on a page copied out of a browser, where fences and styling are gone: keywords at the start,
/// indentation, brackets and operators, a line that is only closing brackets, comment markers, and on
/// the other side a share of CJK characters outside string literals (identifiers are ASCII, Chinese
/// and Japanese prose is not), sentence-final punctuation, and runs of plain English words.
enum TextCodeScore {
    /// A code block starts at a line scoring at least this.
    static let clearCode = 2
    /// Right after a code line, outside brackets, a line continues the block from this score on.
    static let leaning = 1
    /// Inside an open bracket, only a line scoring at most this ends the block.
    static let clearProse = -2

    /// Words that start a line of Swift (and of the C-family languages tutorials show).
    static let keywords: Set<Substring> = [
        "import", "struct", "class", "enum", "protocol", "extension", "actor", "func", "init", "deinit",
        "let", "var", "if", "else", "guard", "return", "for", "while", "repeat", "switch", "case",
        "default", "break", "continue", "fallthrough", "defer", "do", "catch", "throw", "try", "await",
        "private", "fileprivate", "public", "internal", "open", "static", "override", "final", "lazy",
        "weak", "unowned", "mutating", "nonmutating", "typealias", "associatedtype", "subscript",
        "convenience", "required", "indirect", "some", "any", "self", "super", "where", "async",
        "#if", "#else", "#elseif", "#endif", "#Preview", "#selector", "const", "function", "def", "fn",
        "package", "public:", "private:",
    ]

    static func score(_ line: Substring) -> (score: Int, bracketDelta: Int) {
        let indent = TextLines.indentation(of: line)
        let body = line.drop { $0 == " " || $0 == "\t" }
        let trimmed = body.trimmingWhitespace()
        if trimmed.hasPrefix("//") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("*/")
            || (indent > 0 && trimmed.hasPrefix("* "))
        {
            return (4, 0)
        }
        let skeleton = Skeleton(trimmed)
        var score = 0
        let startsWithKeyword = leadingWord(trimmed).map { keywords.contains($0) } ?? false
        // Indentation speaks for code only with some code punctuation or a keyword on the line: pages
        // also indent list items and notes (`    Note`).
        if indent >= 2 && (skeleton.codePunctuation > 0 || startsWithKeyword) { score += 2 }
        if startsWithKeyword { score += 3 }
        if skeleton.startsWithAssignment { score += 2 }
        if trimmed.first == "@", let next = trimmed.dropFirst().first, next.isASCII, next.isLetter { score += 2 }
        if skeleton.onlyBrackets { score += 4 }
        if let last = skeleton.lastCharacter, "{([,;)]}".contains(last) { score += 2 }
        if skeleton.hasOperator { score += 1 }
        if skeleton.hasCall { score += 1 }
        if skeleton.hasMemberAccess { score += 1 }
        if skeleton.cjk > 0 {
            score -= skeleton.cjk * 5 >= skeleton.visible ? 4 : 2
        }
        if let last = trimmed.last, "。！？：，；…".contains(last) { score -= 2 }
        if skeleton.looksLikeEnglishSentence { score -= 3 }
        return (score, skeleton.bracketDelta)
    }

    /// The identifier-like word a line starts with (`import`, `@State`, `#if`), if any.
    private static func leadingWord(_ text: Substring) -> Substring? {
        var end = text.startIndex
        for (offset, character) in zip(text.indices, text.prefix(24)) {
            let allowed =
                character.asciiValue.map { Skeleton.isIdentifier(Unicode.Scalar($0)) } == true || character == ":"
                || (offset == text.startIndex && character == "#")
            if !allowed { break }
            end = text.index(after: offset)
        }
        guard end > text.startIndex else { return nil }
        let word = text[..<end]
        // `default:` and `public:` keep their colon; `case .x:` does not reach here with one.
        if word.hasSuffix(":") && word != "default:" && word != "public:" && word != "private:" {
            return word.dropLast()
        }
        return word == "default:" ? "default" : word
    }
}
