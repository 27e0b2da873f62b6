import TutorialModel

/// Where sections start: the heading levels that carry code, for the document and, where a part at the
/// title's level groups sections of its own, for that part (`BuildState`'s section levels).
extension BuildState {
    /// For each part headed at the title's level that holds no code before its first deeper heading (it
    /// groups sections rather than being one), the level its sections start below when it is deeper than
    /// the document's: the shallowest level of its headings that carry code, as in the document as a
    /// whole (`# Layer` over `### Uses` and `### Example` with code, where the title's part has `## init`).
    static func groupSectionLevels(_ blocks: [OutlineBlock], titleIndex: Int?, titleLevel: Int, top: Int) -> [Int: Int] {
        var result: [Int: Int] = [:]
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
            while end < blocks.count {
                if let deeper = headingLevel(blocks[end]) {
                    if deeper <= titleLevel { break }
                    levels.insert(deeper)
                    sawDeeperHeading = true
                } else if !sawDeeperHeading, blocks[end].isCode {
                    ownCode = true
                }
                end += 1
            }
            if !ownCode, let partTop = levelsCarryingCode(Array(blocks[(index + 1)..<end]), among: levels).min(),
                partTop > top
            {
                result[index] = partTop + 1
            }
            index = end
        }
        return result
    }

    /// The heading levels among `levels` with a heading that carries code: a code block between it and the next
    /// heading of its level or shallower.
    static func levelsCarryingCode(_ blocks: [OutlineBlock], among levels: Set<Int>) -> Set<Int> {
        var carrying = Set<Int>()
        var open: [Int] = []  // levels of the headings whose part the walk is in
        for block in blocks {
            if let level = headingLevel(block) {
                open.removeAll { $0 >= level }
                guard levels.contains(level), block.label == nil, !OutlineBuilder.isAside(block.text) else { continue }
                open.append(level)
            } else if block.isCode {
                carrying.formUnion(open)
            }
        }
        return carrying
    }
}
