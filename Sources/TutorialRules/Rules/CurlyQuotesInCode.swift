import SwiftFacts
import TutorialModel

/// A Swift string literal written between curly quotes (`“Hello”`): a blog editor or word processor turned
/// the author's straight quotes into typographic ones, and the code a reader copies does not compile.
struct CurlyQuotesInCode: CodeRule {
    let description = RuleDescription(
        id: "curly-quotes-in-code", category: .lifecycle,
        summary: "A Swift string literal is written between curly quotes, so the code does not compile.",
        explanation: """
            Swift strings are delimited by straight double quotes. Blog platforms, word processors and some \
            translation tools replace them with typographic quotes (`“…”`) as they do in prose, and the code on \
            the page then fails to compile for every reader who copies it. SwiftParser reports such a literal \
            by name, wherever it stands: unlike other parse errors, it is no sign of code left out on purpose, \
            so the rule judges fragments as well as whole files. Curly quotes inside a string literal or a \
            comment are text and are not reported. The same line of the same file shown again in later steps \
            is one finding, where it first appears. The fix replaces the literal's curly quotes with straight ones.
            """,
        defaultSeverity: .error, evidence: .presence,
        triggering: [
            RuleExample(
                "A text view's string in curly quotes",
                """
                struct Greeting: View {
                    var body: some View {
                        Text(↓“Hello, world”)
                    }
                }
                """),
            RuleExample(
                "A fragment: two statements of a method, one literal in curly quotes",
                """
                label.text = ↓“Tap to start”
                label.textColor = .secondaryLabel
                """),
            RuleExample(
                "Two literals curled on one line: one finding, whose fix straightens both",
                """
                print(↓“Total:”, total, separator: “ ”)
                """),
        ],
        nonTriggering: [
            RuleExample(
                "Curly quotes inside a string literal and in a comment are text",
                """
                // Shows “Hello” on the screen.
                let greeting = "He said “Hello” and left"
                """),
            RuleExample(
                "A multi-line string literal quoting a sentence",
                #"""
                let note = """
                    Tap “Start” to begin.
                    """
                """#),
            RuleExample(
                "Straight quotes",
                """
                Text("Hello, world")
                """),
        ])

    func check(_ context: CodeContext) -> [CodeFinding] {
        let code = Array(context.snippet.code.utf8)
        return context.facts.syntaxErrors.filter { $0.message.hasPrefix("unicode curly quote found") }.map { error in
            let line = context.facts.line(of: error.range.start)
            let lineStart = context.facts.lineStarts[line]
            let lineEnd = code[lineStart...].firstIndex(of: 0x0A) ?? code.count
            let text = String(decoding: code[lineStart..<lineEnd], as: UTF8.self)
            let quotes = Self.curlyQuotes(in: code, from: error.range.start, to: lineEnd)
            return CodeFinding(
                subject: "\(context.fileName ?? "")|\(text.trimmingBlanks())",
                message: "This string literal is written between curly quotes (“…”); Swift reads only straight "
                    + "double quotes (\"…\"), so the code does not compile.",
                range: error.range, fixTitle: "Use straight quotes",
                edits: quotes.map { CodeEdit(.replace($0, "\"")) }, mayBeBuildOrder: false)
        }
    }

    /// The curly double quotes from the opening one at `start` to the end of its line that stand outside
    /// straight-quoted strings: the delimiters of this literal and of any other the editor curled on the line
    /// (SwiftParser names the first one only).
    static func curlyQuotes(in code: [UInt8], from start: Int, to lineEnd: Int) -> [CodeRange] {
        // “ is E2 80 9C and ” is E2 80 9D in UTF-8.
        func isCurlyDoubleQuote(at offset: Int) -> Bool {
            offset + 2 < code.count && code[offset] == 0xE2 && code[offset + 1] == 0x80
                && (code[offset + 2] == 0x9C || code[offset + 2] == 0x9D)
        }
        var ranges: [CodeRange] = []
        var insideStraightString = false
        var offset = start
        while offset < lineEnd {
            if code[offset] == 0x5C, insideStraightString {
                offset += 2
                continue
            }
            if code[offset] == 0x22 {
                insideStraightString.toggle()
            } else if !insideStraightString, isCurlyDoubleQuote(at: offset) {
                ranges.append(CodeRange(start: offset, end: offset + 3))
                offset += 3
                continue
            }
            offset += 1
        }
        return ranges
    }
}

extension String {
    fileprivate func trimmingBlanks() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
