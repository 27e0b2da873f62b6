import TutorialModel

/// Turns the flat block list of a Markdown or HTML document into sections, steps and snippets.
///
/// How headings make structure:
/// - The tutorial's title heading is decided by shape (`titleHeading`): the first unlabelled level-1
///   heading above the first code, step or section label that heads something of its own, so a stale
///   first heading, a back link or a table of contents of links above it is passed over, and a later
///   part (`# Background`, `# iOS` over numbered sections) is not taken for it; a category
///   (`## Framework Integration` over `# Interfacing with UIKit`) is no level-1 heading. The heading of an
///   HTML article's own header is the tutorial's title over it. A front matter's title is the title of
///   a document without a title heading, and of one whose first code stands under another level-1
///   heading (the post's level-1 headings are its sections); a title heading over `##` sections (a
///   chapter's own `<h1>`, a study note's `# Title`) is the title a reader sees over the front matter's.
/// - A section label heading without a title, directly followed by a heading (`### Section 1` then
///   `## Create a View…`, as translations of Apple's tutorials write them), is one section titled by
///   the second heading.
/// - A heading carrying a section label (`## Section 2: …`, `## 第二节…`) starts a section; one carrying a
///   step label (`### Step 3`, `### 步骤3`, and in a series of them `## Step 2 write the jars`,
///   `LowerCaseStepHeadings`) starts a step; so does a paragraph that starts with a bold step label
///   (`**Step 2.** Add…`). Asides (headings or paragraphs opening with Experiment, 实验, Tip,
///   Important, Note…) never start anything: they, their prose and the code shown in them stay in the
///   step they stand in.
/// - Inside a section the author labelled, or one that already holds steps, a deeper unlabelled heading
///   (an overview, notes, what was learned) is a sub-heading of that section, never a section taking its
///   steps.
/// - When the document has step labels, the shallowest level of labelled step headings is the *step
///   level*. An unlabelled heading above it starts a section (`## Creating the views` over
///   `### Step 1`); one at the step level closes the current step (what follows belongs to no labelled
///   step, so its code goes to an implicit step titled by that heading); one below it is a subheading,
///   prose of the current step. Where only paragraphs label steps (`**Step 2.**`, `1、` items), sections are
///   found as in a page without labels (next item), and a sub-heading ends a step only when code of its
///   own follows it before the next label (a topic after the labelled run, not a note inside a step).
/// - When the document has no step labels at all, the first unlabelled heading level below the title's
///   (any level without a title) starts sections, as do the shallower headings (a level-1 heading between
///   sections carries its own code, or groups sections and makes none itself: its sections are the
///   shallowest headings of its part that carry code, a level deeper than elsewhere where its part skips
///   one, `# Tables` over `### Cells`), deeper headings start
///   implicit steps, and each code block is a step of its own (prose, a file-name caption or nothing
///   between two blocks), so each "say what to do, show the code" pair is a step; code right after an
///   aside stays in the aside's step.
/// - Headings numbered as an outline (`## 1. Setup`, `### 1.1. Layout`) are the author's labels
///   (`OutlineNumbering`); so is a top-level numbered list whose items hold code (`1. Add…` and its code,
///   `2. Build and run.`): one step per item, unless it stands inside a step the author labelled. In a
///   page without code, a numbered list that is its body is its steps (instructions without code).
/// - An index page (most of its paragraphs and list items open with a link to another page) has no
///   sections: its headings group links, and each code block (a command) is a step of its one section.
/// - In a document that fences its code, an indented block (a command's output, a file shown on disk, a
///   scraped caption) is prose, not code: the fenced blocks are its code. One between two fences (a knitted
///   notebook's output, `Warning: package …`) is no aside: the fence after it is still a step of its own.
/// - Code outside any labelled step (a section's introduction, an unlabelled document) lands in an
///   implicit step whose label is nil; prose with no code after it makes no step.
/// - A labelled step without a title of its own (`### Step 1`) takes the paragraph right after its label
///   as its title, and an implicit step the heading that opened it or else the prose line before its
///   code, as the text reader does, so the same tutorial in either form reads alike.
/// - Steps before the first section heading go to an implicit section titled by the tutorial. A heading
///   that carries no step and no code before the next section (study notes, a summary, a quiz, a table of
///   contents) is no section, whether or not it carries a section label: its prose belongs to no step.
/// - A table of contents that repeats step headings makes empty labelled steps: an empty labelled
///   step (no prose, no code) whose label and title another step with content also has is dropped.
enum OutlineBuilder {
    static func build(
        _ blocks: [OutlineBlock], document: SourceDocument, format: DocumentFormat, declaredTitle: String? = nil,
        frontMatterTitle: String? = nil, fallbackTitle: String? = nil, diagnostics: [ReaderDiagnostic] = []
    ) -> Tutorial {
        let numbered = OutlineNumbering.label(
            PlainStepLabels.label(
                EnumeratedParagraphs.label(
                    LowerCaseStepHeadings.label(
                        indentedTextAsProse(clampedToNextBlock(blocks, bytes: document.bytes))))),
            titleOutsideHeadings: frontMatterTitle != nil || declaredTitle != nil)
        var state = BuildState(
            blocks: NestedStepLabels.asDetail(numbered.blocks), declaredTitle: declaredTitle,
            frontMatterTitle: frontMatterTitle,
            fallbackTitle: fallbackTitle,
            sectionsAsSteps: numbered.sectionsAsSteps, listsAreDetail: numbered.listsAreDetail)
        for index in state.blocks.indices { state.visit(index) }
        state.closeSection()
        let sections = finish(state.sections)
        return Tutorial(
            document: document, format: format, title: state.tutorialTitle, sections: sections,
            diagnostics: diagnostics)
    }

    /// Keeps each block's range from running into the next block's: recovered HTML (an unclosed `<p>`)
    /// may end an element only where the parser gave up, far past the start of what follows.
    static func clampedToNextBlock(_ blocks: [OutlineBlock], bytes: [UInt8]) -> [OutlineBlock] {
        var result = blocks
        for index in result.indices.dropLast() {
            let block = result[index]
            let next = result[index + 1].range.start
            guard block.range.end > next, next >= block.range.start else { continue }
            var end = next
            while end > block.range.start, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
            result[index] = block.with(range: SourceRange(start: block.range.start, end: end))
        }
        return result
    }

    /// In a document that fences its code, an indented block is text the author set apart (a command's
    /// output, a file's contents shown on disk, a scraped caption or note, the body of an HTML element), not
    /// the tutorial's code: it is prose, as a reader counting the fenced blocks reads it. A document whose
    /// code is all indented keeps it as code.
    static func indentedTextAsProse(_ blocks: [OutlineBlock]) -> [OutlineBlock] {
        func indentation(_ block: OutlineBlock) -> Bool? {
            if case .code(let code) = block.kind { return code.isIndented }
            return nil
        }
        guard blocks.contains(where: { indentation($0) == false }), blocks.contains(where: { indentation($0) == true })
        else { return blocks }
        return blocks.map { block in
            guard case .code(let code) = block.kind, code.isIndented else { return block }
            var prose = block.with(kind: .prose, text: collapseWhitespace(code.code))
            prose.wasIndentedCode = true
            return prose
        }
    }

    /// Whether the blocks make an index page: a page of links to other pages (`[Installing](install.md):
    /// add the package`), grouped under headings, maybe with a command or two, rather than a tutorial. Most
    /// of its text (two thirds of its paragraphs and list items, four at least) opens with a link, the links
    /// stand under two headings or more, and no label marks a section or step. A tutorial's reading list at
    /// its end is a few links among much prose, or, on a page of code with little prose, links under one
    /// heading (`## Next steps`, `## Further reading`): they close the page, they do not group it.
    /// An index page's headings group links: they make no sections.
    static func isIndexPage(_ blocks: [OutlineBlock]) -> Bool {
        var text = 0
        var linked = 0
        var part = 0
        var partsWithLinks = Set<Int>()
        for block in blocks {
            if block.label != nil { return false }
            switch block.kind {
            case .paragraph, .prose:
                text += 1
                if block.links != .none, !block.linksStayOnPage {
                    linked += 1
                    partsWithLinks.insert(part)
                }
            case .heading: part += 1
            case .code: continue
            }
        }
        return linked >= 4 && linked * 3 >= text * 2 && partsWithLinks.count >= 2
    }

    /// Drops table-of-contents repeats and empty unlabelled sections, then numbers the steps.
    private static func finish(_ drafts: [SectionDraft]) -> [Section] {
        let stepsWithContent = Set(
            drafts.flatMap(\.steps).filter { $0.hasContent && $0.label != nil }.map(StepKey.init))
        var sections: [Section] = []
        for draft in drafts {
            let steps = draft.steps.filter { step in
                step.hasContent || step.label == nil
                    || !stepsWithContent.contains(StepKey(step))
            }
            // A heading with no step and no code under it is no section, labelled or not (a summary, a quiz,
            // study notes, a table of contents): as in the text reader.
            if steps.isEmpty { continue }
            let sectionNumber = sections.count + 1
            let built = steps.enumerated().map { offset, step in
                Step(
                    id: StepID(section: sectionNumber, step: offset + 1), label: step.label?.label,
                    labelNumber: step.label?.number, title: step.title, prose: step.prose.joined(separator: "\n"),
                    range: step.range, snippets: step.snippets)
            }
            let end = steps.last.map { max($0.range.end, draft.range.end) } ?? draft.range.end
            sections.append(
                Section(
                    title: draft.title, label: draft.label, range: SourceRange(start: draft.range.start, end: end),
                    steps: built))
        }
        return sections
    }

    /// Words that open an aside: a note that belongs to the step it stands in.
    static let asideWords: [String] = [
        "experiment", "tip", "tips", "important", "note", "notes", "warning", "caution", "remark", "hint",
        "实验", "實驗", "提示", "重要", "注意", "注", "警告", "小贴士", "ヒント", "メモ", "注意点", "重要事項",
    ]

    /// Whether `text` opens an aside: an aside word alone, or followed by a separator or a space. With
    /// `labelOnly`, a word followed by a lower-case word is a sentence (`Note how quickly the query ran.`),
    /// no aside: a paragraph that says so introduces the code after it as the next step, where `Note:` or
    /// `Tip` alone labels code shown inside the aside.
    static func isAside(_ text: String, labelOnly: Bool = false) -> Bool {
        isAsideByASCIIBytes(text, labelOnly: labelOnly) ?? isAsideByCharacters(text, labelOnly: labelOnly)
    }

    static func isAsideByCharacters(_ text: String, labelOnly: Bool = false) -> Bool {
        var body = Substring(text).trimmingWhitespace()
        if body.hasPrefix("[!") { body = body.dropFirst(2) }  // GitHub alerts: `> [!NOTE]`
        let lowered = body.lowercased()
        for word in asideWords where lowered.hasPrefix(word) {
            let rest = lowered.dropFirst(word.count)
            guard let next = rest.first else { return true }
            if ":：.。!！]）)-—".contains(next) { return true }
            if next.isWhitespace {
                let written = body.dropFirst(word.count).drop(while: \.isWhitespace)
                if labelOnly, let first = written.first, first.isASCII, first.isLowercase { continue }
                return true
            }
        }
        return false
    }

    /// The aside words written in ASCII, as bytes, in `asideWords`' order.
    private static let asciiAsideWords = asideWords.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.map { Array($0.utf8) }
    /// `[!`, the longest ASCII word, the character after it and one more (a mark that would join it).
    private static let asciiWindow = 2 + (asciiAsideWords.map(\.count).max() ?? 0) + 2

    /// `isAside`'s answer read from the text's first bytes when they are all ASCII (most blocks, code
    /// included), nil when one of them is not: there each character is one byte and lower-cases alone,
    /// and no word written in other scripts can match. Lower-casing the whole text of every block was a
    /// twentieth of a keystroke's re-analysis of a long tutorial.
    static func isAsideByASCIIBytes(_ text: String, labelOnly: Bool = false) -> Bool? {
        // In place, over the text's own bytes: a copy of the first bytes into an array cost an allocation
        // per block, twice per block at every keystroke.
        var text = text
        return text.withUTF8 { utf8 -> Bool? in
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            func lowered(_ position: Int) -> UInt8 {
                let byte = utf8[position]
                return byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
            }
            var start = 0
            while start < utf8.count, isSpace(utf8[start]) { start += 1 }
            let end = min(utf8.count, start + asciiWindow)
            for position in start..<end where utf8[position] >= 0x80 { return nil }
            var body = start
            if end - body >= 2, utf8[body] == 0x5B, utf8[body + 1] == 0x21 { body += 2 }  // GitHub alerts: `> [!NOTE]`
            for word in asciiAsideWords where body + word.count <= end {
                guard word.indices.allSatisfy({ lowered(body + $0) == word[$0] }) else { continue }
                // Past the window's end is the text's end (trailing whitespace is no different).
                let after = body + word.count
                guard after < end else { return true }
                if asideSeparators.contains(utf8[after]) { return true }
                if isSpace(utf8[after]) {
                    var next = after
                    while next < utf8.count, isSpace(utf8[next]) { next += 1 }
                    if labelOnly, next < utf8.count, utf8[next] >= 0x61, utf8[next] <= 0x7A { continue }
                    return true
                }
            }
            return false
        }
    }

    /// The marks that may follow an aside word written in ASCII (`Note:`, `Tip.`, `[!NOTE]`).
    private static let asideSeparators = Array(":.!])-".utf8)
}

struct StepKey: Hashable {
    let label: String?
    let title: String

    /// The label and the title written with it: a table of contents repeats those, not the paragraph
    /// a step may take its title from.
    init(_ step: StepDraft) {
        label = step.label?.label
        title = step.label?.title ?? step.title
    }
}

struct StepDraft {
    let label: StepHeadings.Match?
    var title: String
    /// A label without a title takes the paragraph right after it as its title (as the text reader does).
    var awaitsTitle = false
    var prose: [String]
    var range: SourceRange
    var snippets: [Snippet] = []
    /// Set when an aside opens in the step, until its code: prose in an aside never starts a step.
    var inAside = false
    /// Whether a heading opened the step for all that follows it (a numbered section that is one step):
    /// prose and code after its code stay in it.
    var held = false
    /// Whether an item of a numbered list of steps opened it: it ends where the list does.
    var fromList = false

    var hasContent: Bool { !snippets.isEmpty || !prose.isEmpty }

    mutating func extend(to end: Int) { range = SourceRange(start: range.start, end: max(range.end, end)) }
}

struct SectionDraft {
    let title: String
    /// The section label as written, when one opened it.
    let label: String?
    var range: SourceRange
    /// Whether a section label (`Section 2`, `第二节`) opened it.
    var labelled: Bool { label != nil }
    var steps: [StepDraft] = []
}

/// What the builder does with one block, decided from its kind, its label and the heading levels.
enum BlockRole {
    case title
    case section(labelled: Bool)
    case step(StepHeadings.Match, title: String)
    /// An unlabelled heading that ends the current step; code after it opens an implicit step.
    case stepBreak
    case content
}
