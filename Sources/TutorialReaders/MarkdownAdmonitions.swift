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
///
/// Markers nest: a tab set inside a tab (`=== "Terminal"` over `    === "Commands"`), a box inside a
/// numbered item (`1. Install` over `    !!! note`). A marker counts where it stands at the content column
/// of the box or list item around it, as Python-Markdown reads it; one indented anywhere else is text.
///
/// A marker right under paragraph text is that paragraph's, except under an empty element alone on its line
/// (`<div id="mirrors"></div>`, an anchor authors put over a tab set): Python-Markdown opens the tab there, so
/// the reader does too, and blanks the element, which shows nothing, so that cmark neither keeps the bullet in
/// the HTML block a `<div` starts nor in a paragraph.
enum MarkdownAdmonitions {
    /// Rewrites the marker lines among `lines` of `bytes` whose next non-blank line (among `lines`) is
    /// indented by four columns more than the marker at least (`lineIndex` indexes `bytes`).
    static func open(_ bytes: inout [UInt8], lines: Range<Int>, lineIndex: LineIndex) {
        var scan = MarkerScan()
        var line = lines.lowerBound
        while line < lines.upperBound {
            defer { line += 1 }
            let range = lineIndex.contentRange(ofLine: line)
            guard let marker = scan.marker(in: bytes[range.start..<range.end]) else { continue }
            var body = line + 1
            while body < lines.upperBound, isBlank(bytes, lineIndex.contentRange(ofLine: body)) { body += 1 }
            guard body < lines.upperBound else { continue }
            let bodyRange = lineIndex.contentRange(ofLine: body)
            guard indentation(bytes[bodyRange.start..<bodyRange.end]).columns >= marker.column + 4 else { continue }
            scan.openBox(bodyColumn: marker.column + 4)
            if marker.isUnderAnchor {
                let anchor = lineIndex.contentRange(ofLine: line - 1)
                for index in anchor.start..<anchor.end { bytes[index] = 0x20 }
            }
            let start = range.start + marker.offset
            bytes[start] = UInt8(ascii: "-")
            if body == line + 1 {
                // A list item may open with one blank line: the body right under it is its content.
                for index in (start + 1)..<range.end { bytes[index] = 0x20 }
            } else {
                // A blank line after an empty first line would end the item: the kind stays as its first
                // line (`!!!` becomes `-  `; `???+` becomes `-  ?`, as a `+` there would open a list).
                bytes[start + 1] = 0x20
                bytes[start + 2] = 0x20
                if bytes[start + 3] == UInt8(ascii: "+") { bytes[start + 3] = UInt8(ascii: "?") }
            }
        }
    }

    /// What the scan knows at a line: the content columns of the boxes and list items open around it, the
    /// fence it is inside (and how many containers were open when the fence began), and whether the line
    /// before was paragraph text, and an empty element alone on its line where a block may start.
    private struct MarkerScan {
        var containers: [Int] = []
        var fence: (character: UInt8, length: Int, depth: Int)?
        var previousIsParagraph = false
        var previousIsAnchor = false

        mutating func openBox(bodyColumn: Int) { containers.append(bodyColumn) }

        /// The marker `line` holds (its column and byte offset, and whether it stands right under an anchor
        /// line) where one may stand, updating the scan.
        mutating func marker(in line: ArraySlice<UInt8>) -> (column: Int, offset: Int, isUnderAnchor: Bool)? {
            if isHeadingAtTheMargin(line) {
                // Where cmark finds a heading no block is open, and a re-read window starts at one: the scan
                // starts afresh there, so a window reads the markers a whole read does whatever came before.
                self = MarkerScan()
                return nil
            }
            let indent = indentation(line)
            guard indent.offset < line.count else {
                previousIsParagraph = false
                previousIsAnchor = false
                return nil
            }
            // A line indented less than a container's content ends it, and a fence begun inside it.
            while let column = containers.last, indent.columns < column { containers.removeLast() }
            if let open = fence, open.depth > containers.count { fence = nil }
            let base = containers.last ?? 0
            let relative = indent.columns - base
            let content = line.dropFirst(indent.offset)
            // Lines inside a fenced block are code, whatever they look like.
            if relative <= 3, let run = fenceMarker(content) {
                if let open = fence {
                    if run.character == open.character, run.length >= open.length, run.isBare { fence = nil }
                } else {
                    fence = (run.character, run.length, containers.count)
                }
                previousIsParagraph = false
                previousIsAnchor = false
                return nil
            }
            let isParagraph = previousIsParagraph
            let isUnderAnchor = previousIsAnchor
            previousIsParagraph = line.first != UInt8(ascii: "#")
            // Only an element that starts a block counts: one under paragraph text is part of it.
            previousIsAnchor = fence == nil && !isParagraph && relative <= 3 && isEmptyElement(content)
            guard fence == nil, !isParagraph || isUnderAnchor else { return nil }
            // At the margin only a marker right there counts, as before any container opens.
            let mayHoldMarker = containers.isEmpty ? relative == 0 : relative <= 3
            if mayHoldMarker, isMarker(content) { return (indent.columns, indent.offset, isUnderAnchor) }
            // Under an anchor only a marker may stand where a block starts: the rest is the paragraph's.
            guard !isParagraph else { return nil }
            if relative <= 3, let contentColumn = listItemContentColumn(content, at: indent.columns) {
                containers.append(contentColumn)
                previousIsParagraph = false
            }
            return nil
        }
    }

    /// `!!!`, `???`, `???+` or `===`, then a blank and something more (a kind, a title).
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

    /// An element with nothing in it alone on `line` (from its first non-blank byte, blanks after it allowed):
    /// `<div id="mirrors"></div>`, `<a name=top></a>`. An opening tag alone (`<details>`), a closing one, an
    /// element holding text (`<span>Note</span>`) or one written to close itself (`<img … />`) is none.
    static func isEmptyElement(_ line: ArraySlice<UInt8>) -> Bool {
        guard line.first == UInt8(ascii: "<") else { return false }
        let name = tagName(line.dropFirst())
        guard !name.isEmpty else { return false }
        // The opening tag's attributes run to its `>`; a quoted value may hold one.
        var index = name.endIndex
        var quote: UInt8?
        while index < line.endIndex {
            let byte = line[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            } else if byte == UInt8(ascii: "<") {
                return false
            }
            index += 1
        }
        guard index < line.endIndex, line[index - 1] != UInt8(ascii: "/") else { return false }
        // Then at once its closing tag, of the same name, and nothing more.
        let closing = line[(index + 1)...]
        guard closing.starts(with: "</".utf8) else { return false }
        let closingName = tagName(closing.dropFirst(2))
        guard closingName.elementsEqual(name, by: { lowercased($0) == lowercased($1) }) else { return false }
        let rest = closing[closingName.endIndex...].drop { $0 == 0x20 || $0 == 0x09 }
        return rest.first == UInt8(ascii: ">") && rest.dropFirst().allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// The tag name `text` opens with: a letter, then letters, digits and hyphens.
    private static func tagName(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let first = text.first, HTMLRawMarkup.isLetter(first) else { return text.prefix(0) }
        return text.prefix { HTMLRawMarkup.isLetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }

    /// The column a list item's content starts at, where `line` (from its first non-blank byte, standing at
    /// `column`) opens one: `-`, `*` or `+`, or up to nine digits and `.` or `)`, then a blank.
    private static func listItemContentColumn(_ line: ArraySlice<UInt8>, at column: Int) -> Int? {
        var index = line.startIndex
        if let first = line.first,
            first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+")
        {
            index += 1
        } else {
            while index < line.endIndex, index - line.startIndex < 9, (0x30...0x39).contains(line[index]) { index += 1 }
            guard index > line.startIndex, index < line.endIndex,
                line[index] == UInt8(ascii: ".") || line[index] == UInt8(ascii: ")")
            else { return nil }
            index += 1
        }
        var spaces = 0
        while index + spaces < line.endIndex, line[index + spaces] == 0x20 { spaces += 1 }
        guard spaces > 0, index + spaces < line.endIndex else { return nil }
        // Five blanks or more after the mark make indented code of the content: it starts one past the mark.
        return column + (index - line.startIndex) + (spaces > 4 ? 1 : spaces)
    }

    /// A fence line (three backticks or tildes, from its first non-blank byte), its character and length,
    /// and whether nothing follows the run (only such a line closes a fence).
    private static func fenceMarker(_ line: ArraySlice<UInt8>) -> (character: UInt8, length: Int, isBare: Bool)? {
        guard let character = line.first, character == UInt8(ascii: "`") || character == UInt8(ascii: "~") else {
            return nil
        }
        var index = line.startIndex
        while index < line.endIndex, line[index] == character { index += 1 }
        guard index - line.startIndex >= 3 else { return nil }
        return (character, index - line.startIndex, line[index...].allSatisfy { $0 == 0x20 || $0 == 0x09 })
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

    /// The leading blanks of `line`: the column its first other byte stands at (a tab advancing to the
    /// next multiple of four) and that byte's offset from the line's start.
    private static func indentation(_ line: ArraySlice<UInt8>) -> (columns: Int, offset: Int) {
        var columns = 0
        var index = line.startIndex
        while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 {
            columns = line[index] == 0x09 ? columns + 4 - columns % 4 : columns + 1
            index += 1
        }
        return (columns, index - line.startIndex)
    }
}
