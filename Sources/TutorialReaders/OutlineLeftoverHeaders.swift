import TutorialModel

/// Level-1 headings above a page's title that head nothing of the page: what `titleHeading` passes over.
extension BuildState {
    /// Whether the level-1 heading at `index` heads nothing of its own before the next level-1 heading, is a
    /// link with only links under it (a back link, a table of contents of links), or heads a part of nothing
    /// but links out of the page (`isReferenceList`).
    static func isLeftoverHeader(_ index: Int, _ blocks: [OutlineBlock]) -> Bool {
        var position = index + 1
        var part: [OutlineBlock] = []
        // A table of contents under a level-1 heading of its own (`Table of Contents` over a list of links)
        // lists the title's part: it does not end it.
        while position < blocks.count, headingLevel(blocks[position]) != 1 || isTableOfContents(position, blocks) {
            part.append(blocks[position])
            position += 1
        }
        if part.isEmpty { return true }
        return (blocks[index].links == .whole && part.allSatisfy { $0.links == .whole }) || isReferenceList(part)
    }

    /// Whether a part holds nothing but links out of the page (references, a package's mirrors, a tool's site):
    /// each paragraph a link, or in a list item a link opens (its caption, a screenshot under it). A part the
    /// author filled with links is no heading of the content after it; links into the page (`#anchor`) are the
    /// title's own table of contents, and a part with any prose, code or deeper heading is content.
    private static func isReferenceList(_ part: [OutlineBlock]) -> Bool {
        var itemsOpenedByLinks: Set<SourceRange> = []
        var sawLink = false
        for block in part where headingLevel(block) != 1 {
            guard block.kind == .paragraph, block.label == nil else { return false }
            if block.links == .whole, !block.linksStayOnPage {
                sawLink = true
                if let item = block.itemRange { itemsOpenedByLinks.insert(item) }
                continue
            }
            guard let item = block.itemRange, itemsOpenedByLinks.contains(item) else { return false }
        }
        return sawLink
    }

    /// A heading over links and nothing else up to the next heading (at least one block of them).
    private static func isTableOfContents(_ index: Int, _ blocks: [OutlineBlock]) -> Bool {
        let part = blocks[(index + 1)...].prefix { headingLevel($0) == nil }
        return !part.isEmpty && part.allSatisfy { $0.links == .whole }
    }
}
