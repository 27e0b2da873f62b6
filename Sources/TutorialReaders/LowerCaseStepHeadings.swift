/// A step heading whose title goes on in lower case right after the number (`## Step 2 write the jars`)
/// where it stands in a series of step headings (`## Step 1`, `## Step3 Shelf Page`): the author's label,
/// as the others are. `StepHeadings` reads a lower-case word after the number as a sentence about the step
/// (`Step 5 is the last one`), right for prose and for a heading that stands alone; in a series the heading
/// labels its step whatever case its title opens with, and read as a sentence it loses the step (the
/// numbered items under it become steps of their own).
///
/// A series as `OutlineNumbering` reads one at a level: the nearest heading at the same level before the
/// heading (deeper ones stand inside its part, a shallower one ends the series) labels step N-1, or the
/// nearest one after it labels step N+1. A heading labelled here counts for the next (`## Step 2 fill…`,
/// `## Step 3 label…` after `## Step 1`). Paragraphs keep the sentence guard: `Step 5 is…` in prose is
/// prose, and a heading out of the series (alone, at another level, numbered apart) is a heading.
enum LowerCaseStepHeadings {
    /// The blocks with each such heading labelled as its step.
    static func label(_ blocks: [OutlineBlock]) -> [OutlineBlock] {
        guard blocks.contains(where: { stepNumber($0) != nil && BuildState.headingLevel($0) != nil }) else {
            return blocks
        }
        var result = blocks
        for (index, block) in blocks.enumerated() {
            guard case .heading(let level) = block.kind, block.label == nil,
                StepHeadings.match(Substring(block.text), inHeading: true) == nil,
                let match = StepHeadings.match(Substring(block.text), inHeading: true, titleMayOpenLowerCase: true),
                match.kind == .step, let number = match.number
            else { continue }
            let before = nearestHeading(from: index, level: level, step: -1, result).flatMap { stepNumber(result[$0]) }
            let after = nearestHeading(from: index, level: level, step: 1, result).flatMap { stepNumber(result[$0]) }
            guard before == number - 1 || after == number + 1 else { continue }
            result[index] = block.with(label: match)
        }
        return result
    }

    /// The number of the step a block is labelled with, if any.
    private static func stepNumber(_ block: OutlineBlock) -> Int? {
        guard let label = block.label, label.kind == .step else { return nil }
        return label.number
    }

    /// The index of the nearest heading at `level` before (`step` -1) or after (`step` 1) the one at `index`,
    /// passing over deeper headings; nil where a shallower heading or the end of the page comes first.
    private static func nearestHeading(from index: Int, level: Int, step: Int, _ blocks: [OutlineBlock]) -> Int? {
        var position = index + step
        while blocks.indices.contains(position) {
            if let other = BuildState.headingLevel(blocks[position]) {
                if other == level { return position }
                if other < level { return nil }
            }
            position += step
        }
        return nil
    }
}
