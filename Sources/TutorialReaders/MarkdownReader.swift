import CCMarkGFM
import TutorialModel

/// Reads Markdown tutorials through cmark-gfm and its source positions.
///
/// cmark-gfm finds the blocks (ATX and setext headings, fenced and indented code, block quotes, lists,
/// GFM tables); this reader only flattens them into `OutlineBlock`s with exact byte ranges, and
/// `OutlineBuilder` turns those into sections and steps (see there for how headings make structure).
public enum MarkdownReader {
    public static func read(_ document: SourceDocument) -> Tutorial {
        OutlineBuilder.build(blocks(document), document: document, format: .markdown)
    }

    /// The whole document's blocks, what the builder makes the model from (kept for re-reading after an edit).
    static func blocks(_ document: SourceDocument) -> OutlineBlocks {
        var reader = MarkdownBlocks(document: document, lines: 0..<document.lineIndex.lineCount)
        let blocks = reader.collect()
        return OutlineBlocks(
            blocks: blocks, diagnostics: reader.diagnostics, frontMatterTitle: reader.frontMatter?.title,
            fallbackTitle: reader.emphasisedFirstLine)
    }

    /// The blocks of whole lines `lines` of `document` parsed by themselves, ranges in the document's
    /// offsets: a window that starts where nothing is open (a top-level heading; `MarkdownWindow` decides).
    static func blocks(_ document: SourceDocument, lines: Range<Int>) -> OutlineBlocks {
        var reader = MarkdownBlocks(document: document, lines: lines)
        let blocks = reader.collect()
        return OutlineBlocks(blocks: blocks, diagnostics: reader.diagnostics, fallbackTitle: nil)
    }
}

/// Registers the GFM core extensions once: cmark-gfm's own guard is a plain static flag, and a Swift
/// global initialiser runs exactly once even when several threads read documents.
private let gfmExtensionsRegistered: Bool = {
    cmark_gfm_core_extensions_ensure_registered()
    return true
}()

/// One cmark-gfm parse of a document's lines (all of them, or a window), flattened into blocks in
/// document order.
private struct MarkdownBlocks {
    let document: SourceDocument
    var diagnostics: [ReaderDiagnostic] = []
    var lineIndex: LineIndex { document.lineIndex }
    /// The front matter, read only when the parse starts at the document's start.
    let frontMatter: MarkdownFrontMatter?
    /// The document lines parsed; cmark numbers them from 1, so its line numbers are shifted by the first.
    let lines: Range<Int>
    /// Info strings read so far: a tutorial repeats the same few (`swift file=PageView.swift`) at every
    /// step, and reading one character by character cost as much as mapping the block's lines.
    private var infoStrings: [String: MarkdownInfoString] = [:]
    /// The document's first block when it is a paragraph of one emphasised run alone (`*Day 36 • Friday*`):
    /// a title set off without a heading, used when nothing else names the document.
    private(set) var emphasisedFirstLine: String?
    /// Whether a block was met yet (the emphasised line must be the first).
    private var sawBlock = false
    /// The numbered list at the top level being walked, and the number of its next item.
    private var numberedList: (node: OpaquePointer, next: Int)?
    /// The item of that list being walked: its number, and whether a block of it was emitted yet.
    private var listItem: (number: Int, opened: Bool)?

    init(document: SourceDocument, lines: Range<Int>) {
        self.document = document
        self.lines = lines
        frontMatter = lines.lowerBound == 0 ? MarkdownFrontMatter(document.lineIndex) : nil
    }

    /// The bytes parsed: the whole lines of `lines`.
    private var parsedBytes: Range<Int> {
        let starts = lineIndex.lineStarts
        let start = lines.lowerBound < starts.count ? starts[lines.lowerBound] : document.bytes.count
        let end = lines.upperBound < starts.count ? starts[lines.upperBound] : document.bytes.count
        return start..<max(start, end)
    }

    mutating func collect() -> [OutlineBlock] {
        _ = gfmExtensionsRegistered
        guard let parser = cmark_parser_new(CMARK_OPT_SOURCEPOS | CMARK_OPT_FOOTNOTES) else { return [] }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tagfilter", "tasklist"] {
            if let extensionPointer = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, extensionPointer)
            }
        }
        var bytes = document.bytes
        if let frontMatter {
            // Spaces keep every later byte, line and column where it was.
            for index in 0..<frontMatter.length where bytes[index] != 0x0A && bytes[index] != 0x0D {
                bytes[index] = 0x20
            }
        }
        MarkdownShortcodes.fence(&bytes, lines: lines, lineIndex: lineIndex)
        let parsed = parsedBytes
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base + parsed.lowerBound, parsed.count) }
            }
        }
        guard let root = cmark_parser_finish(parser) else { return [] }
        defer { cmark_node_free(root) }
        return blocks(under: root)
    }

    /// Walks the tree with cmark's own iterator (no recursion, so deep nesting cannot exhaust the stack).
    private mutating func blocks(under root: OpaquePointer) -> [OutlineBlock] {
        var result: [OutlineBlock] = []
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            let isTopLevel = cmark_node_get_type(cmark_node_parent(node)) == CMARK_NODE_DOCUMENT
            if isTopLevel {
                // A numbered list at the top level numbers its items from its start; anything else ends it.
                let ordered = type == CMARK_NODE_LIST && cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
                numberedList = ordered ? (node, Int(cmark_node_get_list_start(node))) : nil
                listItem = nil
            } else if type == CMARK_NODE_ITEM, let list = numberedList, cmark_node_parent(node) == list.node {
                listItem = (list.next, false)
                numberedList?.next += 1
            }
            let blockCount = result.count
            defer {
                if type != CMARK_NODE_DOCUMENT { sawBlock = true }
                if let item = listItem, result.count > blockCount {
                    for index in blockCount..<result.count {
                        result[index].listItem = OutlineBlock.ListItem(
                            number: item.number, opens: !item.opened && index == blockCount)
                    }
                    listItem?.opened = true
                }
            }
            switch type {
            case CMARK_NODE_DOCUMENT, CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM,
                CMARK_NODE_FOOTNOTE_DEFINITION:
                continue
            case CMARK_NODE_HEADING:
                let text = inlineText(node)
                let range = nodeRange(node)
                if isTopLevel {
                    let level = Int(cmark_node_get_heading_level(node))
                    result.append(
                        OutlineBlock(
                            kind: .heading(level: level), text: text, range: range,
                            label: StepHeadings.match(Substring(text)), links: linkShape(node)))
                } else {
                    result.append(OutlineBlock(kind: .prose, text: text, range: range))
                }
            case CMARK_NODE_PARAGRAPH:
                if isTopLevel, !sawBlock, lines.lowerBound == 0, let only = cmark_node_first_child(node),
                    cmark_node_next(only) == nil,
                    [CMARK_NODE_EMPH, CMARK_NODE_STRONG].contains(cmark_node_get_type(only))
                {
                    let text = inlineText(node)
                    if !text.isEmpty, text.count <= 120 { emphasisedFirstLine = text }
                }
                if isTopLevel {
                    result.append(contentsOf: paragraphBlocks(node))
                } else {
                    result.append(
                        OutlineBlock(
                            kind: .paragraph, text: inlineText(node), range: nodeRange(node), links: linkShape(node)))
                }
            case CMARK_NODE_CODE_BLOCK:
                result.append(codeBlock(node))
            case CMARK_NODE_HTML_BLOCK:
                // Raw HTML holding code (`<pre><code>` pasted into Markdown) or a heading (`<h1 align="center">`,
                // the page's own title as the site shows it) is read as HTML. Only at the top level: inside
                // quotes and lists the lines carry Markdown markers libxml2 would see.
                let literal = string(cmark_node_get_literal(node))
                if isTopLevel, Self.holdsCodeOrHeading(literal.lowercased()) {
                    // cmark-gfm leaves the end line of an HTML block at the document's end unset: count
                    // the literal's lines instead.
                    let first = documentLine(cmark_node_get_start_line(node))
                    let breaks = literal.utf8.count(where: { $0 == 0x0A })
                    let lineCount = max(1, literal.utf8.last == 0x0A ? breaks : breaks + 1)
                    var html = HTMLBlocks(document: document, lines: first..<(first + lineCount))
                    result.append(contentsOf: html.collect())
                    diagnostics.append(contentsOf: html.diagnostics)
                }
            case CMARK_NODE_THEMATIC_BREAK:
                break
            default:
                // Tables and other extension blocks: their text is prose of the step.
                let text = inlineText(node)
                if !text.isEmpty { result.append(OutlineBlock(kind: .prose, text: text, range: nodeRange(node))) }
            }
            // Leaf blocks and their inlines are done: continue after the node.
            cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
        }
        return result
    }

    /// Whether lower-cased raw HTML holds a `<pre>` or an `<h1>`…`<h6>` element.
    static func holdsCodeOrHeading(_ html: String) -> Bool {
        html.contains("<pre") || (1...6).contains { html.contains("<h\($0)") }
    }

    /// A top-level paragraph as blocks: one, unless a bold step label starts one of its later lines.
    ///
    /// Authors put a label right under a line of text without a blank line between (`…prepare the
    /// cards.` then `**Step 4** <br>` on the next line): CommonMark reads both lines as one paragraph,
    /// but the label still starts a step. The paragraph is split before each such label, at the
    /// label's own source position; the text before the first label stays a paragraph of its own.
    private func paragraphBlocks(_ node: OpaquePointer) -> [OutlineBlock] {
        var children: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            children.append(current)
            child = cmark_node_next(current)
        }
        // Children that start a line with a bold or emphasised step label.
        var labelStarts: [Int] = []
        for index in children.indices.dropFirst() {
            guard isLineBreak(children[index - 1]), stepLabelPrefix(children[index]) != nil
            else { continue }
            // The whole line must read as a label too: `**Step 3** above shows…` is a sentence.
            let line = children[index...].prefix { !isLineBreak($0) }
            guard let match = StepHeadings.match(Substring(collapseWhitespace(line.map(rawInlineText).joined()))),
                match.kind == .step
            else { continue }
            labelStarts.append(index)
        }
        let text = inlineText(node)
        guard !labelStarts.isEmpty else {
            return [
                OutlineBlock(
                    kind: .paragraph, text: text, range: nodeRange(node), label: paragraphLabel(node, text: text),
                    links: linkShape(node))
            ]
        }
        var blocks: [OutlineBlock] = []
        let paragraphRange = nodeRange(node)
        let bounds = [0] + labelStarts + [children.count]
        for (start, end) in zip(bounds, bounds.dropFirst()) where start < end {
            // The line break before the next label belongs to neither part.
            var last = end - 1
            while last > start, isLineBreak(children[last]) { last -= 1 }
            let part = Array(children[start...last])
            let partText = collapseWhitespace(part.map(rawInlineText).joined())
            guard !partText.isEmpty else { continue }
            let range = SourceRange(
                start: start == 0 ? paragraphRange.start : nodeRange(part[0]).start,
                end: end == children.count ? paragraphRange.end : nodeRange(part[part.count - 1]).end)
            let label = start == 0 ? paragraphLabel(node, text: partText) : partLabel(part[0], text: partText)
            blocks.append(OutlineBlock(kind: .paragraph, text: partText, range: range, label: label))
        }
        return blocks
    }

    /// A step label at the start of a top-level paragraph: a bold or emphasised prefix
    /// (`**Step 2.** Add…`), or the whole paragraph when it is nothing but a label (`步骤1`). An image
    /// whose alt text reads like a label (`![第 3 步](shot.png)`, a screenshot of the step) is none.
    private func paragraphLabel(_ node: OpaquePointer, text: String) -> StepHeadings.Match? {
        guard let first = cmark_node_first_child(node) else { return nil }
        if let match = partLabel(first, text: text) { return match }
        var child: OpaquePointer? = first
        while let current = child {
            if cmark_node_get_type(current) == CMARK_NODE_IMAGE { return nil }
            child = cmark_node_next(current)
        }
        if let match = StepHeadings.match(Substring(text)), match.title.isEmpty, match.kind == .step { return match }
        return nil
    }

    /// The step label of text that starts with the bold or emphasised node `first`, its title being what
    /// follows the label when the emphasis holds the label alone.
    private func partLabel(_ first: OpaquePointer, text: String) -> StepHeadings.Match? {
        guard let match = stepLabelPrefix(first) else { return nil }
        guard match.title.isEmpty else { return match }
        let prefix = inlineText(first)
        let rest = text.utf8.count > prefix.utf8.count ? String(text.dropFirst(prefix.count)) : ""
        let title = Substring(rest).trimmingWhitespace()
        return StepHeadings.Match(kind: .step, number: match.number, label: match.label, title: String(title))
    }

    /// How much of a heading's or paragraph's text its links make: `.whole` when every child with words is
    /// a link (text between them only separators, `·`, `|`, a task box), `.opens` when a link comes first.
    private func linkShape(_ node: OpaquePointer) -> OutlineBlock.LinkShape {
        var sawLink = false
        var sawWords = false
        var child = cmark_node_first_child(node)
        while let current = child {
            child = cmark_node_next(current)
            switch cmark_node_get_type(current) {
            case CMARK_NODE_LINK:
                sawLink = true
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_HTML_INLINE:
                continue
            case CMARK_NODE_TEXT:
                let literal = string(cmark_node_get_literal(current))
                let words = literal.replacingTaskBox().contains { $0.isLetter || $0.isNumber }
                if words {
                    if !sawLink { return .none }
                    sawWords = true
                }
            default:
                if !sawLink { return .none }
                sawWords = true
            }
        }
        guard sawLink else { return .none }
        return sawWords ? .opens : .whole
    }

    private func isLineBreak(_ node: OpaquePointer) -> Bool {
        let type = cmark_node_get_type(node)
        return type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
    }

    /// The step label a bold or emphasised inline node holds (`**Step 2.**`), nil for any other node.
    private func stepLabelPrefix(_ node: OpaquePointer) -> StepHeadings.Match? {
        guard [CMARK_NODE_STRONG, CMARK_NODE_EMPH].contains(cmark_node_get_type(node)),
            let match = StepHeadings.match(Substring(inlineText(node))), match.kind == .step
        else { return nil }
        return match
    }

    // MARK: - Code blocks

    private mutating func codeBlock(_ node: OpaquePointer) -> OutlineBlock {
        var fenceLength: Int32 = 0
        var fenceOffset: Int32 = 0
        var fenceCharacter: CChar = 0
        let isFenced = cmark_node_get_fenced(node, &fenceLength, &fenceOffset, &fenceCharacter) != 0
        let info = isFenced ? string(cmark_node_get_fence_info(node)) : ""
        let literal = Array(string(cmark_node_get_literal(node)).utf8)
        // Fenced code starts on the line after the opening fence; indented code on its own first line.
        let startLine = documentLine(cmark_node_get_start_line(node))
        let firstLine = isFenced ? startLine + 1 : startLine
        let mapped = MarkdownCodeLines.map(literal: literal, firstLine: firstLine, lineIndex: lineIndex)
        if isFenced, documentLine(cmark_node_get_end_line(node)) < firstLine + mapped.lineCount {
            // A closed fence ends on its closing line, after the code; an unclosed one swallows the rest.
            diagnostics.append(
                ReaderDiagnostic(
                    code: "input-error", severity: .warning,
                    message: "code fence is never closed; the code block runs to the end of its container",
                    range: SourceRange(
                        start: nodeRange(node).start, end: lineIndex.contentRange(ofLine: max(startLine, 0)).end),
                    step: nil))
        }
        let parsedInfo: MarkdownInfoString
        if let known = infoStrings[info] {
            parsedInfo = known
        } else {
            parsedInfo = MarkdownInfoString(info)
            infoStrings[info] = parsedInfo
        }
        let code = OutlineCode(
            language: parsedInfo.language, fileName: parsedInfo.fileName, code: mapped.code, range: mapped.range,
            sourceMap: mapped.sourceMap, isIndented: !isFenced)
        return OutlineBlock(kind: .code(code), text: "", range: nodeRange(node))
    }

    // MARK: - Text and positions

    /// The plain text of a node's inlines: literals kept, breaks as spaces, raw HTML dropped,
    /// whitespace runs collapsed.
    private func inlineText(_ node: OpaquePointer) -> String {
        collapseWhitespace(rawInlineText(node))
    }

    /// `inlineText` before whitespace is collapsed, so the texts of sibling inlines can be joined.
    private func rawInlineText(_ node: OpaquePointer) -> String {
        var text = ""
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let child = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(child)
            if event == CMARK_EVENT_ENTER {
                switch type {
                case CMARK_NODE_TEXT, CMARK_NODE_CODE: text += string(cmark_node_get_literal(child))
                case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
                default: break
                }
            } else if event == CMARK_EVENT_EXIT, child != node, cmark_node_first_child(child) != nil,
                UInt32(type.rawValue) & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_BLOCK)
            {
                // Table cells and rows, nested paragraphs: keep words of neighbouring blocks apart.
                text += " "
            }
        }
        return text
    }

    /// The 0-based document line of a 1-based cmark line; -1 for cmark's 0 (a line it left unset), as in
    /// a whole-document parse.
    private func documentLine(_ cmarkLine: Int32) -> Int {
        cmarkLine > 0 ? Int(cmarkLine) - 1 + lines.lowerBound : -1
    }

    /// The byte range of a node from cmark's 1-based lines and 1-based byte columns (end inclusive).
    private func nodeRange(_ node: OpaquePointer) -> SourceRange {
        let startLine = documentLine(cmark_node_get_start_line(node))
        let startColumn = Int(cmark_node_get_start_column(node)) - 1
        let endLine = documentLine(cmark_node_get_end_line(node))
        let endColumn = Int(cmark_node_get_end_column(node))
        let start = lineIndex.offset(line: max(startLine, 0), column: max(startColumn, 0), encoding: .utf8)
        var end = lineIndex.offset(line: max(endLine, 0), column: max(endColumn, 0), encoding: .utf8)
        // cmark columns count bytes: an end inside a multi-byte character means "through it".
        while end < document.bytes.count, end > start, document.bytes[end] & 0xC0 == 0x80 { end += 1 }
        return SourceRange(start: start, end: max(start, end))
    }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}

extension String {
    /// The text without a task list's box (`[ ]`, `[x]`) where it starts: a box is no words.
    fileprivate func replacingTaskBox() -> Substring {
        let trimmed = Substring(self).trimmingWhitespace()
        for box in ["[ ]", "[x]", "[X]"] where trimmed.hasPrefix(box) { return trimmed.dropFirst(box.count) }
        return trimmed
    }
}

/// Collapses runs of whitespace into single spaces and trims the ends.
func collapseWhitespace(_ text: String) -> String {
    // ASCII text (most prose) as bytes: `Character.isWhitespace` looks up Unicode properties per
    // character, a tenth of re-reading a document. In ASCII the whitespace characters are 9–13 and 32
    // (a CRLF is one `Character` and two whitespace bytes: either way one pending space).
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
    var result = ""
    var pendingSpace = false
    for character in text {
        if character.isWhitespace {
            pendingSpace = !result.isEmpty
        } else {
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(character)
        }
    }
    return result
}
