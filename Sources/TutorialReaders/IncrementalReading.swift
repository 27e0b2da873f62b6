import TutorialModel

/// A read kept for the next edit: the model, and what its reader found on the way to it (a Markdown or
/// HTML document's blocks, a text document's measured lines), so an edit re-reads only the part of the
/// document around it.
///
/// `rereadTutorial` re-runs the real reader (cmark-gfm, libxml2, the text line scan, the DocC directive
/// parser) on a window of the edited document, a window that starts and ends where the previous read
/// says nothing is open (a top-level heading, a step's directive), splices what it finds into the kept
/// read and builds the model again from that: structure inside the window (a new heading, a fence opened
/// and closed in it) is read with it. Wherever the edit could change what lies beyond the window (a
/// boundary not found again, a fence left open, markup added to HTML, a directive line, a link reference
/// definition), it reads the whole document instead: the spliced model is always the model a whole read
/// gives (the property tests check this).
public struct TutorialRead: Sendable {
    public let tutorial: Tutorial
    public let format: DocumentFormat
    /// How this read was made.
    public let path: ReadPath
    let kept: KeptReading
    /// Whether the model is the previous one patched around an edit of code (`CodeEditPatch`) rather than
    /// built: what the tests see of that path.
    let patched: Bool

    init(tutorial: Tutorial, format: DocumentFormat, path: ReadPath, kept: KeptReading, patched: Bool = false) {
        self.tutorial = tutorial
        self.format = format
        self.path = path
        self.kept = kept
        self.patched = patched
    }
}

/// Whether a read re-read the whole document or only a window of it.
public enum ReadPath: Sendable, Equatable {
    case whole
    /// The window of the new document that was re-read (by its reader's parser) and spliced in.
    case window(SourceRange)
}

/// What a reader keeps for re-reading; `none` when only a whole read will do.
enum KeptReading: Sendable {
    case none
    /// `mayHoldWindowBlockers`: whether a Markdown text may hold what no window may be read around
    /// (`MarkdownWindow.mayHoldWindowBlockers`), found by scanning it once when it is read whole.
    case outline(OutlineBlocks, mayHoldWindowBlockers: Bool)
    case text([TextLine])
    /// A DocC tutorial keeps nothing but its model: a step's range says which lines to read again.
    case docc
}

/// Reads `document` as `readTutorial` does, keeping what the next `rereadTutorial` needs.
public func readTutorialForEditing(
    _ document: SourceDocument, format: DocumentFormat? = nil, resources: any ResourceProvider = NoResources()
) -> TutorialRead {
    let format = format ?? FormatSniffer.format(of: document)
    guard document.bytes.count <= InputLimits.maximumDocumentBytes else {
        return TutorialRead(
            tutorial: InputLimits.tooLarge(document, format: format), format: format, path: .whole, kept: .none)
    }
    func kept(_ outline: OutlineBlocks) -> TutorialRead {
        TutorialRead(
            tutorial: OutlineBuilder.build(outline, document: document, format: format), format: format,
            path: .whole,
            kept: .outline(
                outline, mayHoldWindowBlockers: format != .markdown || MarkdownWindow.mayHoldWindowBlockers(document.bytes)))
    }
    switch format {
    case .markdown:
        if DocCCatalogPages.isDocumentationPage(document, resources: resources) {
            return TutorialRead(
                tutorial: DocCCatalogPages.page(document, format: format), format: format, path: .whole, kept: .none)
        }
        return kept(MarkdownReader.blocks(document))
    case .html:
        return kept(HTMLReader.blocks(document))
    case .text:
        let lines = TextLines.scan(document)
        return TutorialRead(
            tutorial: TextReader.read(document, lines: lines), format: format, path: .whole, kept: .text(lines))
    case .docc:
        return TutorialRead(
            tutorial: DocCReader.read(document, resources: resources), format: format, path: .whole, kept: .docc)
    }
}

/// Reads `document`, the text of `previous` after one edit, re-reading only the window around the edit
/// when that is sure to give what a whole read gives, and reading the whole document otherwise.
///
/// `edit`, in the previous text's offsets, says where the texts differ; without it the differing
/// bytes are found by comparing the two texts from both ends.
public func rereadTutorial(
    _ previous: TutorialRead, as document: SourceDocument, edit: TextEdit? = nil, format: DocumentFormat? = nil,
    resources: any ResourceProvider = NoResources()
) -> TutorialRead {
    let format = format ?? FormatSniffer.format(of: document)
    let old = previous.tutorial.document
    guard format == previous.format, old.path == document.path,
        document.bytes.count <= InputLimits.maximumDocumentBytes,
        let change = DocumentChange(old: old, new: document, edit: edit)
    else {
        return readTutorialForEditing(document, format: format, resources: resources)
    }
    var reread: TutorialRead?
    switch previous.kept {
    case .none:
        break
    case .outline(let outline, let mayHoldWindowBlockers):
        if format == .markdown, DocCCatalogPages.isDocumentationPage(document, resources: resources) { break }
        let window =
            format == .markdown
            ? MarkdownWindow.reread(outline, mayHoldWindowBlockers: mayHoldWindowBlockers, change: change)
            : HTMLWindow.reread(outline, change: change)
        if let (spliced, range) = window {
            // An edit inside a code block's code changes only that block's snippet: the previous model, patched.
            let patched =
                format == .markdown
                ? CodeEditPatch.patched(
                    previous.tutorial, old: outline.blocks, new: spliced.blocks, window: range, change: change,
                    document: document, diagnostics: spliced.diagnostics) : nil
            reread = TutorialRead(
                tutorial: patched ?? OutlineBuilder.build(spliced, document: document, format: format), format: format,
                path: .window(range), kept: .outline(spliced, mayHoldWindowBlockers: false), patched: patched != nil)
        }
    case .text(let lines):
        let (spliced, range) = TextLineSplice.reread(lines, change: change)
        reread = TutorialRead(
            tutorial: TextReader.read(document, lines: spliced), format: format, path: .window(range),
            kept: .text(spliced))
    case .docc:
        if let (tutorial, range) = DocCStepSplice.reread(previous.tutorial, change: change, resources: resources) {
            reread = TutorialRead(tutorial: tutorial, format: format, path: .window(range), kept: .docc)
        }
    }
    return reread ?? readTutorialForEditing(document, format: format, resources: resources)
}

/// One edit between two texts of a document, with the lines it touches.
struct DocumentChange {
    let old: SourceDocument
    let new: SourceDocument
    /// The replaced bytes of the old text.
    let replaced: SourceRange
    /// How many bytes the replacement has.
    let insertedLength: Int
    var delta: Int { insertedLength - replaced.length }
    /// The new text's lines minus the old text's.
    var lineDelta: Int { new.lineIndex.lineCount - old.lineIndex.lineCount }

    /// Nil when `edit` does not turn `old` into `new` (then nothing can be spliced).
    init?(old: SourceDocument, new: SourceDocument, edit: TextEdit?) {
        self.old = old
        self.new = new
        let oldBytes = old.bytes
        let newBytes = new.bytes
        if let edit {
            let inserted = edit.newText.utf8.count
            guard edit.range.end <= oldBytes.count, oldBytes.count + inserted - edit.range.length == newBytes.count,
                oldBytes[..<edit.range.start] == newBytes[..<edit.range.start],
                oldBytes[edit.range.end...] == newBytes[(edit.range.start + inserted)...]
            else { return nil }
            replaced = edit.range
            insertedLength = inserted
            return
        }
        // Compared a page at a time while the texts agree: a 1 MB document byte by byte cost several million
        // instructions at every keystroke.
        let (prefix, suffix) = ByteSearch.commonPrefixSuffixLength(oldBytes[...], newBytes[...])
        replaced = SourceRange(start: prefix, end: oldBytes.count - suffix)
        insertedLength = newBytes.count - suffix - prefix
    }

    /// The 0-based old line holding `offset`.
    func oldLine(_ offset: Int) -> Int { old.lineIndex.lineNumber(containing: offset) }

    /// The new line that old line `line`, after the edit, became; nil when the lines there do not line up.
    func newLine(afterEdit line: Int) -> Int? {
        let newLine = line + lineDelta
        let oldStarts = old.lineIndex.lineStarts
        let newStarts = new.lineIndex.lineStarts
        guard line < oldStarts.count, newLine >= 0, newLine < newStarts.count,
            oldStarts[line] >= replaced.end, newStarts[newLine] == oldStarts[line] + delta
        else { return nil }
        return newLine
    }

    /// Whether old line `line`, before the edit, starts at the same offset in the new text.
    func lineStartUnchanged(_ line: Int) -> Bool {
        let starts = old.lineIndex.lineStarts
        return line < starts.count && line < new.lineIndex.lineCount && starts[line] < replaced.start
            && new.lineIndex.lineStarts[line] == starts[line]
    }
}
