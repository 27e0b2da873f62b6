import TutorialModel

/// The text a reader sees in a raw HTML block that holds no code and no heading (`<details>` with its
/// summary and answer, `<p align="center">` with a sentence): prose of the page, so that a heading over
/// such blocks heads something. Blocks that show nothing (a badge image, a comment, a `<br>`) give none.
enum MarkdownHTMLText {
    /// The block's text without tags and comments, whitespace collapsed; nil when none is left.
    static func visibleText(_ html: String) -> String? {
        var text = ""
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            text += rest[..<open]
            let tail = rest[open...]
            let closing = tail.hasPrefix("<!--") ? "-->" : ">"
            guard let end = tail.rangeOfText(closing)?.upperBound else {
                rest = ""
                break
            }
            text += " "
            rest = tail[end...]
        }
        text += rest
        let collapsed = collapseWhitespace(text)
        return collapsed.isEmpty ? nil : collapsed
    }

    /// The byte range of an HTML block's lines, `first` 0-based, `count` lines.
    static func range(firstLine first: Int, lineCount count: Int, lineIndex: LineIndex) -> SourceRange {
        let last = min(first + count, lineIndex.lineCount) - 1
        return SourceRange(
            start: lineIndex.contentRange(ofLine: first).start, end: lineIndex.contentRange(ofLine: max(first, last)).end)
    }
}
