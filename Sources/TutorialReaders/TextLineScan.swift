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

/// A line with its string literals and trailing comment taken out, measured once.
///
/// It walks Unicode scalars and compares their values: `Character` properties cost a table lookup
/// per character, which dominated reading a large page.
struct Skeleton {
    private(set) var visible = 0
    private(set) var cjk = 0
    private(set) var last: Unicode.Scalar?
    private(set) var onlyBrackets = true
    private(set) var hasOperator = false
    private(set) var hasCall = false
    private(set) var hasMemberAccess = false
    private(set) var bracketDelta = 0
    private(set) var looksLikeEnglishSentence = false
    /// ASCII punctuation that code is made of, outside strings and comments.
    private(set) var codePunctuation = 0
    /// The line is `target = value` or `target += value` with a plain target (`count`, `self.a.b`, `x[0]`).
    private(set) var startsWithAssignment = false

    init(_ text: Substring) {
        var inString = false
        var escaped = false
        var previous: Unicode.Scalar = " "
        var words = 0
        var wordLength = 0
        var punctuation = 0
        var first: Unicode.Scalar?
        var lastBeforeSlash: Unicode.Scalar?
        // Whether everything so far is an assignment target, and whether a space ended it.
        var inTarget = true
        var targetEnded = false
        var targetLength = 0
        for scalar in text.unicodeScalars {
            if inTarget && !inString {
                if !targetEnded
                    && (Self.isIdentifier(scalar) || scalar == "." || scalar == "[" || scalar == "]"
                        || scalar == "$")
                {
                    targetLength += 1
                } else if scalar == " " && targetLength > 0 {
                    targetEnded = true
                } else if scalar == "=" && targetLength > 0 {
                    startsWithAssignment = true
                    inTarget = false
                } else if "+-*/%|&".unicodeScalars.contains(scalar) && targetLength > 0 {
                    // A compound assignment's operator: `=` must follow.
                } else {
                    inTarget = false
                }
            }
            if inString {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inString = false
                    previous = scalar
                    last = scalar
                }
                continue
            }
            if scalar == "\"" {
                inString = true
                visible += 1
                onlyBrackets = false
                continue
            }
            if scalar == "/" && previous == "/" {
                visible -= 1
                last = lastBeforeSlash
                break
            }
            if Self.isSpace(scalar) {
                if wordLength >= 2 { words += 1 }
                wordLength = 0
                previous = scalar
                continue
            }
            if first == nil { first = scalar }
            visible += 1
            lastBeforeSlash = last
            last = scalar
            if Self.isCJK(scalar) { cjk += 1 }
            switch scalar {
            case "{", "(", "[":
                bracketDelta += 1
                punctuation += 1
                if scalar == "(" && (Self.isIdentifier(previous)) { hasCall = true }
            case "}", ")", "]":
                bracketDelta -= 1
                punctuation += 1
            case "=", "&", "|":
                hasOperator = true
                punctuation += 1
            case "<", ">", ";", "$":
                punctuation += 1
            default:
                if previous == "." && Self.isLowercaseASCII(scalar) { hasMemberAccess = true }
            }
            switch scalar {
            case "{", "}", "(", ")", "[", "]", ",", ";", ".": break
            default: onlyBrackets = false
            }
            if "{}()[]=;<>.$@#:,\\".unicodeScalars.contains(scalar) { codePunctuation += 1 }
            if Self.isLetterASCII(scalar) {
                wordLength += 1
            } else if !(wordLength > 0
                && (scalar == "," || scalar == "." || scalar == ":" || scalar == "'"
                    || scalar == "!" || scalar == "?"))
            {
                wordLength = 0
            }
            previous = scalar
        }
        if wordLength >= 2 { words += 1 }
        if visible == 0 { onlyBrackets = false }
        // An English sentence: several plain words, hardly any code punctuation, no operator.
        let endsSentence = last.map { $0 == "." || $0 == ":" || $0 == "!" || $0 == "?" } ?? false
        looksLikeEnglishSentence =
            words >= 4 && punctuation <= 2 && !hasOperator && cjk == 0
            && (first.map { (0x41...0x5A).contains($0.value) } ?? false || endsSentence)
    }

    /// The last visible character, as a `Character` for callers that compare with string literals.
    var lastCharacter: Character? { last.map(Character.init) }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\u{00A0}" || scalar == "\u{3000}" || scalar == "\u{FEFF}"
    }

    static func isLetterASCII(_ scalar: Unicode.Scalar) -> Bool {
        (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
    }

    static func isLowercaseASCII(_ scalar: Unicode.Scalar) -> Bool { (0x61...0x7A).contains(scalar.value) }

    static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        isLetterASCII(scalar) || (0x30...0x39).contains(scalar.value) || scalar == "_"
    }

    /// Han, kana, hangul, and the full-width and CJK punctuation that only prose uses.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3001...0x303F, 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
            0xFF00...0xFFEF, 0xAC00...0xD7AF:
            return true
        default:
            return false
        }
    }
}
