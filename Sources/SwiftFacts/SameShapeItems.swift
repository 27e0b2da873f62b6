internal import SwiftParser
@_spi(RawSyntax) internal import SwiftSyntax

/// The items a list parse of `text` gives, made without parsing from items of the same list whose text
/// differs from `text` only in names and whole numbers (`let step0 = input * 52` for `let tuned3 = input * 47`,
/// a member shaped like the one beside it): their tree with those tokens' texts replaced. A splice parses the
/// items a step inserts or replaces (TreeSplice.swift), at about 10,000 instructions per byte; a step that
/// renames something or changes a value, or adds a member shaped like one already there, then costs a walk
/// of the template's tokens.
///
/// Why the tree is the parse's: the lexer reads both texts alike token by token, for the bytes around each
/// changed word are the same and a word's class decides where its token ends; a name that is no keyword of
/// any kind (contextual ones included) is an identifier to the lexer and to every decision of the parser,
/// which tells identifiers apart only by the keywords they spell; a run of decimal digits is an integer
/// literal whatever its value. Only a word that is one whole identifier or integer token of the template may
/// change (not one in a comment, a string, a float or an attribute's or macro's name), and the template's
/// items are themselves what a list parse of their text gives: each starts with a keyword that ends whatever
/// precedes it and is followed by one, a closing brace or the end (the splice's own conditions). The
/// splice's tests compare the trees with full parses.
///
/// `templates`: runs of consecutive items of the list (raw nodes) with the text each run covers; the first
/// run whose text has the shape of `text` and that `parsesAlone` (asked only then: its index) is used. Nil
/// when none is.
func sameShapeItems(
    _ text: ArraySlice<UInt8>, templates: [(items: [RawSyntax], text: ArraySlice<UInt8>)],
    parsesAlone: (Int) -> Bool = { _ in true }, arena: RawSyntaxArena
) -> [RawSyntax]? {
    for (index, template) in templates.enumerated()
    where template.text.count <= text.count * 2 && text.count <= template.text.count * 2 {
        guard let changes = changedWords(from: template.text, to: text), parsesAlone(index) else { continue }
        var rebuilder = TokenTextReplacer(changes: changes, newText: text, arena: arena)
        var offset = template.text.startIndex
        var items: [RawSyntax] = []
        items.reserveCapacity(template.items.count)
        for item in template.items {
            guard let rebuilt = rebuilder.replacing(in: item, at: offset) else { break }
            items.append(rebuilt)
            offset += item.byteLength
        }
        if items.count == template.items.count, rebuilder.usedEveryChange { return items }
    }
    return nil
}

/// A word of the template (`old`, offsets in the template's text) whose place holds another word of the
/// same class in the new text (`new`, offsets in it).
struct ChangedWord {
    let old: Range<Int>
    let new: Range<Int>
}

/// The words that differ between `old` and `new` when the two have the same shape: the same bytes outside
/// words, the same keywords, and in every other place a name for a name or a whole number for a whole
/// number. Nil otherwise.
func changedWords(from old: ArraySlice<UInt8>, to new: ArraySlice<UInt8>) -> [ChangedWord]? {
    var changes: [ChangedWord] = []
    var oldIndex = old.startIndex
    var newIndex = new.startIndex
    while oldIndex < old.endIndex, newIndex < new.endIndex {
        let oldByte = old[oldIndex]
        let newByte = new[newIndex]
        guard isWordByte(oldByte), isWordByte(newByte) else {
            guard oldByte == newByte else { return nil }
            oldIndex += 1
            newIndex += 1
            continue
        }
        let oldEnd = wordEnd(old, from: oldIndex)
        let newEnd = wordEnd(new, from: newIndex)
        let oldWord = old[oldIndex..<oldEnd]
        let newWord = new[newIndex..<newEnd]
        if !oldWord.elementsEqual(newWord) {
            // The byte before both words is the same (a byte outside words, matched already).
            let before: UInt8? = oldIndex > old.startIndex ? old[oldIndex - 1] : nil
            let oldClass = wordClass(oldWord, after: before)
            guard oldClass != .fixed, oldClass == wordClass(newWord, after: before) else { return nil }
            changes.append(ChangedWord(old: oldIndex..<oldEnd, new: newIndex..<newEnd))
        }
        oldIndex = oldEnd
        newIndex = newEnd
    }
    guard oldIndex == old.endIndex, newIndex == new.endIndex else { return nil }
    return changes
}

private enum WordClass { case name, wholeNumber, fixed }

/// A name that no keyword spells and no `#`, `@`, `$`, `\` or backquote marks (a macro's or attribute's
/// name, a dollar or key-path identifier, a raw identifier), a run of decimal digits, or a word that must
/// stay as it is.
private func wordClass(_ word: ArraySlice<UInt8>, after before: UInt8?) -> WordClass {
    if let before, before == 0x23 || before == 0x40 || before == 0x24 || before == 0x5C || before == 0x60 {
        return .fixed
    }
    guard let first = word.first else { return .fixed }
    if first >= 0x30 && first <= 0x39 {
        return word.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } ? .wholeNumber : .fixed
    }
    if word.count == 1 && first == 0x5F { return .fixed }
    let isKeyword = word.withUnsafeBufferPointer {
        Keyword(SyntaxText(baseAddress: $0.baseAddress, count: $0.count)) != nil
    }
    return isKeyword ? .fixed : .name
}

/// ASCII letters, digits and `_`: the bytes `changedWords` reads as words (a word next to any other byte,
/// non-ASCII included, must then be a whole token of the template to change, which such a word is not).
private func isWordByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
}

private func wordEnd(_ text: ArraySlice<UInt8>, from start: Int) -> Int {
    var end = start
    while end < text.endIndex, isWordByte(text[end]) { end += 1 }
    return end
}

/// `pieces` when none holds text (spaces, tabs, line breaks): a new token may hold them in another arena,
/// where a comment's text would point into the template's without keeping it. Nil otherwise.
private func countedTrivia(_ pieces: [RawTriviaPiece]) -> [RawTriviaPiece]? {
    for piece in pieces {
        switch piece {
        case .spaces, .tabs, .newlines, .carriageReturns, .carriageReturnLineFeeds, .verticalTabs, .formfeeds: continue
        default: return nil
        }
    }
    return pieces
}

/// Replaces the changed words' tokens in template items, the changes in text order; every other node is
/// the template's own (shared, not copied).
private struct TokenTextReplacer {
    let changes: [ChangedWord]
    let newText: ArraySlice<UInt8>
    let arena: RawSyntaxArena
    private var next = 0

    init(changes: [ChangedWord], newText: ArraySlice<UInt8>, arena: RawSyntaxArena) {
        self.changes = changes
        self.newText = newText
        self.arena = arena
    }

    var usedEveryChange: Bool { next == changes.count }

    /// `node` (starting at template offset `offset`) with the changes inside it made; nil when a change
    /// is not exactly one identifier or integer literal token's text.
    mutating func replacing(in node: RawSyntax, at offset: Int) -> RawSyntax? {
        let end = offset + node.byteLength
        guard next < changes.count, changes[next].old.lowerBound < end else { return node }
        if let token = node.tokenView {
            let textStart = offset + token.leadingTriviaByteLength
            let change = changes[next]
            guard change.old == textStart..<(textStart + token.textByteLength), token.presence == .present,
                token.tokenDiagnostic == nil
            else { return nil }
            guard token.rawKind == .identifier || token.rawKind == .integerLiteral,
                let leading = countedTrivia(token.leadingRawTriviaPieces),
                let trailing = countedTrivia(token.trailingRawTriviaPieces)
            else { return nil }
            next += 1
            // A token of its own rather than `withKind`, which on a token made that way before (a materialized
            // one) keeps the old text's length in the toolchain's SwiftSyntax: the spliced tree's length is
            // then wrong, the splice refused, and the state parsed whole.
            return RawSyntax.makeMaterializedToken(
                kind: token.rawKind, text: arena.intern(String(decoding: newText[change.new], as: UTF8.self)),
                leadingTriviaPieceCount: leading.count, trailingTriviaPieceCount: trailing.count,
                presence: .present, tokenDiagnostic: nil, arena: arena,
                initializingLeadingTriviaWith: { _ = $0.initialize(from: leading) },
                initializingTrailingTriviaWith: { _ = $0.initialize(from: trailing) })
        }
        guard let layout = node.layoutView else { return nil }
        var children: [RawSyntax?] = []
        children.reserveCapacity(layout.children.count)
        var childOffset = offset
        for child in layout.children {
            guard let child else {
                children.append(nil)
                continue
            }
            guard let replaced = replacing(in: child, at: childOffset) else { return nil }
            children.append(replaced)
            childOffset += child.byteLength
        }
        return RawSyntax.makeLayout(kind: node.kind, uninitializedCount: children.count, arena: arena) { buffer in
            _ = buffer.initialize(from: children)
        }
    }
}

extension TreeSpliceCheck {
    /// The members of `new` made by `sameShapeItems` from those of `old` (each text a type's members, parsed
    /// alone as a list), against a list parse of `new`: `.notSpliced` when the two shapes differ.
    public static func sameShapeOutcome(old: String, new: String) -> Outcome {
        var oldParser = Parser(old)
        let oldList = MemberBlockItemListSyntax.parse(from: &oldParser)
        var newParser = Parser(new)
        let newList = MemberBlockItemListSyntax.parse(from: &newParser)
        guard !oldList.hasError, oldList.totalLength.utf8Length == old.utf8.count, let layout = oldList.raw.layoutView
        else { return .notSpliced }
        let arena = RawSyntaxArena()
        let oldBytes = Array(old.utf8)
        let templates = [(items: layout.children.compactMap { $0 }, text: oldBytes[...])]
        guard
            let items = withExtendedLifetime(
                oldList, { sameShapeItems(Array(new.utf8)[...], templates: templates, arena: arena) })
        else { return .notSpliced }
        let raw = RawSyntax.makeLayout(kind: .memberBlockItemList, uninitializedCount: items.count, arena: arena) {
            _ = $0.initialize(from: items)
        }
        let made = structure(Syntax(raw: raw, rawNodeArena: arena))
        let parsed = structure(Syntax(newList))
        return made == parsed && Syntax(raw: raw, rawNodeArena: arena).description == new
            ? .sameAsFullParse : .differs(spliced: made, full: parsed)
    }

    /// Each state after the first made from the tree of the one before, as the facts pass makes it (spliced,
    /// its items copied from ones of the same shape, or parsed), against a full parse; then every tree made
    /// again against its text, which making a later state must have left as it was.
    public static func chainOutcomes(_ states: [String]) -> [Outcome] {
        guard let first = states.first, var previous = ParsedState.parse(first, previous: nil) else { return [] }
        var made: [(tree: SourceFileSyntax, text: String)] = []
        var outcomes: [Outcome] = []
        for state in states.dropFirst() {
            guard let next = ParsedState.parse(state, previous: previous) else { return outcomes + [.notSpliced] }
            made.append((next.result.tree, state))
            outcomes.append(compared(next.result.tree, new: state))
            previous = next
        }
        for (tree, text) in made where tree.description != text {
            outcomes.append(.differs(spliced: tree.description, full: text))
        }
        return outcomes
    }
}
