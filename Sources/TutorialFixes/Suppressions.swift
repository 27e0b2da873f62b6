import TutorialModel

/// The "disable this rule" fixes: suppression comments in the syntax the rule evaluator reads
/// (`<!-- tutorial-check-disable-next-step id -->`, `<!-- tutorial-check-disable id -->`).
public enum SuppressionFixes {
    /// Silences `rule` for the step `step` (a comment on its own line before the step's first line), or,
    /// without a step, for the lines of `range` (a disable/enable pair around them).
    public static func disableHere(rule: String, step: StepID?, range: SourceRange, in tutorial: Tutorial) -> Fix {
        let index = tutorial.document.lineIndex
        let newline = lineEnding(of: tutorial.document)
        if let step, let found = tutorial.step(step) {
            let lineStart = index.lineStarts[index.lineNumber(containing: found.range.start)]
            return Fix(
                title: "Disable \(rule) for step \(step)", rule: rule, kind: .suppression,
                edits: [.insert("<!-- tutorial-check-disable-next-step \(rule) -->" + newline, at: lineStart)])
        }
        let firstLine = index.lineNumber(containing: range.start)
        let lastLine = index.lineNumber(containing: max(range.start, range.end - 1))
        let start = index.lineStarts[firstLine]
        let end = lastLine + 1 < index.lineCount ? index.lineStarts[lastLine + 1] : tutorial.document.bytes.count
        let needsBreak =
            end == tutorial.document.bytes.count
            && !(tutorial.document.text.hasSuffix("\n") || tutorial.document.text.hasSuffix("\r"))
        return Fix(
            title: "Disable \(rule) on these lines", rule: rule, kind: .suppression,
            edits: [
                .insert("<!-- tutorial-check-disable \(rule) -->" + newline, at: start),
                .insert((needsBreak ? newline : "") + "<!-- tutorial-check-enable \(rule) -->" + newline, at: end),
            ])
    }

    /// Silences `rule` in the whole document: a comment at its top (after an HTML doctype, which must
    /// stay first).
    public static func disableInDocument(rule: String, in tutorial: Tutorial) -> Fix {
        let document = tutorial.document
        var offset = 0
        if tutorial.format == .html, document.text.prefix(15).lowercased().hasPrefix("<!doctype") {
            offset = document.lineIndex.lineCount > 1 ? document.lineIndex.lineStarts[1] : document.bytes.count
        }
        let newline = lineEnding(of: document)
        let prefix = offset == document.bytes.count && offset > 0 ? newline : ""
        return Fix(
            title: "Disable \(rule) in this document", rule: rule, kind: .suppression,
            edits: [.insert(prefix + "<!-- tutorial-check-disable \(rule) -->" + newline, at: offset)])
    }

    /// The document's own line ending, so a fix does not mix `\r\n` into a `\r\n` file.
    static func lineEnding(of document: SourceDocument) -> String {
        document.text.utf8.contains(0x0D) && document.text.containsText("\r\n") ? "\r\n" : "\n"
    }
}
