import TutorialModel

/// Re-reading a Markdown document after an edit: cmark-gfm parses only the lines from the top-level ATX
/// heading before the edit to the one after it, and those blocks replace the previous read's blocks there.
///
/// Why that gives what a whole parse gives: cmark reads blocks line by line, and a top-level ATX heading
/// closes every open block and is itself closed at its line's end. At the window's first heading, whose
/// line and every line before it are unchanged, the whole parse is therefore in the state a parse that
/// starts there begins in; the window's parse ends with the next heading, found again as a top-level
/// heading at its shifted place, so from there on the whole parse is back in step with the previous one
/// and its blocks are the previous blocks, shifted. Inline content depends on nothing outside its block
/// but link reference and footnote definitions, so a document that may hold one (`]:`) is read whole.
enum MarkdownWindow {
    static func reread(
        _ previous: OutlineBlocks, mayHoldWindowBlockers: Bool, change: DocumentChange
    ) -> (OutlineBlocks, SourceRange)? {
        // Whether a page reports its escaped heading marks (`\# Prepare`) hangs on headings an edit may change.
        guard !mayHoldWindowBlockers, !previous.holdsEscapedHeadingMarks, !introducesWindowBlocker(change),
            sameFrontMatter(change)
        else { return nil }
        let old = change.old
        // The boundaries: the last top-level ATX heading on a line before the edit, the first after it.
        let (opening, closing) = boundaries(previous.blocks, around: change) { isBoundary($0, in: old) }
        guard let opening else { return nil }
        let firstLine = change.oldLine(opening.range.start)
        guard change.lineStartUnchanged(firstLine) else { return nil }
        let windowStart = old.lineIndex.lineStarts[firstLine]
        var parsedLines = firstLine..<change.new.lineIndex.lineCount
        var oldWindowEnd = old.bytes.count
        if let closing {
            let closingLine = change.oldLine(closing.range.start)
            guard let newClosingLine = change.newLine(afterEdit: closingLine) else { return nil }
            oldWindowEnd = old.lineIndex.lineStarts[closingLine]
            // The closing heading's own line is parsed too, to see it found again as a top-level heading.
            parsedLines = firstLine..<(newClosingLine + 1)
        }
        var window = MarkdownReader.blocks(change.new, lines: parsedLines)
        guard window.blocks.first == opening else { return nil }
        // A reader problem may be told from lines past the window's edge (a fence left open from the line after
        // its code, which an admonition marker at the edge rewrites only with that line in view; a look-alike
        // fence from a closing line further down): a window that holds one, before or after the edit, is read
        // whole.
        let unreadable = { (diagnostic: ReaderDiagnostic) in diagnostic.problem == .unreadableInput }
        guard !window.diagnostics.contains(where: unreadable),
            !previous.diagnostics.contains(where: { unreadable($0) && $0.range.start >= windowStart })
        else { return nil }
        if let closing {
            guard window.blocks.last == closing.shifted(by: change.delta) else { return nil }
            window.blocks.removeLast()
        }
        let oldWindow = SourceRange(start: windowStart, end: oldWindowEnd)
        let newWindow = SourceRange(start: windowStart, end: oldWindowEnd + change.delta)
        // A window that runs to the end of the document holds all of it from its start: a block left empty at
        // the very end (raw HTML's trailing text) is the window's too, not a block after it to keep.
        let past = closing == nil ? 1 : 0
        let spliceOld = SourceRange(start: oldWindow.start, end: oldWindow.end + past)
        let spliceNew = SourceRange(start: newWindow.start, end: newWindow.end + past)
        guard let blocks = splice(previous.blocks, window.blocks, range: \.range, old: spliceOld, new: spliceNew, delta: change.delta, shift: { $0.shifted(by: $1) }),
            let diagnostics = splice(previous.diagnostics, window.diagnostics, range: \.range, old: spliceOld, new: spliceNew, delta: change.delta, shift: { $0.shifted(by: $1) })
        else { return nil }
        return (
            OutlineBlocks(
                blocks: blocks, diagnostics: diagnostics, declaredTitle: previous.declaredTitle,
                frontMatterTitle: previous.frontMatterTitle, fallbackTitle: previous.fallbackTitle), newWindow
        )
    }

    /// Whether the text may hold a raw HTML heading (`<h2>`, `</H1>`): such a block is read through the HTML
    /// reader, whose blocks end elsewhere than cmark's and whose headings are no window boundary, so a page
    /// holding one is read whole (they are rare: a centred title in a Jekyll post).
    static func mayHoldHTMLHeading(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while let open = ByteSearch.index(of: 0x3C, in: buffer, from: index) {
                var next = open + 1
                if next < buffer.count, buffer[next] == 0x2F { next += 1 }
                if next + 1 < buffer.count, buffer[next] | 0x20 == 0x68, (0x31...0x36).contains(buffer[next + 1]) {
                    return true
                }
                index = open + 1
            }
            return false
        }
    }

    /// Whether the text may hold a Hugo shortcode (`{{<`, `{{%`) or a Liquid tag (`{%`): a code tag's pair
    /// is found over the lines parsed (`MarkdownShortcodes`), and an edit may pair an opening with a closing
    /// past the window.
    static func mayHoldShortcode(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while let open = ByteSearch.index(of: UInt8(ascii: "{"), in: buffer, from: index) {
                if open + 1 < buffer.count, buffer[open + 1] == UInt8(ascii: "%") { return true }
                if open + 2 < buffer.count, buffer[open + 1] == UInt8(ascii: "{"),
                    buffer[open + 2] == UInt8(ascii: "<") || buffer[open + 2] == UInt8(ascii: "%")
                {
                    return true
                }
                index = open + 1
            }
            return false
        }
    }

    /// Whether the text may hold a link reference or footnote definition (`[name]: …`, `[^1]: …`), whose
    /// name links text anywhere in the document: then no part is read on its own.
    static func mayDefineReferences(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == UInt8(ascii: "]"), byte == UInt8(ascii: ":") { return true }
            previous = byte
        }
        return false
    }

    /// Whether a text may hold what no window may be read around: a link reference or footnote definition,
    /// a raw HTML heading, a shortcode (each explained at its scan).
    static func mayHoldWindowBlockers(_ bytes: [UInt8]) -> Bool {
        mayDefineReferences(bytes[...]) || mayHoldHTMLHeading(bytes) || mayHoldShortcode(bytes)
    }

    /// Whether the edit makes one of those marks in a text that had none (as the kept read says): a new one can
    /// only stand across the inserted bytes or the place they went, within three bytes of them (no mark is longer
    /// than four). Scanning the whole text before and after every keystroke cost 3 M instructions at 1 MB.
    private static func introducesWindowBlocker(_ change: DocumentChange) -> Bool {
        let bytes = change.new.bytes
        let start = max(0, change.replaced.start - 3)
        let end = min(bytes.count, change.replaced.start + change.insertedLength + 3)
        return start < end && mayHoldWindowBlockers(Array(bytes[start..<end]))
    }

    /// Front matter is read only by a whole parse: both texts must have the same, ending before the edit.
    private static func sameFrontMatter(_ change: DocumentChange) -> Bool {
        let old = MarkdownFrontMatter(change.old.lineIndex)
        let new = MarkdownFrontMatter(change.new.lineIndex)
        switch (old, new) {
        case (nil, nil): return true
        case (let old?, let new?):
            return old.length == new.length && old.title == new.title && old.length < change.replaced.start
        default: return false
        }
    }

    /// A top-level ATX heading: `#` after at most three spaces at its line's start. (Setext headings and
    /// headings read from raw HTML are no boundaries: their lines do not close what is open.)
    private static func isBoundary(_ block: OutlineBlock, in document: SourceDocument) -> Bool {
        guard case .heading = block.kind else { return false }
        let bytes = document.bytes
        let lineStart = document.lineIndex.lineStarts[document.lineIndex.lineNumber(containing: block.range.start)]
        var offset = lineStart
        while offset < bytes.count, offset - lineStart < 3, bytes[offset] == 0x20 { offset += 1 }
        return offset < bytes.count && bytes[offset] == UInt8(ascii: "#") && block.range.start <= offset
    }
}
