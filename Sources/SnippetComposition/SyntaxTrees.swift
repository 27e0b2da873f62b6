internal import SwiftParser
internal import SwiftSyntax
internal import TutorialModel

/// Trees of the code that composition parses, by text. The server rebuilds a document's timelines on
/// every keystroke and the same file states and fragments come back each time, so the trees are kept
/// by whoever keeps the facts of a session (`FactsCache.trees`) and are dropped with them.
///
/// Bounded by the text it holds, in two generations: trees used since the newer one started stay,
/// the rest go when it fills, so an editing session keeps what it still uses instead of starting empty.
public final class SyntaxTrees: Sendable {
    private struct Generations {
        var newer: [String: SourceFileSyntax] = [:]
        var newerBytes = 0
        var older: [String: SourceFileSyntax] = [:]
        var parseCount = 0
    }

    private let generations = Protected(Generations())
    /// Text bytes per generation: a tree takes tens of times its text, so about 4 MiB of code (the code of
    /// the documents open in an editor many times over) is tens of MB of trees at most, twice.
    private let generationBytes: Int

    public init(generationBytes: Int = 4 << 20) { self.generationBytes = generationBytes }

    /// The tree of `code`, parsed once while it stays.
    func tree(_ code: String) -> SourceFileSyntax {
        let known = generations.withLock { held -> SourceFileSyntax? in
            if let tree = held.newer[code] { return tree }
            guard let tree = held.older.removeValue(forKey: code) else { return nil }
            Self.insert(tree, for: code, into: &held, limit: generationBytes)
            return tree
        }
        if let known { return known }
        let tree = Parser.parse(source: code)
        generations.withLock {
            $0.parseCount += 1
            Self.insert(tree, for: code, into: &$0, limit: generationBytes)
        }
        return tree
    }

    /// Trees held, and parses made since the start: what the bound and the reuse are tested by.
    public var statistics: (held: Int, parses: Int) {
        generations.withLock { ($0.newer.count + $0.older.count, $0.parseCount) }
    }

    /// Drops every tree (the count of parses stays).
    public func removeAll() { generations.withLock { $0 = Generations(parseCount: $0.parseCount) } }

    private static func insert(_ tree: SourceFileSyntax, for code: String, into held: inout Generations, limit: Int) {
        if held.newerBytes + code.utf8.count > limit {
            held.older = held.newer
            held.newer = [:]
            held.newerBytes = 0
        }
        if held.newer.updateValue(tree, forKey: code) == nil { held.newerBytes += code.utf8.count }
    }
}
