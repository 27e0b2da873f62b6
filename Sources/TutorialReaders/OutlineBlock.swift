import TutorialModel

/// One block of a Markdown or HTML document, flattened into document order, as the outline builder
/// sees it. The readers do the parsing (cmark-gfm, libxml2); this is only what structure needs.
struct OutlineBlock: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A heading of the document's own structure (not one nested in a list or quote).
        case heading(level: Int)
        /// A paragraph or caption: it may name the file of the code block right after it.
        case paragraph
        /// Other prose (list items, quotes, tables): never a label, never a file name.
        case prose
        case code(OutlineCode)
    }

    let kind: Kind
    /// The block's plain text: inline markup removed, whitespace runs collapsed.
    let text: String
    let range: SourceRange
    /// The step or section label the block starts with: a heading's label, or a paragraph's bold
    /// prefix (`**Step 2.** Add…`), found by the reader with `StepHeadings.match`.
    let label: StepHeadings.Match?
    /// Set on the blocks of an item of a numbered list at the document's top level (`1. Do this`): the
    /// item's number, and whether the block is the item's first.
    var listItem: ListItem? = nil
    /// Set on the first block of an item of a bulleted list (`- 1、Resize`, `<ul><li>2) Move…`): a number the
    /// author wrote there numbers the bullet, and the list is already the author's (`EnumeratedParagraphs`).
    var opensBulletItem = false
    /// Set on a paragraph inside a list item (`<li>` included), at any depth: the innermost item's range. What
    /// the paragraph opens (a hand-numbered part, `(1) …`) is the item's own content and ends with the item.
    var itemRange: SourceRange? = nil
    /// Set on a paragraph inside a Markdown block quote, at any depth: the innermost quote's range. What the
    /// paragraph opens (`> 1、…`) is the quote's own content and ends with it (counting conventions item 35).
    var quoteRange: SourceRange? = nil
    /// Set on the first block after a hand-numbered part that ends before the next label (`EnumeratedParagraphs`):
    /// what follows is no part's, so it closes the step the part's label opened.
    var endsNumberedPart = false
    /// How much of the block's text is link text: what tells an index page (lists of links to other pages)
    /// and a leftover header (a back link, a table of contents) from a tutorial's own prose.
    var links: LinkShape = .none
    /// Set when every link of the block points into the page itself (`[vpc.tf](#vpctf)`): a table of contents
    /// of this page, not links to other pages, so it makes no index page of a tutorial.
    var linksStayOnPage = false
    /// Set on prose that was indented code in a document that fences its code (`indentedTextAsProse`): text
    /// the page shows (a command's output, a file on disk), which the author did not write as a sentence.
    var wasIndentedCode = false

    struct ListItem: Sendable, Equatable {
        let number: Int
        let opens: Bool
    }

    enum LinkShape: Sendable, Equatable {
        /// No link leads the text.
        case none
        /// A link, then other words (`[Installing](install.md): add the package`).
        case opens
        /// Links and nothing else but separators between them (`[Back](..)`, `[A](a) · [B](b)`).
        case whole
    }

    init(kind: Kind, text: String, range: SourceRange, label: StepHeadings.Match? = nil, links: LinkShape = .none) {
        self.kind = kind
        self.text = text
        self.range = range
        self.label = label
        self.links = links
    }

    var isCode: Bool {
        if case .code = kind { return true }
        return false
    }

    /// Whether the block's text ends with a colon (`3. Query it in two ways:`): it says more follows, so what
    /// comes after it is its own (counting conventions item 15).
    var saysMoreFollows: Bool {
        text.last(where: { !$0.isWhitespace }).map { ":：".contains($0) } ?? false
    }

    /// The block with another kind, text, range or label, still in the list item it was in.
    func with(kind: Kind? = nil, text: String? = nil, range: SourceRange? = nil, label: StepHeadings.Match?? = nil)
        -> OutlineBlock
    {
        var block = OutlineBlock(
            kind: kind ?? self.kind, text: text ?? self.text, range: range ?? self.range, label: label ?? self.label,
            links: links)
        block.listItem = listItem
        block.opensBulletItem = opensBulletItem
        block.itemRange = itemRange
        block.quoteRange = quoteRange
        block.endsNumberedPart = endsNumberedPart
        block.linksStayOnPage = linksStayOnPage
        block.wasIndentedCode = wasIndentedCode
        return block
    }
}

extension OutlineBlock {
    /// The block as it stands after `delta` bytes were inserted (removed when negative) before it.
    func shifted(by delta: Int) -> OutlineBlock {
        guard delta != 0 else { return self }
        var kind = kind
        if case .code(let code) = kind { kind = .code(code.shifted(by: delta)) }
        var block = with(kind: kind, range: range.shifted(by: delta))
        block.itemRange = itemRange?.shifted(by: delta)
        block.quoteRange = quoteRange?.shifted(by: delta)
        return block
    }
}

/// A code block as a reader found it, before the builder decides its file and kind.
struct OutlineCode: Sendable, Equatable {
    let language: String?
    /// The file name the block itself carries (info string, `title=` attribute); a caption before the
    /// block may still supply one.
    let fileName: String?
    /// The code with `\n` line ends, ending with a newline unless empty.
    let code: String
    let range: SourceRange
    let sourceMap: SnippetSourceMap
    /// The kind the code has if it is Swift, found once when the block is read: the outline is built again
    /// from kept blocks after every edit, and scanning all the code each time would undo the saving.
    let kindAsSwift: SnippetKind
    /// Whether the block is Markdown's indented code (four spaces, no fence): in a document that fences
    /// its code, such a block is text left indented (a scraped caption, a note), not code.
    let isIndented: Bool

    init(
        language: String?, fileName: String?, code: String, range: SourceRange, sourceMap: SnippetSourceMap,
        isIndented: Bool = false
    ) {
        self.init(
            language: language, fileName: fileName, code: code, range: range, sourceMap: sourceMap,
            kindAsSwift: SnippetClassifier.kind(code: code, language: "swift", fileName: nil), isIndented: isIndented)
    }

    private init(
        language: String?, fileName: String?, code: String, range: SourceRange, sourceMap: SnippetSourceMap,
        kindAsSwift: SnippetKind, isIndented: Bool
    ) {
        self.language = language
        self.fileName = fileName
        self.code = code
        self.range = range
        self.sourceMap = sourceMap
        self.kindAsSwift = kindAsSwift
        self.isIndented = isIndented
    }

    /// The kind `SnippetClassifier.kind(code:language:fileName:)` gives the code with this file name.
    func kind(fileName: String?) -> SnippetKind {
        let isSwift = SwiftCode.isSwift(language: language, fileName: fileName, unlabelled: false)
        return isSwift ? kindAsSwift : (fileName == nil ? .fragment : .file)
    }

    func shifted(by delta: Int) -> OutlineCode {
        OutlineCode(
            language: language, fileName: fileName, code: code, range: range.shifted(by: delta),
            sourceMap: sourceMap.shifted(by: delta), kindAsSwift: kindAsSwift, isIndented: isIndented)
    }
}

/// What a Markdown or HTML reader finds before the builder runs: the blocks, the reader's problems, the
/// title the page declares for itself and the title to use when no heading gives one. Kept beside a model
/// so an edit re-reads only a window of it.
struct OutlineBlocks: Sendable {
    var blocks: [OutlineBlock]
    var diagnostics: [ReaderDiagnostic]
    /// The title the page gives its article, over the headings in its body: the heading in an HTML
    /// article's own `<header>` (where a blog renders the post's title).
    var declaredTitle: String? = nil
    /// Where that title's heading stands: an edit there reads the page whole.
    var declaredTitleRange: SourceRange? = nil
    /// The title a Markdown page's front matter gives it (`title:`): the title unless the body opens with
    /// a title heading over the body's sections names it (see `OutlineBuilder`).
    var frontMatterTitle: String? = nil
    /// A title for a document without a title heading: the page's `<title>`, a first line set off by emphasis.
    var fallbackTitle: String?
    /// Whether a line of the page has escaped heading marks (`\# Prepare`), reported or not: whether one is
    /// reported hangs on every heading of the page (`HeadingLookAlikes.sparingOverviewLines`), so after an edit
    /// such a page is read whole.
    var holdsEscapedHeadingMarks = false
}

extension OutlineBuilder {
    static func build(_ outline: OutlineBlocks, document: SourceDocument, format: DocumentFormat) -> Tutorial {
        build(
            outline.blocks, document: document, format: format, declaredTitle: outline.declaredTitle,
            frontMatterTitle: outline.frontMatterTitle, fallbackTitle: outline.fallbackTitle,
            diagnostics: outline.diagnostics)
    }
}
