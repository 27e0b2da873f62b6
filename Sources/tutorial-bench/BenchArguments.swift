import Foundation

/// The command line tutorial-bench understands. A flag it does not know is an error, not a full run: a
/// mistyped `--keystrokes-only` would otherwise measure everything for minutes.
enum BenchArguments {
    /// Each flag, whether it takes a value, and what it does: the usage text is made from this list.
    static let flags: [(name: String, value: String?, help: String)] = [
        ("--quick", nil, "100 documents and 200 edits instead of 1,000 of each (about 3 minutes)"),
        ("--write-corpus", "DIR", "write the generated documents into DIR for profiling the real binary, then stop"),
        ("--floor-only", "[N]", "run the floor alone over the first N worst-case documents (for callgrind), then stop"),
        ("--process-only", nil, "only the real binary: cold lint, lint --cache, server memory"),
        ("--keystroke-only", nil, "only the language server's keystroke figures"),
        ("--burst-only", nil, "only the JSON-RPC burst"),
        ("--compare-only", nil, "only compare of two 1 MB tutorials"),
        ("--lint-only", nil, "stop after the lint figures"),
        ("--server-only", "N", "replay N keystrokes on the 1 MB document (for profiling), then stop"),
        ("--small", nil, "with --server-only: the 30 KB document"),
        ("--whole-reads", nil, "with --server-only: read every version whole, as the server once did"),
        ("--help", nil, "print this text"),
    ]

    static var usage: String {
        let lines = flags.map { flag in
            let name = flag.value.map { "\(flag.name) \($0)" } ?? flag.name
            return "  " + name.padding(toLength: 22, withPad: " ", startingAt: 0) + flag.help
        }
        return "usage: tutorial-bench [flags]\n\n" + lines.joined(separator: "\n") + "\n"
    }

    /// Checks `arguments` (without the program name): prints the usage and exits 0 for `--help`, exits 2
    /// with one line on standard error for a flag it does not know or a value that is missing.
    static func validate(_ arguments: [String]) {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage, terminator: "")
            exit(0)
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard let flag = flags.first(where: { $0.name == argument }) else {
                FileHandle.standardError.write(Data("tutorial-bench: unknown argument \(argument) (see --help)\n".utf8))
                exit(2)
            }
            if let value = flag.value {
                let next = index + 1 < arguments.count ? arguments[index + 1] : nil
                if value.hasPrefix("[") {
                    if let next, Int(next) != nil { index += 1 }
                } else if let next, !next.hasPrefix("--") {
                    index += 1
                } else {
                    FileHandle.standardError.write(Data("tutorial-bench: \(argument) needs \(value) (see --help)\n".utf8))
                    exit(2)
                }
            }
            index += 1
        }
    }
}
