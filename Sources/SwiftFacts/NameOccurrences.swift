internal import SwiftSyntax
internal import TutorialModel

/// The names a snippet declares and the names it uses: what `misspelt-name` needs to tell a name that is
/// declared nowhere from one declared in another step or file.
///
/// A use is a name the code refers to (a variable, a function, a member after a dot, a type, an
/// attribute) or a word the parser could not place opening a line (`sturct Point`, a keyword misspelt).
/// A declaration is a name the code introduces: a type, a function, a variable or constant, a parameter
/// (both its label and its name), a closure's parameter or capture, an enum case, a generic parameter,
/// an associated type, a statement label. Argument labels at a call and names in tuple types are
/// neither: they name parameters the code does not show.
public struct NameOccurrences: Sendable, Hashable {
    public struct Use: Sendable, Hashable {
        public let name: String
        public let range: CodeRange

        public init(name: String, range: CodeRange) {
            self.name = name
            self.range = range
        }
    }

    public let declared: Set<String>
    /// In the order they stand in the code.
    public let uses: [Use]
    /// Whether SwiftParser read the code without an error.
    public let parses: Bool

    public init(declared: Set<String>, uses: [Use], parses: Bool) {
        self.declared = declared
        self.uses = uses
        self.parses = parses
    }
}

/// The names `code` declares and uses; nil for code the parser must not be given (`SwiftParseLimits`).
public func nameOccurrences(in code: String) -> NameOccurrences? {
    guard let tree = parsedSourceFile(code) else { return nil }
    // Lines as the facts count them (`SnippetFacts.line(of:)`): by line feeds.
    let lineStarts = LineIndex(lineFeedsIn: Array(code.utf8)).lineStarts
    func line(of token: TokenSyntax) -> Int {
        LineIndex.lineNumber(containing: token.positionAfterSkippingLeadingTrivia.utf8Offset, lineStarts: lineStarts)
    }
    var declared = Set<String>()
    var uses: [NameOccurrences.Use] = []
    // Lines the parser could not read whole: a token it had to supply (a closing bracket aside, which a cut
    // explains), or words it could not place.
    var erringLines = Set<Int>()
    if tree.hasError {
        for token in tree.tokens(viewMode: .all) {
            let isMissing = token.presence == .missing
            if isMissing, [.rightBrace, .rightParen, .rightSquare].contains(token.tokenKind) { continue }
            if isMissing || token.parent?.kind == .unexpectedNodes {
                erringLines.insert(line(of: token))
            }
        }
    }
    let tokens = Array(tree.tokens(viewMode: .sourceAccurate).filter { $0.presence == .present })
    let tokenLines = tokens.map(line(of:))
    for (index, token) in tokens.enumerated() {
        guard case .identifier(let name) = token.tokenKind, let parent = token.parent else { continue }
        let line = tokenLines[index]
        let before = index > 0 && tokenLines[index - 1] == line ? tokens[index - 1] : nil
        let after = index + 1 < tokens.count && tokenLines[index + 1] == line ? tokens[index + 1] : nil
        if erringLines.contains(line),
            isProse(before: before, after: after) || opensWithOperator(index, in: tokens, lines: tokenLines)
        {
            continue
        }
        switch parent.kind {
        case .unexpectedNodes where !onlyKeywordsBefore(index, in: tokens, lines: tokenLines):
            // A word the parser could not place after anything but keywords on its line (`public sturct`
            // is a keyword misspelt): printed output, a drawing's label.
            continue
        case .declReferenceExpr, .identifierType, .memberType, .unexpectedNodes:
            uses.append(
                NameOccurrences.Use(
                    name: name,
                    range: CodeRange(
                        start: token.positionAfterSkippingLeadingTrivia.utf8Offset,
                        end: token.endPositionBeforeTrailingTrivia.utf8Offset)))
        case .identifierPattern, .functionDecl, .structDecl, .classDecl, .enumDecl, .protocolDecl, .actorDecl,
            .typeAliasDecl, .associatedTypeDecl, .enumCaseElement, .functionParameter, .enumCaseParameter,
            .closureShorthandParameter, .closureParameter, .closureCapture, .genericParameter,
            .primaryAssociatedType, .macroDecl, .labeledStmt, .accessorParameters, .precedenceGroupDecl,
            .operatorDecl:
            declared.insert(name)
        default:
            continue
        }
    }
    return NameOccurrences(declared: declared, uses: uses, parses: !tree.hasError)
}

/// Whether every token before `index` on its line is a keyword (none counts).
private func onlyKeywordsBefore(_ index: Int, in tokens: [TokenSyntax], lines: [Int]) -> Bool {
    var before = index - 1
    while before >= 0, lines[before] == lines[index] {
        guard case .keyword = tokens[before].tokenKind else { return false }
        before -= 1
    }
    return true
}

/// Whether the line of the token at `index` opens with an operator (`| Publisher | Operator |`, `→ map`): on
/// a line the parser could not read, a drawing or an annotation, not code.
private func opensWithOperator(_ index: Int, in tokens: [TokenSyntax], lines: [Int]) -> Bool {
    var first = index
    while first > 0, lines[first - 1] == lines[index] { first -= 1 }
    switch tokens[first].tokenKind {
    case .binaryOperator, .prefixOperator, .postfixOperator: return true
    default: return false
    }
}

/// Whether a name on a line the parser could not read stands among words, as in a sentence or printed
/// output (`park is being deinitalized`, `→ derive screens`): a word right before it, or a word right after
/// it where neither a keyword nor the line's start is before it (`public sturct String`, `protocal Named {`
/// are a keyword misspelt).
private func isProse(before: TokenSyntax?, after: TokenSyntax?) -> Bool {
    if case .identifier = before?.tokenKind { return true }
    guard case .identifier = after?.tokenKind, let before else { return false }
    if case .keyword = before.tokenKind { return false }
    return true
}
