internal import SwiftParser
internal import SwiftSyntax
internal import TutorialModel

/// The syntax errors of a fragment that no cut explains: those that stay, on the same line, wherever the
/// fragment is put in a file.
///
/// A fragment is a few lines cut from a file the page does not show, so most of its errors are the cut's:
/// a case clause out of its `switch`, arguments out of their call, a member out of its type, a body's
/// closing brace without its opening one, an opening brace whose body the next snippet shows. Those are
/// explained by the file around it and say nothing. An error that stays whatever surrounds the fragment
/// (a keyword misspelt, a string literal never closed, a parameter written without its type, a body in
/// square brackets) is in the lines shown, and is positive evidence: the reader who types them gets it.
///
/// The fragment is parsed inside each of a few enclosing contexts (a file, a type's body, an enum's, a
/// call's argument list, a collection literal, a `switch`), each time with the closing brackets its open
/// ones need appended. An error is kept only if every context has one on its line. Lines up to the last
/// closing bracket the fragment does not open are the cut's in any case, and lines standing for code left
/// out (`SnippetFacts.elidedLines`) are blanked first, so they neither err themselves nor make their
/// neighbours err.
public func syntaxErrorsNoCutExplains(in code: String, facts: SnippetFacts) -> [SyntaxErrorFact] {
    guard !facts.syntaxErrors.isEmpty else { return [] }
    let originalBytes = Array(code.utf8)
    var bytes = originalBytes
    for line in facts.elidedLines where line < facts.lineStarts.count {
        var offset = facts.lineStarts[line]
        while offset < bytes.count, bytes[offset] != 0x0A {
            bytes[offset] = 0x20
            offset += 1
        }
    }
    let blanked = String(decoding: bytes, as: UTF8.self)
    guard let tree = parsedSourceFile(blanked) else { return [] }
    let shapes = LinesNotCode(tree, facts: facts, bytes: bytes)
    // A diagram or a rule of `====` among the lines: a picture or printed output in a code block, not code.
    guard !shapes.holdsDecoration else { return [] }
    let brackets = BracketBalance(tree)
    let cutLine = brackets.lastUnopenedCloser.map(facts.line(of:)) ?? -1
    // Code left out (dots, a comment standing for it; not a sentence written among the code) may open or
    // close what the lines beside it close or open: their errors are the cut's.
    let leftOut = facts.elidedLines.filter { line in
        let end = line + 1 < facts.lineStarts.count ? facts.lineStarts[line + 1] : originalBytes.count
        let text = String(decoding: originalBytes[facts.lineStarts[line]..<end], as: UTF8.self)
        return ["//", "/*", "..", "\u{2026}", "<#"].contains { text.containsText($0) }
    }
    let elided = Set(facts.elidedLines).union(leftOut.flatMap { line in
        [-1, 1].compactMap { step in
            nearestCodeLine(to: line, step: step, in: bytes, lineStarts: facts.lineStarts, elided: facts.elidedLines)
        }
    })
    // A block where every line of code errs holds no code to type: printed output, prose, a drawing.
    let erringLines = Set(facts.syntaxErrors.map { facts.line(of: $0.range.start) })
    let codeLines = shapes.codeLines.subtracting(facts.elidedLines)
    guard codeLines.count < 2 || !codeLines.isSubset(of: erringLines) else { return [] }
    let candidates = facts.syntaxErrors.filter { error in
        let line = facts.line(of: error.range.start)
        return line > cutLine && !elided.contains(line) && !shapes.lines.contains(line)
            && !shapes.quotedSignatures.contains { $0.contains(error.range.start) }
    }
    guard !candidates.isEmpty else { return [] }
    var lines = Set(candidates.map { facts.line(of: $0.range.start) })
    for context in enclosingContexts {
        let prefix = context.prefix
        let source = prefix + blanked + "\n" + brackets.closers + context.suffix
        guard let wrapped = parsedSourceFile(source) else { return [] }
        let shift = prefix.utf8.count
        let erring = Set(
            syntaxErrors(in: wrapped, code: source).compactMap { error -> Int? in
                let start = error.range.start - shift
                return start >= 0 && start < bytes.count ? facts.line(of: start) : nil
            })
        lines.formIntersection(erring)
        if lines.isEmpty { return [] }
    }
    return candidates.filter { lines.contains(facts.line(of: $0.range.start)) }
}

/// The nearest line before `line` (`step` -1) or after it (`step` 1) holding more than blanks, other than a
/// line left out.
private func nearestCodeLine(to line: Int, step: Int, in bytes: [UInt8], lineStarts: [Int], elided: [Int]) -> Int? {
    stride(from: line + step, to: step < 0 ? -1 : lineStarts.count, by: step).first {
        !elided.contains($0) && !isBlank($0, bytes, lineStarts)
    }
}

private func isBlank(_ line: Int, _ bytes: [UInt8], _ lineStarts: [Int]) -> Bool {
    let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
    return bytes[lineStarts[line]..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
}

/// Where a fragment may have been cut from: the file itself, a type's body, an enum's (case declarations),
/// a call's arguments, a collection literal's elements, a `switch` (case clauses).
private let enclosingContexts: [(prefix: String, suffix: String)] = [
    ("", ""),
    ("struct _Enclosing {\n", "\n}"),
    ("enum _Enclosing {\n", "\n}"),
    ("_ = _enclosing(\n", "\n)"),
    ("_ = [\n", "\n]"),
    ("switch _enclosing {\n", "\n}"),
]

/// The brackets a fragment leaves open, and the last closing one it never opened.
private struct BracketBalance {
    /// The closing brackets that close what the fragment leaves open, innermost first.
    let closers: String
    /// The UTF-8 offset of the last closing bracket with no opening one before it in the fragment.
    let lastUnopenedCloser: Int?

    init(_ tree: SourceFileSyntax) {
        var open: [String] = []
        var unopened: Int?
        for token in tree.tokens(viewMode: .sourceAccurate) where token.presence == .present {
            switch token.tokenKind {
            case .leftBrace: open.append("}")
            case .leftParen: open.append(")")
            case .leftSquare: open.append("]")
            case .rightBrace, .rightParen, .rightSquare:
                if open.popLast() == nil { unopened = token.positionAfterSkippingLeadingTrivia.utf8Offset }
            default: break
            }
        }
        closers = open.reversed().joined(separator: "\n")
        lastUnopenedCloser = unopened
    }
}

/// Lines of a fragment shaped like something other than code to type, by their tokens, in any language:
/// printed output (`Result : Next(0)`, `a=20, b=10`), a grammar template (`{ (parameters) -> return type in`),
/// a line holding a curly double quote (curly-quotes-in-code reports it, with its fix), and signatures
/// quoted to read (a function declared without a body, a call alone on its line written with a declaration's
/// parameters: `run(until limitDate: Date)`, `configure(with output: Output) -> Input`).
private struct LinesNotCode {
    /// Lines whose errors say nothing: output, templates, curly quotes.
    private(set) var lines: Set<Int> = []
    /// UTF-8 ranges of signatures quoted to read: their parameter or argument lists.
    private(set) var quotedSignatures: [Range<Int>] = []
    /// Lines holding a token.
    private(set) var codeLines: Set<Int> = []
    /// Whether an operator token is a run of one character (`-----`, `+------+`, `=====`), or a line opens
    /// with a run of one mark (`———`): a diagram's border or a rule between printed outputs, which no Swift
    /// code writes.
    private(set) var holdsDecoration = false

    init(_ tree: SourceFileSyntax, facts: SnippetFacts, bytes: [UInt8]) {
        var byLine: [Int: [TokenSyntax]] = [:]
        var depthAtLineStart: [Int: Int] = [:]
        var depth = 0
        var linesInAGutter = 0
        for token in tree.tokens(viewMode: .sourceAccurate)
        where token.presence == .present && token.tokenKind != .endOfFile {
            let line = facts.line(of: token.positionAfterSkippingLeadingTrivia.utf8Offset)
            if byLine[line] == nil {
                depthAtLineStart[line] = depth
                if token.text.allSatisfy({ $0 == "|" || $0 == "^" }) { linesInAGutter += 1 }
            }
            byLine[line, default: []].append(token)
            switch token.tokenKind {
            case .leftBrace, .leftParen, .leftSquare: depth += 1
            case .rightBrace, .rightParen, .rightSquare: depth -= 1
            case .binaryOperator(let text), .prefixOperator(let text), .postfixOperator(let text):
                if isDecoration(text) { holdsDecoration = true }
            default: break
            }
        }
        // Lines starting with `|` (no statement does): the column of a drawing.
        if linesInAGutter > 1 { holdsDecoration = true }
        codeLines = Set(byLine.keys)
        for (line, tokens) in byLine {
            if Self.isOutput(tokens, atTopLevel: depthAtLineStart[line] == 0) || Self.isTemplate(tokens) {
                lines.insert(line)
            }
        }
        for line in facts.lineStarts.indices {
            let start = facts.lineStarts[line]
            let end = line + 1 < facts.lineStarts.count ? facts.lineStarts[line + 1] : bytes.count
            if bytes[start..<end].containsCurlyDoubleQuote { lines.insert(line) }
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            if Self.startsWithARule(text) { holdsDecoration = true }
        }
        let bodiless = FunctionsWithoutBody(viewMode: .sourceAccurate)
        bodiless.walk(tree)
        quotedSignatures = bodiless.signatures
        for (line, tokens) in byLine where depthAtLineStart[line] == 0 {
            if let arguments = Self.argumentsOfACallQuotedAsSignature(tokens) { quotedSignatures.append(arguments) }
        }
    }

    /// `label: value` with no `=` after it, starting with a name at the top level (`Result : Next(0)`,
    /// `string first: 1`), or `name=value` pairs separated by commas (`a=20, b=10`): what `print` wrote. A
    /// statement never starts so (a label precedes a loop; a declaration with its keyword left out,
    /// `subscriber: AnyCancellable = publisher.sink…`, still has its `=`).
    private static func isOutput(_ tokens: [TokenSyntax], atTopLevel: Bool) -> Bool {
        guard atTopLevel, tokens.first?.isIdentifier == true else { return false }
        if let colon = tokens.firstIndex(where: { $0.tokenKind == .colon }),
            tokens[..<colon].allSatisfy(\.isIdentifier),
            !tokens[colon...].contains(where: { $0.tokenKind == .equal }),
            colon + 1 == tokens.count || !tokens[colon + 1].tokenKind.isKeyword
        {
            return true
        }
        // name=value, name=value
        let pairs = tokens.split { $0.tokenKind == .comma }
        return pairs.count > 1
            && pairs.allSatisfy { pair in
                pair.count == 3 && pair[pair.startIndex + 1].tokenKind == .equal
                    && pair[pair.startIndex].isIdentifier
            }
    }

    /// A line that opens with three or more of one mark that no Swift line opens with so (not a letter, digit,
    /// bracket, quote, dot, slash, `#` of a raw string, `$`, `@`, `_` or a backslash)
    /// (`——— Output ———`, `───`, `***`): a rule drawn between printed outputs or a drawing's border, whatever
    /// the character (em dashes and box-drawing lines are no Swift tokens at all).
    private static func startsWithARule(_ text: String) -> Bool {
        let characters = Array(text.drop { $0 == " " || $0 == "\t" })
        guard characters.count >= 3, let mark = characters.first, !mark.isLetter, !mark.isNumber,
            !"()[]{}\"'./\\`_$#@".contains(mark)
        else { return false }
        return characters[1] == mark && characters[2] == mark
    }

    /// A return arrow followed by two words in a row (`-> return type in`, `-> Return Type`): a grammar
    /// template spelling out what goes where, not code.
    private static func isTemplate(_ tokens: [TokenSyntax]) -> Bool {
        guard let arrow = tokens.firstIndex(where: { $0.tokenKind == .arrow }), arrow + 2 < tokens.count else {
            return false
        }
        // `-> Int in`, `-> T where …`, `-> some View` are code: the second word a keyword, or the first a modifier.
        guard tokens[arrow + 2].isIdentifier else { return false }
        return tokens[arrow + 1].isWord && !tokens[arrow + 1].isTypeModifier
    }

    /// A call alone on its line written with a declaration's parameters: the argument list of
    /// `name(label name: Type)` or `a.b(label: , other: )` ending the line, or followed by `-> Type`
    /// (`configure(with output: Output) -> Input`). Nil for any other line.
    private static func argumentsOfACallQuotedAsSignature(_ tokens: [TokenSyntax]) -> Range<Int>? {
        guard tokens.first?.isIdentifier == true,
            let open = tokens.firstIndex(where: { $0.tokenKind == .leftParen }),
            tokens[..<open].allSatisfy({ $0.tokenKind == .period || $0.isIdentifier })
        else { return nil }
        var depth = 0
        var close: Int?
        for index in open..<tokens.count {
            if tokens[index].tokenKind == .leftParen { depth += 1 }
            if tokens[index].tokenKind == .rightParen {
                depth -= 1
                if depth == 0 {
                    close = index
                    break
                }
            }
        }
        guard let close else { return nil }
        let rest = tokens[(close + 1)...]
        guard rest.isEmpty || (rest.first?.tokenKind == .arrow && !rest.contains { $0.tokenKind == .leftBrace })
        else { return nil }
        // A declaration's parameter (`label name: Type`: two names before a colon) or an empty argument.
        let inside = tokens[(open + 1)..<close]
        let quotesParameters = zip(inside, inside.dropFirst()).contains { pair in
            pair.0.isWord && pair.1.isWord
        } || zip(inside, inside.dropFirst()).contains { $0.0.tokenKind == .colon && $0.1.tokenKind == .comma }
            || rest.first?.tokenKind == .arrow
        guard quotesParameters else { return nil }
        return tokens[open].positionAfterSkippingLeadingTrivia.utf8Offset
            ..< tokens[close].endPositionBeforeTrailingTrivia.utf8Offset
    }
}

/// The parameter clauses of functions declared without a body: signatures quoted from a reference.
private final class FunctionsWithoutBody: SyntaxVisitor {
    var signatures: [Range<Int>] = []

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.body == nil {
            signatures.append(
                node.signature.positionAfterSkippingLeadingTrivia.utf8Offset
                    ..< node.signature.endPositionBeforeTrailingTrivia.utf8Offset)
        }
        return .visitChildren
    }
}

/// An operator of four or more characters holding a run of three of one (`----`, `+-----+`, `====`).
private func isDecoration(_ text: String) -> Bool {
    let characters = Array(text)
    guard characters.count >= 4 else { return false }
    var run = 1
    for index in characters.indices.dropFirst() {
        run = characters[index] == characters[index - 1] ? run + 1 : 1
        if run >= 3 { return true }
    }
    return false
}

extension TokenSyntax {
    fileprivate var isIdentifier: Bool {
        if case .identifier = tokenKind { return true }
        return false
    }

    /// A name or a keyword: a word of the text.
    fileprivate var isWord: Bool {
        switch tokenKind {
        case .identifier, .keyword: return true
        default: return false
        }
    }

    /// `some`, `any`, `inout`: a word that precedes a type in a type's place.
    fileprivate var isTypeModifier: Bool {
        ["some", "any", "inout", "borrowing", "consuming", "sending"].contains(text)
    }
}

extension TokenKind {
    fileprivate var isKeyword: Bool {
        if case .keyword = self { return true }
        return false
    }
}

extension ArraySlice where Element == UInt8 {
    /// Whether the bytes hold `“` or `”` (E2 80 9C, E2 80 9D).
    fileprivate var containsCurlyDoubleQuote: Bool {
        var index = startIndex
        while index + 2 < endIndex {
            if self[index] == 0xE2, self[index + 1] == 0x80, self[index + 2] == 0x9C || self[index + 2] == 0x9D {
                return true
            }
            index += 1
        }
        return false
    }
}
