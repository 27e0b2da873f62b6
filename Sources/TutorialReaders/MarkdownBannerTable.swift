import TutorialModel

/// A raw HTML table that opens a Markdown page, nothing shown above it but front matter: a project's banner,
/// its icon in one cell beside its name in another (`<table><tr><td><img …></td><td><h1>Jar Tool</h1></td>`).
/// The site shows its level-1 heading as the page's header, as it shows a centred `<h1>` (rounds 19 and 56),
/// so that heading is read as one. Headings in any other table stay prose (a comparison table, a table of
/// contents), and the banner gives one heading, no section of its own.
enum MarkdownBannerTable {
    /// `blocks`, read from the raw HTML block at `range` of `bytes`, with the first level-1 heading in its
    /// cells read as a heading when the block is a table; otherwise `blocks` as they are.
    static func headed(_ blocks: [OutlineBlock], bytes: [UInt8], range: SourceRange) -> [OutlineBlock] {
        let markup = HTMLRawMarkup(bytes: bytes, range: range)
        guard let opening = markup.tags.first, opening.name == "table", !opening.isEnd,
            let start = markup.tags.first(where: { $0.name == "h1" && !$0.isEnd })?.range.start,
            let position = blocks.firstIndex(where: { $0.kind == .prose && $0.range.start == start })
        else { return blocks }
        let prose = blocks[position]
        let heading = OutlineBlock(
            kind: .heading(level: 1), text: prose.text, range: prose.range,
            label: StepHeadings.match(Substring(prose.text), inHeading: true))
        // The cell holding the heading is read first as one prose block of all its text, which the heading
        // and the blocks under it in the cell show again.
        return blocks.indices.compactMap { index in
            if index == position { return heading }
            let block = blocks[index]
            let holdsHeading = index < position && block.range.start <= prose.range.start && block.range.end >= prose.range.end
            return holdsHeading ? nil : block
        }
    }
}
