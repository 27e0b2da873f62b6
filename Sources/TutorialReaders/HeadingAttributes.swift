/// A heading's trailing attribute list (`## Set up {#setup .wide}`, kramdown's `{: #setup}`): Doxygen, Pandoc,
/// kramdown and MkDocs' attr_list read it as the heading's anchor, classes and attributes and do not show it, so
/// a title or a section name read from the heading leaves it out. CommonMark itself keeps it as text; this reads
/// the page as those sites publish it, as a collector counts it. kramdown also writes one right after a span
/// (`# Lab 3 **IoT**{: .label .label-iot }`, a Just the Docs badge): its `{:` says what it is, so no blank need
/// stand before it there; the span's words stay, as the page shows them.
enum HeadingAttributes {
    /// The heading's text without a trailing attribute list; the text unchanged when it has none, or when the
    /// list is all there is.
    static func visibleText(_ text: String) -> String {
        guard text.hasSuffix("}"), let open = text.lastIndex(of: "{"), open > text.startIndex,
            text[text.index(before: open)] == " " || text[open...].hasPrefix("{:")
        else { return text }
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let tokens = inner.drop(while: { $0 == ":" }).split(separator: " ")
        guard let first = tokens.first, first.hasPrefix("#") || first.hasPrefix("."),
            tokens.allSatisfy(isAttribute)
        else { return text }
        let visible = withoutClosingMarks(text[..<open].trimmingWhitespace())
        return visible.isEmpty ? text : String(visible)
    }

    /// Whether the heading's whole text is a site generator's template expression (`{{ page.title }}`,
    /// `{% title %}`), as Jekyll and Hugo layouts write a page's header: the site shows what it fills in, the
    /// front matter's title as a rule, so the heading's own text is nothing a reader sees and titles nothing.
    static func isTemplateOnly(_ text: String) -> Bool {
        let trimmed = Substring(text).trimmingWhitespace()
        let output = trimmed.hasPrefix("{{") && trimmed.hasSuffix("}}")
        let tag = trimmed.hasPrefix("{%") && trimmed.hasSuffix("%}")
        return (output || tag) && trimmed.count > 4
    }

    /// kramdown lets an ATX heading's optional closing marks stand before the list (`## Set up ## {#setup}`);
    /// CommonMark drops closing marks only at the line's end, so they are still in the text here.
    private static func withoutClosingMarks(_ text: Substring) -> Substring {
        let marks = text.reversed().prefix(while: { $0 == "#" }).count
        guard marks > 0 else { return text }
        let beforeMarks = text.dropLast(marks)
        if beforeMarks.isEmpty { return beforeMarks }
        guard beforeMarks.last == " " || beforeMarks.last == "\t" else { return text }
        return beforeMarks.trimmingWhitespace()
    }

    /// `#anchor`, `.class` or `key=value`, each with a name of letters, digits, `-`, `_`, `:` or `.`.
    private static func isAttribute(_ token: Substring) -> Bool {
        let name: Substring
        if token.hasPrefix("#") || token.hasPrefix(".") {
            name = token.dropFirst()
        } else if let equals = token.firstIndex(of: "="), equals > token.startIndex {
            name = token[..<equals]
        } else {
            return false
        }
        return !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || "-_:.".contains($0) }
    }
}
