import SwiftFacts

/// One token of a line of code as a comparison sees it.
struct CodeToken: Hashable, Sendable {
    /// The token's text; a string literal's contents are "" (translated legitimately).
    let text: String
    /// Its bytes in the code.
    let range: Range<Int>
    let isIdentifier: Bool
    /// The name a declaration introduces (a type, function, parameter, property, case, variable).
    let isDeclaredName: Bool
}

/// One line of code without what translators change legitimately: comments, string literals' contents and
/// whitespace are gone; the tokens that are left are compared.
struct CodeLine: Sendable {
    /// 0-based line of the code.
    let number: Int
    let tokens: [CodeToken]
    /// The tokens' texts joined by one space: equal keys are the same code.
    let key: String
    /// The line's bytes in the code, without its line ending.
    let content: Range<Int>
    /// The bytes from the first token to the end of the last one.
    var codeRange: Range<Int> { tokens.first!.range.lowerBound..<tokens.last!.range.upperBound }
}

/// A text of code split into compared lines (lines without code, comments only or blank, are left out).
struct CodeText: Sendable {
    let code: String
    let bytes: [UInt8]
    let lines: [CodeLine]
    /// The names the code declares.
    let declaredNames: Set<String>
    /// Every identifier the code uses or declares.
    let identifiers: Set<String>

    /// Whether the code imports a module (a Swift file shown whole does).
    var hasImports: Bool { lines.contains { $0.tokens.first?.text == "import" } }

    /// The line's text as written (indentation, comments and strings included), without its line ending.
    func text(of line: CodeLine) -> String { String(decoding: bytes[line.content], as: UTF8.self) }
    func text(of range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
}

/// Splits `code` into compared lines. Swift is tokenized by SwiftParser (so a `//` inside a string is no
/// comment and a multi-line comment is one), anything else by whitespace.
func makeCodeText(_ code: String, swift: Bool, previous: ParsedState? = nil) -> (text: CodeText, parsed: ParsedState?) {
    let bytes = Array(code.utf8)
    var lineStarts = [0]
    for (offset, byte) in bytes.enumerated() where byte == 0x0A { lineStarts.append(offset + 1) }
    func contentRange(_ line: Int) -> Range<Int> {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if end > lineStarts[line], bytes[end - 1] == 0x0D { end -= 1 }
        return lineStarts[line]..<max(lineStarts[line], end)
    }
    var tokensByLine: [[CodeToken]] = Array(repeating: [], count: lineStarts.count)
    var declared: Set<String> = []
    var parsed: ParsedState? = nil
    if swift, let tokenized = swiftCodeTokens(code, previous: previous) {
        parsed = tokenized.parsed
        var line = 0
        for token in tokenized.tokens {
            while line + 1 < lineStarts.count, lineStarts[line + 1] <= token.start { line += 1 }
            let isString = token.kind == .stringContent
            let text = isString ? "" : String(decoding: bytes[token.start..<token.end], as: UTF8.self)
            if token.kind == .declaredName { declared.insert(text) }
            tokensByLine[line].append(
                CodeToken(
                    text: text, range: token.start..<token.end,
                    isIdentifier: token.kind == .identifier || token.kind == .declaredName,
                    isDeclaredName: token.kind == .declaredName))
        }
    } else {
        for line in lineStarts.indices {
            var start: Int? = nil
            for offset in contentRange(line).lowerBound...contentRange(line).upperBound {
                let isBlank = offset == contentRange(line).upperBound || bytes[offset] == 0x20 || bytes[offset] == 0x09
                if isBlank, let wordStart = start {
                    tokensByLine[line].append(
                        CodeToken(
                            text: String(decoding: bytes[wordStart..<offset], as: UTF8.self), range: wordStart..<offset,
                            isIdentifier: false, isDeclaredName: false))
                    start = nil
                } else if !isBlank, start == nil {
                    start = offset
                }
            }
        }
    }
    var lines: [CodeLine] = []
    for (number, tokens) in tokensByLine.enumerated() where !tokens.isEmpty {
        lines.append(
            CodeLine(
                number: number, tokens: tokens, key: tokens.map(\.text).joined(separator: " "),
                content: contentRange(number)))
    }
    var identifiers: Set<String> = []
    for line in lines { for token in line.tokens where token.isIdentifier { identifiers.insert(token.text) } }
    return (CodeText(code: code, bytes: bytes, lines: lines, declaredNames: declared, identifiers: identifiers), parsed)
}

/// The edit distance of two names counting an exchange of neighbouring characters as one edit (optimal
/// string alignment): `Coordinater`/`Coordinator` and `contetxt`/`context` are one edit apart.
func nameDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previousRow = Array(0...b.count)
    var beforePrevious = previousRow
    for i in 1...a.count {
        var row = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                row[j] = min(row[j], beforePrevious[j - 2] + 1)
            }
        }
        beforePrevious = previousRow
        previousRow = row
    }
    return previousRow[b.count]
}

/// Whether `copy` reads as a misspelling of `original`: at most two edits, and fewer than a third of the
/// longer name, so short names (`i`, `id`) never match each other; a difference of case alone is another
/// name (`Contact` the type, `contact` the value), not a misspelling.
func isNearSpelling(_ original: String, _ copy: String) -> Bool {
    guard original != copy, original.lowercased() != copy.lowercased() else { return false }
    let longest = max(original.unicodeScalars.count, copy.unicodeScalars.count)
    let distance = nameDistance(original, copy)
    return distance <= 2 && distance * 3 < longest
}
