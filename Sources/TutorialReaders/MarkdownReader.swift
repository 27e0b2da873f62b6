import CCMarkGFM
import TutorialModel

/// Reads Markdown tutorials through cmark-gfm and its source positions.
///
/// cmark-gfm finds the blocks (ATX and setext headings, fenced and indented code, block quotes, lists,
/// GFM tables); this reader only flattens them into `OutlineBlock`s with exact byte ranges, and
/// `OutlineBuilder` turns those into sections and steps (see there for how headings make structure).
public enum MarkdownReader {
    public static func read(_ document: SourceDocument) -> Tutorial {
        var reader = MarkdownBlocks(document: document)
        let blocks = reader.collect()
        return OutlineBuilder.build(blocks, document: document, format: .markdown, diagnostics: reader.diagnostics)
    }
}

/// Registers the GFM core extensions once: cmark-gfm's own guard is a plain static flag, and a Swift
/// global initialiser runs exactly once even when several threads read documents.
private let gfmExtensionsRegistered: Bool = {
    cmark_gfm_core_extensions_ensure_registered()
    return true
}()

/// One cmark-gfm parse of a document, flattened into blocks in document order.
private struct MarkdownBlocks {
    let document: SourceDocument
    var diagnostics: [ReaderDiagnostic] = []
    var lineIndex: LineIndex { document.lineIndex }

    mutating func collect() -> [OutlineBlock] {
        _ = gfmExtensionsRegistered
        guard let parser = cmark_parser_new(CMARK_OPT_SOURCEPOS | CMARK_OPT_FOOTNOTES) else { return [] }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tagfilter", "tasklist"] {
            if let extensionPointer = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, extensionPointer)
            }
        }
        document.bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
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
                            label: StepHeadings.match(Substring(text))))
                } else {
                    result.append(OutlineBlock(kind: .prose, text: text, range: range))
                }
            case CMARK_NODE_PARAGRAPH:
                let text = inlineText(node)
                result.append(
                    OutlineBlock(
                        kind: .paragraph, text: text, range: nodeRange(node),
                        label: isTopLevel ? paragraphLabel(node, text: text) : nil))
            case CMARK_NODE_CODE_BLOCK:
                result.append(codeBlock(node))
            case CMARK_NODE_HTML_BLOCK:
                // Raw HTML holding code (`<pre><code>` pasted into Markdown) is read as HTML. Only at the
                // top level: inside quotes and lists the lines carry Markdown markers libxml2 would see.
                let literal = string(cmark_node_get_literal(node))
                if isTopLevel, literal.lowercased().contains("<pre") {
                    // cmark-gfm leaves the end line of an HTML block at the document's end unset: count
                    // the literal's lines instead.
                    let first = Int(cmark_node_get_start_line(node)) - 1
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

    /// A step label at the start of a top-level paragraph: a bold or emphasised prefix
    /// (`**Step 2.** Add…`), or the whole paragraph when it is nothing but a label (`步骤1`).
    private func paragraphLabel(_ node: OpaquePointer, text: String) -> StepHeadings.Match? {
        if let first = cmark_node_first_child(node),
            [CMARK_NODE_STRONG, CMARK_NODE_EMPH].contains(cmark_node_get_type(first))
        {
            let prefix = inlineText(first)
            if let match = StepHeadings.match(Substring(prefix)), match.kind == .step {
                guard match.title.isEmpty else { return match }
                let rest = text.utf8.count > prefix.utf8.count ? String(text.dropFirst(prefix.count)) : ""
                let title = Substring(rest).trimmingWhitespace()
                return StepHeadings.Match(kind: .step, number: match.number, label: match.label, title: String(title))
            }
        }
        if let match = StepHeadings.match(Substring(text)), match.title.isEmpty, match.kind == .step { return match }
        return nil
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
        let startLine = Int(cmark_node_get_start_line(node)) - 1
        let firstLine = isFenced ? startLine + 1 : startLine
        let mapped = MarkdownCodeLines.map(literal: literal, firstLine: firstLine, lineIndex: lineIndex)
        if isFenced, Int(cmark_node_get_end_line(node)) - 1 < firstLine + mapped.lineCount {
            // A closed fence ends on its closing line, after the code; an unclosed one swallows the rest.
            diagnostics.append(
                ReaderDiagnostic(
                    code: "input-error", severity: .warning,
                    message: "code fence is never closed; the code block runs to the end of its container",
                    range: SourceRange(
                        start: nodeRange(node).start, end: lineIndex.contentRange(ofLine: max(startLine, 0)).end),
                    step: nil))
        }
        let parsedInfo = MarkdownInfoString(info)
        let code = OutlineCode(
            language: parsedInfo.language, fileName: parsedInfo.fileName, code: mapped.code, range: mapped.range,
            sourceMap: mapped.sourceMap)
        return OutlineBlock(kind: .code(code), text: "", range: nodeRange(node))
    }

    // MARK: - Text and positions

    /// The plain text of a node's inlines: literals kept, breaks as spaces, raw HTML dropped,
    /// whitespace runs collapsed.
    private func inlineText(_ node: OpaquePointer) -> String {
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
        return collapseWhitespace(text)
    }

    /// The byte range of a node from cmark's 1-based lines and 1-based byte columns (end inclusive).
    private func nodeRange(_ node: OpaquePointer) -> SourceRange {
        let startLine = Int(cmark_node_get_start_line(node)) - 1
        let startColumn = Int(cmark_node_get_start_column(node)) - 1
        let endLine = Int(cmark_node_get_end_line(node)) - 1
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

/// Maps the lines of a cmark code literal back to the document.
///
/// cmark strips block-quote markers, list indentation and the fence's indentation from each line,
/// and may replace part of a tab with spaces; what remains of a line is always a suffix of the
/// document's line (plus those spaces). So each code line maps to the longest common suffix with its
/// document line, byte for byte, whatever the prefix was.
enum MarkdownCodeLines {
    struct Mapped {
        let code: String
        let range: SourceRange
        let sourceMap: SnippetSourceMap
        let lineCount: Int
    }

    static func map(literal: [UInt8], firstLine: Int, lineIndex: LineIndex) -> Mapped {
        let bytes = lineIndex.bytes
        var code: [UInt8] = []
        var builder = SnippetSourceMap.Builder()
        var lines = literal.split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        var rangeStart: Int?
        var rangeEnd: Int?
        for (offset, var line) in lines.enumerated() {
            if line.last == 0x0D { line = line.dropLast() }
            let documentLine = firstLine + offset
            let codeLineStart = code.count
            code.append(contentsOf: line)
            code.append(0x0A)
            guard documentLine >= 0, documentLine < lineIndex.lineCount else { continue }
            let content = lineIndex.contentRange(ofLine: documentLine)
            var common = 0
            while common < line.count, common < content.length,
                line[line.endIndex - 1 - common] == bytes[content.end - 1 - common]
            {
                common += 1
            }
            builder.append(
                codeOffset: codeLineStart + line.count - common, documentOffset: content.end - common, length: common)
            // The line end: the `\n` of the code is the document's `\n` (the second byte of a CRLF).
            let terminator = content.end < bytes.count && bytes[content.end] == 0x0D ? content.end + 1 : content.end
            if terminator < bytes.count, bytes[terminator] == 0x0A {
                builder.append(codeOffset: codeLineStart + line.count, documentOffset: terminator, length: 1)
            }
            if rangeStart == nil { rangeStart = content.end - common }
            rangeEnd = content.end
        }
        let fallbackLine = min(max(firstLine, 0), lineIndex.lineCount - 1)
        let start = rangeStart ?? lineIndex.lineStarts[fallbackLine]
        let range = SourceRange(start: start, end: max(start, rangeEnd ?? start))
        return Mapped(
            code: String(decoding: code, as: UTF8.self), range: range, sourceMap: builder.build(fallback: range),
            lineCount: lines.count)
    }
}

/// What a fenced block's info string says: `swift`, `swift file=PageView.swift`,
/// `swift title="PageView.swift"`, `swift PageView.swift`, `{.swift file="PageView.swift"}`, `PageView.swift`.
struct MarkdownInfoString {
    let language: String?
    let fileName: String?

    static let fileKeys: Set<String> = ["file", "filename", "title", "name", "path", "caption"]

    init(_ info: String) {
        var words = MarkdownInfoString.words(info)
        var language: String?
        var fileName: String?
        if let first = words.first, !first.contains("=") {
            words.removeFirst()
            var word = Substring(first)
            if word.hasPrefix(".") { word = word.dropFirst() }
            if let colon = word.firstIndex(of: ":"),
                let name = FileNameLabel.fileName(in: String(word[word.index(after: colon)...]))
            {
                fileName = name  // `swift:PageView.swift`
                word = word[..<colon]
            }
            if let name = FileNameLabel.fileName(in: String(word)) {
                fileName = name
                language = name.split(separator: ".").last.map { $0.lowercased() }
            } else if !word.isEmpty {
                language = word.lowercased()
            }
        }
        for word in words {
            if let equals = word.firstIndex(of: "=") {
                let key = word[..<equals].lowercased().trimming(". ")
                var value = Substring(word[word.index(after: equals)...])
                if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
                    value = value.dropFirst().dropLast()
                }
                if MarkdownInfoString.fileKeys.contains(key), fileName == nil,
                    let name = FileNameLabel.fileName(in: String(value))
                {
                    fileName = name
                }
            } else if fileName == nil, let name = FileNameLabel.fileName(in: word) {
                fileName = name
            }
        }
        self.language = language
        self.fileName = fileName
    }

    /// Splits on spaces outside quotes; braces of the `{.swift …}` attribute form are dropped.
    private static func words(_ info: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        for character in info {
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
                current.append(character)
            } else if character.isWhitespace || character == "{" || character == "}" || character == "," {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}

extension String {
    fileprivate func trimming(_ set: String) -> String {
        var result = Substring(self)
        while let first = result.first, set.contains(first) { result = result.dropFirst() }
        while let last = result.last, set.contains(last) { result = result.dropLast() }
        return String(result)
    }
}
