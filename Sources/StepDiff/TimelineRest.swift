import TutorialModel

// A resumed timeline build (`TimelineCheckpoints`) that reaches a checkpoint past the steps an edit changed, in
// the state the previous build had there, takes the rest of the previous build instead of walking every later
// step again: the builder's state before a step decides everything it does from there (`TimelineBuilder.readsLike`),
// and every later step shows what it showed before, only moved in the document by the edit (`StepMoves`), so
// the rest is the previous build's states and snippets left out, moved as their steps moved.

/// How each step of a tutorial stands against the same step of the previous version's: by how many bytes it moved
/// when it shows the same (its prose, title, label and snippets' code the same bytes, every range moved by the same
/// count), from the first step after the last one that differs to the end. Bytes, not `==` (canonical equivalence):
/// the tutorial rules take these steps' contents as the previous ones (`Timelines.movedSteps`).
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
        deltas.reserveCapacity(new.count)
        // Steps and snippets read in place: copying each out of its array cost more than comparing it.
        while first > 0, let delta = Self.move(at: first - 1, from: old, to: new) {
            if delta != 0 { deltas[new[first - 1].id] = delta }
            first -= 1
        }
        (alikeFrom, self.deltas) = (first, deltas)
    }

    /// By how many bytes step `index` of `new` is that of `old` moved, when it shows the same; nil when it does not.
    static func move(at index: Int, from old: [Step], to new: [Step]) -> Int? {
        new.withUnsafeBufferPointer { new in old.withUnsafeBufferPointer { new[index].displacement(from: $0[index]) } }
    }

    /// `snippet` of `step`, moved as its step moved.
    func moved(_ snippet: Snippet, of step: StepID) -> Snippet {
        guard let delta = deltas[step] else { return snippet }
        return snippet.shifted(by: delta)
    }

    /// `state`, moved as its step moved: its snippet, and the snippet shown when it was composed.
    func moved(_ state: FileState) -> FileState {
        // Looked up once for the state and the snippet its composition shows (the table is hashed by step).
        guard let delta = deltas[state.step] else { return state }
        return FileState(
            step: state.step, snippetIndex: state.snippetIndex, snippet: state.snippet.shifted(by: delta),
            nameSource: state.nameSource,
            composition: state.composition.map { composition in
                FileState.Composition(
                    kind: composition.kind, shown: composition.shown.shifted(by: delta), summary: composition.summary)
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

extension TimelineBuilder {
    /// What the builder finds in every step before the first: the labelled files and the labelled file that first
    /// declares each primary type.
    struct Start: Sendable {
        let labelledFiles: Set<String>
        let primaryTypes: [String: String]
    }

    /// The labelled files of `tutorial` and their primary types.
    static func startOfBuild(_ tutorial: Tutorial) -> Start {
        var primaryTypes: [String: String] = [:]
        // Every labelled file is known (the files that name a primary type among them): one set filled in
        // place, where gathering every step's file names into arrays first cost a tenth of building a long
        // tutorial's timelines.
        var knownFiles = Set<String>()
        var typedFiles = Set<String>()
        for step in tutorial.steps {
            for snippet in step.snippets where snippet.kind == .file {
                guard let name = snippet.fileName else { continue }
                knownFiles.insert(name)
                // `primaryTypes`' values as a set: searching the values for every snippet cost a tenth of a build.
                guard !typedFiles.contains(name) else { continue }
                if let type = primaryTypeName(in: snippet.code), primaryTypes[type] == nil {
                    primaryTypes[type] = name
                    typedFiles.insert(name)
                }
            }
        }
        return Start(labelledFiles: knownFiles, primaryTypes: primaryTypes)
    }

    /// Whether `new` gives the start of a build what `old` gave it: the same snippets' kinds and file names, and
    /// each labelled whole file the same primary type.
    static func startsAlike(_ old: Step, _ new: Step) -> Bool {
        let (was, now) = (old.snippets, new.snippets)
        guard was.count == now.count else { return false }
        for index in was.indices {
            guard was[index].kind == now[index].kind, was[index].fileName == now[index].fileName else { return false }
            guard was[index].kind == .file, was[index].fileName != nil, was[index].code != now[index].code else { continue }
            guard primaryTypeName(in: was[index].code) == primaryTypeName(in: now[index].code) else { return false }
        }
        return true
    }
}
