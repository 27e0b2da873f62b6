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

    /// The most brackets left open (or closed by another kind) parsed: SwiftParser's recovery looks
    /// ahead for each one's closer at every level, in time that grows as the cube of their count
    /// (`"\(f(` unclosed: 100 deep 4 s, 200 deep 32 s). A snippet cut from a longer file leaves a
    /// few open (those of Tutorials/ and Fixtures/: one at most). 80 KB of snippets leaving 30 open
    /// took 14 s; 12 open, 3 s.
    public static let maximumUnclosedBrackets = 8

    /// Why `code` is not parsed, as a sentence for the user; nil when it can be parsed.
    public static func unparseableReason(_ code: String) -> String? {
        let size = code.utf8.count
        if size > maximumSnippetBytes {
            let megabytes = (Double(size) / Double(1 << 20) * 10).rounded() / 10
            return "this Swift snippet is \(megabytes) MiB; snippets over \(maximumSnippetBytes >> 20) MiB are not parsed, so the code rules skip it"
        }
        let nesting = SwiftNesting.scan(code)
        if nesting.deepestSquare > maximumBracketDepth {
            return "this Swift snippet nests `[` \(nesting.deepestSquare) deep; the Swift parser takes exponential time on such code, so the code rules skip it"
        }
        if nesting.deepest > maximumNestingDepth {
            return "this Swift snippet nests code about \(nesting.deepest) levels deep (brackets, generics, `try`/`await` or operator chains, `#if`, interpolations); over \(maximumNestingDepth) the Swift parser could overflow its stack, so the code rules skip it"
        }
        if nesting.deepestAngle > maximumGenericDepth {
            return "this Swift snippet nests generic arguments `<` \(nesting.deepestAngle) deep; over \(maximumGenericDepth) the Swift parser takes time that grows with the square of the depth, so the code rules skip it"
        }
        if nesting.unclosed > maximumUnclosedBrackets {
            return "this Swift snippet leaves \(nesting.unclosed) brackets unclosed; over \(maximumUnclosedBrackets) the Swift parser's recovery takes minutes, so the code rules skip it"
        }
        return nil
    }

    /// The deepest `[` nesting of `code` (see `SwiftNesting`).
    static func deepestBracketNesting(_ code: String) -> Int { SwiftNesting.scan(code).deepestSquare }
}
