import TutorialModel

/// One block of a Markdown or HTML document, flattened into document order, as the outline builder
/// sees it. The readers do the parsing (cmark-gfm, libxml2); this is only what structure needs.
struct OutlineBlock {
    enum Kind {
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

    init(kind: Kind, text: String, range: SourceRange, label: StepHeadings.Match? = nil) {
        self.kind = kind
        self.text = text
        self.range = range
        self.label = label
    }
}

/// A code block as a reader found it, before the builder decides its file and kind.
struct OutlineCode {
    let language: String?
    /// The file name the block itself carries (info string, `title=` attribute); a caption before the
    /// block may still supply one.
    let fileName: String?
    /// The code with `\n` line ends, ending with a newline unless empty.
    let code: String
    let range: SourceRange
    let sourceMap: SnippetSourceMap
}
