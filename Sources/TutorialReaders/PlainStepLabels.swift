/// A paragraph that opens with a step label written as plain text (`Step 3: Assign the data source …`) in a
/// page whose steps are labelled otherwise (`#### Step 1`, `#### Step 2`, or `**Step 2.**` prefixes): the
/// author labelled that step too, only without the markup the others have.
///
/// Found by the page's own labels, not by words: the paragraph's label must be the next number of a step
/// already labelled (`Step 3` after `Step 2`), so a sentence that merely begins with the word in a page
/// labelled some other way (or not at all) stays prose, and the paragraph is at the top level (not in a list
/// or a quotation). A paragraph led by a link is no label: `[Step 3: Deploy](step3.md)` at the end of a page
/// of a tutorial in many files points to the next page, whose own step it is.
enum PlainStepLabels {
    /// The blocks with each such paragraph labelled as a step.
    static func label(_ blocks: [OutlineBlock]) -> [OutlineBlock] {
        var numbers = Set(blocks.compactMap { block in block.label.flatMap { $0.kind == .step ? $0.number : nil } })
        guard !numbers.isEmpty else { return blocks }
        var result = blocks
        for (index, block) in blocks.enumerated() {
            guard case .paragraph = block.kind, block.label == nil, block.listItem == nil, block.links == .none,
                let match = StepHeadings.match(Substring(block.text)), match.kind == .step, !match.title.isEmpty,
                let number = match.number, numbers.contains(number - 1), !numbers.contains(number)
            else { continue }
            result[index] = block.with(label: match)
            numbers.insert(number)
        }
        return result
    }
}
