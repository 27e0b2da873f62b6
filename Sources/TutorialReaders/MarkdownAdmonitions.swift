import TutorialModel

/// MkDocs admonitions and content tabs (`!!! note "Title"`, `??? example`, `???+ tip`, `=== "Swift"`): a
/// line at the margin whose body follows indented by four spaces. The site renders the body as Markdown
/// (a fenced example inside a collapsible box); CommonMark reads the indented lines after the marker line
/// as the rest of its paragraph, so the fence inside is lost.
///
/// The reader rewrites each marker line, before parsing, into a bullet of the same length: cmark then reads
/// the indented body as that list item's content, a fence there as code at its own place, and every byte,
/// line and column stays where it was. The kind and title name the box, not a step, so the line is blanked
/// after its `-`; only where a blank line separates the body (as content tabs write it) the kind stays as
/// the item's first line, since an item that opens with two blank lines is empty.
enum MarkdownAdmonitions {
    /// Rewrites the marker lines among `lines` of `bytes` whose next non-blank line (among `lines`) is
    /// indented by four columns at least (`lineIndex` indexes `bytes`).
    static func open(_ bytes: inout [UInt8], lines: Range<Int>, lineIndex: LineIndex) {
        var fence: (character: UInt8, length: Int)?
        var previousIsParagraph = false
        var line = lines.lowerBound
        while line < lines.upperBound {
            defer { line += 1 }
            let range = lineIndex.contentRange(ofLine: line)
            let text = bytes[range.start..<range.end]
            if isHeadingAtTheMargin(text) {
                // Where cmark finds a heading no block is open, and a re-read window starts at one: the scan
                // starts afresh there, so a window reads the markers a whole read does whatever came before.
                fence = nil
                previousIsParagraph = false
                continue
            }
            // Lines inside a fenced block are code, whatever they look like.
            if let marker = fenceMarker(text) {
                if let open = fence {
                    if marker.character == open.character, marker.length >= open.length, marker.isBare { fence = nil }
                } else {
                    fence = (marker.character, marker.length)
                }
                previousIsParagraph = false
                continue
            }
            let isParagraph = previousIsParagraph
            previousIsParagraph = !text.allSatisfy { $0 == 0x20 || $0 == 0x09 } && text.first != UInt8(ascii: "#")
            // Python-Markdown reads a marker right under a paragraph's line as more of that paragraph.
            guard fence == nil, !isParagraph, isMarker(text) else { continue }
            var body = line + 1
            while body < lines.upperBound, isBlank(bytes, lineIndex.contentRange(ofLine: body)) { body += 1 }
            guard body < lines.upperBound, isIndentedBody(bytes, lineIndex.contentRange(ofLine: body)) else { continue }
            bytes[range.start] = UInt8(ascii: "-")
            if body == line + 1 {
                // A list item may open with one blank line: the body right under it is its content.
                for index in (range.start + 1)..<range.end { bytes[index] = 0x20 }
            } else {
                // A blank line after an empty first line would end the item: the kind stays as its first
                // line (`!!!` becomes `-  `; `???+` becomes `-  ?`, as a `+` there would open a list).
                bytes[range.start + 1] = 0x20
                bytes[range.start + 2] = 0x20
                if bytes[range.start + 3] == UInt8(ascii: "+") { bytes[range.start + 3] = UInt8(ascii: "?") }
            }
        }
    }

    /// `!!!`, `???`, `???+` or `===` at the margin, then a blank and something more (a kind, a title).
    static func isMarker(_ line: ArraySlice<UInt8>) -> Bool {
        guard line.count >= 5, let first = line.first, first == UInt8(ascii: "!") || first == UInt8(ascii: "?")
            || first == UInt8(ascii: "=")
        else { return false }
        let start = line.startIndex
        guard line[start + 1] == first, line[start + 2] == first else { return false }
        var index = start + 3
        if first == UInt8(ascii: "?"), line[index] == UInt8(ascii: "+") { index += 1 }
        guard index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 else { return false }
        return line[index...].contains { $0 != 0x20 && $0 != 0x09 }
    }

    /// A fence line (three backticks or tildes at most three spaces in), its character and length, and
    /// whether nothing follows the run (only such a line closes a fence).
    private static func fenceMarker(_ line: ArraySlice<UInt8>) -> (character: UInt8, length: Int, isBare: Bool)? {
        var index = line.startIndex
        while index < line.endIndex, index - line.startIndex < 3, line[index] == 0x20 { index += 1 }
        guard index < line.endIndex, line[index] == UInt8(ascii: "`") || line[index] == UInt8(ascii: "~") else {
            return nil
        }
        let character = line[index]
        let runStart = index
        while index < line.endIndex, line[index] == character { index += 1 }
        guard index - runStart >= 3 else { return nil }
        return (character, index - runStart, line[index...].allSatisfy { $0 == 0x20 || $0 == 0x09 })
    }

    /// `#` to `######` at the margin, then a blank or the end: what may be a top-level ATX heading.
    private static func isHeadingAtTheMargin(_ line: ArraySlice<UInt8>) -> Bool {
        var index = line.startIndex
        while index < line.endIndex, line[index] == UInt8(ascii: "#"), index - line.startIndex < 6 { index += 1 }
        guard index > line.startIndex else { return false }
        return index == line.endIndex || line[index] == 0x20 || line[index] == 0x09
    }

    private static func isBlank(_ bytes: [UInt8], _ range: SourceRange) -> Bool {
        bytes[range.start..<range.end].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Whether the line starts with a tab or four spaces (four columns of indentation).
    private static func isIndentedBody(_ bytes: [UInt8], _ range: SourceRange) -> Bool {
        guard range.end > range.start else { return false }
        if bytes[range.start] == 0x09 { return true }
        return range.end - range.start >= 4 && bytes[range.start..<(range.start + 4)].allSatisfy { $0 == 0x20 }
    }
}
