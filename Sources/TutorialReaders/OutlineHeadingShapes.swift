import TutorialModel

/// What `BuildState` reads from the shape of the whole document before its walk: the title heading, leftover
/// headers above it, numbered lists of steps, a page titled by its place in a course.
extension BuildState {
    /// The tutorial's own heading: the level-1 heading that heads the content holding the steps, decided by
    /// the shape of the headings above the first content (the first code block, step label or section
    /// label), not by their words.
    ///
    /// It is the first unlabelled level-1 heading above the first content that heads something of its own:
    /// authors put their title first, and later level-1 headings above the code (`# Background`, a
    /// platform's `# iOS` over numbered sections) are parts of the post. A leftover header is passed over:
    /// a heading with nothing under it before the next level-1 heading (a stale first heading), or a link
    /// with only links under it (a back link, a table of contents); but a first heading right over a second
    /// that two or more level-1 headings follow titles them all, the parts of its page (`opensPartsOfItsOwn`). Where the page opens with a run of
    /// level-1 headings with nothing under them (`# Course`, `# Part 1`, `# Project 1` over its text), the
    /// first is the title and the others banners of its parts. When the heading stands right over the
    /// first code or step (no heading between) and content lies past its part of the document (after the
    /// next level-1 heading), it is the first of several level-1 sections: the level-1 heading before it,
    /// if any, is the title. After an opening text (`Author: … / Date: …` above `# C basics`, `# Pointers`),
    /// level-1 parts that share the content stand side by side and none is the title, unless the first holds
    /// no content of its own (a table of contents over `# Main`, `# Extra`). A preamble of code above every
    /// level-1 heading (`isPreamble`) is passed over: the heading is looked for under it. A document with no
    /// content keeps its first level-1 heading.
    static func titleHeading(_ blocks: [OutlineBlock]) -> Int? {
        func isUnlabelledHeading(_ block: OutlineBlock) -> Bool {
            guard case .heading = block.kind, block.label == nil else { return false }
            return !OutlineBuilder.isAside(block.text)
        }
        // A level-1 heading heads the page even when it opens with an aside's word (`# Notes on state`).
        func isCandidate(_ block: OutlineBlock) -> Bool { headingLevel(block) == 1 && block.label == nil }
        guard var anchor = blocks.firstIndex(where: isContent) else { return blocks.firstIndex(where: isCandidate) }
        // A preamble of code above every level-1 heading (a block editor's template under its option
        // headings, a rule a wiki export renders as code) opens the page as a first section: the heading is
        // read as if the page began under it. Content with its own parts or steps first is no preamble:
        // a level-1 heading after it is one of the page's parts (`levelOfPartsAfterContent`).
        if !blocks[..<anchor].contains(where: isCandidate),
            let firstLevelOne = blocks[anchor...].firstIndex(where: isCandidate),
            isPreamble(blocks[..<firstLevelOne]),
            let contentUnderIt = blocks[(firstLevelOne + 1)...].firstIndex(where: isContent)
        {
            anchor = contentUnderIt
        }
        let candidates = blocks[..<anchor].indices.filter { isCandidate(blocks[$0]) }
        guard let nearest = candidates.last else { return nil }
        if candidates.count >= 2, candidates[1] == candidates[0] + 1, candidates[1] + 1 < blocks.count,
            headingLevel(blocks[candidates[1] + 1]) == 1, blocks[candidates[0]].links != .whole
        {
            // Banners opening the page (`# Course`, `# Part 1`, `# Project 1` over its text): the first heads them.
            return candidates[0]
        }
        if opensPartsOfItsOwn(candidates, blocks) { return candidates[0] }
        let first = candidates.first { !isLeftoverHeader($0, blocks) } ?? nearest
        let anchorIsSection = blocks[anchor].label?.kind == .section && headingLevel(blocks[anchor]) != nil
        let headingBetween = blocks[(first + 1)..<anchor].contains(where: isUnlabelledHeading)
        if anchorIsSection || headingBetween || holdsAllContent(first, blocks) {
            // Text before the first level-1 heading (who and when, a tagline) opens the page, so level-1 parts
            // after it stand side by side under no title (rounds 11 and 93), unless the first holds all content
            // or none: a first part without code of its own (a tip, a table of contents) titles the parts after
            // it (rounds 40 and 79).
            let firstPartHoldsContent = !blocks[(first + 1)..<anchor].contains { headingLevel($0) == 1 }
            if !anchorIsSection, firstPartHoldsContent, opensWithText(before: candidates[0], blocks),
                !holdsAllContent(first, blocks)
            {
                return nil
            }
            return first
        }
        return candidates.last { $0 < first }
    }

    /// Whether the blocks before the first level-1 heading are a preamble over the page rather than its
    /// first part: at most two code blocks, no label, and no heading at a section's level (an option heading
    /// of level 4 or deeper, `#### @hideHints true`, is the editor's, not a part).
    private static func isPreamble(_ opening: ArraySlice<OutlineBlock>) -> Bool {
        opening.filter(\.isCode).count <= 2 && !opening.contains { $0.label != nil }
            && !opening.contains { (headingLevel($0) ?? 4) < 4 }
    }

    /// Whether a paragraph stands before the heading at `index` with no heading above it: a line of who and
    /// when, a list of dates. Links alone (a back link, badges) are a leftover header, and raw HTML (a centred
    /// logo over a tagline, read as prose) the page's banner, as a raw HTML header is (rounds 19 and 56).
    private static func opensWithText(before index: Int, _ blocks: [OutlineBlock]) -> Bool {
        let opening = blocks[..<index]
        return !opening.contains { headingLevel($0) != nil }
            && opening.contains { $0.kind == .paragraph && $0.links != .whole }
    }

    /// Whether the first level-1 heading stands right over a second, nothing between, and at least two more
    /// level-1 headings follow the second: a title over the parts of the page (`# Course summary` over
    /// `# Front end`, `# Back end`, `# Database`), not a stale header over the one heading that titles a page
    /// of `##` sections.
    private static func opensPartsOfItsOwn(_ candidates: [Int], _ blocks: [OutlineBlock]) -> Bool {
        guard candidates.count >= 2, candidates[1] == candidates[0] + 1, blocks[candidates[0]].links != .whole
        else { return false }
        return blocks[(candidates[1] + 1)...].lazy.filter { headingLevel($0) == 1 }.prefix(2).count == 2
    }

    /// A page whose first heading, with at most prose before it (a breadcrumb line), is one (`## Moya`, or
    /// `### Notes` over `####` parts) that every other heading stands under, or, as the page's first block,
    /// its only heading (`## Functions in Swift` over its text and code): a note titled one level down
    /// (asked only where no level-1 heading and no front matter names the page). Nil where another heading
    /// is as shallow, code comes before it, or the heading is labelled.
    static func loneTopHeading(_ blocks: [OutlineBlock]) -> Int? {
        // Only prose may stand before it (a breadcrumb line, a badge): no code, no label.
        guard let first = blocks.firstIndex(where: { headingLevel($0) != nil || isContent($0) }),
            let level = headingLevel(blocks[first]), blocks[first].label == nil,
            !OutlineBuilder.isAside(blocks[first].text)
        else { return nil }
        let shallowest = shallowestHeadingLevel(after: first, blocks)
        if let shallowest, shallowest <= level { return nil }
        // After prose, a lone heading over its own code is a section of an untitled note (`Intro.` over `## Make`).
        return first == 0 || shallowest != nil ? first : nil
    }

    /// The page's only level-1 heading when one or two blocks stand above it and every other heading is
    /// deeper: a preamble the author put over the title (a fenced box of study notes' dates and authors, a
    /// badge line), not content the title comes after. `titleHeading` looks only above the first content.
    static func titleBelowPreamble(_ blocks: [OutlineBlock]) -> Int? {
        guard let first = blocks.firstIndex(where: { headingLevel($0) != nil }), (1...2).contains(first),
            headingLevel(blocks[first]) == 1, blocks[first].label == nil, !OutlineBuilder.isAside(blocks[first].text),
            !blocks[..<first].contains(where: { $0.label != nil }),
            !blocks[(first + 1)...].contains(where: { headingLevel($0) == 1 })
        else { return nil }
        return first
    }

    /// Whether the first content stands under an unlabelled level-1 heading other than the one at `index`
    /// (`# Setting up` over the first code, or over the `## Test cases` that holds it): the body's level-1
    /// headings are then its parts, and the heading at `index` one of them, not a title over `##` sections (a
    /// study note's or a chapter's own `# Title`, which a reader takes over the front matter's; counting
    /// conventions item 12).
    static func contentStandsUnderAnotherLevelOne(_ index: Int, _ blocks: [OutlineBlock]) -> Bool {
        guard let anchor = blocks.firstIndex(where: isContent) else { return false }
        var position = anchor - 1
        while position > index {
            let block = blocks[position]
            if headingLevel(block) == 1, block.label == nil, !OutlineBuilder.isAside(block.text) { return true }
            position -= 1
        }
        return false
    }

    /// A numbered list at the top level whose items hold code, or with code between its items, is a list
    /// of steps (`1. Add a property:` then its code, `2. Build and run.`): each item is one step, with the
    /// code under it or after it up to the next item (in a document without section or step labels, only an
    /// item that shows code: there steps are code, and an item without is prose). It takes two items at
    /// least; a numbered list without code (reasons, prerequisites), or with code only after its last item,
    /// is prose. In a document with
    /// no code and no step labels at all, a numbered list that is the body of the page (three items or
    /// more, a third of its paragraphs and items at least) is its steps (`1. Open the project.`, `2. Choose
    /// File > New > Target.`, …): instructions a reader follows are steps without code too, while a short
    /// list in a page of prose (three challenges after a lesson's summary) stays prose; under labelled
    /// section headings, each section's list is weighed within its section. A numbered list of links only
    /// is a table of contents, never steps.
    /// `unnumbered` holds the openers of lists that lost an item without code: their numbers skip where
    /// the author's did not, so `step-numbering` must not judge them.
    static func numberedListSteps(
        _ blocks: [OutlineBlock], titleIndex: Int? = nil
    ) -> (openers: Set<Int>, blocks: Set<Int>, unnumbered: Set<Int>) {
        func countOpeners(_ range: ClosedRange<Int>) -> Int { range.count { blocks[$0].listItem?.opens == true } }
        let proseOnly = !blocks.contains { $0.isCode || $0.label?.kind == .step }
        // Step labels only: numbered sections (`## 3. Configure the store`) label sections, so a list inside one
        // of an outline of steps is read as in a page without labels. The title's own label (`# Step 3: CSV
        // files` over the page) names the page, not a step in it: it labels none of the page's steps.
        let hasLabels = blocks.indices.contains { $0 != titleIndex && blocks[$0].label?.kind == .step }
        // In a page of labelled sections (`## Section 2: …`, `## 2. …`), each section is a page of its own:
        // its list is measured against its own paragraphs and items.
        let sectionStarts = blocks.indices.filter { headingLevel(blocks[$0]) != nil && blocks[$0].label?.kind == .section }
        func textBlocks(around position: Int) -> Int {
            let start = sectionStarts.last { $0 < position } ?? 0
            let end = sectionStarts.first { $0 > position } ?? blocks.count
            return blocks[start..<end].count { block in
                if case .heading = block.kind { return false }
                return !block.isCode
            }
        }
        var openers = Set<Int>()
        var members = Set<Int>()
        var unnumbered = Set<Int>()
        var index = 0
        while index < blocks.count {
            guard blocks[index].listItem?.opens == true else {
                index += 1
                continue
            }
            let end = proseOnly ? lastBlockOfList(from: index, blocks) : lastBlockOfListWithCode(from: index, blocks)
            var runOpeners: [Int] = []
            var hasCode = false
            let openerCount = countOpeners(index...end)
            for position in index...end {
                if blocks[position].listItem?.opens == true { runOpeners.append(position) }
                // Code after the last item alone does not make steps of a list (`two fields: 1. … 2. …`
                // then the code that declares them), unless the item says more follows (`2. Through the
                // API:` over the command): then it is that item's code (counting conventions item 34).
                if blocks[position].isCode,
                    blocks[position].listItem != nil || runOpeners.count < openerCount
                        || (position > index && blocks[position - 1].listItem != nil
                            && blocks[position - 1].saysMoreFollows)
                {
                    hasCode = true
                }
            }
            if runOpeners.count == 1, !proseOnly, loneItemHoldsWhatFollows(index, through: end, blocks) {
                // Item 9's run of one: its item holds the code after it, as a longer run's last item would.
                openers.insert(index)
                members.formUnion(index...end)
                index = end + 1
                continue
            }
            let instructions =
                proseOnly && runOpeners.count >= 3 && runOpeners.count * 3 >= textBlocks(around: index)
                && !runOpeners.allSatisfy { blocks[$0].links == .whole }
            if runOpeners.count >= 2, hasCode, !hasLabels {
                // In a list of steps with code in a document without labels, an item with none (`3. Result`
                // over a screenshot, `2. Why` before a bullet list and the code it explains) is no step: as
                // everywhere in such a document, steps are code; its text is prose of what follows.
                var kept: [Int] = []
                for (offset, opener) in runOpeners.enumerated() {
                    let itemEnd = offset + 1 < runOpeners.count ? runOpeners[offset + 1] - 1 : end
                    guard (opener...itemEnd).contains(where: { blocks[$0].isCode }) else { continue }
                    kept.append(opener)
                    members.formUnion(opener...itemEnd)
                }
                openers.formUnion(kept)
                if kept.count < runOpeners.count { unnumbered.formUnion(kept) }
            } else if runOpeners.count >= 2, hasCode || instructions {
                openers.formUnion(runOpeners)
                members.formUnion(index...end)
            }
            index = end + 1
        }
        return (openers, members, unnumbered)
    }

    /// A page of a course whose title is its place in the course (`# Step 1` over `## Setup`, `## First
    /// Workflow` and their code, `# 第 4 节：微调` over its parts, or `## Step 5` over `## Setup` in a page
    /// without a level-1 heading): the document's first heading is a step or section label, no other block
    /// carries one of its kind, and headings follow, none shallower. That label heads the whole page, not one
    /// step or section.
    static func stepLabelTitle(_ blocks: [OutlineBlock]) -> Int? {
        guard let first = blocks.firstIndex(where: { headingLevel($0) != nil }), let level = headingLevel(blocks[first]),
            let kind = blocks[first].label?.kind,
            !blocks[(first + 1)...].contains(where: { $0.label?.kind == kind })
        else { return nil }
        // Other headings follow, none shallower: at level 1 they stand under it, below it they are its siblings
        // (`## Step 5` over `## Setup`, where the page has no level-1 heading).
        guard let shallowest = shallowestHeadingLevel(after: first, blocks), shallowest >= level else { return nil }
        return first
    }

    /// The level of the shallowest heading after `index`, nil when none follows.
    static func shallowestHeadingLevel(after index: Int, _ blocks: [OutlineBlock]) -> Int? {
        var shallowest: Int?
        for block in blocks[(index + 1)...] {
            if let level = headingLevel(block), level < (shallowest ?? Int.max) { shallowest = level }
        }
        return shallowest
    }

    /// Code, a step label or a section label heading: what a tutorial's title heads.
    static func isContent(_ block: OutlineBlock) -> Bool {
        switch block.kind {
        case .code: return true
        case .heading: return block.label != nil
        case .paragraph: return block.label?.kind == .step
        case .prose: return false
        }
    }

    static func headingLevel(_ block: OutlineBlock) -> Int? {
        if case .heading(let level) = block.kind { return level }
        return nil
    }

    /// Whether no content lies past the part of the document the heading at `index` heads.
    ///
    /// Plain loops: the same search written with `firstIndex(where:)` over a slice crashed the Swift 6.3.1
    /// optimizer (CopyPropagation, "Found outside of lifetime use") in release builds.
    /// Where the part a heading heads ends: the index of the next heading of its level or higher, or the end.
    /// (A block that is no heading heads nothing: its part ends at the next heading.)
    static func partEnd(of index: Int, _ blocks: [OutlineBlock]) -> Int {
        let level = headingLevel(blocks[index]) ?? 7
        var position = index + 1
        while position < blocks.count {
            if let other = headingLevel(blocks[position]), other <= level { break }
            position += 1
        }
        return position
    }

    static func holdsAllContent(_ index: Int, _ blocks: [OutlineBlock]) -> Bool {
        var position = partEnd(of: index, blocks)
        while position < blocks.count {
            if isContent(blocks[position]) { return false }
            position += 1
        }
        return true
    }

    /// Section label headings without a title (`## Section 2`), each with the unlabelled heading right after
    /// it that titles it.
    static func sectionTitleHeadings(_ blocks: [OutlineBlock], titleIndex: Int?) -> [Int: Int] {
        var result: [Int: Int] = [:]
        for index in blocks.indices.dropLast() {
            guard case .heading = blocks[index].kind, let label = blocks[index].label, label.kind == .section,
                label.title.isEmpty, case .heading = blocks[index + 1].kind, blocks[index + 1].label == nil,
                index + 1 != titleIndex, !OutlineBuilder.isAside(blocks[index + 1].text)
            else { continue }
            result[index] = index + 1
        }
        return result
    }

    /// 1 where a page without a title heading has level-1 headings and deeper ones: its level-1 headings
    /// stand after content (else the first would be the title), so they are its parts.
    static func levelOfPartsAfterContent(_ unlabelledLevels: [Int]) -> Int? {
        unlabelledLevels.contains(1) && unlabelledLevels.contains { $0 > 1 } ? 1 : nil
    }

    /// The title heading's index (see `titleHeading`), if the page has one.
    static func titleIndex(_ blocks: [OutlineBlock], declaredTitle: String?, frontMatterTitle: String?) -> Int? {
        let heading =
            stepLabelTitle(blocks) ?? titleHeading(blocks) ?? titleBelowPreamble(blocks)
            ?? (frontMatterTitle == nil && declaredTitle == nil ? loneTopHeading(blocks) : nil)
        if frontMatterTitle != nil, let heading, contentStandsUnderAnotherLevelOne(heading, blocks) {
            // The front matter names the page; the body's level-1 headings are its sections.
            return nil
        }
        return heading
    }
}
