/// Step labels inside a step the author labelled (`#### Step 3-1 Explanation` under `## Step 3:`, `#### Step 2`
/// inside an outline's step `### 2.4`): the author's steps are the shallowest labelled headings, and a deeper
/// label in one of their parts names a piece of that step, as a numbered list inside it does (counting
/// conventions item 14). Such headings lose their label and read as the step's sub-headings, and paragraph
/// labels inside an outline's step (`**Step 1:**` inside `### 4.2`) as its prose.
enum NestedStepLabels {
    static func asDetail(_ blocks: [OutlineBlock]) -> [OutlineBlock] {
        var result = blocks
        var index = 0
        while index < blocks.count {
            guard blocks[index].label?.kind == .step, let level = BuildState.headingLevel(blocks[index]) else {
                index += 1
                continue
            }
            let end = BuildState.partEnd(of: index, blocks)
            let outline = blocks[index].label.map(\.label).flatMap(outlineNumber)
            for inner in (index + 1)..<end where blocks[inner].label?.kind == .step {
                // An outline's leaf under a step that holds prose of its own (`1.1.1` under `1.1`) is a step
                // of the outline as well (`OutlineNumbering`).
                if let outline, let number = blocks[inner].label.map(\.label).flatMap(outlineNumber),
                    number.count > outline.count, Array(number.prefix(outline.count)) == outline
                {
                    continue
                }
                if let innerLevel = BuildState.headingLevel(blocks[inner]), innerLevel > level {
                    result[inner] = blocks[inner].with(label: .some(nil))
                } else if outline != nil, case .paragraph = blocks[inner].kind {
                    // A paragraph label inside an outline's step (`**Step 1: Send**` under `### 4.2 The
                    // protocol`) names a stage of that step, another series than the outline's numbers; after
                    // a `Step 2` heading, `Step 3:` opening a paragraph goes on with the heading's series.
                    result[inner] = blocks[inner].with(label: .some(nil))
                }
            }
            index = end
        }
        return recapsAsProse(result)
    }

    /// Paragraph labels that repeat a step heading's label after it (`**Step 1 — prior work**` over a reading
    /// list, after `## Step 1 — The question` to `## Step 4`): the page goes back over its steps, it does not
    /// add steps. A paragraph label the headings have not used (`Step 3:` after a `Step 2` heading) keeps it.
    private static func recapsAsProse(_ blocks: [OutlineBlock]) -> [OutlineBlock] {
        var result = blocks
        var headingLabels = Set<String>()
        for (index, block) in blocks.enumerated() {
            guard let label = block.label, label.kind == .step else { continue }
            let written = label.label.lowercased()
            if BuildState.headingLevel(block) != nil {
                headingLabels.insert(written)
            } else if case .paragraph = block.kind, headingLabels.contains(written) {
                result[index] = block.with(label: .some(nil))
            }
        }
        return result
    }

    /// The parts of a label `OutlineNumbering` wrote (`1.1`, `3.3.1`): numbers and dots only.
    private static func outlineNumber(_ label: String) -> [Int]? {
        let parts = label.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count >= 2, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.compactMap { $0 }
    }
}
