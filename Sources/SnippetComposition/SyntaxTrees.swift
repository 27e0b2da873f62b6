internal import SwiftParser
internal import SwiftSyntax
internal import TutorialModel

/// Trees of the code that composition parses, by text. The server rebuilds a document's timelines on
/// every keystroke and the same file states and fragments come back each time, so the trees are kept
/// by whoever keeps the facts of a session (`FactsCache.trees`) and are dropped with them.
///
/// Bounded by the text it holds, in two generations (`BoundedGenerations`): trees used since the newer one
/// started stay, the rest go when it is closed, so an editing session keeps what it still uses.
public final class SyntaxTrees: Sendable {
    private struct Held {
        var trees: BoundedGenerations<String, SourceFileSyntax>
        var parseCount = 0
    }

    private let held: Protected<Held>

    /// `generationBytes`: text bytes per generation (see `BoundedGenerations`); a tree takes about 55
    /// times its text.
    public init(generationBytes: Int = 512 << 10) {
        held = Protected(Held(trees: BoundedGenerations(generationCost: generationBytes)))
    }

    /// The tree of `code`, parsed once while it stays; nil for code the parser must not be given
    /// (`SwiftParseLimits`: too large, or nested deep enough to stall or overflow it). Asked here, where
    /// the parse is, so that no caller can parse such code by forgetting to ask; a held tree was asked.
    func tree(_ code: String) -> SourceFileSyntax? {
        if let known = held.withLock({ $0.trees.value(for: code) }) { return known }
        guard SwiftParseLimits.unparseableReason(code) == nil else { return nil }
        let tree = Parser.parse(source: code)
        held.withLock {
            $0.parseCount += 1
            $0.trees.insert(tree, for: code, cost: code.utf8.count)
        }
        return tree
    }

    /// Trees held, and parses made since the start: what the bound and the reuse are tested by.
    public var statistics: (held: Int, parses: Int) { held.withLock { ($0.trees.count, $0.parseCount) } }

    /// Starts a new generation if the newer one is over its bound (between analyses).
    public func closeGenerationIfFull() { held.withLock { $0.trees.closeGenerationIfFull() } }

    /// Drops every tree (the count of parses stays).
    public func removeAll() { held.withLock { $0.trees.removeAll() } }
}
