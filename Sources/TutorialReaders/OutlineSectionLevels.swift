import TutorialModel

/// Where sections start: the heading levels that carry code, for the document and, where a part at the
/// title's level groups sections of its own, for that part (`BuildState`'s section levels); and whether a
/// numbered section heading is a section of list steps rather than a step.
extension BuildState {
    /// The level sections start below (unlabelled headings above it open sections), the level at or above
    /// which a heading ends a step, and the parts at the title's level that group sections
    /// (`groupSectionLevels`).
    static func sectionLevels(
        _ blocks: [OutlineBlock], stepLevels: [Int], unlabelledLevels: [Int], partLevel: Int?, titleIndex: Int?,
        asides: Set<Int>
    ) -> (sectionBelow: Int, stepBreak: Int, groups: (belowLevels: [Int: Int], grouping: Set<Int>)) {
        if OutlineBuilder.isIndexPage(blocks) {
            // An index page's headings group its links, not steps: one section, a step per code block.
            return (1, 6, ([:], []))
        }
        if let stepLevel = stepLevels.min() {
            // In a page no heading titles, a level-1 part beside the labelled ones that holds no label and no
            // code of its own, only code under deeper topics, groups those topics as sections (counting
            // conventions items 9 and 10: each a step per fence); a part that holds labels is their one
            // section, as before, and so is every part of a page a level-1 heading titles.
            guard titleIndex == nil, let level = partLevel, level < stepLevel else {
                return (stepLevel, stepLevel, ([:], []))
            }
            let groups = groupSectionLevels(
                blocks, titleIndex: nil, titleLevel: level, top: stepLevel - 1, asides: asides, withoutLabelsOnly: true)
            return (stepLevel, stepLevel, groups)
        }
        // Sections are the headings of the first level below the title (and any above it that carry
        // code): a heading of the title's level between sections (`# Data` over `## @State`, `## Lists`)
        // groups them, and its sections are not its steps.
        // Where no heading of the shallower levels carries code (`## Toggle style` with prose only after
        // `### Target iOS` and its code), the shallowest level whose headings do makes the sections.
        let candidates = partLevel.map { level in unlabelledLevels.filter { $0 > level } } ?? unlabelledLevels
        let carrying = levelsCarryingCode(blocks, in: blocks.indices, among: Set(candidates), asides: asides)
        let top = carrying.min() ?? candidates.min() ?? unlabelledLevels.min() ?? 1
        guard let level = partLevel else { return (top + 1, 6, ([:], [])) }
        let groups = groupSectionLevels(blocks, titleIndex: titleIndex, titleLevel: level, top: top, asides: asides)
        return (top + 1, 6, groups)
    }

    /// For each part headed at the title's level that holds no code before its first deeper heading (it
    /// groups sections rather than being one), the level its sections start below when it is deeper than
    /// the document's: the shallowest level of its headings that carry code, as in the document as a
    /// whole (`# Layer` over `### Uses` and `### Example` with code, where the title's part has `## init`).
    ///
    /// Also the parts that group (no code of their own) whatever their sections' level: under such a heading
    /// a heading at the section level opens a section even after topics with code (`# Notes` over `### Uses`
    /// with code, then `## Capture` with code), as rule 2 reads the group's own part.
    ///
    /// With `withoutLabelsOnly` (a page whose steps are labelled), only a part that holds no label groups: a
    /// part holding labels is their section.
    static func groupSectionLevels(
        _ blocks: [OutlineBlock], titleIndex: Int?, titleLevel: Int, top: Int, asides: Set<Int>,
        withoutLabelsOnly: Bool = false
    ) -> (belowLevels: [Int: Int], grouping: Set<Int>) {
        var result: [Int: Int] = [:]
        var grouping = Set<Int>()
        var index = 0
        while index < blocks.count {
            guard index != titleIndex, let level = headingLevel(blocks[index]), level <= titleLevel else {
                index += 1
                continue
            }
            // The part runs to the next heading at the title's level or above; its own code is what stands
            // before its first deeper heading.
            var end = index + 1
            var ownCode = false
            var sawDeeperHeading = false
            var levels = Set<Int>()
            var labelled = false
            while end < blocks.count {
                if let deeper = headingLevel(blocks[end]) {
                    if deeper <= titleLevel { break }
                    levels.insert(deeper)
                    sawDeeperHeading = true
                } else if !sawDeeperHeading, blocks[end].isCode {
                    ownCode = true
                }
                if blocks[end].label != nil { labelled = true }
                end += 1
            }
            if !ownCode, !(withoutLabelsOnly && labelled),
                let partTop = levelsCarryingCode(blocks, in: (index + 1)..<end, among: levels, asides: asides).min()
            {
                grouping.insert(index)
                if partTop > top { result[index] = partTop + 1 }
            }
            index = end
        }
        return (result, grouping)
    }

    /// Whether the part of the document under a numbered section heading holds numbered-list steps: such a
    /// section is their section, no step by itself.
    static func holdsListSteps(_ section: Int, _ blocks: [OutlineBlock], _ listSteps: Set<Int>) -> Bool {
        guard headingLevel(blocks[section]) != nil else { return false }
        let end = partEnd(of: section, blocks)
        return listSteps.contains { $0 > section && $0 < end }
    }

    /// The heading levels among `levels` with a heading among `range` of `blocks` that carries code: a code
    /// block between it and the next heading of its level or shallower (`asides` carry none).
    static func levelsCarryingCode(
        _ blocks: [OutlineBlock], in range: Range<Int>, among levels: Set<Int>, asides: Set<Int>
    ) -> Set<Int> {
        var carrying = Set<Int>()
        var open: [Int] = []  // levels of the headings whose part the walk is in
        for index in range {
            let block = blocks[index]
            if let level = headingLevel(block) {
                open.removeAll { $0 >= level }
                guard levels.contains(level), block.label == nil, !asides.contains(index) else { continue }
                open.append(level)
            } else if block.isCode {
                carrying.formUnion(open)
            }
        }
        return carrying
    }

    /// The headings that open an aside (a note that belongs to the step it stands in: `### Note`, `#### ヒント`):
    /// an aside word heads one only at or below the shallowest level of the other unlabelled headings that
    /// carry code. A heading above all of them (`## ヒント` over ten fences where the topics with code are
    /// `####`) is a part of the document, whatever its word.
    static func asideHeadings(_ blocks: [OutlineBlock], besides excluded: Set<Int>) -> Set<Int> {
        var asides: [(index: Int, level: Int)] = []
        var levels = Set<Int>()
        for (index, block) in blocks.enumerated() where !excluded.contains(index) {
            guard let level = headingLevel(block) else { continue }
            if OutlineBuilder.isAside(block.text) {
                asides.append((index, level))
            } else if block.label == nil {
                levels.insert(level)
            }
        }
        let asideIndices = Set(asides.map(\.index))
        guard let shallowest = levelsCarryingCode(blocks, in: blocks.indices, among: levels, asides: asideIndices).min()
        else { return asideIndices }
        return Set(asides.filter { $0.level >= shallowest }.map(\.index))
    }
}
