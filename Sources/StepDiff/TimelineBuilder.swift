// How `buildTimelineSet` walks a tutorial's snippets in order, joining each to a file's timeline or
// leaving it out with the reason.

import SnippetComposition
import TutorialModel

/// A snippet, with the step that shows it and its index there.
struct ShownSnippet {
    let step: Step
    let index: Int
    let snippet: Snippet
}

/// The timelines built so far, and what the next snippets are judged by: the files the tutorial
/// labels or inferred, the most recent ones, the file the prose named last.
struct TimelineBuilder {
    private let trees: SyntaxTrees
    var order: [String] = []
    var states: [String: [FileState]] = [:]
    var unplaced: [UnplacedSnippet] = []
    /// Primary type → the labelled file that declares it.
    private let primaryTypes: [String: String]
    /// Whether `init` was given what a build finds before its first step (`TimelineCheckpoints.start`).
    private let startTaken: Bool
    /// The labelled files, as `init` found them (`knownFiles` grows as files are inferred).
    private let labelledFiles: Set<String>
    /// Labelled files anywhere in the tutorial, and files inferred in earlier steps.
    private(set) var knownFiles: Set<String>
    /// Files by the step that last showed them, most recent first (where a fragment most likely goes).
    private(set) var recentFiles: [String] = []
    /// The file the prose named last (`Create CircleImage.swift`): where snippets that show only part of
    /// a file the tutorial never shows whole belong.
    private(set) var lastNamedFile: String?
    /// Whether snippets leave lines out and what files steps' prose mentions: the previous build's answers,
    /// and this build's (which start as the previous build's: `TimelineJudgements`).
    private var previousJudgements: TimelineJudgements
    var judgements: TimelineJudgements
    /// In a checkpoint (`checkpoint`), how long each file's timeline and the snippets left out were.
    private(set) var savedLengths: SavedLengths?
    struct SavedLengths {
        let states: [String: Int]
        let unplaced: Int
    }
    /// The file names the current step's prose mentions (`startStep`).
    private var mentionedFiles: [String] = []
    /// Bytes of earlier file states handed to composition so far. Composition parses each state it is
    /// given whole (`SyntaxTrees`), so a document of many steps that each add a line to one file costs
    /// the square of its length: 80 KB of one-line steps had SwiftParser read about 13 MB. Past the budget,
    /// fragments are left out with `compositionBudgetReason` instead.
    private(set) var compositionBytes = 0
    /// The states already counted, by file and position in its timeline: composition parses a state once
    /// (`SyntaxTrees` keeps its tree), so a file a fragment could join but that no step changed since costs
    /// nothing the second time. Without it, a long tutorial of several files counted every file's latest state
    /// at every fragment.
    private(set) var chargedStates = Set<ChargedState>()
    struct ChargedState: Hashable {
        let file: String
        let index: Int
    }
    static let compositionBudget = 256 << 10
    static let compositionBudgetReason =
        "not composed: this document's fragments would have the Swift parser read over 256 KiB of earlier file states, the work budget of one document"

    /// Counts the latest states of `files` not counted before against the composition budget; false (nothing
    /// counted) when they would exceed it.
    private mutating func charge(latestOf files: [String]) -> Bool {
        let new = Set(files.compactMap { name in states[name].map { ChargedState(file: name, index: $0.count - 1) } })
            .subtracting(chargedStates)
        let cost = new.reduce(0) { $0 + (states[$1.file]?.last?.code.utf8.count ?? 0) }
        guard compositionBytes + cost <= Self.compositionBudget else { return false }
        compositionBytes += cost
        chargedStates.formUnion(new)
        return true
    }

    /// `start`: what `startOfBuild(tutorial)` would find, when the caller knows it (`TimelineCheckpoints.start`).
    init(
        _ tutorial: Tutorial, trees: SyntaxTrees, previousJudgements: TimelineJudgements = TimelineJudgements(),
        start: Start? = nil
    ) {
        self.trees = trees
        self.previousJudgements = previousJudgements
        judgements = previousJudgements
        startTaken = start != nil
        let start = start ?? Self.startOfBuild(tutorial)
        primaryTypes = start.primaryTypes
        knownFiles = start.labelledFiles
        labelledFiles = start.labelledFiles
    }

    /// What this build found before its first step.
    var start: Start { Start(labelledFiles: labelledFiles, primaryTypes: primaryTypes) }

    func timelines(
        checkpoints: TimelineCheckpoints, resumedAt: Int, restTakenAt: Int?, movedSteps: MovedSteps?
    ) -> Timelines {
        Timelines(
            files: order.map { FileTimeline(fileName: $0, states: states[$0] ?? []) }, unplaced: unplaced,
            judgements: judgements, checkpoints: checkpoints, resumedAt: resumedAt, restTakenAt: restTakenAt,
            startTaken: startTaken, movedSteps: movedSteps)
    }

    /// Whether a build of another tutorial starts where this one started: what `init` found in every step (the
    /// labelled files and their primary types) is the same, so the same steps from the start give the same state.
    func startsLike(_ other: TimelineBuilder) -> Bool {
        labelledFiles == other.labelledFiles && primaryTypes == other.primaryTypes
    }

    /// This state, to be saved as a checkpoint, without its long lists: the timelines, the snippets left out and
    /// the judgements so far are prefixes of what the build ends with (every one only grows), so only their
    /// lengths are kept (`resumed`); a copy of the lists at each checkpoint cost more than the steps it saved.
    /// Nor does it keep the previous build's judgements (a resumed build takes its own).
    var checkpoint: TimelineBuilder {
        var saved = self
        saved.previousJudgements = TimelineJudgements()
        saved.savedLengths = SavedLengths(states: states.mapValues(\.count), unplaced: unplaced.count)
        (saved.states, saved.unplaced, saved.judgements) = ([:], [], TimelineJudgements())
        return saved
    }

    /// A checkpoint's state, resumed in the build that `fresh` began: its lists the prefixes of those `build` (the
    /// build that kept the checkpoint) ended with, and with the judgements `fresh` reuses and `build` made.
    func resumed(for fresh: TimelineBuilder, from build: Timelines) -> TimelineBuilder {
        var resumed = self
        resumed.previousJudgements = fresh.previousJudgements
        let lengths = savedLengths ?? SavedLengths(states: [:], unplaced: 0)
        for file in build.files {
            if let length = lengths.states[file.fileName] { resumed.states[file.fileName] = Array(file.states.prefix(length)) }
        }
        resumed.unplaced = Array(build.unplaced.prefix(lengths.unplaced))
        resumed.judgements = build.judgements
        resumed.savedLengths = nil
        return resumed
    }

    /// Before a step's snippets: the file its prose names becomes the last named one.
    mutating func startStep(_ step: Step) {
        mentionedFiles = judgements.fileNames(inProseOf: step, previous: previousJudgements)
        if let named = namedInProse(step) { lastNamedFile = named }
    }

    /// The file the current step's prose names (`fileNamed(inProse:mentioned:knownFiles:)`), from the names
    /// `startStep` found there.
    private func namedInProse(_ step: Step) -> String? {
        fileNamed(inProse: step.prose, mentioned: mentionedFiles, knownFiles: knownFiles)
    }

    private mutating func append(_ state: FileState, to name: String) {
        if states[name] == nil { order.append(name) }
        states[name, default: []].append(state)
        recentFiles.removeAll { $0 == name }
        recentFiles.insert(name, at: 0)
    }

    private mutating func leave(_ shown: ShownSnippet, _ reason: String, file: String? = nil) {
        unplaced.append(
            UnplacedSnippet(
                step: shown.step.id, snippetIndex: shown.index, snippet: shown.snippet,
                fileName: file ?? shown.snippet.fileName, reason: reason))
    }

    /// Places the snippet's declarations into `only` (or any file); the reason when it cannot.
    private mutating func place(_ shown: ShownSnippet, into only: String?) -> String? {
        let (step, index, snippet) = (shown.step, shown.index, shown.snippet)
        // Asked first for the reason, and so that such a snippet costs nothing of the budget.
        guard SwiftParseLimits.unparseableReason(snippet.code) == nil else { return "too large or deep to parse" }
        let latest = (only.map { [$0] } ?? recentFiles).compactMap { name in states[name]?.last.map { (name, $0.code) } }
        guard charge(latestOf: latest.map(\.0)) else { return Self.compositionBudgetReason }
        let candidates = latest.compactMap { name, code -> PlacementFile? in
            guard SwiftParseLimits.unparseableReason(code) == nil else { return nil }
            return PlacementFile(name: name, code: code)
        }
        switch placeFragment(
            shown: snippet.code, prose: step.prose, files: candidates, recentFiles: recentFiles,
            isFileNamed: only != nil, trees: trees)
        {
        case .unplaced(let reason):
            return reason
        case .placed(let name, let code, let summary):
            // Placed into a part of a file, the result is still only a part of it.
            let isPartial = states[name]?.last?.composition?.kind == .partial
            append(
                composedState(
                    step: step.id, index: index, shown: snippet, fileName: name, code: code,
                    kind: isPartial ? .partial : .placed,
                    summary: summary, nameSource: only == nil ? .placement : .label),
                to: name)
            return nil
        }
    }

    /// Makes the snippet a partial state of `target` when the tutorial never showed that file whole
    /// (it starts the file, or follows another partial state of the same shape); true when it did.
    private mutating func continuePartial(_ shown: ShownSnippet, _ target: String?) -> Bool {
        let (step, index, snippet) = (shown.step, shown.index, shown.snippet)
        guard let target, snippet.docc == nil else { return false }
        let shape = fragmentShape(snippet.code, trees: trees)
        guard shape != .invalid else { return false }
        if let latest = states[target]?.last {
            guard latest.composition?.kind == .partial, shape == .statements, charge(latestOf: [target]),
                fragmentShape(latest.code, trees: trees) == .statements
            else { return false }
        }
        append(
            FileState(
                step: step.id, snippetIndex: index, snippet: snippet, nameSource: snippet.fileName == nil ? .prose : .label,
                composition: FileState.Composition(
                    kind: .partial, shown: snippet, summary: "part of \(target), which the tutorial never shows whole")),
            to: target)
        knownFiles.insert(target)
        return true
    }

    /// The one file whose timeline's latest state declares, as its first type, the first type of the whole
    /// Swift `snippet`, when that is not `prose` (nor does `prose`'s latest state declare it).
    private func fileDeclaringPrimaryType(of snippet: Snippet, otherThan prose: String) -> String? {
        guard snippet.isSwift(unlabelledIsSwift: true), let type = primaryTypeName(in: snippet.code),
            !isPreviewTypeName(type)
        else { return nil }
        if let latest = states[prose]?.last, primaryTypeName(in: latest.code) == type { return nil }
        let declaring = order.filter { name in
            name != prose && states[name]?.last.map { primaryTypeName(in: $0.code) == type } == true
        }
        return declaring.count == 1 ? declaring[0] : nil
    }

    /// Joins the snippet to a file's timeline: as the file's next state, composed with the file's
    /// previous state, or placed into the file it belongs to; else leaves it out with the reason.
    mutating func add(_ shown: ShownSnippet) {
        let snippet = shown.snippet
        if snippet.docc != nil, snippet.kind == .fragment {
            leave(shown, "its DocC resource was not found")
            return
        }
        if snippet.code.isEmpty {
            leave(shown, "shows no code")
            return
        }
        guard snippet.kind == .file else {
            addPart(shown)
            return
        }
        guard let (name, source) = wholeFileName(of: shown) else {
            addUnnamedWhole(shown)
            return
        }
        addWhole(shown, to: name, source: source)
    }

    /// A snippet that shows part of a file: placed into the file it names or belongs to, else continuing
    /// the file shown in parts so far.
    private mutating func addPart(_ shown: ShownSnippet) {
        let (step, snippet) = (shown.step, shown.snippet)
        guard snippet.isSwift(unlabelledIsSwift: true) else {
            leave(shown, snippet.fileName == nil ? "no file name and not Swift" : "a part of a file that is not Swift")
            return
        }
        // The file the page labels it with, or the one its prose names, else any file shown so far.
        var named = snippet.fileName ?? namedInProse(step)
        // A file an earlier step named and the tutorial has shown only in parts (or not at all) so far:
        // the parts that follow go on there.
        // A declaration shown again with most of its lines is a rewrite of that one, wherever it is.
        // A file only the prose names, which the tutorial never showed, may be another spelling of a
        // file it did: a declaration that file has, shown again, says which.
        let proseNamesUnshownFile = snippet.fileName == nil && named.map { states[$0] == nil } == true
        if named == nil || proseNamesUnshownFile, !order.isEmpty, SwiftParseLimits.unparseableReason(snippet.code) == nil {
            let latest = order.compactMap { name -> PlacementFile? in
                guard let code = states[name]?.last?.code, SwiftParseLimits.unparseableReason(code) == nil else { return nil }
                return PlacementFile(name: name, code: code)
            }
            let rewritten = !charge(latestOf: latest.map(\.name)) ? nil : fileRewrittenBy(shown: snippet.code, files: latest, trees: trees)
            if let rewritten { named = rewritten } else if !proseNamesUnshownFile { named = nil }
        }
        if named == nil, let last = lastNamedFile, states[last]?.last.map({ $0.composition?.kind == .partial }) ?? true {
            named = last
        }
        let reason =
            named.map { states[$0] == nil } == true
            ? "belongs to \(named ?? ""), which the tutorial has not shown before" : place(shown, into: named)
        if let reason, !continuePartial(shown, named ?? lastNamedFile) { leave(shown, reason, file: named) }
    }

    /// The file a whole-file snippet is, and what said so, tried in turn: the page's label, the file the
    /// prose names (unless the code declares another file's first type), a file its first type names or
    /// declares, a new type's own file named as Xcode names it; nil when none does.
    private func wholeFileName(of shown: ShownSnippet) -> (String, FileState.NameSource)? {
        let snippet = shown.snippet
        var source = FileState.NameSource.label
        var name = snippet.fileName
        if name == nil, let named = namedInProse(shown.step) {
            name = named
            source = .prose
        }
        if source == .prose, let prose = name, let file = fileDeclaringPrimaryType(of: snippet, otherThan: prose) {
            // Prose and code disagree: the whole file shown declares, as its first type, the type another
            // file's timeline declares, and the file the prose names does not (the prose names a file the
            // step only mentions, or spells the same file another way): the code says which file it is.
            name = file
            source = .primaryType
        }
        if name == nil, let type = primaryTypeName(in: snippet.code),
            let file = knownFiles.contains("\(type).swift") ? "\(type).swift" : primaryTypes[type]
        {
            name = file
            source = .primaryType
        }
        if name == nil, snippet.isSwift(unlabelledIsSwift: true), let type = fileTypeName(snippet, trees: trees),
            states["\(type).swift"] == nil, !states.values.contains(where: { declares(type, $0.last, trees: trees) })
        {
            // A new type in a whole file of its own, named after it as Xcode names a new file.
            name = "\(type).swift"
            source = .primaryType
        }
        return name.map { ($0, source) }
    }

    /// A whole snippet whose file nothing names: its declarations may still belong to a file the page
    /// showed, or continue the file shown in parts; a new type placed nowhere is a new file.
    private mutating func addUnnamedWhole(_ shown: ShownSnippet) {
        let snippet = shown.snippet
        guard snippet.isSwift(unlabelledIsSwift: true) else {
            leave(shown, "its file is not known")
            return
        }
        guard let reason = place(shown, into: nil) else { return }
        if continuePartial(shown, lastNamedFile) { return }
        // A new type placed nowhere is a new file, named after it as Xcode names one.
        if let type = newTypeName(snippet, trees: trees), states["\(type).swift"] == nil {
            append(
                FileState(step: shown.step.id, snippetIndex: shown.index, snippet: snippet, nameSource: .primaryType),
                to: "\(type).swift")
            knownFiles.insert("\(type).swift")
            return
        }
        leave(shown, "its file is not known and " + reason)
    }

    /// A whole snippet of a named file: the file's next state as shown, or an excerpt placed into it, or
    /// merged with its previous state where it leaves code out.
    private mutating func addWhole(_ shown: ShownSnippet, to name: String, source: FileState.NameSource) {
        let (step, index, snippet) = (shown.step, shown.index, shown.snippet)
        knownFiles.insert(name)
        let latest = states[name]?.last
        if let latest, snippet.isSwift(inFile: name, unlabelledIsSwift: true) {
            if snippet.docc == nil, isExcerpt(snippet, of: latest) || showsSomeTypes(snippet, of: latest, trees: trees) {
                // Without the file's imports: declarations of the file, placed into it.
                if let reason = place(shown, into: name) { leave(shown, "an excerpt of \(name): " + reason, file: name) }
                return
            }
            if judgements.containsElision(snippet.code, step: step.id, index: index, previous: previousJudgements) {
                // A DocC resource that leaves code out continues what the step starts from, as any page does.
                let base = snippet.docc?.previousCode ?? latest.code
                if let merged = mergedElision(snippet.code, base: base, trees: trees) {
                    append(
                        composedState(
                            step: step.id, index: index, shown: snippet, fileName: name, code: merged,
                            kind: .elisionMerged, summary: "lines left out kept from step \(latest.step)",
                            nameSource: source),
                        to: name)
                    return
                }
                // A DocC resource stays a state of its file (its code is the file by construction).
                if snippet.docc == nil {
                    leave(shown, "leaves code out (`// ...`) in a way that does not match step \(latest.step)'s \(name)", file: name)
                    return
                }
            }
        } else if let latest, isExcerpt(snippet, of: latest) {
            leave(shown, "an excerpt of \(name)", file: name)
            return
        }
        append(FileState(step: step.id, snippetIndex: index, snippet: snippet, nameSource: source), to: name)
    }
}
