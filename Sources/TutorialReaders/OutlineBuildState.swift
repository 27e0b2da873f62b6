import TutorialModel

/// The walk `OutlineBuilder.build` makes over the blocks: what the document holds (labels, levels, the
/// title heading, numbered lists of steps), decided once, then each block's role and the drafts it opens.
struct BuildState {
    let blocks: [OutlineBlock]
    let hasStepLabels: Bool
    /// Whether paragraphs (not headings) label the steps.
    let hasParagraphSteps: Bool
    /// Whether the section open now holds a step label: a section without any, even in a page that labels
    /// steps elsewhere (`#### Step 1` under `### Vapor`, none under `### Parsing`), has a step per code block.
    var sectionHasStepLabels = false
    /// Whether the walk has reached a step label of the open section since its start or since a hand-numbered
    /// part ended before the next label. Code before the first one, or between such a part and the next label,
    /// is no labelled step's: a step per code block, however many topics it stands under (counting conventions
    /// items 8 and 18), as in a section without labels.
    private var sectionReachedStepLabel = false
    /// Unlabelled headings above this level start sections.
    let sectionBelowLevel: Int
    /// Parts headed at the title's level that group sections deeper than `sectionBelowLevel` says
    /// (`# UITableView` over `### Cells`, `### Usage` where other parts have `##` sections): the part's
    /// heading index, and the level its own sections start below.
    let groupSectionBelowLevels: [Int: Int]
    /// The headings at the title's level with no code before a deeper heading: they group sections.
    let groupingHeadings: Set<Int>
    /// The level sections start below in the part being walked.
    private var partSectionBelowLevel: Int
    /// Unlabelled headings at or above this level (and below sections) end the current step.
    let stepBreakLevel: Int
    /// Code blocks labelled by the caption before them; those captions are not prose.
    let captionFileNames: [Int: String]
    let captions: Set<Int>
    /// The tutorial's title heading (see `titleHeading`).
    let titleIndex: Int?
    /// The headings that open an aside (see `asideHeadings`).
    let asideHeadings: Set<Int>
    /// The level of the title heading, or where a page without a title heading (nothing titles it, or its
    /// front matter does) has level-1 headings and deeper ones, 1: the level-1 headings are its parts, and
    /// headings at this level holding code only under deeper headings group sections.
    let partLevel: Int?
    /// Section label headings without a title, with the heading right after them that titles them.
    let sectionTitleHeadings: [Int: Int]
    let sectionTitleHeadingIndices: Set<Int>
    /// Numbered section headings without steps under them: each is one step too (`OutlineNumbering`).
    let sectionsAsSteps: Set<Int>
    /// The first blocks of the items of numbered lists of steps (see `numberedListSteps`), and every block
    /// of those lists, code between their items included.
    let listSteps: Set<Int>
    /// List steps whose numbers `step-numbering` does not judge (see `numberedListSteps`).
    let unnumberedListSteps: Set<Int>
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
    /// Whether the open section's heading groups sections: its topics are steps until a section heading.
    var sectionGroups = false
    var step: StepDraft?
    /// An implicit step that opens when code arrives: its title, start and prose so far.
    var pendingTitle = ""
    var pendingStart: Int?
    var pendingProse: [String] = []
    var pendingAside = false

    init(
        blocks: [OutlineBlock], declaredTitle: String?, frontMatterTitle: String? = nil, fallbackTitle: String?,
        sectionsAsSteps: Set<Int> = [], listsAreDetail: Bool = false
    ) {
        self.blocks = blocks
        titleIndex = Self.titleIndex(blocks, declaredTitle: declaredTitle, frontMatterTitle: frontMatterTitle)
        let (listSteps, listBlocks, unnumberedListSteps) = Self.numberedListSteps(blocks, titleIndex: titleIndex)
        (self.listSteps, self.listBlocks, self.unnumberedListSteps) = (listSteps, listBlocks, unnumberedListSteps)
        self.sectionsAsSteps =
            listsAreDetail ? sectionsAsSteps : sectionsAsSteps.filter { !Self.holdsListSteps($0, blocks, listSteps) }
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

        let sectionTitleHeadings = Self.sectionTitleHeadings(blocks, titleIndex: titleIndex)
        self.sectionTitleHeadings = sectionTitleHeadings
        let sectionTitles = Set(sectionTitleHeadings.values)
        sectionTitleHeadingIndices = sectionTitles

        let asides = Self.asideHeadings(blocks, besides: sectionTitles.union(titleIndex.map { [$0] } ?? []))
        asideHeadings = asides
        var stepLevels: [Int] = []
        var paragraphSteps = false
        var unlabelledLevels: [Int] = []
        for (index, block) in blocks.enumerated() where index != titleIndex && !sectionTitles.contains(index) {
            switch (block.kind, block.label?.kind) {
            case (.heading(let level), .step?): stepLevels.append(level)
            case (.paragraph, .step?): paragraphSteps = true
            case (.heading(let level), nil) where !asides.contains(index):
                unlabelledLevels.append(level)
            default: break
            }
        }
        // Where the front matter names the page, its level-1 headings are the body's parts too: sections or
        // groups of sections (counting conventions item 12), as in a page that nothing titles.
        partLevel =
            titleIndex.flatMap { Self.headingLevel(blocks[$0]) }
            ?? (declaredTitle == nil ? Self.levelOfPartsAfterContent(unlabelledLevels) : nil)
        hasParagraphSteps = paragraphSteps
        hasStepLabels = !stepLevels.isEmpty || paragraphSteps
        let levels = Self.sectionLevels(
            blocks, stepLevels: stepLevels, unlabelledLevels: unlabelledLevels, partLevel: partLevel,
            titleIndex: titleIndex, asides: asides)
        (sectionBelowLevel, stepBreakLevel) = (levels.sectionBelow, levels.stepBreak)
        let groupSections = levels.groups
        groupSectionBelowLevels = groupSections.belowLevels
        groupingHeadings = groupSections.grouping
        partSectionBelowLevel = sectionBelowLevel
        sectionHasStepLabels = holdsStepLabel(after: -1)
    }

    /// Whether a code block follows the heading at `index` before the next heading or step label.
    private func carriesCodeBeforeNextStep(_ index: Int) -> Bool {
        for block in blocks[(index + 1)...] {
            if block.isCode { return true }
            if case .heading = block.kind { return false }
            if block.label?.kind == .step { return false }
        }
        return false
    }

    /// Whether a step label stands after `index` before the next heading that opens a section.
    private func holdsStepLabel(after index: Int) -> Bool {
        guard hasStepLabels else { return false }
        var position = index + 1
        while position < blocks.count {
            let block = blocks[position]
            if block.label?.kind == .step, position != titleIndex { return true }
            if case .heading(let level) = block.kind, block.label?.kind == .section || level < sectionBelowLevel,
                !sectionTitleHeadingIndices.contains(position), !asideHeadings.contains(position)
            {
                return false
            }
            position += 1
        }
        return false
    }

    private mutating func role(of index: Int) -> BlockRole {
        let block = blocks[index]
        if index == titleIndex { return .title }
        // A numbered list of steps inside a step the author labelled (a label, or a numbered section that
        // is one step) is that step's detail.
        if listSteps.contains(index), let item = block.listItem, step?.held != true,
            step?.label == nil || step?.fromList == true
        {
            let number = unnumberedListSteps.contains(index) ? nil : item.number
            let label = StepHeadings.Match(kind: .step, number: number, label: "\(item.number).", title: block.text)
            return .step(label, title: block.text)
        }
        if let label = block.label {
            switch (label.kind, block.kind) {
            case (.section, .heading): return .section(labelled: true)
            case (.step, .heading), (.step, .paragraph): return .step(label, title: label.title)
            default: break
            }
        }
        guard case .heading(let level) = block.kind, !asideHeadings.contains(index) else { return .content }
        if let partLevel, level <= partLevel {
            partSectionBelowLevel = groupSectionBelowLevels[index] ?? sectionBelowLevel
        }
        // A heading that groups sections (no code of its own) keeps its topics with code as steps only until a
        // heading of its part's section level: that one opens a section (`# Notes` over `### Uses`, then `## Capture`).
        if let open = sectionLevel, level > open, !(sectionGroups && level < partSectionBelowLevel),
            sectionIsLabelled || section?.steps.isEmpty == false || step != nil
        {
            // Inside a section the author labelled, or one that already holds steps, a deeper heading (an
            // overview, notes, a summary) is one of its sub-headings, never a section taking its steps; in a
            // numbered section that is one step by itself, it is a topic inside that step.
            // Where paragraphs label the steps (`1、`, `**Step 2.**`), a sub-heading ends the step only when
            // code of its own follows it (a topic after the labelled run), not a note or summary inside it.
            let breaks = level <= stepBreakLevel && step?.held != true
            return breaks && !(hasParagraphSteps && !carriesCodeBeforeNextStep(index)) ? .stepBreak : .content
        }
        if level < partSectionBelowLevel { return .section(labelled: false) }
        if level <= stepBreakLevel { return .stepBreak }
        return .content
    }

    mutating func visit(_ index: Int) {
        let block = blocks[index]
        // The heading that titles the section label before it was read with that label.
        if sectionTitleHeadingIndices.contains(index) { return }
        // The list of steps ended, or a hand-numbered part (with its list item, or a last item holding only
        // its code): what follows is not its last item's, and without labels after it, a step per code block.
        // A heading there closes the step by its own role, or keeps it open as a note inside it.
        if (step?.fromList == true && !listBlocks.contains(index))
            || (block.endsNumberedPart && step?.label != nil && Self.headingLevel(block) == nil)
        {
            closeStep()
            resetPending()
        }
        // Code after it up to the next label is no labelled step's: a step per code block, whatever topics it
        // stands under, as before the first label (counting conventions items 7 and 18).
        if block.endsNumberedPart { sectionReachedStepLabel = false }
        switch role(of: index) {
        case .title:
            closeStep()
            if holdsStepLabel(after: index), let open = section, open.title.isEmpty, open.label == nil {
                // Code before the title of a page whose steps are labelled right under it (a block editor's
                // template and package lines over `## Step 1`…) is code before the first label: steps of the
                // labels' one section, the title's part (counting conventions items 8 and 18).
                section = SectionDraft(title: block.text, label: nil, range: open.range, steps: open.steps)
            } else {
                // What a leftover header above the title opened (a blog's name, a stale heading) ends here.
                closeSection()
            }
            resetPending()
            sectionLevel = nil
            title = block.text
            sectionHasStepLabels = holdsStepLabel(after: index)
            sectionReachedStepLabel = false
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
            sectionGroups = groupingHeadings.contains(index)
            sectionHasStepLabels = holdsStepLabel(after: sectionTitleHeadings[index] ?? index)
            sectionReachedStepLabel = false
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
            sectionReachedStepLabel = true
            var prose: [String] = []
            if case .paragraph = block.kind, !stepTitle.isEmpty { prose.append(stepTitle) }
            step = StepDraft(
                label: label, title: stepTitle, awaitsTitle: stepTitle.isEmpty, prose: prose, range: block.range)
            step?.fromList = listSteps.contains(index)
            // An item that opens with its code (`3. ```java`) is labelled by its number, and the code is its own.
            if case .code(let code) = block.kind { appendSnippet(code, of: index) }
        case .stepBreak:
            closeStep()
            resetPending()
            pendingTitle = block.text
            pendingStart = block.range.start
        case .content:
            addContent(index)
        }
    }

    /// Whether `block` opens an aside, which keeps the code it shows in its step: an aside heading, or a
    /// paragraph that opens with an aside label (`Note:`, `Tip`), not with a sentence (`Note how…`).
    private func opensAside(_ index: Int) -> Bool {
        let block = blocks[index]
        // An indented block between two fences is what the page shows between them (a knitted notebook's
        // output, `Warning: package … was built under R 4.3.1`): the first fence printed it; it introduces
        // nothing, so the next fence is a step of its own (counting conventions rules 3 and 5).
        if block.wasIndentedCode, index > 0, blocks[index - 1].isCode, index + 1 < blocks.count,
            blocks[index + 1].isCode
        {
            return false
        }
        if case .paragraph = block.kind { return OutlineBuilder.isAside(block.text, labelOnly: true) }
        if case .heading = block.kind { return asideHeadings.contains(index) }
        return OutlineBuilder.isAside(block.text)
    }

    private mutating func addContent(_ index: Int) {
        let block = blocks[index]
        let aside = opensAside(index)
        if step?.awaitsTitle == true {
            step?.awaitsTitle = false
            if case .paragraph = block.kind, !captions.contains(index), !aside { step?.title = block.text }
        }
        if case .code(let code) = block.kind {
            if startsImplicitStep(block), index == 0 || !opensAside(index - 1) {
                // Unlabelled documents: each code block is a step of its own, whether prose, a caption
                // or nothing stands between it and the code before it; code an aside right before it
                // introduces is shown in that aside, and stays in its step.
                closeStep()
                resetPending()
            }
            if step == nil {
                // An implicit step is titled by the heading that opened it, else by the prose line before its code.
                step = StepDraft(
                    label: nil,
                    title: pendingTitle.isEmpty ? ImplicitStepTitle.title(fromProse: pendingProse) : pendingTitle,
                    prose: pendingProse,
                    range: SourceRange(
                        start: min(pendingStart ?? block.range.start, block.range.start), end: block.range.end),
                    inAside: pendingAside)
                resetPending()
            }
            appendSnippet(code, of: index)
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
        if let current = step, current.label == nil, !current.held, codeStepsByBlock, !current.snippets.isEmpty,
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
        return current.label == nil && !current.held && codeStepsByBlock && !current.snippets.isEmpty
    }

    /// Whether unlabelled code in the section is a step per block: no step label in it, or none reached yet.
    private var codeStepsByBlock: Bool { !sectionHasStepLabels || !sectionReachedStepLabel }
}
