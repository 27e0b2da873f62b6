// StepDiff owns what each step does to each file: file timelines, change sets, the line diff and
// the states that show their file unchanged; it knows no rules.

import SnippetComposition
import TutorialModel

/// One state of a file: the whole file as shown by a step's snippet, or composed from the file's
/// previous state and a snippet that shows only part of it (`composition`).
public struct FileState: Sendable {
    /// How the state's file was known.
    public enum NameSource: String, Sendable, Hashable {
        /// The page labels the snippet with its file (info string, caption, `@Code(name:)`).
        case label
        /// The snippet is unlabelled; the step's prose names the file.
        case prose
        /// The snippet is unlabelled; it declares the same primary type as a labelled file.
        case primaryType
        /// The snippet shows declarations only; they were placed into the file they belong to.
        case placement
    }

    /// The step that shows this state.
    public let step: StepID
    /// Index of the snippet within its step.
    public let snippetIndex: Int
    /// The state as a snippet: the shown snippet itself, or for a composed state the composed file, whose
    /// source map leads the shown lines to the document (the lines kept from before map to the shown
    /// lines nearest them).
    public let snippet: Snippet
    /// How the file was known (label, prose, primary type, placement).
    public let nameSource: NameSource
    /// How the state was composed, nil when the snippet shows the whole file.
    public let composition: Composition?
    /// The file's text in this state.
    public var code: String { snippet.code }

    /// A state; `nameSource` defaults to a labelled snippet.
    public init(
        step: StepID, snippetIndex: Int, snippet: Snippet, nameSource: NameSource = .label,
        composition: Composition? = nil
    ) {
        self.step = step
        self.snippetIndex = snippetIndex
        self.snippet = snippet
        self.nameSource = nameSource
        self.composition = composition
    }

    /// What the step starts from, as DocC states it: a `reset: true` file starts afresh, a
    /// `previousFile:` gives the base explicitly; nil for everything else (the previous state).
    public var explicitBase: ExplicitBase? {
        guard let docc = snippet.docc else { return nil }
        if docc.reset { return .fresh }
        if let code = docc.previousCode { return .resource(name: docc.previousResource ?? "", code: code) }
        return nil
    }

    /// A base that DocC states explicitly: nothing (`reset: true`) or a `previousFile:` resource.
    public enum ExplicitBase: Sendable, Hashable {
        case fresh
        case resource(name: String, code: String)
    }

    /// How a partial snippet became a whole state of its file.
    public struct Composition: Sendable {
        public enum Kind: String, Sendable, Hashable {
            /// The snippet leaves code out (`// ...`); the lines it stands for were kept from before.
            case elisionMerged
            /// The snippet shows declarations; they replaced or joined the file's previous state.
            case placed
            /// The snippet shows part of a file the tutorial never shows whole (a `body`, a few
            /// statements): a state of its own, diffed with the previous part shown, never a whole file.
            case partial
        }

        public let kind: Kind
        /// The snippet as the step shows it.
        public let shown: Snippet
        /// What was done, in words (`makeCoordinator() added to PageViewController`).
        public let summary: String
    }
}

/// A snippet that is no state of any file, and why.
public struct UnplacedSnippet: Sendable {
    public let step: StepID
    public let snippetIndex: Int
    public let snippet: Snippet
    /// The file it was meant for, when the page says so.
    public let fileName: String?
    /// Why it is not in any file's timeline (`shows statements, not declarations: …`).
    public let reason: String
}

/// Every file timeline of a tutorial, and the snippets that joined none.
public struct Timelines: Sendable {
    public let files: [FileTimeline]
    /// Snippets outside every timeline, in document order.
    public let unplaced: [UnplacedSnippet]
    /// What the build judged of snippets' code alone, for the build of the document's next version.
    public let judgements: TimelineJudgements
    /// The build's state every few steps, for the build of the document's next version (`buildTimelineSet`'s
    /// `checkpoints`); none unless asked for.
    let checkpoints: TimelineCheckpoints
    /// The step this build began at, resumed from the previous build's checkpoint before it (0: the first).
    public let resumedAt: Int
    /// The step from which this build took the rest of the previous build (`TimelineBuilder.takeRest`), if it did.
    public let restTakenAt: Int?
    /// Whether this build took what the previous build found before its first step (`TimelineCheckpoints.start`).
    public let startTaken: Bool
    /// This build: a later build names the one it compared its steps with (`movedSteps`).
    public let build = TimelineBuild()
    /// The steps that are the compared build's, moved in the document; nil when none was compared.
    public let movedSteps: MovedSteps?
    /// How many steps apart an editing session's builds keep their state (`buildTimelineSet`'s `checkpoints`).
    public static let checkpointInterval = 32
    /// How many steps apart this build kept its state (nil: none kept): the code-rule walk keeps its own as often.
    public var keptInterval: Int? { checkpoints.steps.isEmpty ? nil : checkpoints.interval }

    public init(files: [FileTimeline], unplaced: [UnplacedSnippet] = [], judgements: TimelineJudgements = TimelineJudgements()) {
        self.init(
            files: files, unplaced: unplaced, judgements: judgements, checkpoints: .none, resumedAt: 0, restTakenAt: nil,
            startTaken: false, movedSteps: nil)
    }

    init(
        files: [FileTimeline], unplaced: [UnplacedSnippet], judgements: TimelineJudgements,
        checkpoints: TimelineCheckpoints, resumedAt: Int, restTakenAt: Int?, startTaken: Bool, movedSteps: MovedSteps?
    ) {
        self.movedSteps = movedSteps
        self.files = files
        self.unplaced = unplaced
        self.judgements = judgements
        self.checkpoints = checkpoints
        self.resumedAt = resumedAt
        self.restTakenAt = restTakenAt
        self.startTaken = startTaken
    }

    /// The fragments left out because composing them would have gone over the document's work budget
    /// (`compositionBudgetBytes`), in document order: empty for any tutorial a person wrote.
    public var leftOverBudget: [UnplacedSnippet] {
        // The budget's reason ends what the builder says (`an excerpt of A.swift: not composed: …`).
        unplaced.filter { $0.reason.hasSuffix(TimelineBuilder.compositionBudgetReason) }
    }

    /// The bytes of earlier file states composition may hand the Swift parser in one document.
    public static let compositionBudgetBytes = TimelineBuilder.compositionBudget
}

/// What building the timelines judged of each snippet and step that depends on nothing but what it shows:
/// whether a snippet's code leaves lines out (`ElidedCode.containsElision`), by the step and position that
/// show it, and the file names a step's prose mentions (`fileNames(in:)`), by step. Building the timelines
/// of a document's next version (the server's, after a keystroke) takes each answer wherever the code or
/// prose there compares equal, instead of scanning every snippet's lines and every step's prose again.
///
/// The build of a newer version starts from all of the previous build's judgements, not only those of the steps
/// it walks (filtering them at a resumed build cost as much as the steps it saved, and a build that takes the rest
/// of the previous one judges none of the later steps): an answer recorded for a place is used only where the code
/// or prose there is the one it was judged from, so one for a place the document no longer has is never used (the
/// places are as many as the steps and snippets of the longest version of the document).
public struct TimelineJudgements: Sendable {
    struct Judgement: Sendable {
        let code: String
        let containsElision: Bool
    }

    struct Place: Hashable, Sendable {
        let step: StepID
        let index: Int
    }

    struct ProseNames: Sendable {
        let prose: String
        let names: [String]
    }

    var byPlace: [Place: Judgement] = [:]
    var proseNames: [StepID: ProseNames] = [:]

    public init() {}

    /// Whether `code`, shown at `index` in `step`, leaves lines out: the answer recorded in `previous` for
    /// the same place and code, else judged now; recorded here either way.
    mutating func containsElision(_ code: String, step: StepID, index: Int, previous: TimelineJudgements) -> Bool {
        let place = Place(step: step, index: index)
        if let known = previous.byPlace[place], known.code == code {
            // Written only when not here already: a build starts from the previous build's judgements, which it
            // then copies only once a snippet is judged again.
            if byPlace[place]?.code != code { byPlace[place] = known }
            return known.containsElision
        }
        let judged = Judgement(code: code, containsElision: ElidedCode.containsElision(code))
        byPlace[place] = judged
        return judged.containsElision
    }

    /// The file names `step`'s prose mentions: those recorded in `previous` for the same step and prose,
    /// else found now; recorded here either way.
    mutating func fileNames(inProseOf step: Step, previous: TimelineJudgements) -> [String] {
        if let known = previous.proseNames[step.id], known.prose == step.prose {
            if proseNames[step.id]?.prose != step.prose { proseNames[step.id] = known }
            return known.names
        }
        let found = ProseNames(prose: step.prose, names: StepDiff.fileNames(in: step.prose))
        proseNames[step.id] = found
        return found.names
    }
}

/// A file's states in step order across a tutorial.
public struct FileTimeline: Sendable {
    /// The file name, as labelled or inferred.
    public let fileName: String
    /// Its states in document order.
    public let states: [FileState]

    /// A timeline of `states` (in step order).
    public init(fileName: String, states: [FileState]) {
        self.fileName = fileName
        self.states = states
    }
}

/// Groups the whole-file snippets of a tutorial by file, in step order (see `buildTimelineSet`).
public func buildTimelines(_ tutorial: Tutorial, trees: SyntaxTrees = SyntaxTrees()) -> [FileTimeline] {
    buildTimelineSet(tutorial, trees: trees).files
}

/// One timeline build, told apart from every other by identity: what a later build's `MovedSteps` names.
public final class TimelineBuild: Sendable {
    init() {}
}

/// Which steps of a build are those of an earlier build (of the document's previous version), moved in the document
/// (`StepMoves`): every step from `first` on shows the same bytes as the earlier build's step at its place. Worked
/// out once per keystroke by the timelines, and taken by the tutorial rules instead of comparing the steps again.
public struct MovedSteps: Sendable {
    /// The build whose steps these were compared with.
    public let previous: TimelineBuild
    public let first: Int
}

/// Groups the snippets of a tutorial by file, in step order, and says why the others joined none.
///
/// Labelled snippets join their file's timeline. An unlabelled whole-file snippet joins one only when
/// its file can be inferred: the step's prose names exactly one file of the tutorial (or one file
/// name at all), or the snippet declares the same primary type as a labelled file.
///
/// A snippet that shows part of a file is composed with the file's previous state, never diffed as if
/// the rest had been deleted: one that leaves code out (`// ...`, `ElidedCode`) keeps the lines it
/// stands for; one that shows a few declarations (a method, a nested type, an extension, or an excerpt
/// without the file's imports) is placed into the file they belong to (`placeFragment`). What cannot
/// be composed unambiguously is listed in `unplaced` with the reason. DocC `@Code` resources are whole
/// files by construction.
///
/// `trees`: the parses of the code placement looks at, kept across calls by a caller that analyses a
/// document again and again (the server), else made for this call. `previous`: the build of the document's
/// previous version, whose judgements are reused where the code is the same and, when it kept `checkpoints`,
/// whose state before the first step that changed is where this build starts (`TimelineCheckpoints`).
/// `checkpoints`: every how many steps to keep this build's state for the next version's build
/// (`Timelines.checkpointInterval` in an editing session; nil: none kept).
public func buildTimelineSet(
    _ tutorial: Tutorial, trees: SyntaxTrees = SyntaxTrees(), previous: Timelines? = nil, checkpoints: Int? = nil
) -> Timelines {
    let moves = checkpoints == nil ? nil : previous.map { StepMoves(new: tutorial.steps, old: $0.checkpoints.steps) }
    let moved = previous.flatMap { previous in moves.map { MovedSteps(previous: previous.build, first: $0.alikeFrom) } }
    let start = moves.flatMap { moves in previous?.checkpoints.start(for: tutorial.steps, moves: moves) }
    let fresh = TimelineBuilder(
        tutorial, trees: trees, previousJudgements: previous?.judgements ?? TimelineJudgements(), start: start)
    var (builder, first) = (fresh, 0)
    var saved = checkpoints.map { TimelineCheckpoints(steps: tutorial.steps, interval: $0) } ?? .none
    if checkpoints != nil, let previous,
        let (resumed, position) = previous.checkpoints.resume(fresh, steps: tutorial.steps, from: previous)
    {
        (builder, first) = (resumed, position)
        saved.keep(previous.checkpoints, before: position)
    }
    // Past the last step the edit changed, the rest of the previous build where the builder's state is its again.
    for (position, step) in tutorial.steps.enumerated().dropFirst(first) {
        if checkpoints != nil { saved.record(builder, before: position) }
        if let previous, let moves, position >= moves.alikeFrom,
            saved.takeRest(of: previous.checkpoints, at: position, into: &builder, build: previous, moves: moves)
        {
            return builder.timelines(checkpoints: saved, resumedAt: first, restTakenAt: position, movedSteps: moved)
        }
        builder.startStep(step)
        for (index, snippet) in step.snippets.enumerated() {
            builder.add(ShownSnippet(step: step, index: index, snippet: snippet))
        }
    }
    return builder.timelines(checkpoints: saved, resumedAt: first, restTakenAt: nil, movedSteps: moved)
}
