internal import SwiftParser
internal import TutorialModel
@_spi(RawSyntax) internal import SwiftSyntax

/// The tree of a file's next state made from its previous state's tree without parsing the whole file:
/// when the change replaces, inserts or removes whole items of one list (members of a type, statements
/// of a function body, top-level declarations), only the new items' text is parsed, alone, and spliced
/// in place of the old ones. Nil whenever that might not be the tree a full parse gives, and the caller
/// then parses as before.
///
/// A full parse reaches the list's items one after the other, each starting at a line start with the
/// parser in the same state, so an item parses the same wherever its text stands, provided that nothing
/// around it reads differently: the items before and after are unchanged, and the tokens on both sides of
/// the spliced run are keywords that end whatever precedes them (`func`, `let`, `return`, `}`: not
/// `else`, `while`, `if`, `catch`, `;` or `.`, which may continue the item before). The new items must
/// parse without error and cover their text exactly, and nesting stays far below the parser's limit.
/// Tests compare spliced trees with full parses over many edits.
func splicedTree(_ previous: SourceFileSyntax, old: [UInt8], new: [UInt8]) -> SourceFileSyntax? {
    guard !previous.hasError, old != new else { return nil }
    let (prefix, suffix) = ByteSearch.commonPrefixSuffixLength(old[...], new[...])
    let changeEnd = old.count - suffix
    let delta = new.count - old.count
    for region in candidateRegions(previous, old: old, new: new, start: prefix, end: changeEnd) {
        if let tree = splice(previous, region: region, old: old, new: new, delta: delta) { return tree }
    }
    return nil
}

/// The tree of `new` from `previous`, the tree of `old`, when the change is several runs apart (`runs`: the
/// step's change set, in order, positions in each text): each run spliced alone, the last first, so that
/// the runs before it keep their offsets, each through a text holding the runs after it and not yet those
/// before it. A file that a step changes in two places (a property at the top, a method at the bottom) then
/// parses only the two changed members rather than everything between them. Nil when any run does not
/// splice, or the intermediate texts do not end at `new`: the caller parses as before.
func splicedTree(
    _ previous: SourceFileSyntax, old: [UInt8], new: [UInt8], runs: [TextReplacement]
) -> SourceFileSyntax? {
    guard runs.count > 1 else { return nil }
    var tree = previous
    var text = old
    var nextRunStart = old.count
    for run in runs.reversed() {
        guard run.old.end <= nextRunStart, run.new.end <= new.count else { return nil }
        nextRunStart = run.old.start
        let replacement = new[run.new.start..<run.new.end]
        guard !text[run.old.start..<run.old.end].elementsEqual(replacement) else { continue }
        let next = Array(text[..<run.old.start]) + replacement + text[run.old.end...]
        guard let spliced = splicedTree(tree, old: text, new: next) else { return nil }
        tree = spliced
        text = next
    }
    return text == new ? tree : nil
}

/// A run of items `items` of `list` whose old text `old` becomes `new` (offsets in each text).
private struct SpliceRegion {
    let list: Syntax
    let items: Range<Int>
    let oldRange: Range<Int>
    let newRange: Range<Int>
}

/// Where the change may be spliced: the items covering it; and, when the change only inserts or only
/// removes bytes, every item boundary it can be moved to (an insertion after `}` may equally be read as
/// starting inside the next member's leading newline, and only one of the readings starts at a boundary).
private func candidateRegions(
    _ tree: SourceFileSyntax, old: [UInt8], new: [UInt8], start: Int, end: Int
) -> [SpliceRegion] {
    let delta = new.count - old.count
    var regions: [SpliceRegion] = []
    if start == end || start == end + delta {
        // Pure insertion of `delta` bytes or removal of `-delta` bytes at `start`: it can move left as
        // long as the bytes it passes repeat at its other end.
        let length = abs(delta)
        let longer = delta > 0 ? new : old
        var position = start
        var tried = 0
        while tried < 4096 {
            // `splice` takes only a region starting at a line break (or at the end): looking up the item
            // boundary at any other position costs a descent of the tree, for a region it would refuse.
            if position == new.count || new[position] == 0x0A,
                let region = boundaryRegion(tree, at: position, removedLength: delta < 0 ? length : 0, delta: delta)
            {
                regions.append(region)
                break
            }
            guard position > 0, old[position - 1] == longer[position - 1 + length] else { break }
            position -= 1
            tried += 1
        }
    }
    if let region = coveringRegion(tree, start: start, end: end, delta: delta) { regions.append(region) }
    return regions
}

/// The list and item index that start exactly at `offset` (or the list that ends there), as a region
/// removing `removedLength` bytes from there.
private func boundaryRegion(_ tree: SourceFileSyntax, at offset: Int, removedLength: Int, delta: Int) -> SpliceRegion? {
    guard let token = tree.token(at: AbsolutePosition(utf8Offset: offset)), token.position.utf8Offset == offset
    else { return nil }
    var node = Syntax(token)
    while let parent = node.parent, parent.position.utf8Offset == offset || isItemList(parent) {
        if isItemList(parent) {
            let items = Array(parent.children(viewMode: .sourceAccurate))
            guard let first = items.firstIndex(where: { $0.id == node.id }) else { return nil }
            return region(in: parent, items: items, from: first, offset: offset, removedLength: removedLength, delta: delta)
        }
        node = parent
    }
    // The closing brace of a block: the end of the list before it.
    if token.tokenKind == .rightBrace, let block = token.parent, let list = block.children(viewMode: .sourceAccurate)
        .first(where: isItemList), list.endPosition.utf8Offset == offset
    {
        let items = Array(list.children(viewMode: .sourceAccurate))
        return region(in: list, items: items, from: items.count, offset: offset, removedLength: removedLength, delta: delta)
    }
    return nil
}

private func region(
    in list: Syntax, items: [Syntax], from first: Int, offset: Int, removedLength: Int, delta: Int
) -> SpliceRegion? {
    var last = first
    var end = offset
    while end < offset + removedLength, last < items.count {
        end = items[last].endPosition.utf8Offset
        last += 1
    }
    guard end == offset + removedLength else { return nil }
    return SpliceRegion(list: list, items: first..<last, oldRange: offset..<end, newRange: offset..<(end + delta))
}

/// The items of the innermost list that cover old bytes `start..<end`; for an insertion (`start == end`),
/// the items holding the byte before it as well (a space typed at a line's end, after a function's `{`,
/// changes that function, not the first statement of its body whose leading newline follows).
private func coveringRegion(_ tree: SourceFileSyntax, start changeStart: Int, end: Int, delta: Int) -> SpliceRegion? {
    let start = changeStart < end ? changeStart : changeStart - 1
    guard start >= 0, start < end, let token = tree.token(at: AbsolutePosition(utf8Offset: start)) else { return nil }
    var node: Syntax? = Syntax(token)
    while let current = node {
        if isItemList(current), current.position.utf8Offset <= start, current.endPosition.utf8Offset >= end {
            let items = Array(current.children(viewMode: .sourceAccurate))
            guard let first = items.firstIndex(where: { $0.endPosition.utf8Offset > start }),
                let last = items.firstIndex(where: { $0.endPosition.utf8Offset >= end })
            else { return nil }
            let oldStart = items[first].position.utf8Offset
            let oldEnd = items[last].endPosition.utf8Offset
            return SpliceRegion(
                list: current, items: first..<(last + 1), oldRange: oldStart..<oldEnd,
                newRange: oldStart..<(oldEnd + delta))
        }
        node = current.parent
    }
    return nil
}

private func isItemList(_ node: Syntax) -> Bool {
    node.kind == .memberBlockItemList || node.kind == .codeBlockItemList
}

/// Keywords that end whatever item precedes them and start a new one in every context.
private let endingKeywords: Set<Keyword> = [
    .let, .var, .func, .return, .guard, .for, .defer, .struct, .class, .enum, .protocol, .extension,
    .typealias, .import, .static, .private, .fileprivate, .internal, .public, .`init`, .deinit, .subscript,
    .break, .continue,
]

/// Whether `token` ends whatever item precedes it and starts a new one: one of `endingKeywords`, or `@`,
/// which begins an attribute of the next declaration (`@objc func`) and continues no item before it.
private func isEndingKeyword(_ token: TokenSyntax?) -> Bool {
    guard let token else { return false }
    if token.tokenKind == .atSign { return true }
    guard case .keyword(let keyword) = token.tokenKind else { return false }
    return endingKeywords.contains(keyword)
}

private func splice(
    _ tree: SourceFileSyntax, region: SpliceRegion, old: [UInt8], new: [UInt8], delta: Int
) -> SourceFileSyntax? {
    let list = region.list
    // The contexts whose items a list parse alone reads alike: a type's members, a function or
    // statement body (not an initializer's, which reads `init(` as a call), the top level.
    guard let parent = list.parent else { return nil }
    switch parent.kind {
    case .memberBlock, .sourceFile: break
    case .codeBlock: if parent.parent?.kind == .initializerDecl { return nil }
    default: return nil
    }
    // Both ends at a line break: no token's trivia reaches across them.
    let newStart = region.newRange.lowerBound
    if newStart < new.count, new[newStart] != 0x0A { return nil }
    if region.oldRange.upperBound < old.count, old[region.oldRange.upperBound] != 0x0A { return nil }
    // What follows the run: the next item's first token, a closing brace, or the end of the file.
    let followingOffset = region.oldRange.upperBound
    if followingOffset < old.count {
        let following = tree.token(at: AbsolutePosition(utf8Offset: followingOffset))
        guard following?.tokenKind == .rightBrace || following?.tokenKind == .endOfFile || isEndingKeyword(following)
        else { return nil }
    }
    // The old run's first token, which the item before it may have looked at.
    if !region.oldRange.isEmpty {
        guard isEndingKeyword(tree.token(at: AbsolutePosition(utf8Offset: region.oldRange.lowerBound))) else {
            return nil
        }
    }
    // An empty list (`{}`, an empty body) is left to the parser: SwiftSyntax's `replacingChildSubrange`
    // force-unwraps the base address of the old children, which an empty buffer does not have (a trap).
    guard let listLayout = list.raw.layoutView, !listLayout.children.isEmpty else { return nil }
    let arena = RawSyntaxArena()
    var newItems: [RawSyntax] = []
    // The new items' tree, kept alive until the spliced tree holds its arena.
    var parsedTree: Syntax?
    defer { withExtendedLifetime(parsedTree) {} }
    if !region.newRange.isEmpty {
        // Nesting far below the parser's limit (20 in a debug build of the parser, 256 in release), counted
        // generously: every syntax level above the list, and every opening byte of the new text.
        var depth = 0
        var ancestor: Syntax? = list
        while let current = ancestor {
            depth += 1
            ancestor = current.parent
        }
        depth += new[region.newRange].reduce(0) { count, byte in
            count + (byte == 0x7B || byte == 0x28 || byte == 0x5B || byte == 0x3C || byte == 0x23 ? 1 : 0)
        }
        guard depth < 20 else { return nil }
        let (templates, parsesAlone) = sameShapeTemplates(
            listLayout, listStart: list.position.utf8Offset, region: region, old: old)
        if let reshaped = sameShapeItems(
            new[region.newRange], templates: templates, parsesAlone: parsesAlone, arena: arena)
        {
            newItems = reshaped
        } else {
            guard let parsed = parsedItems(Array(new[region.newRange]), memberList: list.kind == .memberBlockItemList)
            else { return nil }
            newItems = parsed.raw.layoutView?.children.compactMap { $0 } ?? []
            parsedTree = parsed
        }
    }
    var replacement = listLayout.replacingChildSubrange(region.items, with: newItems, arena: arena)
    // Up to the root, each ancestor with its child replaced.
    var child = list
    while let ancestor = child.parent {
        guard let layout = ancestor.raw.layoutView,
            let index = layout.children.firstIndex(where: { $0?.id == child.raw.id })
        else { return nil }
        replacement = layout.replacingChild(at: index, with: replacement, arena: arena)
        child = ancestor
    }
    let root = Syntax(raw: replacement, rawNodeArena: arena)
    guard let spliced = root.as(SourceFileSyntax.self), spliced.totalLength.utf8Length == new.count,
        !spliced.hasError
    else { return nil }
    return spliced
}

/// The items of `text` parsed alone as a list of the list's kind; nil unless they parse without error,
/// cover the text exactly and start with a keyword that ends whatever precedes it.
private func parsedItems(_ text: [UInt8], memberList: Bool) -> Syntax? {
    // From a String, which the parser copies into its arena (a buffer's tokens would point into it).
    var parser = Parser(String(decoding: text, as: UTF8.self))
    let parsed =
        memberList
        ? Syntax(MemberBlockItemListSyntax.parse(from: &parser)) : Syntax(CodeBlockItemListSyntax.parse(from: &parser))
    guard !parsed.hasError, parsed.totalLength.utf8Length == text.count,
        let firstToken = parsed.firstToken(viewMode: .sourceAccurate), isEndingKeyword(firstToken),
        parsed.raw.layoutView != nil
    else { return nil }
    return parsed
}

/// What `sameShapeItems` may copy the new items from: the run the change replaces (its ends checked by
/// `splice` already), then every other item of the list; with whether a template's items are what a list
/// parse of their text alone gives as they stand: the replaced run's are, and another item's when it
/// starts with a keyword that ends whatever precedes it and the next item does too, or it is the list's last
/// (asked only of a template of the right shape: a descent to two first tokens).
private func sameShapeTemplates(
    _ list: RawSyntaxLayoutView, listStart: Int, region: SpliceRegion, old: [UInt8]
) -> (templates: [(items: [RawSyntax], text: ArraySlice<UInt8>)], parsesAlone: (Int) -> Bool) {
    let items = list.children.compactMap { $0 }
    guard items.count == list.children.count else { return ([], { _ in false }) }
    var templates: [(items: [RawSyntax], text: ArraySlice<UInt8>)] = []
    var itemIndices: [Int] = []
    if !region.items.isEmpty {
        templates.append((Array(items[region.items]), old[region.oldRange]))
        itemIndices.append(-1)
    }
    var start = listStart
    for index in items.indices {
        let end = start + items[index].byteLength
        defer { start = end }
        guard !region.items.contains(index) else { continue }
        templates.append(([items[index]], old[start..<end]))
        itemIndices.append(index)
    }
    return (
        templates,
        { template in
            let index = itemIndices[template]
            return index < 0
                || startsWithEndingKeyword(items[index])
                    && (index + 1 == items.count || startsWithEndingKeyword(items[index + 1]))
        }
    )
}

/// Whether the first token of `node` is one of `endingKeywords` or `@` (`isEndingKeyword` on raw nodes).
private func startsWithEndingKeyword(_ node: RawSyntax) -> Bool {
    var current = node
    while let layout = current.layoutView {
        guard let first = layout.children.first(where: { ($0?.byteLength ?? 0) > 0 }), let child = first else {
            return false
        }
        current = child
    }
    guard let token = current.tokenView else { return false }
    if token.rawKind == .atSign { return true }
    guard token.rawKind == .keyword, let keyword = Keyword(token.rawText) else { return false }
    return endingKeywords.contains(keyword)
}

/// Compares a splice with a full parse, for the tests and fuzzers that hold `splicedTree` to its promise
/// (its trees are SwiftSyntax's, which this module keeps to itself).
public enum TreeSpliceCheck {
    public enum Outcome: Equatable, Sendable {
        /// No splice applies to this change (or one of the texts is code the parser must not be given).
        case notSpliced
        /// The spliced tree is the full parse's, node for node and trivia for trivia.
        case sameAsFullParse
        /// The spliced tree differs: both structures, one line per node.
        case differs(spliced: String, full: String)
    }

    /// Splices `new` from a full parse of `old` and compares the result with a full parse of `new`.
    public static func outcome(old: String, new: String) -> Outcome {
        guard let oldTree = parsedSourceFile(old), let spliced = splicedTree(oldTree, old: Array(old.utf8), new: Array(new.utf8))
        else { return .notSpliced }
        return compared(spliced, new: new)
    }

    /// Splices `new` from a full parse of `old` run by run (`runs`: the change set, as the parser's edits)
    /// and compares the result with a full parse of `new`.
    public static func outcome(old: String, new: String, runs: [TextReplacement]) -> Outcome {
        guard let oldTree = parsedSourceFile(old),
            let spliced = splicedTree(oldTree, old: Array(old.utf8), new: Array(new.utf8), runs: runs)
        else { return .notSpliced }
        return compared(spliced, new: new)
    }

    /// Parses `old`, then `new` as the state after it (spliced, or parsed reusing `old`'s tree, with the
    /// change set `runs` when given), and compares that tree with a full parse of `new`.
    public static func nextStateOutcome(old: String, new: String, runs: [TextReplacement]? = nil) -> Outcome {
        guard let oldState = ParsedState.parse(old, previous: nil),
            let next = ParsedState.parse(new, previous: oldState, edits: { runs })?.result.tree
        else { return .notSpliced }
        return compared(next, new: new)
    }

    /// `tree`, made without a full parse of `new`, against the full parse.
    static func compared(_ tree: SourceFileSyntax, new: String) -> Outcome {
        guard let full = parsedSourceFile(new) else { return .notSpliced }
        let madeStructure = structure(Syntax(tree))
        let fullStructure = structure(Syntax(full))
        if tree.description == new, madeStructure == fullStructure { return .sameAsFullParse }
        return .differs(spliced: madeStructure, full: fullStructure)
    }

    static func structure(_ root: Syntax) -> String {
        var out = ""
        func visit(_ node: Syntax, _ depth: Int) {
            if let token = node.as(TokenSyntax.self) {
                out += "\(depth) \(token.tokenKind) \(token.presence) \(token.leadingTrivia.debugDescription)"
                out += " \(token.trailingTrivia.debugDescription)\n"
                return
            }
            out += "\(depth) \(node.kind)\n"
            for child in node.children(viewMode: .all) { visit(child, depth + 1) }
        }
        visit(root, 0)
        return out
    }
}
