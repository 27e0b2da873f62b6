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
        // An escaped-marks line naming a heading of the page is reported or not only once every heading is read.
        let outline = OutlineBlocks(
            blocks: blocks, diagnostics: reader.diagnostics, frontMatterTitle: reader.frontMatter?.title,
            fallbackTitle: reader.emphasisedFirstLine)
        return HeadingLookAlikes.sparingOverviewLines(outline, lineIndex: document.lineIndex)
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
struct MarkdownBlocks {
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
    /// The numbered list at the top level being walked (or one in an item of a bulleted list there), and the
    /// number of its next item.
    private var numberedList: (node: OpaquePointer, next: Int)?
    /// The item of that list being walked: its number, and whether a block of it was emitted yet.
    private var listItem: (number: Int, opened: Bool)?
    /// The bytes cmark parsed: the document with front matter and scenario action markers blanked and
    /// static-site tags rewritten in place.
    private(set) var parsedText: [UInt8] = []

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
        MarkdownActionMarkers.blank(&bytes, lines: lines, lineIndex: lineIndex)
        MarkdownAdmonitions.open(&bytes, lines: lines, lineIndex: lineIndex)
        let parsed = parsedBytes
        parsedText = bytes
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base + parsed.lowerBound, parsed.count) }
            }
        }
        guard let root = cmark_parser_finish(parser) else { return [] }
        defer { cmark_node_free(root) }
        return blocks(under: root)
    }

    /// Whether `paragraph` is the first block of an item of a bulleted list.
    private static func opensBulletItem(_ paragraph: OpaquePointer) -> Bool {
        guard let item = cmark_node_parent(paragraph), cmark_node_get_type(item) == CMARK_NODE_ITEM,
            cmark_node_first_child(item) == paragraph, let list = cmark_node_parent(item)
        else { return false }
        return cmark_node_get_list_type(list) == CMARK_BULLET_LIST
    }

    /// The range of the innermost container of `type` (a list item, a block quote) `node` stands in, nil outside
    /// every such container.
    private func enclosingRange(_ node: OpaquePointer, of type: cmark_node_type) -> SourceRange? {
        var parent = cmark_node_parent(node)
        while let current = parent, cmark_node_get_type(current) != CMARK_NODE_DOCUMENT {
            if cmark_node_get_type(current) == type { return nodeRange(current) }
            parent = cmark_node_parent(current)
        }
        return nil
    }

    /// Walks the tree with cmark's own iterator (no recursion, so deep nesting cannot exhaust the stack).
    private mutating func blocks(under root: OpaquePointer) -> [OutlineBlock] {
        var result: [OutlineBlock] = []
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            // The end of a numbered list ends its last item: the bullets after one nested in a bullet are not its.
            if event == CMARK_EVENT_EXIT, let node = cmark_iter_get_node(iterator), node == numberedList?.node {
                (numberedList, listItem) = (nil, nil)
            }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            let isTopLevel = cmark_node_get_type(cmark_node_parent(node)) == CMARK_NODE_DOCUMENT
            if isTopLevel {
                // A numbered list at the top level numbers its items from its start; anything else ends it.
                let ordered = type == CMARK_NODE_LIST && cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
                numberedList = ordered ? (node, Int(cmark_node_get_list_start(node))) : nil
                listItem = nil
            } else if numberedList == nil, isNumberedListInMarginBullet(node) {
                // Its items hold their code as they would at the margin (counting conventions item 38); one in
                // a numbered item stays that item's detail, as does one deeper in bullets or in a quote.
                numberedList = (node, Int(cmark_node_get_list_start(node)))
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
            // Containers: their blocks come as the walk enters them.
            if [CMARK_NODE_DOCUMENT, CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM, CMARK_NODE_FOOTNOTE_DEFINITION]
                .contains(type)
            {
                continue
            }
            appendLeafBlocks(of: node, type: type, isTopLevel: isTopLevel, to: &result)
            // Leaf blocks and their inlines are done: continue after the node.
            cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
        }
        return result
    }

    /// The outline blocks of a leaf block (a heading, paragraph, code block, raw HTML, table…).
    private mutating func appendLeafBlocks(
        of node: OpaquePointer, type: cmark_node_type, isTopLevel: Bool, to result: inout [OutlineBlock]
    ) {
        switch type {
        case CMARK_NODE_HEADING:
            let text = HeadingAttributes.visibleText(inlineText(node))
            let range = nodeRange(node)
            if isTopLevel, !HeadingAttributes.isTemplateOnly(text) {
                let level = Int(cmark_node_get_heading_level(node))
                result.append(
                    OutlineBlock(
                        kind: .heading(level: level), text: text, range: range,
                        label: StepHeadings.match(Substring(text), inHeading: true), links: linkShape(node)))
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
                if let paragraphLines = paragraphLines(node) {
                    if let problem = LookAlikeFences.diagnostic(
                        paragraphLine: paragraphLines.lowerBound, searchEnd: lines.upperBound, lineIndex: lineIndex)
                    {
                        diagnostics.append(problem)
                    }
                    diagnostics += HeadingLookAlikes.diagnostics(paragraphLines: paragraphLines, lineIndex: lineIndex)
                }
            } else {
                var block = OutlineBlock(
                    kind: .paragraph, text: inlineText(node), range: paragraphRange(node), links: linkShape(node))
                block.opensBulletItem = Self.opensBulletItem(node)
                block.itemRange = enclosingRange(node, of: CMARK_NODE_ITEM)
                block.quoteRange = enclosingRange(node, of: CMARK_NODE_BLOCK_QUOTE)
                block.linksStayOnPage = linksStayOnPage(node)
                result.append(block)
            }
        case CMARK_NODE_CODE_BLOCK:
            result.append(codeBlock(node))
        case CMARK_NODE_HTML_BLOCK:
            // Raw HTML holding code (`<pre><code>` pasted into Markdown) or a heading (`<h1 align="center">`,
            // the page's own title as the site shows it) is read as HTML. Only at the top level: inside
            // quotes and lists the lines carry Markdown markers libxml2 would see.
            let literal = string(cmark_node_get_literal(node))
            guard isTopLevel else { break }
            // cmark-gfm leaves the end line of an HTML block at the document's end unset: count the
            // literal's lines instead.
            let first = documentLine(cmark_node_get_start_line(node))
            let breaks = literal.utf8.count(where: { $0 == 0x0A })
            let lineCount = max(1, literal.utf8.last == 0x0A ? breaks : breaks + 1)
            if Self.holdsCodeOrHeading(literal.lowercased()) {
                var html = HTMLBlocks(document: document, lines: first..<(first + lineCount))
                var blocks = html.collect()
                if lines.lowerBound == 0, result.isEmpty, first >= 0 {
                    // Only a table that opens the page is its banner; one further down is a table of the text.
                    let range = MarkdownHTMLText.range(firstLine: first, lineCount: lineCount, lineIndex: lineIndex)
                    blocks = MarkdownBannerTable.headed(blocks, bytes: document.bytes, range: range)
                }
                result.append(contentsOf: blocks.map(Self.templateHeadingAsProse))
                diagnostics.append(contentsOf: html.diagnostics)
            } else if first >= 0, let text = MarkdownHTMLText.visibleText(literal) {
                result.append(
                    OutlineBlock(
                        kind: .prose, text: text,
                        range: MarkdownHTMLText.range(firstLine: first, lineCount: lineCount, lineIndex: lineIndex)))
            }
        case CMARK_NODE_THEMATIC_BREAK:
            break
        default:
            // Tables and other extension blocks: their text is prose of the step.
            let text = inlineText(node)
            if !text.isEmpty { result.append(OutlineBlock(kind: .prose, text: text, range: nodeRange(node))) }
        }
    }

    /// A raw HTML heading whose text is only a template expression (`<h1>{{ page.title }}</h1>`) is prose.
    private static func templateHeadingAsProse(_ block: OutlineBlock) -> OutlineBlock {
        guard case .heading = block.kind, HeadingAttributes.isTemplateOnly(block.text) else { return block }
        return OutlineBlock(kind: .prose, text: block.text, range: block.range)
    }

    /// Whether lower-cased raw HTML holds a `<pre>` or an `<h1>`…`<h6>` element.
    static func holdsCodeOrHeading(_ html: String) -> Bool {
        html.containsText("<pre") || (1...6).contains { html.containsText("<h\($0)") }
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
        // Read once per distinct info string: a tutorial tags most of its blocks alike.
        let parsedInfo: MarkdownInfoString
        if let known = infoStrings[info] {
            parsedInfo = known
        } else {
            parsedInfo = MarkdownInfoString(info)
            infoStrings[info] = parsedInfo
        }
        if isFenced {
            reportFenceProblems(
                node, startLine: startLine, fence: (UInt8(bitPattern: fenceCharacter), Int(fenceLength)),
                info: parsedInfo, literal: literal, lineCount: mapped.lineCount)
        }
        let code = OutlineCode(
            language: parsedInfo.language, fileName: parsedInfo.fileName, code: mapped.code, range: mapped.range,
            sourceMap: mapped.sourceMap, isIndented: !isFenced)
        return OutlineBlock(kind: .code(code), text: "", range: nodeRange(node))
    }

    // MARK: - Text and positions

    /// The plain text of a node's inlines: literals kept, breaks as spaces, raw HTML dropped,
    /// whitespace runs collapsed.
    func inlineText(_ node: OpaquePointer) -> String {
        collapseWhitespace(rawInlineText(node))
    }

    /// `inlineText` before whitespace is collapsed, so the texts of sibling inlines can be joined.
    func rawInlineText(_ node: OpaquePointer) -> String {
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
    func documentLine(_ cmarkLine: Int32) -> Int {
        cmarkLine > 0 ? Int(cmarkLine) - 1 + lines.lowerBound : -1
    }

    /// The byte range of a node from cmark's 1-based lines and 1-based byte columns (end inclusive).
    func nodeRange(_ node: OpaquePointer) -> SourceRange {
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

    func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
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
