import SwiftFacts
import TutorialModel
import TutorialRules

/// What the code-rule walk (`CodeRuleEvaluator`) read and did, kept with an analysis's state results so that the
/// walk of the document's next version (the server's, after a keystroke) starts at the last checkpoint before
/// the first step it reads differently instead of at the first step, as the timeline builds do
/// (`TimelineCheckpoints`).
///
/// The walk's state before a step (the project, each file's last state, the checks made) is a function of the
/// steps before it and of what it read of each of their snippets (its file, facts and composed state): where
/// both compare equal up to a checkpoint, the state kept there is the one a fresh walk reaches, and the checks
/// made before it are the previous walk's.
struct CodeRuleWalkRecord: Sendable {

    /// The walk's state before a step.
    struct Checkpoint: Sendable {
        let project: WalkedProject
        let lastState: [String: CodeRuleEvaluator.FileState]
        let checkCount: Int
        let keyCount: Int
    }

    let ruleIDs: [String]
    /// Steps between two checkpoints, as many as between the timeline build's (a resumed walk walks at most
    /// this many unchanged steps again); nil: nothing recorded, outside an editing session.
    let interval: Int?
    /// The steps walked, and what the walk read of each of their snippets, in order (`inputStarts[i]`: the
    /// first of step `i`).
    let steps: [Step]
    private(set) var inputs: [CodeRuleEvaluator.ReadSnippet] = []
    private(set) var inputStarts: [Int] = []
    /// `checkpoints[i]`: the state before step `i * interval`.
    private(set) var checkpoints: [Checkpoint] = []
    /// Every check the walk made by timeline key (the re-checks of last states left out), and the keys in
    /// the order first checked.
    private(set) var evaluations: [String: [CodeRuleEvaluator.Evaluation]] = [:]
    private(set) var keyOrder: [String] = []
    /// The step the walk began at (0: the first), and the first step it read otherwise than the previous walk.
    private(set) var resumedAt = 0
    fileprivate(set) var readAlikeUntil = 0
    /// The step from which the walk took the rest of the previous walk (`takeRest`), if it did.
    fileprivate(set) var restTakenAt: Int?
    /// The walk's state after its last step, and how many checks it made before the re-checks of last states.
    private(set) var finalProject = WalkedProject()
    private(set) var finalLastState: [String: CodeRuleEvaluator.FileState] = [:]
    private(set) var walkCheckCount = 0
    /// Whether the walk reached its last step (the record holds all its checks).
    private(set) var isComplete = false

    /// Nothing kept: no code rule ran.
    static let none = CodeRuleWalkRecord(ruleIDs: [], interval: nil, steps: [])

    init(ruleIDs: [String], interval: Int?, steps: [Step]) {
        self.ruleIDs = ruleIDs
        self.interval = interval.map { max(1, $0) }
        self.steps = steps
    }

    /// Records what the walk read of the step at `position` (and the walk's state before it, at a checkpoint).
    mutating func record(_ shown: [CodeRuleEvaluator.ShownState], at position: Int, state: () -> Checkpoint) {
        guard let interval else { return }
        if position == checkpoints.count * interval { checkpoints.append(state()) }
        inputStarts.append(inputs.count)
        for state in shown { inputs.append(state.read) }
    }

    /// The checks and state of the walk, once it reached the last step.
    mutating func keep(_ walk: CodeRuleEvaluator) {
        guard interval != nil else { return }
        (evaluations, keyOrder) = (walk.evaluations, walk.keyOrder)
        (finalProject, finalLastState, walkCheckCount) = (walk.project, walk.lastState, walk.checks.count)
        isComplete = true
    }

    /// Records what the walk read of the steps after `position` (`inputs`, with each step's first in `starts`,
    /// counted from the first) when it took the rest of `previous`'s walk, and `previous`'s checkpoints after it.
    fileprivate mutating func recordRest(
        of previous: CodeRuleWalkRecord, after position: Int, inputs rest: [CodeRuleEvaluator.ReadSnippet],
        starts: [Int]
    ) {
        guard let interval else { return }
        inputStarts += starts.map { $0 + inputs.count }
        inputs += rest
        // Their checks counted as this walk's: it may have made more or fewer before `position`.
        let offset = checkpoints[position / interval].checkCount - previous.checkpoints[position / interval].checkCount
        checkpoints += previous.checkpoints[(position / interval + 1)...].map { checkpoint in
            Checkpoint(
                project: checkpoint.project, lastState: checkpoint.lastState,
                checkCount: checkpoint.checkCount + offset, keyCount: checkpoint.keyCount)
        }
    }

    /// What the walk read of the step at `position`.
    fileprivate func inputs(ofStep position: Int) -> ArraySlice<CodeRuleEvaluator.ReadSnippet> {
        inputs[inputStarts[position]..<(position + 1 < inputStarts.count ? inputStarts[position + 1] : inputs.count)]
    }

    /// How many leading steps `walk` reads as this record's walk did, up to the last checkpoint it can
    /// resume at (short of the last step: a walk resumes before a step it walks).
    fileprivate func sharedSteps(with walk: CodeRuleEvaluator) -> Int {
        let steps = walk.tutorial.steps
        guard let interval, ruleIDs == walk.ruleIDs, checkpoints.count > 1 else { return 0 }
        let limit = min(self.steps.count, steps.count - 1, (checkpoints.count - 1) * interval)
        return Step.leadingEqualCount(self.steps, steps, limit: limit) { step, position in
            walk.reads(step, as: inputs(ofStep: position))
        }
    }

    /// This record cut to what was read and checked before step `position` (a checkpoint's).
    fileprivate func prefix(before position: Int, checkpoint: Checkpoint, interval: Int) -> CodeRuleWalkRecord {
        var kept = CodeRuleWalkRecord(ruleIDs: ruleIDs, interval: interval, steps: [])
        kept.inputs = Array(inputs[..<inputStarts[position]])
        kept.inputStarts = Array(inputStarts[..<position])
        kept.checkpoints = Array(checkpoints[..<(position / interval)])
        kept.keyOrder = Array(keyOrder[..<checkpoint.keyCount])
        for key in kept.keyOrder {
            guard let list = evaluations[key] else { continue }
            var count = list.count
            while count > 0, list[count - 1].position >= position { count -= 1 }
            kept.evaluations[key] = Array(list[..<count])
        }
        kept.resumedAt = position
        return kept
    }

    fileprivate func withSteps(_ steps: [Step]) -> CodeRuleWalkRecord {
        var record = CodeRuleWalkRecord(ruleIDs: ruleIDs, interval: interval, steps: steps)
        (record.inputs, record.inputStarts, record.checkpoints) = (inputs, inputStarts, checkpoints)
        (record.evaluations, record.keyOrder, record.resumedAt) = (evaluations, keyOrder, resumedAt)
        record.readAlikeUntil = readAlikeUntil
        return record
    }
}

extension CodeRuleEvaluator {
    /// What the walk knows of one snippet of the step it is at.
    struct ShownState: Sendable {
        let file: String?
        let facts: SnippetFacts?
        let composed: ComposedState?

        /// What the walk read of the snippet (`ReadSnippet`).
        var read: ReadSnippet { ReadSnippet(file: file, facts: facts, composed: composed) }
    }

    /// What the walk read of one snippet, as a later walk compares it wherever the document holds it (checks
    /// hold their snippets by place): its file, its facts by the cache's number, and its composed state's
    /// shape (the composed code is its facts'). Smaller than the state itself, to keep and to compare.
    struct ReadSnippet: Sendable {
        let file: String?
        let factsID: Int?
        let composedPart: Bool?
        let composedKind: SnippetKind?
        let composedFileName: String?

        init(file: String?, facts: SnippetFacts?, composed: ComposedState?) {
            self.file = file
            factsID = facts?.id
            composedPart = composed?.isPart
            composedKind = composed?.snippet.kind
            composedFileName = composed?.snippet.fileName
        }

        /// Read alike; facts outside a cache (number 0) are never taken as the same.
        func readsAs(_ other: ReadSnippet) -> Bool {
            factsID != 0 && factsID == other.factsID && file == other.file && composedPart == other.composedPart
                && composedKind == other.composedKind && composedFileName == other.composedFileName
        }
    }

    /// What the walk reads of the snippet at `index` of `step`, looked up without making its state.
    func read(_ step: Step, at index: Int) -> ReadSnippet {
        let address = SnippetAddress(step: step.id, index: index)
        return ReadSnippet(file: files[address], facts: facts[address], composed: composed[address])
    }

    /// Whether the walk reads each snippet of `step` as `recorded` (a resumed walk compares every step before
    /// the one it resumes at).
    func reads(_ step: Step, as recorded: ArraySlice<ReadSnippet>) -> Bool {
        guard step.snippets.count == recorded.count else { return false }
        for (index, input) in zip(step.snippets.indices, recorded) where !read(step, at: index).readsAs(input) {
            return false
        }
        return true
    }

    /// Each snippet's file, facts and composed state in `step`, looked up once for the walk's three passes.
    func shownStates(of step: Step) -> [ShownState] {
        step.snippets.indices.map { index in
            let address = SnippetAddress(step: step.id, index: index)
            return ShownState(file: files[address], facts: facts[address], composed: composed[address])
        }
    }

    /// Takes the state of `previous`'s walk before the last checkpoint this walk reads alike up to, and the
    /// record of the walk so far (its `resumedAt` is the step this walk continues at), which keeps a checkpoint
    /// every `interval` steps (nil: none).
    mutating func resume(from previous: CodeRuleWalkRecord, interval: Int?) -> CodeRuleWalkRecord {
        let steps = interval == nil ? [] : tutorial.steps
        let fresh = CodeRuleWalkRecord(ruleIDs: ruleIDs, interval: interval, steps: steps)
        guard let interval, previous.interval == interval else { return fresh }
        let same = previous.sharedSteps(with: self)
        let index = same / interval
        guard index > 0 else {
            var fresh = fresh
            fresh.readAlikeUntil = same
            return fresh
        }
        let checkpoint = previous.checkpoints[index]
        let position = index * interval
        let kept = previous.prefix(before: position, checkpoint: checkpoint, interval: interval)
        project = checkpoint.project
        lastState = checkpoint.lastState
        checks = Array(previousChecks.prefix(checkpoint.checkCount))
        reusedChecks += checks.count
        evaluations = kept.evaluations
        keyOrder = kept.keyOrder
        var record = kept.withSteps(tutorial.steps)
        record.readAlikeUntil = same
        return record
    }

    /// Walks the steps from `start` on, recording what it reads in `record`; past the steps it read otherwise
    /// than `previous`'s walk, it takes the rest of that walk where it can (`takeRest`).
    mutating func checkSteps(
        from start: Int, previous: CodeRuleWalkRecord, recording record: inout CodeRuleWalkRecord
    ) {
        let steps = tutorial.steps
        var mayTakeRest = previous.isComplete && previous.interval == record.interval
        for position in steps.indices.dropFirst(start) {
            let step = steps[position]
            let shown = shownStates(of: step)
            record.record(shown, at: position) {
                .init(project: project, lastState: lastState, checkCount: checks.count, keyCount: keyOrder.count)
            }
            if mayTakeRest, position > record.readAlikeUntil, let interval = record.interval, position % interval == 0 {
                switch takeRest(of: previous, at: position, shown: shown, recording: &record) {
                case .taken: return
                case .stateDiffers: break
                case .stepsDiffer: mayTakeRest = false
                }
            }
            check(step, at: position, shown: shown)
        }
    }

    /// What `takeRest` found: the rest taken; the walk's state not the previous walk's there (it may be at a
    /// later checkpoint); or a later step read otherwise (no later checkpoint can take the rest).
    enum RestTaken { case taken, stateDiffers, stepsDiffer }

    /// At a checkpoint past the steps read otherwise: when the walk's state is the one `previous`'s walk had
    /// there and every step from there on reads alike (but for where the document holds it: checks are by
    /// place), the rest of the walk is the previous one's, taken as it is.
    private mutating func takeRest(
        of previous: CodeRuleWalkRecord, at position: Int, shown: [ShownState],
        recording record: inout CodeRuleWalkRecord
    ) -> RestTaken {
        let steps = tutorial.steps
        guard let interval = record.interval, previous.steps.count == steps.count,
            position / interval < previous.checkpoints.count, previous.walkCheckCount <= previousChecks.count
        else { return .stepsDiffer }
        let checkpoint = previous.checkpoints[position / interval]
        guard checkpoint.checkCount <= previous.walkCheckCount else { return .stepsDiffer }
        guard project.entries == checkpoint.project.entries,
            project.incompleteFiles == checkpoint.project.incompleteFiles, lastState == checkpoint.lastState,
            keyOrder.elementsEqual(previous.keyOrder[..<checkpoint.keyCount])
        else { return .stateDiffers }
        var rest: [ReadSnippet] = []
        var starts: [Int] = []
        // Steps and snippets read where their arrays store them: copying each out (its content and snippets
        // retained, then released) cost more than the comparisons, for every step after the edit.
        let readAlike = steps.withUnsafeBufferPointer { steps in
            previous.steps.withUnsafeBufferPointer { theirs in
                for later in position..<steps.count {
                    guard steps[later].id == theirs[later].id,
                        Self.showSameKindsAndFiles(steps[later].snippets, theirs[later].snippets)
                    else { return false }
                    if later == position {
                        guard zip(shown, previous.inputs(ofStep: later)).allSatisfy({ $0.read.readsAs($1) }) else {
                            return false
                        }
                        continue
                    }
                    starts.append(rest.count)
                    for (index, input) in zip(steps[later].snippets.indices, previous.inputs(ofStep: later)) {
                        let mine = read(steps[later], at: index)
                        guard mine.readsAs(input) else { return false }
                        rest.append(mine)
                    }
                }
                return true
            }
        }
        guard readAlike else { return .stepsDiffer }
        record.recordRest(of: previous, after: position, inputs: rest, starts: starts)
        record.restTakenAt = position
        for key in previous.keyOrder {
            guard let theirs = previous.evaluations[key] else { continue }
            var first = theirs.count
            while first > 0, theirs[first - 1].position >= position { first -= 1 }
            if first < theirs.count { evaluations[key, default: []] += theirs[first...] }
        }
        keyOrder = previous.keyOrder
        let restChecks = previousChecks[checkpoint.checkCount..<previous.walkCheckCount]
        checks += restChecks
        reusedChecks += restChecks.count
        (project, lastState) = (previous.finalProject, previous.finalLastState)
        return .taken
    }

    /// Whether two steps' snippets are as many, each of the same kind and file name, read in place.
    private static func showSameKindsAndFiles(_ mine: [Snippet], _ theirs: [Snippet]) -> Bool {
        mine.withUnsafeBufferPointer { mine in
            theirs.withUnsafeBufferPointer { theirs in
                mine.count == theirs.count
                    && mine.indices.allSatisfy {
                        mine[$0].kind == theirs[$0].kind && mine[$0].fileName == theirs[$0].fileName
                    }
            }
        }
    }

    /// Checks one step: the project first takes every file the step shows, then each snippet is checked
    /// against it.
    private mutating func check(_ step: Step, at position: Int, shown: [ShownState]) {
        // The Swift snippets the step places in no file: what a state shown before one of them lacks is no
        // evidence.
        let lastUnplaced = shown.lastIndex { $0.file == nil && $0.facts != nil } ?? -1
        for index in step.snippets.indices {
            guard let name = shown[index].file, let stateFacts = shown[index].facts else { continue }
            // A state that leaves code out, or shows only part of its file, is no evidence of what the
            // file lacks.
            let partial = isPartial(shown[index].composed, stateFacts)
            project.markIncomplete([name], partial)
            project.show(name, at: stateFacts)
            let place = SnippetPlace(position: position, index: index, composed: shown[index].composed != nil)
            lastState[name] = FileState(
                step: step.id, place: place, facts: stateFacts, partial: partial, composed: place.composed,
                unplacedAfter: lastUnplaced > index)
        }
        for (index, snippet) in step.snippets.enumerated() {
            guard let snippetFacts = shown[index].facts else { continue }
            let composedState = shown[index].composed
            if let name = shown[index].file {
                // The state's own snippet: for a composed state, the composed file (its facts' offsets).
                evaluate(
                    composedState?.snippet ?? snippet,
                    at: SnippetPlace(position: position, index: index, composed: composedState != nil),
                    facts: snippetFacts, position: position, step: step.id, codeStep: step.id,
                    unplacedAfter: lastUnplaced > index, key: name, fileName: name,
                    partial: isPartial(composedState, snippetFacts), composed: composedState != nil)
            } else {
                evaluate(
                    snippet, at: SnippetPlace(position: position, index: index, composed: false), facts: snippetFacts,
                    position: position, step: step.id, codeStep: step.id, unplacedAfter: lastUnplaced > index,
                    key: "#\(step.id)#\(index)", fileName: nil)
            }
        }
        // A Swift fragment adds to its file (or, unnamed, to any file): until the file is shown whole
        // again, what its last whole state lacks is no evidence.
        for (index, snippet) in step.snippets.enumerated() where shown[index].file == nil && shown[index].facts != nil {
            project.markIncomplete(snippet.fileName.map { [$0] } ?? project.files.map(\.name), true)
        }
    }

    /// The last state of each file, checked once more against the finished project: what another file
    /// changed later decides whether a cross-file problem is still there at the end.
    mutating func recheckLastStates() {
        let lastStep = lastState.values.map(\.step).max()
        for (name, state) in lastState {
            guard let lastStep, state.step != lastStep else { continue }
            // A fragment shown after the file's last state (an empty or unplaced one) leaves the file
            // incomplete: what the re-check no longer finds there is no evidence that a later step of
            // another file fixed it, so it resolves nothing (a step that does not touch the file cannot).
            evaluate(
                snippet(at: state.place), at: state.place, facts: state.facts, position: .max, step: lastStep,
                codeStep: state.step, unplacedAfter: state.unplacedAfter, key: name, fileName: name,
                partial: state.partial || project.incompleteFiles.contains(name), composed: state.composed)
        }
    }
}
