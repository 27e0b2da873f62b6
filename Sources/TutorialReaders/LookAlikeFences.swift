import TutorialModel

/// Code fenced with characters that look like backticks but are not (`´´´` typed with a keyboard's dead
/// accent key, `‘‘‘` or `’’’` from a word processor's smart quotes, `'''`, full-width `｀｀｀`), or with
/// backticks escaped by a backslash each (`\`\`\``, from a tool that escaped Markdown it wrote): Markdown
/// reads the lines as a paragraph, so the page shows the code as running text and no step has it.
///
/// Found by shape, on positive evidence only: a paragraph whose first line is a run of three or more of one
/// such unit (an info word such as `swift` may follow, as after a real fence), closed by a later line
/// that is a run of the same unit alone, before the next heading. One of the two alone (a line of
/// quotes in prose) is no fence.
enum LookAlikeFences {
    /// The units authors fence with by mistake, and what a message calls them.
    private static let names: [String: String] = [
        "´": "acute accents", "‘": "left single quotation marks", "’": "right single quotation marks",
        "'": "apostrophes", "｀": "full-width grave accents", "ˋ": "modifier grave accents", "′": "primes",
        "\\`": "backslash-escaped backticks", "\\": "backslashes",
    ]

    /// The problem a paragraph starting on 0-based `line` makes, when its first line opens such a fence
    /// and a line before `searchEnd` (exclusive) and before the next heading closes it.
    static func diagnostic(paragraphLine line: Int, searchEnd: Int, lineIndex: LineIndex) -> ReaderDiagnostic? {
        guard let opener = run(lineIndex, line, allowingInfo: true) else { return nil }
        var next = line + 1
        while next < min(searchEnd, lineIndex.lineCount) {
            let text = lineIndex.contentText(ofLine: next)
            if mayBeHeading(text) { return nil }
            if let closer = run(lineIndex, next, allowingInfo: false), closer == opener {
                let fence = String(repeating: opener, count: 3)
                return ReaderDiagnostic(
                    problem: .unreadableInput, severity: .warning,
                    message: "this code is fenced with \(fence) (\(names[opener] ?? "look-alikes")), not ``` "
                        + "(backticks): Markdown shows it as text",
                    range: lineIndex.contentRange(ofLine: line), step: nil)
            }
            next += 1
        }
        return nil
    }

    /// The fence unit when the 0-based line is three or more of one look-alike unit, after at most three
    /// spaces, then (when `allowingInfo`) an info word, then nothing.
    static func run(_ lineIndex: LineIndex, _ line: Int, allowingInfo: Bool) -> String? {
        let text = lineIndex.contentText(ofLine: line)
        let indent = text.prefix { $0 == " " }
        guard indent.count <= 3, let first = text.dropFirst(indent.count).first else { return nil }
        // A backslash before a backtick escapes it (`\`\`\``); backslashes alone (`\\\`) stand for lost backticks.
        let unit = text.dropFirst(indent.count).hasPrefix("\\`") ? "\\`" : String(first)
        guard names[unit] != nil else { return nil }
        var rest = text.dropFirst(indent.count)
        var count = 0
        while rest.hasPrefix(unit) {
            rest = rest.dropFirst(unit.count)
            count += 1
        }
        guard count >= 3 else { return nil }
        rest = rest.trimmingWhitespace()
        if rest.isEmpty { return unit }
        // The language word; a control character in it is what a converter made of an escape (`\bash` read as
        // a backspace and `ash`), the same conversion that lost the backticks.
        guard allowingInfo, !rest.contains(" "),
            rest.allSatisfy({ $0.isLetter || $0.isNumber || "+-_.#".contains($0) || ($0.asciiValue ?? 0x20) < 0x20 })
        else { return nil }
        return unit
    }

    /// Whether a line may be or underline a heading (ATX, setext, raw HTML): the search ends there, since a
    /// window the editor re-reads starts at a heading, and what lies past it is no part of this block. A line
    /// indented four spaces or more is none (`    # the comment of a configuration` inside the fenced code).
    private static func mayBeHeading(_ line: Substring) -> Bool {
        guard line.prefix(while: { $0 == " " }).count <= 3, line.first != "\t" else { return false }
        let text = line.drop { $0 == " " }.lowercased()
        if text.hasPrefix("#") { return true }
        if text.hasPrefix("<h"), let level = text.dropFirst(2).first, ("1"..."6").contains(level) { return true }
        return !text.isEmpty && (text.allSatisfy { $0 == "=" } || text.allSatisfy { $0 == "-" })
    }
}
