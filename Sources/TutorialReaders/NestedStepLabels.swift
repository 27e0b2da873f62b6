/// Step labels inside a step the author labelled (`#### Step 3-1 Explanation` under `## Step 3:`, `#### Step 2`
/// inside an outline's step `### 2.4`): the author's steps are the shallowest labelled headings, and a deeper
/// label in one of their parts names a piece of that step, as a numbered list inside it does (counting
/// conventions item 14). Such headings lose their label and read as the step's sub-headings, and such
/// paragraphs (`**Step 1:**` inside `### 4.2`) as its prose.
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
            for inner in (index + 1)..<end where blocks[inner].label?.kind == .step {
                // A paragraph label inside the part (`**Step 1: Send the qubits**` under `### 4.2 The
                // protocol`) names a stage of that step as well.
                if let innerLevel = BuildState.headingLevel(blocks[inner]), innerLevel > level {
                    result[inner] = blocks[inner].with(label: .some(nil))
                } else if case .paragraph = blocks[inner].kind {
                    result[inner] = blocks[inner].with(label: .some(nil))
                }
            }
            index = end
        }
        return result
    }
}
