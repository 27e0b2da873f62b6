#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif
public import SnippetComposition
internal import SwiftParser
internal import SwiftSyntax
internal import TutorialModel

/// Facts of every distinct snippet seen, keyed by the snippet's code, shared across documents and edits.
///
/// Parsing is the expensive step of the pipeline (about 5 ms per 100 lines with the toolchain's
/// parser), and tutorials repeat the same file at every step: a snippet already seen costs a lookup.
/// The cache is safe to share between threads (the CLI lints documents in parallel).
public final class FactsCache: Sendable {
    private struct State {
        /// Facts by code, bounded by the code's bytes (see `Bounds.entryTextBytes`).
        var entries: BoundedGenerations<HashedCode, SnippetFacts>
        var hitCount = 0
        var missCount = 0
        var incrementalCount = 0
        var nextID = 1
        /// Rule results by key, bounded by the keys' sizes (see `Bounds.memoCost`).
        var memos: BoundedGenerations<MemoKey, Any>
        var memoHitCount = 0
        /// The last few trees parsed, newest last: a snippet parsed without its previous state's tree (the
        /// server's re-analysis after a keystroke, where the unchanged states are cache hits with no tree)
        /// starts from the most similar of them, usually the same snippet before the keystroke.
        var recentTrees: [ParsedState] = []
        /// Parses that started from a recent tree rather than from nothing or the previous state's tree.
        var reusedTreeCount = 0
        /// Parsed states by code, bounded by the code's bytes (see `Bounds.parsedTreeTextBytes`): a state
        /// changed since the previous analysis starts from its own tree before the change, wherever in the
        /// document it is, where `recentTrees` hold only the last few parsed.
        var heldTrees: BoundedGenerations<HashedCode, ParsedState>
    }

    /// What the cache may hold per generation of `BoundedGenerations`, beyond what one analysis uses. An
    /// editing session leaves a snippet state behind at every keystroke in code, and each byte of code
    /// cached costs about 11 bytes of facts or 55 of tree: the bounds are what keeps a long session's
    /// memory level (the soak test's server held 414 MiB when a 16 MiB bound on all text reset it all).
    public struct Bounds: Sendable {
        /// Bytes of code whose facts are kept.
        public var entryTextBytes: Int
        /// Bytes of code whose composition trees are kept (`SyntaxTrees`).
        public var treeTextBytes: Int
        /// Rule results, in `memoized`'s cost units: one element of a key, about 40 bytes with its share
        /// of the result. (A count bound let 1,000 edits of ten 100-file tutorials, whose every check is
        /// keyed by the whole project, hold over 200 MB: the backpressure test.)
        public var memoCost: Int
        /// Bytes of code whose parsed states (trees and their members' facts) are kept for the next parse
        /// of an edited state, or more for a document with more (`holdParsedStates`); 0 keeps none. Unlike
        /// the others, never more than the bound, even while an analysis runs.
        public var parsedTreeTextBytes: Int

        public init(entryTextBytes: Int, treeTextBytes: Int, memoCost: Int, parsedTreeTextBytes: Int = 0) {
            self.entryTextBytes = entryTextBytes
            self.treeTextBytes = treeTextBytes
            self.memoCost = memoCost
            self.parsedTreeTextBytes = parsedTreeTextBytes
        }

        /// A lint, which never closes generations itself: facts are never dropped (another document may
        /// repeat a snippet); trees and rule results at their ceilings (4 MiB of code, 2,000,000). It keeps
        /// no parsed states: a lint parses each state from the one before it, in step order.
        public static let lint = Bounds(entryTextBytes: .max, treeTextBytes: 512 << 10, memoCost: 250_000)
        /// An editing session (the language server), which closes generations between analyses, so a
        /// document with more code than these keeps it all between keystrokes (in the newer generation),
        /// but a second document analysed at the same time may then lose some of its own. The parsed states
        /// of 128 KiB of code hold every state of a 30 KB tutorial: a keystroke anywhere in it parses only
        /// what it changed, where a state whose tree was gone cost a full parse (~3 ms).
        public static let editing = Bounds(
            entryTextBytes: 1 << 20, treeTextBytes: 256 << 10, memoCost: 100_000, parsedTreeTextBytes: 128 << 10)
    }

    private let state: Protected<State>
    private let recentTreeLimit = 8
    /// `Bounds.parsedTreeTextBytes`: the held trees' bound when no document asks for more.
    private let heldTreeTextBytes: Int
    /// The most code whose parsed states `holdParsedStates` keeps for one document.
    static let maximumHeldTreeTextBytes = 4 << 20

    /// Whether a document's files are parsed on several threads at once (their timelines are
    /// independent): shortens a lint of few documents on several cores, where one document at a time
    /// leaves cores idle. Off for a caller that measures or wants one core.
    public let parsesFilesConcurrently: Bool

    /// The trees that composing snippets parses (`buildTimelineSet`): kept, and dropped, with the facts.
    public let trees: SyntaxTrees

    public init(parsesFilesConcurrently: Bool = false, bounds: Bounds = .lint) {
        self.parsesFilesConcurrently = parsesFilesConcurrently
        state = Protected(
            State(
                entries: BoundedGenerations(generationCost: bounds.entryTextBytes),
                memos: BoundedGenerations(generationCost: bounds.memoCost),
                heldTrees: BoundedGenerations(generationCost: bounds.parsedTreeTextBytes, ceilingFactor: 1)))
        trees = SyntaxTrees(generationBytes: bounds.treeTextBytes)
        heldTreeTextBytes = bounds.parsedTreeTextBytes
    }

    /// The parsed states kept for the next parse of an edited state cover at least `codeBytes` of code (up to
    /// 4 MiB) from the next one on: the states of the document being analysed, so that a keystroke anywhere in
    /// a long tutorial parses only what it changed, as in a short one, where the shared bound left most of a
    /// 1 MB tutorial's states to be parsed from nothing at their first keystroke. Held trees cost less than
    /// the bound's comment feared: the bench's 1 MB document (about 1 MB of states) kept them all for 7.5 MB
    /// more at its peak (65.0 → 72.5 MB, `/usr/bin/time` of `tutorial-bench --quick --server-only 40`). A
    /// cache that holds no parsed states (a lint's) still holds none; a smaller document goes back to
    /// `Bounds.parsedTreeTextBytes`.
    public func holdParsedStates(ofCodeBytes codeBytes: Int) {
        guard heldTreeTextBytes > 0 else { return }
        let bound = max(heldTreeTextBytes, min(codeBytes, Self.maximumHeldTreeTextBytes))
        state.withLock { state in
            if state.heldTrees.generationCost != bound { state.heldTrees.setGenerationCost(bound) }
        }
    }

    /// Counters for the bench: lookups served from the cache, full parses and incremental parses.
    public var statistics: (hits: Int, misses: Int, incremental: Int) {
        state.withLock { ($0.hitCount, $0.missCount, $0.incrementalCount) }
    }

    /// Results served from the memo, and how many are remembered.
    public var memoStatistics: (hits: Int, entries: Int) { state.withLock { ($0.memoHitCount, $0.memos.count) } }

    /// The cost of the rule results remembered, in `memoized`'s units.
    public var memoCost: Int { state.withLock { $0.memos.cost } }

    /// Parses that reused a recently parsed tree (see `recentTrees`); not counted as incremental.
    public var reusedTreeParses: Int { state.withLock { $0.reusedTreeCount } }

    public var count: Int { state.withLock { $0.entries.count } }

    /// UTF-8 bytes of the snippets whose facts the cache holds.
    public var textBytes: Int { state.withLock { $0.entries.cost } }

    /// An analysis is about to run: each kind of entry whose newer generation is over its bound starts a
    /// new one now, never while an analysis runs (see `BoundedGenerations`). An editing session calls
    /// this before each analysis (`AnalysisSession.releaseStaleFacts`).
    public func closeFullGenerations() {
        state.withLock { state in
            state.entries.closeGenerationIfFull()
            state.memos.closeGenerationIfFull()
            state.heldTrees.closeGenerationIfFull()
        }
        trees.closeGenerationIfFull()
    }

    /// Drops every entry (the server calls this when memory matters more than speed).
    public func removeAll() {
        state.withLock { state in
            state.entries.removeAll()
            state.memos.removeAll()
            state.recentTrees.removeAll()
            state.heldTrees.removeAll()
        }
        trees.removeAll()
    }

    /// A result computed from snippets' facts, remembered under a key made of their ids (and whatever
    /// else it depends on), so a re-analysis after an edit redoes only the work the edit touched.
    /// `cost`: the size of the key and its result, in elements of the key (see `Bounds.memoCost`).
    public func memoized<Key: Hashable & Sendable, Value: Sendable>(
        _ key: Key, cost: Int = 1, compute: () -> Value
    ) -> Value {
        let boxed = MemoKey(key)
        let known = state.withLock { state -> Value? in
            guard let value = state.memos.value(for: boxed) as? Value else { return nil }
            state.memoHitCount += 1
            return value
        }
        if let known { return known }
        let value = compute()
        state.withLock { state in state.memos.insert(value, for: boxed, cost: max(1, cost)) }
        return value
    }

    /// The facts of `code`, parsing it on a miss; when `previous` holds the parse of the file's
    /// previous state, the parse is incremental from it.
    ///
    /// Returns the parse result too when a parse happened, so the caller can hand it to the next state;
    /// nil for code the parser must not be given (`SwiftParseLimits`), which has no facts.
    public func facts(for code: String, previous: ParsedState? = nil) -> (facts: SnippetFacts, parsed: ParsedState?)? {
        facts(for: code, previous: previous, edits: { nil })
    }

    /// The same, with the edits from the previous state (the change set's runs), asked for only when a
    /// parse is needed. `replacing`: the code this snippet replaced since the previous analysis (the same
    /// state's), whose parse, when still held, is where a parse without `previous` starts.
    public func facts(
        for code: String, previous: ParsedState?, replacing: String? = nil, edits: () -> [TextReplacement]?
    ) -> (facts: SnippetFacts, parsed: ParsedState?)? {
        let key = HashedCode(code)
        let lookup = state.withLock { state -> (cached: SnippetFacts?, recent: [ParsedState]) in
            if let cached = state.entries.value(for: key) {
                state.hitCount += 1
                return (cached, [])
            }
            guard previous == nil else { return (nil, []) }
            if let replacing, let held = state.heldTrees.value(for: HashedCode(replacing)) { return (nil, [held]) }
            return (nil, state.recentTrees)
        }
        if let cached = lookup.cached { return (cached, nil) }
        let reused = previous == nil ? mostSimilar(lookup.recent, to: code) : nil
        // Incremental parsing gives the tree a full parse would (the parser's contract), faster. Nil:
        // code the parser must not be given (a cached entry was parsed, so it never is such code).
        let made =
            reused != nil
            ? ParsedState.parse(code, previous: reused) : ParsedState.parse(code, previous: previous, edits: edits)
        guard var parsed = made else { return nil }
        // The members the tree shares with the state it was parsed from keep their facts.
        let walked = walkFacts(from: parsed.result.tree, code: code, reusing: (reused ?? previous)?.memberFacts ?? .empty)
        let extracted = walked.facts
        parsed = ParsedState(code: code, result: parsed.result, memberFacts: walked.members, nestingScan: parsed.nestingScan)
        let facts = state.withLock { state -> SnippetFacts in
            if reused != nil { state.reusedTreeCount += 1 }
            state.recentTrees.removeAll { $0.code == code }
            state.recentTrees.append(parsed)
            if state.recentTrees.count > recentTreeLimit { state.recentTrees.removeFirst() }
            if state.heldTrees.generationCost > 0 { state.heldTrees.insert(parsed, for: key, cost: code.utf8.count) }
            // Another thread parsed the same code meanwhile: keep one id per distinct snippet.
            if let raced = state.entries.value(for: key) { return raced }
            let facts = extracted.identified(as: state.nextID)
            state.nextID += 1
            state.missCount += 1
            if previous != nil { state.incrementalCount += 1 }
            state.entries.insert(facts, for: key, cost: code.utf8.count)
            return facts
        }
        return (facts, parsed)
    }
}

/// The tree among `candidates` whose text shares the most with `code` (common prefix plus suffix), when
/// that is at least half of `code`: below that a parse from nothing costs about the same.
private func mostSimilar(_ candidates: [ParsedState], to code: String) -> ParsedState? {
    let new = Array(code.utf8)
    var best: (state: ParsedState, shared: Int)?
    for candidate in candidates.reversed() {
        let old = Array(candidate.code.utf8)
        let (prefix, suffix) = ByteSearch.commonPrefixSuffixLength(old[...], new[...])
        if prefix + suffix > (best?.shared ?? 0) { best = (candidate, prefix + suffix) }
    }
    guard let best, best.shared * 2 >= new.count else { return nil }
    return best.state
}

/// One parsed state of a file, kept only while the next state of the same file is parsed.
public struct ParsedState: Sendable {
    public let code: String
    /// Boxed so that clients of this module never need SwiftSyntax's modules to lay the struct out.
    private let box: ParseBox
    var result: IncrementalParseResult { box.result }
    /// The facts of the tree's members, for the next state's walk (empty until the tree is walked).
    let memberFacts: MemberFactsTable
    /// The code's nesting scan, for the next state's (`MarkedNestingScan`).
    let nestingScan: MarkedNestingScan?

    init(
        code: String, result: IncrementalParseResult, memberFacts: MemberFactsTable = .empty,
        nestingScan: MarkedNestingScan? = nil
    ) {
        self.code = code
        self.box = ParseBox(result)
        self.memberFacts = memberFacts
        self.nestingScan = nestingScan
    }

    /// Parses `code`, reusing the unchanged parts of `previous`'s tree.
    ///
    /// The edits are the step's change set (one per changed run of lines, so nodes between two hunks
    /// are reused too); without them, the span between the longest common prefix and suffix of the two
    /// texts is the one edit.
    /// Nil for code the parser must not be given (`SwiftParseLimits`: too large, or nested deep enough to
    /// stall or overflow it): asked here, where the parse is, so that no caller can forget it.
    static func parse(
        _ code: String, previous: ParsedState?, edits makeEdits: () -> [TextReplacement]? = { nil }
    ) -> ParsedState? {
        var scanned: MarkedNestingScan?
        let reason = SwiftParseLimits.unparseableReason(code) {
            let scan = previous.flatMap { $0.nestingScan?.rescan(code, previous: $0.code) } ?? MarkedNestingScan(code)
            scanned = scan
            return scan.nesting
        }
        guard reason == nil else { return nil }
        let nestingScan = scanned
        let state = { (result: IncrementalParseResult) in ParsedState(code: code, result: result, nestingScan: nestingScan) }
        // SwiftParser's incremental parse, reusing nodes of a tree with errors, can read the new text
        // otherwise than a full parse does (TreeSpliceTests.testATreeWithErrorsIsNotReused).
        guard let previous, !previous.result.tree.hasError else {
            return state(Parser.parseIncrementally(source: code, parseTransition: nil))
        }
        let old = Array(previous.code.utf8)
        let new = Array(code.utf8)
        // Whole items inserted, removed or replaced: only their text is parsed (TreeSplice.swift). The
        // spliced tree has no record of how far the parser looked ahead, so a later incremental parse from
        // it reuses only what follows its edits, which is always sound.
        if let spliced = splicedTree(previous.result.tree, old: old, new: new) {
            return state(IncrementalParseResult(tree: spliced, lookaheadRanges: LookaheadRanges()))
        }
        // The edits are asked for only now: a splice of one run needs none. Runs apart splice one by one.
        let edits = makeEdits()
        if let edits, let spliced = splicedTree(previous.result.tree, old: old, new: new, runs: edits) {
            return state(IncrementalParseResult(tree: spliced, lookaheadRanges: LookaheadRanges()))
        }
        if let edits, !edits.isEmpty, let concurrent = concurrentEdits(edits, old: old, new: new) {
            let transition = IncrementalParseTransition(
                previousIncrementalParseResult: previous.result, edits: concurrent)
            return state(Parser.parseIncrementally(source: code, parseTransition: transition))
        }
        let (prefix, suffix) = ByteSearch.commonPrefixSuffixLength(old[...], new[...])
        let replaced = Array(new[prefix..<(new.count - suffix)])
        let edit = SourceEdit(
            range: AbsolutePosition(utf8Offset: prefix)..<AbsolutePosition(utf8Offset: old.count - suffix),
            replacement: replaced)
        let transition = IncrementalParseTransition(
            previousIncrementalParseResult: previous.result, edits: ConcurrentEdits(edit))
        return state(Parser.parseIncrementally(source: code, parseTransition: transition))
    }
}

final class ParseBox: Sendable {
    let result: IncrementalParseResult
    init(_ result: IncrementalParseResult) { self.result = result }
}

/// One changed run between two texts: the old bytes `old` became the new bytes `new`.
public struct TextReplacement: Sendable, Hashable {
    public let old: CodeRange
    public let new: CodeRange

    public init(old: CodeRange, new: CodeRange) {
        self.old = old
        self.new = new
    }
}

/// The replacements as the parser's concurrent edits (positions in the old text), nil when they do not
/// describe `old` → `new` (out of order, overlapping, or out of bounds).
private func concurrentEdits(_ replacements: [TextReplacement], old: [UInt8], new: [UInt8]) -> ConcurrentEdits? {
    var edits: [SourceEdit] = []
    var lastOldEnd = 0
    var delta = 0
    for (index, replacement) in replacements.enumerated() {
        guard replacement.old.start >= lastOldEnd, replacement.old.start <= replacement.old.end,
            replacement.new.start <= replacement.new.end, replacement.old.end <= old.count,
            replacement.new.end <= new.count, replacement.new.start == replacement.old.start + delta
        else { return nil }
        // A run of whole lines, narrowed to the bytes that differ, as late as the unchanged text around it
        // allows: the line diff may place an inserted member's lines from the `}` before it, in the member
        // the parser would then parse again, and a run inserted at a line start begins in the leading
        // trivia of the member after it, where the member before looked ahead.
        let next = index + 1 < replacements.count ? replacements[index + 1] : nil
        let oldLimit = next?.old.start ?? old.count
        let newLimit = next?.new.start ?? new.count
        guard oldLimit >= replacement.old.end, newLimit >= replacement.new.end else { return nil }
        var (oldStart, newStart) = (replacement.old.start, replacement.new.start)
        while oldStart < oldLimit, newStart < newLimit, old[oldStart] == new[newStart] {
            oldStart += 1
            newStart += 1
        }
        var (oldEnd, newEnd) = (oldLimit, newLimit)
        while oldEnd > oldStart, newEnd > newStart, old[oldEnd - 1] == new[newEnd - 1] {
            oldEnd -= 1
            newEnd -= 1
        }
        delta += (replacement.new.end - replacement.new.start) - (replacement.old.end - replacement.old.start)
        lastOldEnd = replacement.old.end
        if oldStart == oldEnd && newStart == newEnd { continue }
        edits.append(
            SourceEdit(
                range: AbsolutePosition(utf8Offset: oldStart)..<AbsolutePosition(utf8Offset: oldEnd),
                replacement: Array(new[newStart..<newEnd])))
    }
    guard old.count + delta == new.count else { return nil }
    return try? ConcurrentEdits(concurrent: edits)
}
