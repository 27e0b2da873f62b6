import SwiftFacts
import TutorialModel

/// A string literal written between curly quotes (`“Hello”`): a blog editor or word processor turned the
/// author's straight quotes into typographic ones, and the code a reader copies does not compile.
struct CurlyQuotesInCode: CollectingTutorialRule {
    let description = RuleDescription(
        id: "curly-quotes-in-code", category: .tutorial,
        summary: "A string literal in Swift code is written between curly quotes, so the code does not compile.",
        explanation: """
            Swift strings are delimited by straight double quotes. Blog platforms, word processors and some \
            translation tools replace them with typographic quotes (`“…”`) as they do in prose, and the code on \
            the page then fails to compile for every reader who copies it. SwiftParser reports such a literal \
            by name, wherever it stands: unlike other parse errors, it is no sign of code left out on purpose, \
            so the rule judges fragments as well as whole files. A block without a language is read too, when \
            it is Swift by evidence: with its curled literals straightened, it parses without a single error \
            (a sentence, a shell command or console output in such a block does not). Curly quotes inside a \
            string literal or a comment are text and are not reported. The same line of the same file shown \
            again in later steps is one finding, where it first appears; its fix straightens the literals of \
            that line wherever the line appears.
            """,
        defaultSeverity: .error, evidence: .presence,
        triggering: [
            RuleExample(
                "A text view's string in curly quotes, shown again by the next step: one finding",
                document: """
                    # Greeting

                    ## Step 1

                    ```swift file=Greeting.swift
                    struct Greeting: View {
                        var body: some View {
                            Text(↓“Hello, world”)
                        }
                    }
                    ```

                    ## Step 2

                    ```swift file=Greeting.swift
                    struct Greeting: View {
                        var body: some View {
                            Text(“Hello, world”)
                                .padding()
                        }
                    }
                    ```

                    """,
                path: "example.md"),
            RuleExample(
                "A fragment of a method, one literal in curly quotes",
                document: """
                    # Labels

                    ## Step 1

                    ```swift
                    label.text = ↓“Tap to start”
                    label.textColor = .secondaryLabel
                    ```

                    """,
                path: "example.md"),
            RuleExample(
                "A block without a language that is Swift once its literals are straightened",
                document: """
                    # Menus

                    ## Step 1

                    ```
                    switch item {
                    case .hamburger: print(↓“burger”)
                    case .fries: print(↓“fries”)
                    }
                    ```

                    """,
                path: "example.md"),
        ],
        nonTriggering: [
            RuleExample(
                "Curly quotes inside a string literal, a comment or a multi-line string are text",
                document: """
                    # Notes

                    ## Step 1

                    ```swift
                    // Shows “Hello” on the screen.
                    let greeting = "He said “Hello” and left"
                    let note = \"\"\"
                        Tap “Start” to begin.
                        \"\"\"
                    ```

                    """,
                path: "example.md"),
            RuleExample(
                "A block without a language holding a sentence or a shell command is not Swift",
                document: """
                    # Notes

                    ## Step 1

                    ```
                    The button says “Start”.
                    ```

                    ```
                    echo “done”
                    ```

                    """,
                path: "example.md"),
            RuleExample(
                "Another language's block is not read",
                document: """
                    # Scripts

                    ## Step 1

                    ```python
                    print(“done”)
                    ```

                    """,
                path: "example.md"),
        ],
        measuredPrecision: .init(
            value: 1.0, sample: 18, date: "2026-12-05",
            note: "Round 27's held-out part: thirteen string literals in curly quotes in one set of Korean RxSwift notes, all right, two of them beside the ones the hand listing named. Round 23's held-out part gave none: its ten curled literals stood in untagged fences, which the rule did not read then. Round 110's one, a curly-quoted `print` string in Chinese interview notes, right. Round 124's three, curly-quoted string literals in a Chinese SwiftUI notebook (two hand-listed, the third a separator literal on the line after one), and round 127's one (an array of curly-quoted literals in Korean RxSwift notes, a line the hand listing missed), right."))

    /// A line of a snippet whose literals are curled: its text, and the code ranges of the quotes to straighten.
    struct CurledLine: Sendable, Hashable {
        let snippet: Int
        let line: String
        let literal: Range<Int>
        let quotes: [Range<Int>]
    }

    func collect(_ step: StepContent) -> [CurledLine] {
        step.snippets.indices.flatMap { index -> [CurledLine] in
            let snippet = step.snippets[index]
            let isSwift = snippet.isSwift()
            // Only a block that names no language (and no file of another language) may be Swift by evidence.
            guard snippet.isSwift(unlabelledIsSwift: true) else { return [] }
            // Cheap first (memchr, not a test at every byte): most code has no curly double quote at all.
            guard ByteSearch.contains(Self.openingCurlyQuote, anchor: 0, in: snippet.code)
                || ByteSearch.contains(Self.closingCurlyQuote, anchor: 0, in: snippet.code),
                let facts = extractFacts(code: snippet.code)
            else { return [] }
            let code = Array(snippet.code.utf8)
            let lines = facts.syntaxErrors.filter { $0.message.hasPrefix("unicode curly quote found") }.map { error in
                let line = facts.line(of: error.range.start)
                let lineStart = facts.lineStarts[line]
                let lineEnd = code[lineStart...].firstIndex(of: 0x0A) ?? code.count
                return CurledLine(
                    snippet: index, line: String(decoding: code[lineStart..<lineEnd], as: UTF8.self),
                    literal: error.range.start..<error.range.end,
                    quotes: Self.curlyQuotes(in: code, from: error.range.start, to: lineEnd))
            }
            guard !lines.isEmpty, !isSwift else { return lines }
            // A block without a language: Swift only if straightening its curled literals leaves no error.
            var straightened = code
            for quote in lines.flatMap(\.quotes).sorted(by: { $0.lowerBound > $1.lowerBound }) {
                straightened.replaceSubrange(quote, with: [0x22])
            }
            guard let repaired = extractFacts(code: String(decoding: straightened, as: UTF8.self)),
                repaired.syntaxErrors.isEmpty
            else { return [] }
            return lines
        }
    }

    func validate(_ collected: [[CurledLine]], context: TutorialContext) -> [DocumentFinding] {
        // Every appearance of a line, by file and text: the first is reported, the fix mends them all.
        var appearances: [String: [(step: Step, line: CurledLine)]] = [:]
        var order: [String] = []
        for (step, lines) in zip(context.tutorial.steps, collected) {
            for line in lines {
                let key = "\(step.snippets[line.snippet].fileName ?? "")|\(line.line.trimmingBlanks())"
                if appearances[key] == nil { order.append(key) }
                appearances[key, default: []].append((step, line))
            }
        }
        return order.compactMap { key in
            guard let all = appearances[key], let first = all.first else { return nil }
            let map = first.step.snippets[first.line.snippet].sourceMap
            let edits = all.flatMap { appearance in
                appearance.line.quotes.map { quote in
                    TextEdit(
                        range: appearance.step.snippets[appearance.line.snippet].sourceMap.documentRange(
                            forCodeRange: SourceRange(start: quote.lowerBound, end: quote.upperBound)),
                        newText: "\"")
                }
            }
            return DocumentFinding(
                subject: key,
                message: "This string literal is written between curly quotes (“…”), not straight ones (\"…\"), so "
                    + "the code does not compile.",
                range: map.documentRange(
                    forCodeRange: SourceRange(start: first.line.literal.lowerBound, end: first.line.literal.upperBound)),
                step: first.step.id, fixTitle: "Use straight quotes", edits: edits)
        }
    }

    /// The curly double quotes from the opening one at `start` to the end of its line that stand outside
    /// straight-quoted strings: the delimiters of this literal and of any other the editor curled on the line
    /// (SwiftParser names the first one only).
    static func curlyQuotes(in code: [UInt8], from start: Int, to lineEnd: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var insideStraightString = false
        var offset = start
        while offset < lineEnd {
            if code[offset] == 0x5C, insideStraightString {
                offset += 2
                continue
            }
            if code[offset] == 0x22 {
                insideStraightString.toggle()
            } else if !insideStraightString, isCurlyDoubleQuote(code, at: offset) {
                ranges.append(offset..<(offset + 3))
                offset += 3
                continue
            }
            offset += 1
        }
        return ranges
    }

    /// “ is E2 80 9C and ” is E2 80 9D in UTF-8.
    private static let openingCurlyQuote: [UInt8] = [0xE2, 0x80, 0x9C]
    private static let closingCurlyQuote: [UInt8] = [0xE2, 0x80, 0x9D]

    static func isCurlyDoubleQuote(_ code: [UInt8], at offset: Int) -> Bool {
        offset + 2 < code.count && code[offset] == 0xE2 && code[offset + 1] == 0x80
            && (code[offset + 2] == 0x9C || code[offset + 2] == 0x9D)
    }
}

extension String {
    fileprivate func trimmingBlanks() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
