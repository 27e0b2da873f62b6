import TutorialModel

/// The drafts the walk fills: code added to the open step, the pending title and prose of an implicit step,
/// and the steps and sections closed as the walk leaves them.
extension BuildState {
    /// Adds the code of block `index` to the open step.
    mutating func appendSnippet(_ code: OutlineCode, of index: Int) {
        let fileName = code.fileName ?? captionFileNames[index]
        step?.snippets.append(Snippet(
            fileName: fileName, language: code.language, code: code.code, kind: code.kind(fileName: fileName),
            range: code.range, sourceMap: code.sourceMap))
        step?.extend(to: blocks[index].range.end)
        // An aside keeps the code shown in it; prose after that code is the next step again.
        step?.inAside = false
    }

    mutating func resetPending() {
        pendingTitle = ""
        pendingStart = nil
        pendingProse = []
        pendingAside = false
    }

    mutating func closeStep() {
        guard let finished = step else { return }
        step = nil
        var current =
            section
            ?? SectionDraft(
                title: tutorialTitle ?? "", label: nil, range: SourceRange.empty(at: finished.range.start))
        // Released before the append: while `section` still shared the steps, every append copied all the
        // steps before it (quadratic: 8,000 `**Step N**` labels took 1.8 s to outline, 100,000 minutes).
        section = nil
        current.steps.append(finished)
        current.range = current.range.union(finished.range)
        section = current
    }

    mutating func closeSection() {
        closeStep()
        if let finished = section { sections.append(finished) }
        section = nil
    }
}
