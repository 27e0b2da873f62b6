import TutorialModel

/// Re-reading a Markdown document after an edit inside one fenced code block's code: the previous model
/// with that block's snippet made again and every range after the edit moved, instead of the outline built
/// again from every block (most of a keystroke's re-read in a long tutorial, for an edit that changes no
/// structure).
///
/// Why that is the model `OutlineBuilder.build` gives: the builder reads a fenced code block only through its
/// kind (code), its language, file name and whether it is indented (none of which the edit changed here), its
/// range, and its code and source map, which go into the block's snippet and nowhere else (a code block's
/// text is empty; only an indented block's code becomes prose). Every other block is the previous block, moved
/// when it stands after the edit, so every decision the builder makes is the same, and the ranges it builds
/// (unions, minima and maxima of block ranges) are the previous ones moved as the block ranges moved. Anything
/// else (a block of the window that differs, a block the builder clamps to the next, a range with an end
/// inside the edit) gives nil, and the outline is built again. The property tests of `rereadTutorial` compare
/// every re-read with a whole read.
enum CodeEditPatch {
    /// The model of `new` (the blocks after `change`, whose window was parsed again), from `previous`, the
    /// model built from `old` (the blocks before it); nil unless the edit changed only one fenced block's code.
    static func patched(
        _ previous: Tutorial, old: [OutlineBlock], new: [OutlineBlock], window: SourceRange, change: DocumentChange,
        document: SourceDocument, diagnostics: [ReaderDiagnostic]
    ) -> Tutorial? {
        guard old.count == new.count, let edited = editedBlock(old, change: change),
            sameBlocksBut(edited, old: old, new: new, window: window, change: change),
            case .code(let code) = new[edited].kind
        else { return nil }
        var moved = RangeMove(replaced: change.replaced, delta: change.delta)
        let oldCodeRange = codeRange(old[edited])
        var sections: [Section] = []
        sections.reserveCapacity(previous.sections.count)
        for section in previous.sections {
            let steps = section.steps.map { step in
                // A step wholly before the edit is the previous one, kept as it is: its storage shared, the next
                // analysis tells it unchanged by identity rather than by comparing its contents.
                if step.range.end < change.replaced.start,
                    step.snippets.allSatisfy({ $0.range.end < change.replaced.start })
                { return step }
                return step.moved(
                    range: moved.range(step.range),
                    snippets: step.snippets.map { snippet in
                        guard snippet.range == oldCodeRange else { return moved.snippet(snippet) }
                        // The edited block's snippet, made as the builder makes it (its file name may come from a
                        // caption before it, which the edit did not touch).
                        return Snippet(
                            fileName: snippet.fileName, language: code.language, code: code.code,
                            kind: code.kind(fileName: snippet.fileName), range: code.range, sourceMap: code.sourceMap)
                    })
            }
            sections.append(
                Section(title: section.title, label: section.label, range: moved.range(section.range), steps: steps))
        }
        guard !moved.failed else { return nil }
        return Tutorial(
            document: document, format: previous.format, title: previous.title, sections: sections,
            diagnostics: diagnostics)
    }

    /// The index of the fenced code block whose code holds the edit strictly inside (the code's first and
    /// last bytes stay), standing apart from the blocks around it (none the builder clamps).
    private static func editedBlock(_ blocks: [OutlineBlock], change: DocumentChange) -> Int? {
        let replaced = change.replaced
        guard let index = blocks.firstIndex(where: { $0.range.end > replaced.start }),
            case .code(let code) = blocks[index].kind, !code.isIndented,
            code.range.start < replaced.start, replaced.end < code.range.end,
            blocks[index].range.start <= code.range.start, code.range.end <= blocks[index].range.end
        else { return nil }
        if index > 0, blocks[index - 1].range.end > blocks[index].range.start { return nil }
        if index + 1 < blocks.count, blocks[index].range.end > blocks[index + 1].range.start { return nil }
        return index
    }

    /// Whether the window's blocks in `new` are those of `old` (moved when after the edit) but the edited one,
    /// which is still a fenced code block of the same language and file name with its ends moved as the edit
    /// moves them. The blocks outside the window are the previous ones by the splice's construction.
    private static func sameBlocksBut(
        _ edited: Int, old: [OutlineBlock], new: [OutlineBlock], window: SourceRange, change: DocumentChange
    ) -> Bool {
        let (replaced, delta) = (change.replaced, change.delta)
        guard let first = new.firstIndex(where: { $0.range.start >= window.start }), first <= edited else {
            return false
        }
        var index = first
        while index < new.count, new[index].range.start < window.end || index <= edited {
            let (before, after) = (old[index], new[index])
            if index == edited {
                guard case .code(let was) = before.kind, case .code(let now) = after.kind, !now.isIndented,
                    was.language == now.language, was.fileName == now.fileName, before.text == after.text,
                    before.label == after.label, before.listItem == after.listItem, before.links == after.links,
                    after.range == SourceRange(start: before.range.start, end: before.range.end + delta),
                    now.range.start == was.range.start, now.range.end == was.range.end + delta
                else { return false }
            } else if before.range.end <= replaced.start {
                guard after == before else { return false }
            } else if before.range.start >= replaced.end {
                guard after == before.shifted(by: delta) else { return false }
            } else {
                return false
            }
            index += 1
        }
        return true
    }

    private static func codeRange(_ block: OutlineBlock) -> SourceRange? {
        if case .code(let code) = block.kind { return code.range }
        return nil
    }
}

/// Where the previous model's ranges stand after the edit: an offset before the replaced bytes stays, one
/// after them moves by `delta`; one at or inside them (only the edited block's are, and its snippet is made
/// again) has no sure place, which `failed` records (the caller then builds the outline again).
private struct RangeMove {
    let replaced: SourceRange
    let delta: Int
    private(set) var failed = false

    init(replaced: SourceRange, delta: Int) {
        self.replaced = replaced
        self.delta = delta
    }

    mutating func offset(_ offset: Int) -> Int {
        if offset < replaced.start { return offset }
        if offset > replaced.end { return offset + delta }
        failed = true
        return offset
    }

    mutating func range(_ range: SourceRange) -> SourceRange {
        let (start, end) = (offset(range.start), offset(range.end))
        guard start <= end else {
            failed = true
            return range
        }
        return SourceRange(start: start, end: end)
    }

    mutating func snippet(_ snippet: Snippet) -> Snippet {
        if snippet.range.end < replaced.start { return snippet }
        guard snippet.range.start > replaced.end else {
            failed = true
            return snippet
        }
        return snippet.shifted(by: delta)
    }
}
