import TutorialModel

// A resumed timeline build (`TimelineCheckpoints`) that reaches a checkpoint past the steps an edit changed, in
// the state the previous build had there, takes the rest of the previous build instead of walking every later
// step again: the builder's state before a step decides everything it does from there (`TimelineBuilder.readsLike`),
// and every later step shows what it showed before, only moved in the document by the edit (`StepMoves`), so
// the rest is the previous build's states and snippets left out, moved as their steps moved.

/// How each step of a tutorial stands against the same step of the previous version's: by how many bytes it moved
/// when it shows the same (its prose, title, label and snippets' code alike, every range moved by the same count),
/// from the first step after the last one that differs to the end.
struct StepMoves {
    /// The first step from which every step is the previous one moved (the count of steps when the last differs).
    let alikeFrom: Int
    /// By step, how far it moved, for the steps from `alikeFrom` on that moved.
    let deltas: [StepID: Int]

    /// Compares `new` with `old` from the last step back, as far as each step is the old one moved.
    init(new: [Step], old: [Step]) {
        guard new.count == old.count else {
            (alikeFrom, deltas) = (new.count, [:])
            return
        }
        var first = new.count
        var deltas: [StepID: Int] = [:]
        while first > 0, let delta = Self.move(from: old[first - 1], to: new[first - 1]) {
            if delta != 0 { deltas[new[first - 1].id] = delta }
            first -= 1
        }
        (alikeFrom, self.deltas) = (first, deltas)
    }

    /// By how many bytes `new` is `old` moved, when it shows the same; nil when it does not.
    static func move(from old: Step, to new: Step) -> Int? {
        let delta = new.range.start - old.range.start
        guard new.id == old.id, new.range == old.range.shifted(by: delta), new.snippets.count == old.snippets.count,
            new.prose == old.prose, new.title == old.title, new.label == old.label,
            new.labelNumber == old.labelNumber
        else { return nil }
        for (was, now) in zip(old.snippets, new.snippets) where !isMove(from: was, to: now, by: delta) { return nil }
        return delta
    }

    /// Whether `new` is `old` moved by `delta`: the same code, kind, file and language, its range and source map
    /// moved by `delta`.
    private static func isMove(from old: Snippet, to new: Snippet, by delta: Int) -> Bool {
        guard new.code == old.code, new.kind == old.kind, new.fileName == old.fileName, new.language == old.language,
            new.docc == old.docc, new.range == old.range.shifted(by: delta),
            new.sourceMap.fallback == old.sourceMap.fallback.shifted(by: delta),
            new.sourceMap.segments.count == old.sourceMap.segments.count
        else { return false }
        return zip(old.sourceMap.segments, new.sourceMap.segments).allSatisfy { was, now in
            now.codeOffset == was.codeOffset && now.length == was.length && now.documentOffset == was.documentOffset + delta
        }
    }

    /// `snippet` of `step`, moved as its step moved.
    func moved(_ snippet: Snippet, of step: StepID) -> Snippet {
        guard let delta = deltas[step] else { return snippet }
        return Snippet(
            fileName: snippet.fileName, language: snippet.language, code: snippet.code, kind: snippet.kind,
            range: snippet.range.shifted(by: delta), sourceMap: snippet.sourceMap.shifted(by: delta), docc: snippet.docc)
    }

    /// `state`, moved as its step moved: its snippet, and the snippet shown when it was composed.
    func moved(_ state: FileState) -> FileState {
        guard deltas[state.step] != nil else { return state }
        return FileState(
            step: state.step, snippetIndex: state.snippetIndex, snippet: moved(state.snippet, of: state.step),
            nameSource: state.nameSource,
            composition: state.composition.map { composition in
                FileState.Composition(
                    kind: composition.kind, shown: moved(composition.shown, of: state.step), summary: composition.summary)
            })
    }
}

extension TimelineBuilder {
    /// Whether this state, before the step at a checkpoint, decides every later step as `checkpoint` (the previous
    /// build's state there, whose lists `build` holds) does: the same files in the same order, each as long with
    /// the same last state (what placing, composing and naming read of a file), the same snippets left out so
    /// far, and the same files known, recent, last named and charged against the composition budget.
    func readsLike(_ checkpoint: TimelineBuilder, of build: Timelines) -> Bool {
        guard startsLike(checkpoint), let lengths = checkpoint.savedLengths, order == checkpoint.order,
            unplaced.count == lengths.unplaced, recentFiles == checkpoint.recentFiles,
            lastNamedFile == checkpoint.lastNamedFile, knownFiles == checkpoint.knownFiles,
            compositionBytes == checkpoint.compositionBytes, chargedStates == checkpoint.chargedStates
        else { return false }
        for file in build.files {
            let mine = states[file.fileName] ?? []
            guard mine.count == lengths.states[file.fileName] ?? 0 else { return false }
            guard let last = mine.last else { continue }
            let theirs = file.states[mine.count - 1]
            guard last.step == theirs.step, last.snippetIndex == theirs.snippetIndex, last.code == theirs.code,
                last.nameSource == theirs.nameSource, last.composition?.kind == theirs.composition?.kind,
                last.composition?.summary == theirs.composition?.summary, last.snippet.kind == theirs.snippet.kind,
                last.snippet.fileName == theirs.snippet.fileName, last.snippet.language == theirs.snippet.language,
                last.snippet.docc == theirs.snippet.docc
            else { return false }
        }
        return true
    }

    /// Takes the rest of `build` (the previous build) from the checkpoint `checkpoint`, whose state this one reads
    /// like: the states and snippets left out from there on, moved as `moves` says (the judgements of those steps
    /// are this build's already: a build of a newer version starts from the previous build's).
    mutating func takeRest(of build: Timelines, from checkpoint: TimelineBuilder, moves: StepMoves) {
        let lengths = checkpoint.savedLengths ?? SavedLengths(states: [:], unplaced: 0)
        for file in build.files {
            let kept = file.states.count - (lengths.states[file.fileName] ?? 0)
            states[file.fileName, default: []] += file.states.suffix(kept).map(moves.moved)
        }
        unplaced += build.unplaced.dropFirst(lengths.unplaced).map { left in
            UnplacedSnippet(
                step: left.step, snippetIndex: left.snippetIndex, snippet: moves.moved(left.snippet, of: left.step),
                fileName: left.fileName, reason: left.reason)
        }
        order = build.files.map(\.fileName)
    }
}
