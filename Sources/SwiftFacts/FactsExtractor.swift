internal import SwiftDiagnostics
internal import SwiftParser
internal import SwiftParserDiagnostics
internal import SwiftSyntax
internal import TutorialModel

/// Extracts `SnippetFacts` from a parsed tree in one walk.
func extractFacts(from tree: SourceFileSyntax, code: String) -> SnippetFacts {
    walkFacts(from: tree, code: code, reusing: .empty).facts
}

/// Extracts `SnippetFacts` from a parsed tree in one walk, taking the facts of the members the previous
/// state's tree shares with this one from `reusable` instead of walking them again (`MemberFacts`);
/// returns this tree's member facts for the next state, and how many members were taken.
func walkFacts(
    from tree: SourceFileSyntax, code: String, reusing reusable: MemberFactsTable
) -> (facts: SnippetFacts, members: MemberFactsTable, reusedCount: Int) {
    let collector = FactsCollector(reusing: reusable)
    collector.walk(tree)
    let lineStarts = LineIndex(lineFeedsIn: Array(code.utf8)).lineStarts
    // Lines left out by shape, and sentences among the code a tree with errors shows (`proseLines`).
    let elided = (elidedLines(in: code) + proseLines(in: tree, lineStarts: lineStarts)).uniqueSorted()
    let facts = SnippetFacts(
        types: collector.types.map { $0.build() }, functions: collector.functions,
        assignments: collector.assignments, calls: collector.calls, selectors: collector.selectors,
        variables: collector.variables, memberReferences: collector.memberReferences,
        syntaxErrors: syntaxErrors(in: tree, code: code), imports: imports(in: tree),
        lineSuppressions: lineSuppressions(in: code, lineStarts: lineStarts), elidedLines: elided,
        lineStarts: lineStarts)
    return (facts, MemberFactsTable(collector.recorded), collector.reusedCount)
}

/// Parses `code` and extracts its facts (no cache, no previous tree: see `FactsCache` for both); nil for
/// code the parser must not be given (`SwiftParseLimits`).
public func extractFacts(code: String) -> SnippetFacts? {
    parsedSourceFile(code).map { extractFacts(from: $0, code: code) }
}

/// SwiftParser's tree of `code`; nil for code it must not be given (`SwiftParseLimits`: too large, or nested
/// deep enough to stall or overflow it). Every full parse of this module goes through here or through
/// `ParsedState.parse`, which ask the limits themselves, so that no caller can forget them.
func parsedSourceFile(_ code: String) -> SourceFileSyntax? {
    guard SwiftParseLimits.unparseableReason(code) == nil else { return nil }
    return Parser.parse(source: code)
}

/// The errors of `code` as the Swift 5 language mode reads it: what only Swift 6 mode rejects (a blank
/// between an attribute and its arguments, `@Environment (\.dismiss)`) is a warning there, and a tutorial
/// written before Swift 6, copied into a project in the Swift 5 mode Xcode still creates by default, compiles.
/// Only a tree with errors is parsed again (the modes differ in diagnostics, not in what code parses to), so
/// the usual case costs nothing.
func syntaxErrors(in tree: SourceFileSyntax, code: String) -> [SyntaxErrorFact] {
    guard tree.hasError else { return [] }
    var code = code
    let tree = code.withUTF8 { Parser.parse(source: $0, swiftVersion: .v5) }
    guard tree.hasError else { return [] }
    if let token = tokenThatTrapsTheDiagnosticsGenerator(in: tree) {
        return [SyntaxErrorFact(message: "'=' must have consistent whitespace on both sides", range: token.codeRange)]
    }
    return ParseDiagnosticsGenerator.diagnostics(for: tree).compactMap { diagnostic -> SyntaxErrorFact? in
        guard diagnostic.diagMessage.severity == .error else { return nil }
        let node = diagnostic.node
        var range = node.codeRange
        if let highlight = diagnostic.highlights.first, !highlight.codeRange.isEmpty {
            range = highlight.codeRange
        }
        if range.isEmpty {
            // A missing token has no characters: point at the token after it on the same line, else at the
            // token before it (a quote or parenthesis missing at a line's end belongs to that line, not to
            // the next one), so the finding lands on characters of the snippet.
            let next = node.nextToken(viewMode: .sourceAccurate)
            if let next, next.tokenKind != .endOfFile, !next.codeRange.isEmpty, !next.leadingTrivia.containsNewline {
                range = next.codeRange
            } else if let previous = node.previousToken(viewMode: .sourceAccurate), !previous.codeRange.isEmpty {
                range = previous.codeRange
            } else if let next, next.tokenKind != .endOfFile, !next.codeRange.isEmpty {
                range = next.codeRange
            }
        }
        return SyntaxErrorFact(message: diagnostic.message, range: range)
    }
}

/// The toolchain's ParseDiagnosticsGenerator traps ("A Fix-It must have at least one change") on an `=`
/// whose lexer diagnostic says its whitespace is inconsistent while both sides do hold spaces: an
/// invalid character glued to it, as in `g \u{FFFD}= 1` (found by fuzz-pipeline,
/// Fixtures/fuzz-regressions/pipeline/). Such a tree gets one error of ours at that token instead.
private func tokenThatTrapsTheDiagnosticsGenerator(in tree: SourceFileSyntax) -> TokenSyntax? {
    func hasSpace(_ trivia: Trivia?) -> Bool {
        trivia?.contains { piece in
            switch piece {
            case .spaces, .tabs: return true
            default: return false
            }
        } ?? false
    }
    for token in tree.tokens(viewMode: .sourceAccurate)
    where token.tokenDiagnostic?.kind == .equalMustHaveConsistentWhitespaceOnBothSides {
        if hasSpace(token.previousToken(viewMode: .all)?.trailingTrivia), hasSpace(token.trailingTrivia) { return token }
    }
    return nil
}

/// Lines where a sentence stands among the code (`return some View that represents a modification of
/// content`, a slide's pseudo-code): four names in a row on one line, which Swift never writes (two names
/// side by side are a keyword and a name). Only a tree with errors is searched: such a line does not parse.
private func proseLines(in tree: SourceFileSyntax, lineStarts: [Int]) -> [Int] {
    guard tree.hasError else { return [] }
    var result: [Int] = []
    var run = 0
    var previous: TokenSyntax?
    for token in tree.tokens(viewMode: .sourceAccurate) {
        let sameLine =
            previous.map { !$0.trailingTrivia.containsNewline && !token.leadingTrivia.containsNewline } ?? false
        guard case .identifier = token.tokenKind else {
            run = 0
            previous = token
            continue
        }
        run = sameLine && run > 0 ? run + 1 : 1
        previous = token
        if run == 4 {
            let offset = token.positionAfterSkippingLeadingTrivia.utf8Offset
            let line = (lineStarts.lastIndex { $0 <= offset }) ?? 0
            if result.last != line { result.append(line) }
        }
    }
    return result
}

extension Trivia {
    fileprivate var containsNewline: Bool {
        contains { piece in
            switch piece {
            case .newlines, .carriageReturns, .carriageReturnLineFeeds: return true
            default: return false
            }
        }
    }
}

extension Array where Element == Int {
    fileprivate func uniqueSorted() -> [Int] { Array(Set(self)).sorted() }
}
