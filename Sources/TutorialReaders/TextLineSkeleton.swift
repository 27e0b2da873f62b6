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
        var assignment = AssignmentStart()
        for scalar in text.unicodeScalars {
            if !assignment.isDecided && !inString { assignment.take(scalar) }
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
            punctuation += countCode(scalar, after: previous)
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
        startsWithAssignment = assignment.isAssignment
        if visible == 0 { onlyBrackets = false }
        // An English sentence: several plain words, hardly any code punctuation, no operator.
        let endsSentence = last.map { $0 == "." || $0 == ":" || $0 == "!" || $0 == "?" } ?? false
        looksLikeEnglishSentence =
            words >= 4 && punctuation <= 2 && !hasOperator && cjk == 0
            && (first.map { (0x41...0x5A).contains($0.value) } ?? false || endsSentence)
    }

    /// Counts what a visible scalar outside strings and comments says of code (brackets, operators, calls,
    /// member access, code punctuation); returns 1 for the punctuation a sentence hardly has, else 0.
    private mutating func countCode(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar) -> Int {
        var punctuation = 0
        switch scalar {
        case "{", "(", "[":
            bracketDelta += 1
            punctuation = 1
            if scalar == "(" && (Self.isIdentifier(previous)) { hasCall = true }
        case "}", ")", "]":
            bracketDelta -= 1
            punctuation = 1
        case "=", "&", "|":
            hasOperator = true
            punctuation = 1
        case "<", ">", ";", "$":
            punctuation = 1
        default:
            if previous == "." && Self.isLowercaseASCII(scalar) { hasMemberAccess = true }
        }
        switch scalar {
        case "{", "}", "(", ")", "[", "]", ",", ";", ".": break
        default: onlyBrackets = false
        }
        if "{}()[]=;<>.$@#:,\\".unicodeScalars.contains(scalar) { codePunctuation += 1 }
        return punctuation
    }

    /// Whether a line starts `target = value` or `target += value` with a plain target (`count`, `self.a.b`,
    /// `x[0]`), told scalar by scalar outside strings until it is decided.
    private struct AssignmentStart {
        private var targetEnded = false
        private var targetLength = 0
        private(set) var isDecided = false
        private(set) var isAssignment = false

        mutating func take(_ scalar: Unicode.Scalar) {
            if !targetEnded && (Skeleton.isIdentifier(scalar) || scalar == "." || scalar == "[" || scalar == "]" || scalar == "$") {
                targetLength += 1
            } else if scalar == " " && targetLength > 0 {
                targetEnded = true
            } else if scalar == "=" && targetLength > 0 {
                isAssignment = true
                isDecided = true
            } else if "+-*/%|&".unicodeScalars.contains(scalar) && targetLength > 0 {
                // A compound assignment's operator: `=` must follow.
            } else {
                isDecided = true
            }
        }
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
