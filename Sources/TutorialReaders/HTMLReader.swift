import CLibXML2
import TutorialModel

/// Reads HTML tutorials through libxml2's HTML parser.
///
/// libxml2 (recover mode, no network, no error output; HTML5 elements come back as unknown but
/// kept) builds the tree; this reader walks it into `OutlineBlock`s and `OutlineBuilder` makes the
/// sections and steps. libxml2 keeps a line per node but no columns, so each block's start tag is
/// found in the original bytes by name, order and line (`HTMLRawMarkup`), and each code block's text
/// is lined up with its bytes (`HTMLCodeAlignment`) to map every code character back to the page.
///
/// Page chrome never makes steps: `<nav>`, `<script>`, `<style>`, the page's `<header>` and `<footer>` (an
/// article's own header keeps its title), elements whose role is navigation, banner or contentinfo,
/// and elements whose class or id names navigation, a table of contents, a sidebar, a menu or the
/// site's header or footer are skipped whole. The first heading of an article's own header is the title
/// the page declares for the post (a blog renders its front matter's title there), over the headings below.
///
/// A code viewer's copy of a page (`HTMLCodeViewerPage`) is read from its `<!DOCTYPE html>` line on, with
/// every range in the lines of the text as given.
public enum HTMLReader {
    public static func read(_ document: SourceDocument) -> Tutorial {
        OutlineBuilder.build(blocks(document), document: document, format: .html)
    }

    /// The whole page's blocks, what the builder makes the model from (kept for re-reading after an edit).
    static func blocks(_ document: SourceDocument) -> OutlineBlocks {
        let index = document.lineIndex
        if let start = HTMLCodeViewerPage.pageStartLine(in: index) { return blocks(document, lines: start..<index.lineCount) }
        // A static site's source page (Jekyll, an exported notebook) opens with front matter over its HTML:
        // the site titles the page with it, and its lines are none of the page's text.
        let frontMatter = MarkdownFrontMatter(index)
        var outline = blocks(document, lines: (frontMatter.map { index.lineNumber(containing: $0.length) + 1 } ?? 0)..<index.lineCount)
        outline.frontMatterTitle = frontMatter?.title
        return outline
    }

    /// The blocks of whole lines of `document` parsed by themselves, ranges in the document's offsets.
    static func blocks(_ document: SourceDocument, lines: Range<Int>) -> OutlineBlocks {
        window(document, lines: lines).blocks
    }

    /// The blocks of some whole lines, and the file names their figures' captions gave (in order): a
    /// caption names code that may lie past the lines (libxml2 keeps a figure open across headings).
    static func window(_ document: SourceDocument, lines: Range<Int>) -> (blocks: OutlineBlocks, figureFileNames: [String?]) {
        var reader = HTMLBlocks(document: document, lines: lines)
        let blocks = reader.collect()
        return (
            OutlineBlocks(
                blocks: blocks, diagnostics: reader.diagnostics, declaredTitle: reader.articleTitle?.text,
                declaredTitleRange: reader.articleTitle?.range, fallbackTitle: reader.pageHeaderTitle ?? reader.pageTitle),
            reader.figureFileNames
        )
    }
}

/// libxml2 wants `xmlInitParser` once before parsing on several threads.
private let libxml2Initialised: Bool = {
    xmlInitParser()
    return true
}()

/// The blocks of the HTML in some whole lines of a document (a page, a code viewer's embedded page, a
/// raw HTML block in Markdown), every range in the document's own offsets.
struct HTMLBlocks {
    let document: SourceDocument
    /// The 0-based document line where the parsed HTML starts (after a code viewer's chrome).
    let firstLine: Int
    let raw: HTMLRawMarkup
    let parsedRange: SourceRange
    /// Whether libxml2 counts lines as `LineIndex` does: it ends lines at `\n` only, so a lone `\r`
    /// (old Mac line ends) puts its line numbers out of step, and tags are then matched by order alone.
    let linesAgree: Bool

    private(set) var blocks: [OutlineBlock] = []
    private(set) var pageTitle: String?
    /// The first heading in an article's own `<header>`: the title a blog gives the post (its front matter's).
    private(set) var articleTitle: (text: String, range: SourceRange)?
    /// Inside an article's own `<header>`.
    private var inArticleHeader = false
    /// The range of the innermost `<li>` being walked (`OutlineBlock.itemRange`).
    private var itemRange: SourceRange?
    /// The page header's title, where the header is a hero over the content (`heroTitle`): the title of a
    /// page whose content has no level-1 heading, over its `<title>` (which adds the site's name).
    private(set) var pageHeaderTitle: String?
    private(set) var diagnostics: [ReaderDiagnostic] = []
    /// Start tags before this offset are taken: the next block's tag comes after it.
    var tagCursor = 0
    private var reportedDepth = false
    /// The file name a `<figure>`'s caption gives the code inside it.
    var figureFileName: String?
    /// The language each `class` attribute's value gave, for the page's next code blocks (`codeLanguage`).
    var languageByClasses: [String: String?] = [:]
    /// What each `class` or `id` value said of its element (`isSkipped`).
    var chromeReadingByValue: [String: ChromeReading] = [:]
    /// What every captioned figure holding code gave as its file name, in document order.
    private(set) var figureFileNames: [String?] = []
    var lastNumberedItem: (item: xmlNodePtr, number: Int)?  // so the next item of a numbered list counts on from it

    /// Deeper elements are not walked: tutorials never nest so deep, and the walk must not exhaust the stack.
    static let maximumDepth = 200

    init(document: SourceDocument, lines: Range<Int>) {
        self.document = document
        let index = document.lineIndex
        firstLine = min(max(lines.lowerBound, 0), index.lineCount - 1)
        let start = index.lineStarts[firstLine]
        let end = lines.upperBound < index.lineCount ? index.lineStarts[lines.upperBound] : document.bytes.count
        parsedRange = SourceRange(start: start, end: max(start, end))
        raw = HTMLRawMarkup(bytes: document.bytes, range: parsedRange)
        tagCursor = start
        linesAgree = !Self.hasLoneCarriageReturn(document.bytes, in: parsedRange.start..<parsedRange.end)
    }

    /// Whether a `\r` in `range` ends a line by itself (old Mac line ends), which libxml2 does not count.
    static func hasLoneCarriageReturn(_ bytes: [UInt8], in range: Range<Int>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            let searched = UnsafeBufferPointer(rebasing: buffer[..<range.upperBound])
            var offset = range.lowerBound
            while let index = ByteSearch.index(of: 0x0D, in: searched, from: offset) {
                if index + 1 == buffer.count || buffer[index + 1] != 0x0A { return true }
                offset = index + 1
            }
            return false
        }
    }

    var lineIndex: LineIndex { document.lineIndex }
    var bytes: [UInt8] { document.bytes }

    mutating func collect() -> [OutlineBlock] {
        _ = libxml2Initialised
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue)
        let length = parsedRange.length
        let parsed: htmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let base = chars.baseAddress, length > 0 else { return nil }
                return htmlReadMemory(base + parsedRange.start, Int32(clamping: length), nil, "UTF-8", options)
            }
        }
        guard let parsed else { return [] }
        defer { xmlFreeDoc(parsed) }
        guard let root = xmlDocGetRootElement(parsed) else { return [] }
        walk(root, depth: 0, inProse: false)
        if let treeEnd = lastKnownLine(of: root) { reportUnreadContent(after: treeEnd) }
        return blocks
    }

    // MARK: - Walking the tree

    private mutating func walk(_ node: xmlNodePtr, depth: Int, inProse: Bool) {
        guard depth < Self.maximumDepth else {
            if !reportedDepth {
                reportedDepth = true
                diagnostics.append(
                    ReaderDiagnostic(
                        problem: .unreadableInput, severity: .warning,
                        message:
                            "HTML nested deeper than \(Self.maximumDepth) elements; the content below that depth is not read",
                        range: SourceRange.empty(at: offset(ofLine: line(of: node))), step: nil))
            }
            return
        }
        let name = Self.name(of: node)
        if name == "head" {
            pageTitle = Self.firstDescendant(named: "title", of: node).map { collapseWhitespace(text(of: $0)) }
            return
        }
        if isSkipped(node, name: name) {
            if pageHeaderTitle == nil { pageHeaderTitle = heroTitle(of: node, name: name) }
            return
        }
        if name == "header" {
            // Not skipped: an article's own header, whose heading is the post's title.
            let outer = inArticleHeader
            inArticleHeader = true
            defer { inArticleHeader = outer }
            walkChildren(node, depth: depth, inProse: inProse, structuralOnly: false)
            return
        }
        if name == "pre" {
            if let block = codeBlock(node) { blocks.append(block) }
            return
        }
        if let level = Self.headingLevel(name) {
            let text = collapseWhitespace(text(of: node))
            guard !text.isEmpty else { return }
            let range = elementRange(node, name: name)
            if inArticleHeader, articleTitle == nil { articleTitle = (text, range) }
            if inProse {
                blocks.append(OutlineBlock(kind: .prose, text: text, range: range))
            } else {
                blocks.append(
                    OutlineBlock(
                        kind: .heading(level: level), text: text, range: range,
                        label: StepHeadings.match(Substring(text), inHeading: true), links: linkShape(of: node)))
            }
            walkChildren(node, depth: depth, inProse: inProse, structuralOnly: true)
            return
        }
        if Self.textBlocks.contains(name) || isFileNameCaption(node) {
            let first = blocks.count
            let text = collapseWhitespace(text(of: node))
            let outerItem = itemRange
            defer { itemRange = outerItem }
            // An item whose text stands in its own paragraphs (`<li><p>…</p><p>(1) …</p>`) still bounds them.
            let range = text.isEmpty && name != "li" ? nil : elementRange(node, name: name)
            if name == "li" { itemRange = range }
            if !text.isEmpty, let range {
                let kind: OutlineBlock.Kind = name == "td" || name == "th" ? .prose : .paragraph
                let label = name == "p" && !inProse ? paragraphLabel(node, text: text) : nil
                var block = OutlineBlock(kind: kind, text: text, range: range, label: label, links: linkShape(of: node))
                block.linksStayOnPage = linksStayOnPage(of: node)
                block.itemRange = itemRange
                blocks.append(block)
            }
            walkChildren(
                node, depth: depth, inProse: inProse || Self.proseContainers.contains(name), structuralOnly: true)
            if name == "li", let number = numberedItemNumber(node) {
                for index in first..<blocks.count { blocks[index].listItem = .init(number: number, opens: index == first) }
            } else if name == "li", first < blocks.count, let list = node.pointee.parent, Self.name(of: list) == "ul" {
                blocks[first].opensBulletItem = true
            }
            return
        }
        walkChildren(node, depth: depth, inProse: inProse || Self.proseContainers.contains(name), structuralOnly: false)
    }

    /// Walks the children of `node`. Runs of inline content directly in a container (text outside any
    /// `<p>`) become paragraphs of their own; inside a text block they are already its text.
    private mutating func walkChildren(_ node: xmlNodePtr, depth: Int, inProse: Bool, structuralOnly: Bool) {
        var children: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            children.append(current)
            child = current.pointee.next
        }
        // A figure's caption names its code even when it follows the code: it is the figure's file name,
        // not a paragraph of its own.
        let outerFigureFileName = figureFileName
        defer { figureFileName = outerFigureFileName }
        if Self.name(of: node) == "figure", Self.firstDescendant(named: "pre", of: node) != nil,
            let caption = children.firstIndex(where: { Self.name(of: $0) == "figcaption" })
        {
            let name = FileNameLabel.fileName(in: collapseWhitespace(text(of: children[caption])))
            figureFileNames.append(name)
            if let name {
                figureFileName = name
                children.remove(at: caption)
            }
        }
        var inlineRun: [xmlNodePtr] = []
        for current in children {
            if isInline(current) {
                if !structuralOnly { inlineRun.append(current) }
                continue
            }
            flushInlineRun(&inlineRun, inProse: inProse)
            if current.pointee.type == XML_ELEMENT_NODE { walk(current, depth: depth + 1, inProse: inProse) }
        }
        flushInlineRun(&inlineRun, inProse: inProse)
    }

    private mutating func flushInlineRun(_ run: inout [xmlNodePtr], inProse: Bool) {
        defer { run.removeAll() }
        guard let first = run.first, let last = run.last else { return }
        let runText = collapseWhitespace(run.map { text(of: $0) }.joined())
        guard !runText.isEmpty else { return }
        let startLine = line(of: first)
        var endLine = line(of: last)
        for byte in text(of: last).utf8 where byte == 0x0A { endLine += 1 }
        let start = firstNonBlank(onLine: startLine)
        let end = max(start, lineIndex.contentRange(ofLine: min(endLine, lineIndex.lineCount - 1)).end)
        blocks.append(OutlineBlock(kind: .paragraph, text: runText, range: SourceRange(start: start, end: end)))
    }

    /// libxml2 stops at 256 levels of nesting and drops the rest of the page; say so rather than
    /// silently losing steps.
    private mutating func reportUnreadContent(after treeEndLine: Int) {
        let contentTags: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6", "p", "pre"]
        guard
            let unread = raw.tags.first(where: { tag in
                !tag.isEnd && contentTags.contains(tag.name)
                    && lineIndex.lineNumber(containing: tag.range.start) > treeEndLine
            })
        else { return }
        diagnostics.append(
            ReaderDiagnostic(
                problem: .unreadableInput, severity: .warning,
                message:
                    "the HTML parser stopped before this point (elements nested too deeply?); the rest of the page is not read",
                range: unread.range, step: nil))
    }

    // MARK: - Labels and captions

    /// A bold step label at the start of a paragraph (`<p><strong>Step 2.</strong> Add…</p>`), or a
    /// paragraph that is nothing but a label.
    private func paragraphLabel(_ node: xmlNodePtr, text: String) -> StepHeadings.Match? {
        var child = node.pointee.children
        while let current = child, current.pointee.type == XML_TEXT_NODE,
            collapseWhitespace(self.text(of: current)).isEmpty
        {
            child = current.pointee.next
        }
        if let first = child, ["strong", "b", "em", "i"].contains(Self.name(of: first)) {
            let prefix = collapseWhitespace(self.text(of: first))
            if let match = StepHeadings.match(Substring(prefix)), match.kind == .step {
                guard match.title.isEmpty else { return match }
                let rest = text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : ""
                return StepHeadings.Match(
                    kind: .step, number: match.number, label: match.label,
                    title: String(Substring(rest).trimmingWhitespace()))
            }
        }
        if let match = StepHeadings.match(Substring(text)), match.kind == .step, match.title.isEmpty { return match }
        return nil
    }

    /// `<div class="filename">`, `<span class="code-title">`…: a caption element naming the next code block.
    private func isFileNameCaption(_ node: xmlNodePtr) -> Bool {
        guard let classes = Self.attribute("class", of: node)?.lowercased() else { return false }
        return ["filename", "file-name", "file_name", "code-title", "code-caption", "codeblock-title"].contains {
            classes.containsText($0)
        }
    }

    /// A heading's permalink (`<a class="headerlink">¶</a>`, `<a class="anchor">#</a>`): not part of its text,
    /// and `Step 1¶` would not read as a label.
    static func isPermalink(_ node: xmlNodePtr, name: String) -> Bool {
        guard name == "a" else { return false }
        if let classes = attribute("class", of: node)?.lowercased(),
            ["headerlink", "anchor", "permalink", "hash-link", "header-anchor", "heading-anchor"].contains(where: {
                classes.containsText($0)
            })
        {
            return true
        }
        var text = ""
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_TEXT_NODE, let content = current.pointee.content {
                text += String(cString: content)
            }
            child = current.pointee.next
        }
        return ["¶", "#", "§", "🔗"].contains(collapseWhitespace(text))
    }

    // MARK: - Element kinds

    /// Elements whose own text is one block (nested blocks inside them are read on their own).
    static let textBlocks: Set<String> = ["p", "li", "dt", "dd", "td", "th", "figcaption", "caption", "summary"]
    /// Inside these, headings and paragraphs are prose, never labels.
    static let proseContainers: Set<String> = ["li", "blockquote", "td", "th", "dd", "dt", "table", "ul", "ol", "dl"]
    static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "center", "dd", "details", "dialog", "dir", "div", "dl",
        "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
        "hgroup", "hr", "html", "li", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody",
        "thead", "tfoot", "tr", "td", "th", "caption", "ul", "head", "title", "colgroup", "col", "legend", "listing",
        "xmp", "plaintext",
    ]

    static func headingLevel(_ name: String) -> Int? {
        guard name.utf8.count == 2, name.hasPrefix("h"), let level = Int(name.dropFirst()), (1...6).contains(level)
        else { return nil }
        return level
    }

    private func isInline(_ node: xmlNodePtr) -> Bool {
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_ENTITY_REF_NODE: return true
        case XML_ELEMENT_NODE:
            let name = Self.name(of: node)
            return !Self.blockElements.contains(name) && !Self.skippedElements.contains(name)
                && Self.firstDescendant(named: "pre", of: node) == nil && !isFileNameCaption(node)
        default: return false
        }
    }
}
