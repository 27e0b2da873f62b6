/// Swift snippets the toolchain's parser must not be given, because it would stall the run.
///
/// Both limits are far beyond any real tutorial's code; they exist for broken and hostile input
/// (fuzzing found both), and every place that parses Swift checks them first.
public enum SwiftParseLimits {
    /// The largest Swift snippet parsed (1 MiB). SwiftParser reads about 0.65 MB/s, so a 10 MB line
    /// of code would stall a run for half a minute.
    public static let maximumSnippetBytes = 1 << 20

    /// The deepest `[` nesting parsed. SwiftParser's lookahead for collection and inline-array types
    /// backtracks exponentially over unclosed `[` (measured: 12 deep 0.05 s, 14 deep 0.11 s, 94 deep
    /// not done after minutes); real code stays under a handful.
    public static let maximumBracketDepth = 16

    /// The most levels of nesting of every kind parsed, as `SwiftNesting` counts them (an over-estimate
    /// of SwiftParser's recursion). 500 levels of `A<` overflow an 8 MB stack; real tutorial code
    /// stays far under (the 591 Swift snippets of Tutorials/ and Fixtures/: 19 at most). Under the
    /// limit, time stays linear: 80 KB of snippets 60 levels deep are linted in about 1 s.
    public static let maximumNestingDepth = 64

    /// The deepest generic arguments parsed (`A<A<…>>`): SwiftParser's lookahead scans the arguments
    /// again at each level, so time grows as the square of the depth (80 KB of snippets 120 deep: 7 s;
    /// 24 deep: 5 s).
    public static let maximumGenericDepth = 12

    /// The most brackets left open (or closed by another kind) inside string interpolations parsed:
    /// SwiftParser rescans the string around each one, in time that grows as the cube of their count
    /// (`"\(f(` unclosed: 50 deep 0.6 s, 100 deep 4 s, 200 deep 32 s). Real code closes its strings on
    /// their line.
    public static let maximumUnclosedInInterpolations = 8

    /// Outside interpolations, brackets left open cost SwiftParser's recovery a look ahead over the rest
    /// of the snippet each, and a closer of another kind a local recovery: time grows as their count
    /// times the snippet's size (60 `{` left open ahead of 80 KB: 15 s; 9 ahead of 14 KB: 0.6 s; 9 ahead
    /// of 1 KB: 0.02 s). A snippet cut from a longer view leaves several open where the author elided
    /// the rest (nine in a real one of 1 KB), so up to `maximumUnclosedBrackets` are parsed at any
    /// size, and more while their count times the snippet's bytes stays under this (about 0.3 s).
    public static let maximumUnclosedBracketBytes = 1 << 16

    /// The most brackets left open (or closed by another kind) parsed at any size (80 KB of snippets
    /// leaving 8 open each stays under 3 s).
    public static let maximumUnclosedBrackets = 8

    /// Why `code` is not parsed, as a sentence for the user; nil when it can be parsed.
    public static func unparseableReason(_ code: String) -> String? {
        unparseableReason(code) { SwiftNesting.scan(code) }
    }

    /// `unparseableReason(code)` with the code's nesting found by `scan` (asked only of code within the size
    /// limit): a file parsed from its previous state is scanned from that state's scan (`MarkedNestingScan`).
    public static func unparseableReason(_ code: String, scan: () -> SwiftNesting) -> String? {
        let size = code.utf8.count
        if size > maximumSnippetBytes {
            let megabytes = (Double(size) / Double(1 << 20) * 10).rounded() / 10
            return "this Swift snippet is \(megabytes) MiB; snippets over \(maximumSnippetBytes >> 20) MiB are not parsed, so the code rules skip it"
        }
        let nesting = scan()
        if nesting.deepestSquare > maximumBracketDepth {
            return "this Swift snippet nests `[` \(nesting.deepestSquare) deep; the Swift parser takes exponential time on such code, so the code rules skip it"
        }
        if nesting.deepest > maximumNestingDepth {
            return "this Swift snippet nests code about \(nesting.deepest) levels deep (brackets, generics, `try`/`await` or operator chains, `#if`, interpolations); over \(maximumNestingDepth) the Swift parser could overflow its stack, so the code rules skip it"
        }
        if nesting.deepestAngle > maximumGenericDepth {
            return "this Swift snippet nests generic arguments `<` \(nesting.deepestAngle) deep; over \(maximumGenericDepth) the Swift parser takes time that grows with the square of the depth, so the code rules skip it"
        }
        if nesting.unclosedInInterpolations > maximumUnclosedInInterpolations {
            return "this Swift snippet leaves \(nesting.unclosedInInterpolations) brackets unclosed inside string interpolations; over \(maximumUnclosedInInterpolations) the Swift parser's recovery takes minutes, so the code rules skip it"
        }
        if nesting.unclosed > maximumUnclosedBrackets, nesting.unclosed * size > maximumUnclosedBracketBytes {
            return "this Swift snippet of \(size) bytes leaves \(nesting.unclosed) brackets unclosed; the Swift parser's recovery takes time that grows with both, so the code rules skip it"
        }
        return nil
    }

    /// The deepest `[` nesting of `code` (see `SwiftNesting`).
    static func deepestBracketNesting(_ code: String) -> Int { SwiftNesting.scan(code).deepestSquare }
}
