internal import SwiftSyntax

/// Places a snippet of statements (a view's body shown alone: `VStack { … }`, a few lines of a method) in
/// the code block of a file it rewrites: the block, or the one statement of a block, whose lines it shares
/// most, starting with the same call. The choice must be unique and the snippet must share at least
/// two-fifths of its lines with what it replaces.
func placeStatements(
    shown: TracedText, tree fragment: SourceFileSyntax, files: [PlacementFile], trees: SyntaxTrees
) -> PlacementOutcome {
    let shownLines = significantLines(of: shown.bytes[...])
    guard let head = leadingWord(shownLines.first) else { return .unplaced("shows statements that start with no call or name") }
    struct Candidate {
        let file: PlacementFile
        let bytes: [UInt8]
        let hadErrors: Bool
        let range: Range<Int>
        let indent: [UInt8]
        let score: Int
        let matched: Int
        let owner: String
    }
    var candidates: [Candidate] = []
    for file in files where file.name.hasSuffix(".swift") {
        guard let tree = trees.tree(file.code) else { continue }
        let bytes = Array(file.code.utf8)
        let collector = BlockCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        var seen = Set<Range<Int>>()
        for block in collector.blocks {
            let items = Array(block.items)
            guard let first = items.first, let last = items.last else { continue }
            var runs: [(CodeBlockItemSyntax, CodeBlockItemSyntax)] = [(first, last)]
            if items.count > 1 { runs += items.map { ($0, $0) } }
            for (from, to) in runs {
                let start = from.positionAfterSkippingLeadingTrivia.utf8Offset
                let lineStart = lineStart(of: start, in: bytes)
                guard bytes[lineStart..<start].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { continue }
                let end = to.endPositionBeforeTrailingTrivia.utf8Offset
                let range = lineStart..<end
                guard seen.insert(range).inserted else { continue }
                let oldLines = significantLines(of: bytes[range])
                guard leadingWord(oldLines.first) == head else { continue }
                var remaining: [ArraySlice<UInt8>: Int] = [:]
                for line in oldLines { remaining[line, default: 0] += 1 }
                var matched = 0
                for line in shownLines where remaining[line, default: 0] > 0 {
                    remaining[line]! -= 1
                    matched += 1
                }
                let unmatchedOld = oldLines.count - matched
                candidates.append(
                    Candidate(
                        file: file, bytes: bytes, hadErrors: tree.hasError, range: range,
                        indent: Array(bytes[lineStart..<start]), score: 2 * matched - unmatchedOld, matched: matched,
                        owner: block.owner))
            }
        }
    }
    let sorted = candidates.sorted { $0.score > $1.score }
    guard let best = sorted.first, best.matched * 5 >= shownLines.count * 2, best.score > 0 else {
        return .unplaced("shows statements that match no code block of the file closely enough")
    }
    if sorted.count > 1, sorted[1].score == best.score {
        return .unplaced("shows statements that match more than one code block equally (\(best.owner), \(sorted[1].owner))")
    }
    let firstLine = shown.lineRanges.first { !shown.bytes[$0].trimmedBytes.isEmpty }
    let fromIndent = firstLine.map { Array(shown.bytes[$0].prefix { $0 == 0x20 || $0 == 0x09 }) } ?? []
    var new = reindented(shown, from: fromIndent, to: best.indent)
    new.removeTrailingNewlines()
    if ElidedCode.containsElision(shown.string) {
        guard var merged = mergeElidedSwift(previous: TracedText(untraced: best.bytes[best.range]), shown: new, trees: trees) else {
            return .unplaced("leaves code out of \(best.owner) in a way that does not match its previous state")
        }
        merged.removeTrailingNewlines()
        new = merged
    }
    let previous = TracedText(untraced: best.bytes)
    var composed = TracedText()
    composed.append(previous, 0..<best.range.lowerBound)
    composed.append(new)
    composed.append(previous, best.range.upperBound..<previous.count)
    if !best.hadErrors, trees.tree(composed.string)?.hasError ?? true {
        return .unplaced("placed in \(best.owner), it would not parse")
    }
    return .placed(fileName: best.file.name, code: composed, summary: "statements of \(best.owner) rewritten")
}

/// Every statement list of a file (bodies of functions, accessors, closures, `if`s), with a name for
/// the declaration that holds it.
private final class BlockCollector: SyntaxVisitor {
    var blocks: [(items: CodeBlockItemListSyntax, owner: String)] = []

    override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        if !(node.parent?.is(SourceFileSyntax.self) ?? false) { blocks.append((node, owner(of: node))) }
        return .visitChildren
    }

    private func owner(of node: some SyntaxProtocol) -> String {
        var current = node.parent
        while let parent = current {
            if let function = parent.as(FunctionDeclSyntax.self) { return "\(function.name.text)()" }
            if let variable = parent.as(VariableDeclSyntax.self),
                let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            {
                return "var \(name)"
            }
            if parent.is(InitializerDeclSyntax.self) { return "init" }
            current = parent.parent
        }
        return "the file"
    }
}

/// The trimmed lines of a text that say something (not blank, not only brackets).
private func significantLines(of bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: true).map(\.trimmedBytes).filter { line in
        !line.isEmpty && !isPunctuationLine(line) && !ElidedCode.isMarkerLine(String(decoding: line, as: UTF8.self))
    }
}

/// The identifier a line starts with (`VStack` for `VStack(alignment: .leading) {`), nil when none.
private func leadingWord(_ line: ArraySlice<UInt8>?) -> String? {
    guard let line else { return nil }
    let word = line.prefix { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x2E || $0 == 0x40 }
    return word.isEmpty ? nil : String(decoding: word, as: UTF8.self)
}
