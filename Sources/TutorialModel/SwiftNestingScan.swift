/// How deep a Swift snippet could make SwiftParser recurse, read from its bytes before it is parsed.
///
/// SwiftParser recurses once per level of almost every construct: brackets, generic arguments, prefix
/// chains (`try try …`, `any any …`, `! ! …`), postfix chains (`a.b.c…`, `f()()…`, `Int???…`), function
/// types (`() -> () -> …`), `#if` blocks, string interpolations, closures. 500 levels of `A<` (1.5 KB)
/// overflow an 8 MB stack, and the walks over the tree that follow recurse as deep. Where a bracket is
/// left open, its recovery looks ahead for the closer at every level (`canRecoverTo`): time grows as the
/// cube of the open brackets (`"\(f(` 200 deep: 32 s). This scan does not lex Swift; it follows the
/// bytes that open and close such levels and counts a level wherever one could begin, so what it
/// reports is never below what the parser sees (an over-approximation): comments are skipped, string
/// literals are followed with their interpolations, and a chain ends where a statement or an argument
/// ends (`,` `;` `:` `=` or a line break that continues nothing).
public struct SwiftNesting: Sendable, Equatable {
    /// The most levels open at one place (brackets, generic arguments, chains, `#if`, interpolations).
    public var deepest = 0
    /// Brackets (`(` `[` `{` and interpolations) never closed, or closed by a bracket of another kind.
    public var unclosed = 0
    /// Of `unclosed`, those inside a string interpolation (the interpolations included): SwiftParser
    /// rescans the string around each one, so their cost grows as the cube of their count.
    public var unclosedInInterpolations = 0
    /// The deepest `[` nesting alone (SwiftParser's collection-type lookahead backtracks on it).
    public var deepestSquare = 0
    /// The deepest nesting of generic arguments alone (SwiftParser's lookahead rescans them at each level).
    public var deepestAngle = 0

    public init(deepest: Int = 0, unclosed: Int = 0, unclosedInInterpolations: Int = 0, deepestSquare: Int = 0, deepestAngle: Int = 0) {
        self.deepest = deepest
        self.unclosed = unclosed
        self.unclosedInInterpolations = unclosedInInterpolations
        self.deepestSquare = deepestSquare
        self.deepestAngle = deepestAngle
    }

    /// Scans `code`'s UTF-8 bytes once.
    public static func scan(_ code: String) -> SwiftNesting {
        var copy = code
        return copy.withUTF8 { bytes in
            var scanner = Scanner()
            scanner.run(bytes)
            return scanner.result
        }
    }
}

enum Opener: UInt8 {
    case paren, square, brace, angle
    /// `\(` inside a string: its `)` returns to the string (`raw` `#` signs and `multiline` kept).
    case interpolation
}

/// One open level and the chain counted inside it since its last separator.
struct Level: Equatable {
    let opener: Opener
    var chain: Int
    /// For `.interpolation`: the string to return to at its `)`.
    var string: StringKind
}

struct StringKind: Equatable {
    var hashes: Int
    var multiline: Bool
    static let none = StringKind(hashes: -1, multiline: false)
}

struct Scanner {
    var result = SwiftNesting()
    /// From this offset on, `run` hands each line start to `markLineStart` (`MarkedNestingScan`); a plain
    /// scan never does.
    var markFrom = Int.max
    var marking: NestingMarking?
    /// The open levels, the outermost first; the root level is the top of the snippet.
    var levels = [Level(opener: .brace, chain: 0, string: .none)]
    /// Sum over `levels` of one per level (the root excluded) plus its chain: the current estimate.
    var depth = 0
    /// Open levels by opener (`Opener.rawValue`), so a closer knows in constant time whether it closes one.
    var opened = [0, 0, 0, 0, 0]
    var conditionals = 0
    /// The last significant token continues onto the next line (an operator, a prefix keyword, `.`, `->`).
    var continues = false
    var lastSignificant: UInt8 = 0

    mutating func note() {
        result.deepest = max(result.deepest, depth + conditionals)
        result.deepestSquare = max(result.deepestSquare, opened[Int(Opener.square.rawValue)])
        result.deepestAngle = max(result.deepestAngle, opened[Int(Opener.angle.rawValue)])
    }

    mutating func chain() {
        levels[levels.count - 1].chain += 1
        depth += 1
        note()
    }

    mutating func resetChain() {
        depth -= levels[levels.count - 1].chain
        levels[levels.count - 1].chain = 0
    }

    mutating func push(_ opener: Opener, string: StringKind = .none) {
        levels.append(Level(opener: opener, chain: 0, string: string))
        depth += opener == .interpolation ? 2 : 1  // an interpolation is a string and a paren
        opened[Int(opener.rawValue)] += 1
        note()
    }

    @discardableResult
    mutating func pop() -> Level {
        let level = levels.removeLast()
        depth -= level.chain + (level.opener == .interpolation ? 2 : 1)
        opened[Int(level.opener.rawValue)] -= 1
        return level
    }

    /// Generic-argument levels end where no generic argument can go on.
    mutating func dropAngles() {
        while levels.count > 1, levels[levels.count - 1].opener == .angle { pop() }
    }

    /// Closes the innermost level opened by `opener` (those opened inside it and never closed count as
    /// unclosed); a closer with nothing to close is ignored. Returns the level closed.
    mutating func close(_ opener: Opener) -> Level? {
        let open = opener == .paren ? opened[Int(Opener.paren.rawValue)] + opened[Int(Opener.interpolation.rawValue)] : opened[Int(opener.rawValue)]
        guard open > 0 else { return nil }
        while true {
            let level = pop()
            if level.opener == opener || (level.opener == .interpolation && opener == .paren) { return level }
            if level.opener != .angle { countUnclosed(level) }
        }
    }

    /// Counts `level`, just popped or left open at the end, as unclosed.
    mutating func countUnclosed(_ level: Level) {
        result.unclosed += 1
        if level.opener == .interpolation || opened[Int(Opener.interpolation.rawValue)] > 0 {
            result.unclosedInInterpolations += 1
        }
    }

    /// Scans from `start` (0, or a mark's line start with the scanner as it was there) to the end, or to the
    /// line start where `markLineStart` finds the rest already scanned (the end's open levels then left alone).
    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) {
        var index = start
        let count = bytes.count
        var stringToScan: StringKind? = nil
        while index < count {
            if let string = stringToScan {
                index = scanString(bytes, from: index, string)
                stringToScan = nil
                continue
            }
            let byte = bytes[index]
            // Words are most of the bytes, and no case below takes a word byte: read them first.
            if SwiftBytes.isWordByte(byte) {
                index = word(bytes, at: index)
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                lineBreak(bytes, before: index)
                if index >= markFrom, markLineStart(bytes, at: index) { return }
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < count, bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                index = blockCommentEnd(bytes, from: index)
            case UInt8(ascii: "\""):
                index = openString(bytes, at: index, &stringToScan)
            case UInt8(ascii: "#") where startsString(bytes, at: index):
                index = openString(bytes, at: index, &stringToScan)
            case UInt8(ascii: "#"):
                index = compilerDirective(bytes, at: index)
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                if isPostfixPosition() { chain() }
                if byte == UInt8(ascii: "{") { dropAngles() }
                push(byte == UInt8(ascii: "(") ? .paren : byte == UInt8(ascii: "[") ? .square : .brace)
                significant(byte, continuing: true)
                index += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                let closed = close(byte == UInt8(ascii: ")") ? .paren : byte == UInt8(ascii: "]") ? .square : .brace)
                significant(byte, continuing: false)
                index += 1
                if let closed, closed.opener == .interpolation { stringToScan = closed.string }
            case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
                resetChain()
                if byte == UInt8(ascii: ";") { dropAngles() }
                significant(byte, continuing: byte == UInt8(ascii: ","))
                index += 1
            case UInt8(ascii: ".") where index + 1 < count && bytes[index + 1] != UInt8(ascii: "."):
                chain()
                significant(byte, continuing: true)
                index += 1
            case UInt8(ascii: "\\"):
                // A key path (`\.a.b`) or a stray backslash: the `.`s that follow are counted as chains.
                significant(byte, continuing: true)
                index += 1
            default:
                index = operatorOrOther(bytes, at: index)
            }
        }
        while levels.count > 1 {
            let level = pop()
            if level.opener != .angle { countUnclosed(level) }
        }
    }

    // The pieces of `run` that read more than one byte: each returns the index after what it read.

    /// At the start of a line: a chain (`.a` `.b` over lines) goes on only where the line continues it (a
    /// leading `.` or operator, or an open continuation).
    private mutating func lineBreak(_ bytes: UnsafeBufferPointer<UInt8>, before index: Int) {
        var next = index
        let count = bytes.count
        while next < count, bytes[next] == 0x20 || bytes[next] == 0x09 || bytes[next] == 0x0D || bytes[next] == 0x0A { next += 1 }
        let following = next < count ? bytes[next] : 0
        if !continues, following != UInt8(ascii: "."), !SwiftBytes.isOperator(following) { resetChain() }
    }

    /// The end of a `/* … */` comment at `start`; such comments nest.
    private func blockCommentEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        var index = start + 2
        var nested = 1
        while index < count, nested > 0 {
            if bytes[index] == UInt8(ascii: "*"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
                nested -= 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "*") {
                nested += 1
                index += 2
            } else {
                index += 1
            }
        }
        return index
    }

    /// A `#` word: `#if` and `#endif` count the conditional blocks the scan is in.
    private mutating func compilerDirective(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let start = index + 1
        let end = SwiftBytes.wordEnd(bytes, from: start)
        let word = bytes[start..<end]
        if word.elementsEqual("if".utf8) {
            conditionals += 1
            note()
        } else if word.elementsEqual("endif".utf8) {
            conditionals = max(0, conditionals - 1)
        }
        significant(UInt8(ascii: "#"), continuing: false)
        return end
    }

    /// An operator, or any other byte (words were read before the scan's switch).
    private mutating func operatorOrOther(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        let byte = bytes[start]
        if SwiftBytes.isOperator(byte) { return scanOperator(bytes, from: start) }
        significant(byte, continuing: false)
        return start + 1
    }

    /// The word starting at `start` (a word byte): a prefix keyword such as `try` continues the chain.
    private mutating func word(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        let index = SwiftBytes.wordEnd(bytes, from: start + 1)
        let prefix = SwiftBytes.isPrefixKeyword(bytes[start..<index])
        if prefix { chain() }
        significant(UInt8(ascii: "a"), continuing: prefix)
        return index
    }

    /// Reads a string's opening delimiter (`"`, `"""`, `#"`…) at `index`; its text is scanned next.
    mutating func openString(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ stringToScan: inout StringKind?) -> Int {
        var index = start
        var hashes = 0
        while bytes[index] == UInt8(ascii: "#") {
            hashes += 1
            index += 1
        }
        let multiline = index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"") && bytes[index + 2] == UInt8(ascii: "\"")
        significant(UInt8(ascii: "\""), continuing: false)
        stringToScan = StringKind(hashes: hashes, multiline: multiline)
        return index + (multiline ? 3 : 1)
    }

    mutating func significant(_ byte: UInt8, continuing: Bool) {
        lastSignificant = byte
        continues = continuing
    }

    /// `(`, `[` or `{` right after an expression: a call, a subscript or a trailing closure, each one
    /// more level around what it follows.
    func isPostfixPosition() -> Bool {
        let last = lastSignificant
        return last == UInt8(ascii: "a") || last == UInt8(ascii: ")") || last == UInt8(ascii: "]")
            || last == UInt8(ascii: "}") || last == UInt8(ascii: "?") || last == UInt8(ascii: "!")
            || last == UInt8(ascii: ">") || last == UInt8(ascii: "\"")
    }

    /// A run of operator characters: `<` alone opens generic arguments, `>`s close them, `?` and `!`
    /// each add a level (optional types and chaining are lexed one by one), any other operator adds one
    /// level, except one with space on both sides (a binary operator: sequences are flat), and `=`
    /// ends the chain (assignment and initial values).
    mutating func scanOperator(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        while end < bytes.count, SwiftBytes.isOperator(bytes[end]) {
            // `/*` and `//` inside a run start a comment, as the lexer reads them.
            if bytes[end] == UInt8(ascii: "/"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "/") || bytes[end + 1] == UInt8(ascii: "*"), end > start { break }
            end += 1
        }
        let run = bytes[start..<end]
        let spacedBefore = start == 0 || SwiftBytes.isSpace(bytes[start - 1])
        let spacedAfter = end == bytes.count || SwiftBytes.isSpace(bytes[end])
        if run.allSatisfy({ $0 == UInt8(ascii: "<") }) {
            for _ in run { push(.angle) }
        } else if run.allSatisfy({ $0 == UInt8(ascii: ">") }) {
            for _ in run where levels.count > 1 && levels[levels.count - 1].opener == .angle { pop() }
        } else if run.elementsEqual("->".utf8) {
            chain()
        } else if run.elementsEqual("=".utf8) {
            dropAngles()
            resetChain()
        } else if run.allSatisfy({ $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "!") }) {
            for _ in run { chain() }
        } else if spacedBefore && spacedAfter {
            // A binary operator; `==`, `&&` and the like also end generic arguments.
            if !run.allSatisfy({ $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: ".") }) || run.count > 1 { dropAngles() }
        } else {
            chain()
        }
        // After `>`, `?` or `!` an expression or a type may go on (`A<B>()`, `a?.b`); after any other
        // operator, the next line continues it.
        let last = bytes[end - 1]
        let closesOperand = last == UInt8(ascii: ">") || last == UInt8(ascii: "?") || last == UInt8(ascii: "!")
        significant(closesOperand ? last : UInt8(ascii: "+"), continuing: !closesOperand)
        return end
    }

    /// Skips a string's text up to its end or to an interpolation, which opens a level; returns the
    /// index after what it read.
    mutating func scanString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ string: StringKind) -> Int {
        var index = start
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A, !string.multiline { return index }  // an unclosed single-line string ends at its line
            if byte == UInt8(ascii: "\\") {
                var hashes = 0
                var next = index + 1
                while next < count, bytes[next] == UInt8(ascii: "#") {
                    hashes += 1
                    next += 1
                }
                if hashes == string.hashes, next < count {
                    if bytes[next] == UInt8(ascii: "(") {
                        push(.interpolation, string: string)
                        continues = true
                        lastSignificant = UInt8(ascii: "(")
                        return next + 1
                    }
                    index = next + 1  // an escaped character
                    continue
                }
                index = next
                continue
            }
            if byte == UInt8(ascii: "\"") {
                var end = index + 1
                if string.multiline {
                    guard end + 1 < count, bytes[end] == UInt8(ascii: "\""), bytes[end + 1] == UInt8(ascii: "\"") else {
                        index += 1
                        continue
                    }
                    end += 2
                }
                var hashes = 0
                while hashes < string.hashes, end < count, bytes[end] == UInt8(ascii: "#") {
                    hashes += 1
                    end += 1
                }
                if hashes == string.hashes { return end }
            }
            index += 1
        }
        return index
    }

    func startsString(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var next = index
        while next < bytes.count, bytes[next] == UInt8(ascii: "#") { next += 1 }
        return next < bytes.count && bytes[next] == UInt8(ascii: "\"")
    }
}
