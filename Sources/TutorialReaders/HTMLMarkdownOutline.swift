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
///   step label (`### Step 3`, `### 步骤3`) starts a step; so does a paragraph that starts with a bold
///   step label (`**Step 2.** Add…`). Asides (headings or paragraphs opening with Experiment, 实验, Tip,
///   Important, Note…) never start anything: they, their prose and the code shown in them stay in the
///   step they stand in.
/// - Inside a section the author labelled, or one that already holds steps, a deeper unlabelled heading
///   (an overview, notes, what was learned) is a sub-heading of that section, never a section taking its
///   steps.
/// - When the document has step labels, the shallowest level of labelled step headings is the *step
///   level*. An unlabelled heading above it starts a section (`## Creating the views` over
///   `### Step 1`); one at the step level closes the current step (what follows belongs to no labelled
///   step, so its code goes to an implicit step titled by that heading); one below it is a subheading,
///   prose of the current step. Bold-prefix steps sit below every heading.
/// - When the document has no step labels at all, the first unlabelled heading level below the title's
///   (any level without a title) starts sections, as do the shallower headings (a level-1 heading between
///   sections carries its own code, or groups sections and makes none itself), deeper headings start
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
///   scraped caption) is prose, not code: the fenced blocks are its code.
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
        let numbered = OutlineNumbering.label(indentedTextAsProse(clampedToNextBlock(blocks, bytes: document.bytes)))
        var state = BuildState(
            blocks: numbered.blocks, declaredTitle: declaredTitle, frontMatterTitle: frontMatterTitle,
            fallbackTitle: fallbackTitle,
            sectionsAsSteps: numbered.sectionsAsSteps)
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
            return block.with(kind: .prose, text: collapseWhitespace(code.code))
        }
    }

    /// Whether the blocks make an index page: a page of links to other pages (`[Installing](install.md):
    /// add the package`), grouped under headings, maybe with a command or two, rather than a tutorial. Most
    /// of its text (two thirds of its paragraphs and list items, four at least) opens with a link, and no
    /// label marks a section or step; a tutorial's reading list at its end is a few links among much prose.
    /// Its headings group links: they make no sections.
    static func isIndexPage(_ blocks: [OutlineBlock]) -> Bool {
        var text = 0
        var linked = 0
        for block in blocks {
            if block.label != nil { return false }
            switch block.kind {
            case .paragraph, .prose:
                text += 1
                if block.links != .none { linked += 1 }
            case .heading, .code: continue
            }
        }
        return linked >= 4 && linked * 3 >= text * 2
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

    /// Whether `text` opens an aside: an aside word alone, or followed by a separator or a space.
    static func isAside(_ text: String) -> Bool { isAsideByASCIIBytes(text) ?? isAsideByCharacters(text) }

    static func isAsideByCharacters(_ text: String) -> Bool {
        var body = Substring(text).trimmingWhitespace()
        if body.hasPrefix("[!") { body = body.dropFirst(2) }  // GitHub alerts: `> [!NOTE]`
        let lowered = body.lowercased()
        for word in asideWords where lowered.hasPrefix(word) {
            let rest = lowered.dropFirst(word.count)
            guard let next = rest.first else { return true }
            if next.isWhitespace || ":：.。!！]）)-—".contains(next) { return true }
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
    static func isAsideByASCIIBytes(_ text: String) -> Bool? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex, isSpace(utf8[index]) { index = utf8.index(after: index) }
        var window: [UInt8] = []
        while index < utf8.endIndex, window.count < asciiWindow {
            let byte = utf8[index]
            guard byte < 0x80 else { return nil }
            window.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            index = utf8.index(after: index)
        }
        var body = window[...]
        if body.starts(with: [0x5B, 0x21]) { body = body.dropFirst(2) }  // GitHub alerts: `> [!NOTE]`
        for word in asciiAsideWords where body.starts(with: word) {
            // Past the window's end is the text's end (trailing whitespace is no different).
            guard let next = body.dropFirst(word.count).first else { return true }
            if isSpace(next) || Array(":.!])-".utf8).contains(next) { return true }
        }
        return false
    }
}

private struct StepKey: Hashable {
    let label: String?
    let title: String

    /// The label and the title written with it: a table of contents repeats those, not the paragraph
    /// a step may take its title from.
    init(_ step: StepDraft) {
        label = step.label?.label
        title = step.label?.title ?? step.title
    }
}

private struct StepDraft {
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

private struct SectionDraft {
    let title: String
    /// The section label as written, when one opened it.
    let label: String?
    var range: SourceRange
    /// Whether a section label (`Section 2`, `第二节`) opened it.
    var labelled: Bool { label != nil }
    var steps: [StepDraft] = []
}

/// What the builder does with one block, decided from its kind, its label and the heading levels.
private enum BlockRole {
    case title
    case section(labelled: Bool)
    case step(StepHeadings.Match, title: String)
    /// An unlabelled heading that ends the current step; code after it opens an implicit step.
    case stepBreak
    case content
}

private struct BuildState {
    let blocks: [OutlineBlock]
    let hasStepLabels: Bool
    /// Unlabelled headings above this level start sections.
    let sectionBelowLevel: Int
    /// Unlabelled headings at or above this level (and below sections) end the current step.
    let stepBreakLevel: Int
    /// Code blocks labelled by the caption before them; those captions are not prose.
    let captionFileNames: [Int: String]
    let captions: Set<Int>
    /// The tutorial's title heading (see `titleHeading`).
    let titleIndex: Int?
    /// Section label headings without a title, with the heading right after them that titles them.
    let sectionTitleHeadings: [Int: Int]
    let sectionTitleHeadingIndices: Set<Int>
    /// Numbered section headings without steps under them: each is one step too (`OutlineNumbering`).
    let sectionsAsSteps: Set<Int>
    /// The first blocks of the items of numbered lists of steps (see `numberedListSteps`), and every block
    /// of those lists, code between their items included.
    let listSteps: Set<Int>
    let listBlocks: Set<Int>

    /// The title heading's text, once read.
    var title: String?
    /// The article header's title, over the title heading.
    let declaredTitle: String?
    /// The page's `<title>` or a first line set off by emphasis, for a document without a title heading.
    let fallbackTitle: String?
    /// The front matter's title: the title without a title heading, or where level-1 headings are sections.
    let frontMatterTitle: String?

    /// The tutorial's title: the article's declared one, else the title heading, else the front matter's,
    /// else the page's.
    var tutorialTitle: String? { declaredTitle ?? title ?? frontMatterTitle ?? fallbackTitle }
    var sections: [SectionDraft] = []
    var section: SectionDraft?
    /// The level of the section heading open now (with the heading that titles a label, the shallower),
    /// and whether a section label opened it.
    var sectionLevel: Int?
    var sectionIsLabelled = false
    var step: StepDraft?
    /// An implicit step that opens when code arrives: its title, start and prose so far.
    var pendingTitle = ""
    var pendingStart: Int?
    var pendingProse: [String] = []
    var pendingAside = false

    init(
        blocks: [OutlineBlock], declaredTitle: String?, frontMatterTitle: String? = nil, fallbackTitle: String?,
        sectionsAsSteps: Set<Int> = []
    ) {
        self.blocks = blocks
        self.sectionsAsSteps = sectionsAsSteps
        (listSteps, listBlocks) = Self.numberedListSteps(blocks)
        self.declaredTitle = declaredTitle
        self.fallbackTitle = fallbackTitle
        self.frontMatterTitle = frontMatterTitle
        var captionFileNames: [Int: String] = [:]
        var captions = Set<Int>()
        for index in blocks.indices.dropLast() {
            guard case .paragraph = blocks[index].kind, blocks[index].label == nil,
                case .code(let code) = blocks[index + 1].kind,
                let name = FileNameLabel.fileName(in: blocks[index].text)
            else { continue }
            captions.insert(index)
            if code.fileName == nil { captionFileNames[index + 1] = name }
        }
        self.captionFileNames = captionFileNames
        self.captions = captions

        var titleIndex = Self.stepLabelTitle(blocks) ?? Self.titleHeading(blocks)
        if frontMatterTitle != nil, let heading = titleIndex, Self.contentStandsUnderAnotherLevelOne(heading, blocks) {
            // The front matter names the page; the body's level-1 headings are its sections.
            titleIndex = nil
        }
        self.titleIndex = titleIndex
        var sectionTitleHeadings: [Int: Int] = [:]
        for index in blocks.indices.dropLast() {
            guard case .heading = blocks[index].kind, let label = blocks[index].label, label.kind == .section,
                label.title.isEmpty, case .heading = blocks[index + 1].kind, blocks[index + 1].label == nil,
                index + 1 != titleIndex, !OutlineBuilder.isAside(blocks[index + 1].text)
            else { continue }
            sectionTitleHeadings[index] = index + 1
        }
        self.sectionTitleHeadings = sectionTitleHeadings
        let sectionTitles = Set(sectionTitleHeadings.values)
        sectionTitleHeadingIndices = sectionTitles

        var stepLevels: [Int] = []
        var hasParagraphSteps = false
        var unlabelledLevels: [Int] = []
        for (index, block) in blocks.enumerated() where index != titleIndex && !sectionTitles.contains(index) {
            switch (block.kind, block.label?.kind) {
            case (.heading(let level), .step?): stepLevels.append(level)
            case (.paragraph, .step?): hasParagraphSteps = true
            case (.heading(let level), nil) where !OutlineBuilder.isAside(block.text):
                unlabelledLevels.append(level)
            default: break
            }
        }
        hasStepLabels = !stepLevels.isEmpty || hasParagraphSteps
        if OutlineBuilder.isIndexPage(blocks) {
            // An index page's headings group its links, not steps: one section, a step per code block.
            sectionBelowLevel = 1
            stepBreakLevel = 6
        } else if let stepLevel = stepLevels.min() {
            sectionBelowLevel = stepLevel
            stepBreakLevel = stepLevel
        } else if hasParagraphSteps {
            sectionBelowLevel = 7
            stepBreakLevel = 0
        } else {
            // Sections are the headings of the first level below the title (and any above it that carry
            // code): a heading of the title's level between sections (`# Data` over `## @State`, `## Lists`)
            // groups them, and its sections are not its steps.
            let titleLevel = titleIndex.flatMap { Self.headingLevel(blocks[$0]) }
            let belowTitle = titleLevel.flatMap { level in unlabelledLevels.filter { $0 > level }.min() }
            let top = belowTitle ?? unlabelledLevels.min() ?? 1
            sectionBelowLevel = top + 1
            stepBreakLevel = 6
        }
    }

    /// The tutorial's own heading: the level-1 heading that heads the content holding the steps, decided by
    /// the shape of the headings above the first content (the first code block, step label or section
    /// label), not by their words.
    ///
    /// It is the first unlabelled level-1 heading above the first content that heads something of its own:
    /// authors put their title first, and later level-1 headings above the code (`# Background`, a
    /// platform's `# iOS` over numbered sections) are parts of the post. A leftover header is passed over:
    /// a heading with nothing under it before the next level-1 heading (a stale first heading), or a link
    /// with only links under it (a back link, a table of contents). Where the page opens with a run of
    /// level-1 headings with nothing under them (`# Course`, `# Part 1`, `# Project 1` over its text), the
    /// first is the title and the others banners of its parts. When the heading stands right over the
    /// first code or step (no heading between) and content lies past its part of the document (after the
    /// next level-1 heading), it is the first of several level-1 sections: the level-1 heading before it,
    /// if any, is the title. A document with no content keeps its first level-1 heading.
    private static func titleHeading(_ blocks: [OutlineBlock]) -> Int? {
        func isUnlabelledHeading(_ block: OutlineBlock) -> Bool {
            guard case .heading = block.kind, block.label == nil else { return false }
            return !OutlineBuilder.isAside(block.text)
        }
        func isCandidate(_ block: OutlineBlock) -> Bool { headingLevel(block) == 1 && isUnlabelledHeading(block) }
        guard let anchor = blocks.firstIndex(where: isContent) else { return blocks.firstIndex(where: isCandidate) }
        let candidates = blocks[..<anchor].indices.filter { isCandidate(blocks[$0]) }
        guard let nearest = candidates.last else { return nil }
        if candidates.count >= 2, candidates[1] == candidates[0] + 1, candidates[1] + 1 < blocks.count,
            headingLevel(blocks[candidates[1] + 1]) == 1, blocks[candidates[0]].links != .whole
        {
            // Banners opening the page (`# Course`, `# Part 1`, `# Project 1` over its text): the first heads them.
            return candidates[0]
        }
        let first = candidates.first { !isLeftoverHeader($0, blocks) } ?? nearest
        let anchorIsSection = blocks[anchor].label?.kind == .section && headingLevel(blocks[anchor]) != nil
        let headingBetween = blocks[(first + 1)..<anchor].contains(where: isUnlabelledHeading)
        if anchorIsSection || headingBetween || holdsAllContent(first, blocks) { return first }
        return candidates.last { $0 < first }
    }

    /// Whether the first content stands right under an unlabelled level-1 heading other than the one at
    /// `index` (`# Setting up` over the first code): the body's level-1 headings are then its sections, and
    /// the heading at `index` one of them or a part above them, not a title over `##` sections (a study
    /// note's or a chapter's own `# Title`, which a reader takes over the front matter's).
    private static func contentStandsUnderAnotherLevelOne(_ index: Int, _ blocks: [OutlineBlock]) -> Bool {
        guard let anchor = blocks.firstIndex(where: isContent) else { return false }
        var position = anchor - 1
        while position > index {
            let block = blocks[position]
            if headingLevel(block) != nil, block.label == nil, !OutlineBuilder.isAside(block.text) {
                return headingLevel(block) == 1
            }
            position -= 1
        }
        return false
    }

    /// Whether the level-1 heading at `index` heads nothing of its own before the next level-1 heading, or
    /// is a link with only links under it (a back link, a table of contents of links).
    private static func isLeftoverHeader(_ index: Int, _ blocks: [OutlineBlock]) -> Bool {
        var position = index + 1
        var part: [OutlineBlock] = []
        while position < blocks.count, headingLevel(blocks[position]) != 1 {
            part.append(blocks[position])
            position += 1
        }
        if part.isEmpty { return true }
        return blocks[index].links == .whole && part.allSatisfy { $0.links == .whole }
    }

    /// A numbered list at the top level whose items hold code, or with code between its items, is a list
    /// of steps (`1. Add a property:` then its code, `2. Build and run.`): each item is one step, with the
    /// code under it or after it up to the next item. It takes two items at least; a numbered list without
    /// code (reasons, prerequisites), or with code only after its last item, is prose. In a document with
    /// no code and no step labels at all, a numbered list that is the body of the page (three items or
    /// more, a third of its paragraphs and items at least) is its steps (`1. Open the project.`, `2. Choose
    /// File > New > Target.`, …): instructions a reader follows are steps without code too, while a short
    /// list in a page of prose (three challenges after a lesson's summary) stays prose. A numbered list of
    /// links only is a table of contents, never steps.
    private static func numberedListSteps(_ blocks: [OutlineBlock]) -> (openers: Set<Int>, blocks: Set<Int>) {
        func isCode(_ block: OutlineBlock) -> Bool {
            if case .code = block.kind { return true }
            return false
        }
        func countOpeners(_ range: ClosedRange<Int>) -> Int { range.count { blocks[$0].listItem?.opens == true } }
        let proseOnly = !blocks.contains { isCode($0) || $0.label?.kind == .step }
        let textBlocks = blocks.count { block in
            if case .heading = block.kind { return false }
            return !isCode(block)
        }
        var openers = Set<Int>()
        var members = Set<Int>()
        var index = 0
        while index < blocks.count {
            guard blocks[index].listItem?.opens == true else {
                index += 1
                continue
            }
            var end = index
            while end + 1 < blocks.count, blocks[end + 1].listItem != nil || isCode(blocks[end + 1]) { end += 1 }
            var runOpeners: [Int] = []
            var hasCode = false
            let openerCount = countOpeners(index...end)
            for position in index...end {
                if blocks[position].listItem?.opens == true { runOpeners.append(position) }
                // Code after the last item alone does not make steps of a list (`two fields: 1. … 2. …`
                // then the code that declares them).
                if isCode(blocks[position]), blocks[position].listItem != nil || runOpeners.count < openerCount {
                    hasCode = true
                }
            }
            let instructions =
                proseOnly && runOpeners.count >= 3 && runOpeners.count * 3 >= textBlocks
                && !runOpeners.allSatisfy { blocks[$0].links == .whole }
            if runOpeners.count >= 2, hasCode || instructions {
                openers.formUnion(runOpeners)
                members.formUnion(index...end)
            }
            index = end + 1
        }
        return (openers, members)
    }

    /// A page of a course whose title is its place in the course (`# Step 1` over `## Setup`, `## First
    /// Workflow` and their code): the document's first heading is a level-1 step label, no other block
    /// carries a step label, and headings follow under it. That label heads the whole page, not one step.
    private static func stepLabelTitle(_ blocks: [OutlineBlock]) -> Int? {
        guard let first = blocks.firstIndex(where: { headingLevel($0) != nil }), headingLevel(blocks[first]) == 1,
            blocks[first].label?.kind == .step,
            !blocks[(first + 1)...].contains(where: { $0.label?.kind == .step }),
            blocks[(first + 1)...].contains(where: { headingLevel($0) != nil })
        else { return nil }
        return first
    }

    /// Code, a step label or a section label heading: what a tutorial's title heads.
    private static func isContent(_ block: OutlineBlock) -> Bool {
        switch block.kind {
        case .code: return true
        case .heading: return block.label != nil
        case .paragraph: return block.label?.kind == .step
        case .prose: return false
        }
    }

    private static func headingLevel(_ block: OutlineBlock) -> Int? {
        if case .heading(let level) = block.kind { return level }
        return nil
    }

    /// Whether no content lies past the part of the document the heading at `index` heads.
    ///
    /// Plain loops: the same search written with `firstIndex(where:)` over a slice crashed the Swift 6.3.1
    /// optimizer (CopyPropagation, "Found outside of lifetime use") in release builds.
    private static func holdsAllContent(_ index: Int, _ blocks: [OutlineBlock]) -> Bool {
        let level = headingLevel(blocks[index]) ?? 7
        var position = index + 1
        // The part ends at the next heading of the same level or higher.
        while position < blocks.count {
            if let other = headingLevel(blocks[position]), other <= level { break }
            position += 1
        }
        while position < blocks.count {
            if isContent(blocks[position]) { return false }
            position += 1
        }
        return true
    }

    private mutating func role(of index: Int) -> BlockRole {
        let block = blocks[index]
        if index == titleIndex { return .title }
        // A numbered list of steps inside a step the author labelled is that step's detail.
        if listSteps.contains(index), let item = block.listItem, step?.label == nil || step?.fromList == true {
            let label = StepHeadings.Match(kind: .step, number: item.number, label: "\(item.number).", title: block.text)
            return .step(label, title: block.text)
        }
        if let label = block.label {
            switch (label.kind, block.kind) {
            case (.section, .heading): return .section(labelled: true)
            case (.step, .heading), (.step, .paragraph): return .step(label, title: label.title)
            default: break
            }
        }
        guard case .heading(let level) = block.kind, !OutlineBuilder.isAside(block.text) else { return .content }
        if let open = sectionLevel, level > open, sectionIsLabelled || section?.steps.isEmpty == false || step != nil {
            // Inside a section the author labelled, or one that already holds steps, a deeper heading (an
            // overview, notes, a summary) is one of its sub-headings, never a section taking its steps.
            return level <= stepBreakLevel ? .stepBreak : .content
        }
        if level < sectionBelowLevel { return .section(labelled: false) }
        if level <= stepBreakLevel { return .stepBreak }
        return .content
    }

    mutating func visit(_ index: Int) {
        let block = blocks[index]
        // The heading that titles the section label before it was read with that label.
        if sectionTitleHeadingIndices.contains(index) { return }
        if step?.fromList == true, !listBlocks.contains(index) {
            // The list of steps ended: what follows is not its last item's.
            closeStep()
            resetPending()
        }
        switch role(of: index) {
        case .title:
            // What a leftover header above the title opened (a blog's name, a stale heading) ends here.
            closeSection()
            resetPending()
            sectionLevel = nil
            title = block.text
        case .section(let labelled):
            closeSection()
            // A labelled heading (`Section 2: Track the page`) is titled by what follows its label, as
            // in the other readers, or by the heading right after a label alone; an unlabelled heading by
            // its whole text.
            let label = labelled ? block.label : nil
            var labelTitle = label?.title ?? ""
            var range = block.range
            sectionLevel = Self.headingLevel(block)
            sectionIsLabelled = labelled
            if labelled, let titleHeading = sectionTitleHeadings[index] {
                labelTitle = blocks[titleHeading].text
                range = range.union(blocks[titleHeading].range)
                sectionLevel = [sectionLevel, Self.headingLevel(blocks[titleHeading])].compactMap { $0 }.min()
            }
            section = SectionDraft(
                title: labelTitle.isEmpty ? block.text : labelTitle, label: label?.label, range: range)
            resetPending()
            if sectionsAsSteps.contains(index) {
                step = StepDraft(
                    label: nil, title: labelTitle.isEmpty ? block.text : labelTitle, prose: [], range: range,
                    held: true)
            }
        case .step(let label, let stepTitle):
            closeStep()
            resetPending()
            var prose: [String] = []
            if case .paragraph = block.kind, !stepTitle.isEmpty { prose.append(stepTitle) }
            step = StepDraft(
                label: label, title: stepTitle, awaitsTitle: stepTitle.isEmpty, prose: prose, range: block.range)
            step?.fromList = listSteps.contains(index)
        case .stepBreak:
            closeStep()
            resetPending()
            pendingTitle = block.text
            pendingStart = block.range.start
        case .content:
            addContent(index)
        }
    }

    private mutating func addContent(_ index: Int) {
        let block = blocks[index]
        let aside = OutlineBuilder.isAside(block.text)
        if step?.awaitsTitle == true {
            step?.awaitsTitle = false
            if case .paragraph = block.kind, !captions.contains(index), !aside { step?.title = block.text }
        }
        if case .code(let code) = block.kind {
            if startsImplicitStep(block), index == 0 || !OutlineBuilder.isAside(blocks[index - 1].text) {
                // Unlabelled documents: each code block is a step of its own, whether prose, a caption
                // or nothing stands between it and the code before it; code an aside right before it
                // introduces is shown in that aside, and stays in its step.
                closeStep()
                resetPending()
            }
            if step == nil {
                // An implicit step is titled by the heading that opened it, else by the prose line before its code.
                step = StepDraft(
                    label: nil, title: pendingTitle.isEmpty ? pendingProse.last ?? "" : pendingTitle,
                    prose: pendingProse,
                    range: SourceRange(
                        start: min(pendingStart ?? block.range.start, block.range.start), end: block.range.end),
                    inAside: pendingAside)
                resetPending()
            }
            let fileName = code.fileName ?? captionFileNames[index]
            let snippet = Snippet(
                fileName: fileName, language: code.language, code: code.code,
                kind: code.kind(fileName: fileName),
                range: code.range, sourceMap: code.sourceMap)
            step?.snippets.append(snippet)
            step?.extend(to: block.range.end)
            // An aside keeps the code shown in it; prose after that code is the next step again.
            step?.inAside = false
            return
        }
        if captions.contains(index) {
            // A file-name caption belongs with its code block: it opens no step of its own.
            if startsImplicitStep(block) {
                closeStep()
                resetPending()
            }
            if step == nil, pendingStart == nil { pendingStart = block.range.start }
            step?.extend(to: block.range.end)
            return
        }
        if let current = step, current.label == nil, !current.held, !hasStepLabels, !current.snippets.isEmpty,
            !current.inAside, !aside
        {
            // Unlabelled documents: prose after code starts the next implicit step.
            closeStep()
            resetPending()
        }
        if step != nil {
            step?.prose.append(block.text)
            step?.extend(to: block.range.end)
            if aside { step?.inAside = true }
        } else {
            if pendingStart == nil { pendingStart = block.range.start }
            pendingProse.append(block.text)
            if aside { pendingAside = true }
        }
    }

    /// Whether `block` (code, or the caption of code) ends the implicit step open now and opens the next:
    /// in a document without step labels each code block is one step, so a step that already shows code
    /// ends where the next code or its caption begins.
    private func startsImplicitStep(_ block: OutlineBlock) -> Bool {
        guard let current = step else { return false }
        return current.label == nil && !current.held && !hasStepLabels && !current.snippets.isEmpty
    }

    private mutating func resetPending() {
        pendingTitle = ""
        pendingStart = nil
        pendingProse = []
        pendingAside = false
    }

    mutating func closeStep() {
        guard let finished = step else { return }
        step = nil
        var current =
            section
            ?? SectionDraft(
                title: tutorialTitle ?? "", label: nil, range: SourceRange.empty(at: finished.range.start))
        // Released before the append: while `section` still shared the steps, every append copied all the
        // steps before it (quadratic: 8,000 `**Step N**` labels took 1.8 s to outline, 100,000 minutes).
        section = nil
        current.steps.append(finished)
        current.range = current.range.union(finished.range)
        section = current
    }

    mutating func closeSection() {
        closeStep()
        if let finished = section { sections.append(finished) }
        section = nil
    }
}
