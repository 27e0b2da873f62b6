internal import SwiftParser
internal import SwiftSyntax
internal import TutorialModel

/// One token of Swift code as `tutorial-check compare` sees it: where it is and what it is, its trivia
/// (whitespace, comments) left out.
public struct SwiftCodeToken: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A name a declaration introduces (a type, function, parameter, property, case, variable).
        case declaredName
        /// Any other identifier.
        case identifier
        /// The text inside a string literal (translated legitimately).
        case stringContent
        /// Keywords, punctuation, operators, numbers.
        case other
    }

    /// UTF-8 bytes of the code.
    public let start: Int
    public let end: Int
    public let kind: Kind
}

/// The tokens of `code` in order, from SwiftParser (so a `//` inside a string is no comment, and a
/// comment spanning lines is trivia throughout); nil for code the parser would stall on.
public func swiftCodeTokens(_ code: String) -> [SwiftCodeToken]? {
    swiftCodeTokens(code, previous: nil)?.tokens
}

/// The same, parsed from `previous` (the parse of the file's previous state) as the facts pass parses a
/// timeline: whole items spliced, or SwiftParser's incremental parse, which gives the tree a full parse
/// would. Returns the parse for the file's next state.
public func swiftCodeTokens(_ code: String, previous: ParsedState?) -> (tokens: [SwiftCodeToken], parsed: ParsedState)? {
    guard let parsed = ParsedState.parse(code, previous: previous) else { return nil }
    var tokens: [SwiftCodeToken] = []
    for token in parsed.result.tree.tokens(viewMode: .sourceAccurate) {
        let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = token.endPositionBeforeTrailingTrivia.utf8Offset
        guard start < end else { continue }
        let kind: SwiftCodeToken.Kind
        switch token.tokenKind {
        case .stringSegment: kind = .stringContent
        case .identifier:
            if let parent = token.parent?.kind, declaringKinds.contains(parent) { kind = .declaredName } else {
                kind = .identifier
            }
        default: kind = .other
        }
        tokens.append(SwiftCodeToken(start: start, end: end, kind: kind))
    }
    return (tokens, parsed)
}

/// The syntax nodes whose identifier token is the name they declare.
private let declaringKinds: Set<SyntaxKind> = [
    .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl, .typeAliasDecl, .associatedTypeDecl,
    .functionDecl, .macroDecl, .functionParameter, .enumCaseElement, .enumCaseParameter, .identifierPattern,
    .closureShorthandParameter, .closureParameter, .genericParameter,
]
