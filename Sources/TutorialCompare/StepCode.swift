import StepDiff
import SwiftFacts
import TutorialModel

/// One file's code as a step leaves it: a state of the file's timeline (composed when the snippet shows part
/// of it), or a snippet that joined no timeline.
struct CodePiece: Sendable {
    /// The file's name; nil for a snippet no file could be found for.
    let fileName: String?
    /// The state or snippet; its source map leads code offsets to the document.
    let snippet: Snippet
    let text: CodeText
    /// Ids of `text`'s line keys (shared by both tutorials of a comparison).
    let lineIDs: [Int32]
    /// Index of the step that shows it, in the tutorial's step order.
    let stepIndex: Int
    /// The code is part of its file (a fragment, or a snippet no file could take): the file's other lines
    /// are not shown, not left out.
    let isPartial: Bool
}

/// What one step shows of the code, reduced to what alignment compares.
struct StepCode: Sendable {
    let step: Step
    let index: Int
    /// The pieces the step shows.
    let pieces: [CodePiece]
    /// Every line key the step's states hold, as sorted distinct ids.
    let stateLines: [Int32]
    /// The line keys the step adds (and, marked negative, removes) relative to each file's previous state.
    let changedLines: [Int32]
    /// Whether every file the step shows was shown before it, so what the step changes is known; for a
    /// step that shows a file for the first time, everything it shows is new, and its changes say nothing.
    let changesAreKnown: Bool
    var hasCode: Bool { !stateLines.isEmpty }
    /// The names of the files the step shows.
    var fileNames: [String] { pieces.compactMap(\.fileName) }
}

/// A tutorial's steps and files as a comparison reads them.
struct TutorialCode: Sendable {
    let tutorial: Tutorial
    let steps: [StepCode]
    /// For each file, its pieces in step order (the state a step leaves is the last one at or before it).
    let files: [String: [CodePiece]]
    /// Every name the tutorial's code declares.
    let declaredNames: Set<String>
    /// Every identifier the tutorial's code uses or declares.
    let identifiers: Set<String>
    /// For each file, what the steps that show part of it (composed into a whole state) show, by step index.
    let shownParts: [String: [Int: CodePiece]]

    /// The file's state as the step at `stepIndex` leaves it: the last one shown at or before it.
    func state(of file: String, atOrBefore stepIndex: Int) -> CodePiece? {
        files[file]?.last { $0.stepIndex <= stepIndex }
    }

    /// What the tutorial shows of the file's state at `stepIndex`: the state, or where a step showed part of
    /// the file and the rest was kept from before, that part alone (the kept lines are not shown there).
    func shownState(of file: String, atOrBefore stepIndex: Int) -> CodePiece? {
        guard let state = state(of: file, atOrBefore: stepIndex) else { return nil }
        return shownParts[file]?[state.stepIndex] ?? state
    }
}

/// Interns line keys and caches the split of each distinct code text, for both tutorials of a comparison.
struct CodeTable {
    private var ids: [String: Int32] = [:]
    private var texts: [String: CodeText] = [:]

    mutating func id(_ key: String) -> Int32 {
        if let id = ids[key] { return id }
        let id = Int32(ids.count + 1)
        ids[key] = id
        return id
    }

    /// The split of `code`; a text not seen yet is parsed from `previous` (its file's previous state), and
    /// its parse returned for the file's next state.
    mutating func text(_ code: String, swift: Bool, previous: ParsedState? = nil) -> (text: CodeText, parsed: ParsedState?) {
        if let known = texts[code] { return (known, nil) }
        let made = makeCodeText(code, swift: swift, previous: previous)
        texts[code] = made.text
        return made
    }
}

/// Reads a tutorial's code step by step: the states its timelines give each step, and its snippets that
/// joined no timeline.
func readTutorialCode(_ tutorial: Tutorial, table: inout CodeTable) -> TutorialCode {
    let timelines = buildTimelineSet(tutorial)
    var indexOfStep: [StepID: Int] = [:]
    for (index, step) in tutorial.steps.enumerated() { indexOfStep[step.id] = index }
    var piecesByStep: [[CodePiece]] = Array(repeating: [], count: tutorial.steps.count)
    var changesByStep: [Set<Int32>] = Array(repeating: [], count: tutorial.steps.count)
    var firstShownAt: Set<Int> = []
    var files: [String: [CodePiece]] = [:]
    var shownParts: [String: [Int: CodePiece]] = [:]
    var declared: Set<String> = []
    var identifiers: Set<String> = []

    // The parse of each timeline's latest state, for its next state's incremental parse.
    var lastParse: ParsedState? = nil
    func piece(_ snippet: Snippet, fileName: String?, stepIndex: Int, partial: Bool) -> CodePiece {
        let made = table.text(
            snippet.code, swift: SwiftCode.isSwift(
                language: snippet.language, fileName: fileName ?? snippet.fileName, unlabelled: true),
            previous: lastParse)
        lastParse = made.parsed
        let text = made.text
        declared.formUnion(text.declaredNames)
        identifiers.formUnion(text.identifiers)
        return CodePiece(
            fileName: fileName, snippet: snippet, text: text, lineIDs: text.lines.map { table.id($0.key) },
            stepIndex: stepIndex, isPartial: partial || snippet.kind == .fragment)
    }

    for timeline in timelines.files {
        var previous: CodePiece? = nil
        lastParse = nil
        for state in timeline.states {
            guard let stepIndex = indexOfStep[state.step] else { continue }
            // A part of a file the tutorial never shows whole is a part, though it is its timeline's state.
            let current = piece(
                state.snippet, fileName: timeline.fileName, stepIndex: stepIndex,
                partial: state.composition?.kind == .partial)
            piecesByStep[stepIndex].append(current)
            files[timeline.fileName, default: []].append(current)
            if let composition = state.composition, composition.kind != .partial {
                // The part shown is parsed from the state it is part of (most of its text is there), and the
                // state's parse kept for the file's next state.
                let parse = lastParse
                shownParts[timeline.fileName, default: [:]][stepIndex] = piece(
                    composition.shown, fileName: timeline.fileName, stepIndex: stepIndex, partial: true)
                lastParse = parse
            }
            if previous == nil { firstShownAt.insert(stepIndex) }
            let before = Set(previous?.lineIDs ?? [])
            let after = Set(current.lineIDs)
            changesByStep[stepIndex].formUnion(after.subtracting(before))
            changesByStep[stepIndex].formUnion(before.subtracting(after).map { -$0 })
            previous = current
        }
    }
    for unplaced in timelines.unplaced {
        lastParse = nil
        guard let stepIndex = indexOfStep[unplaced.step] else { continue }
        let current = piece(unplaced.snippet, fileName: nil, stepIndex: stepIndex, partial: true)
        piecesByStep[stepIndex].append(current)
        changesByStep[stepIndex].formUnion(current.lineIDs)
        firstShownAt.insert(stepIndex)
    }
    for name in files.keys { files[name]!.sort { $0.stepIndex < $1.stepIndex } }
    let steps = tutorial.steps.enumerated().map { index, step in
        let pieces = piecesByStep[index].sorted { ($0.snippet.range.start) < ($1.snippet.range.start) }
        var state = Set<Int32>()
        for piece in pieces { state.formUnion(piece.lineIDs) }
        return StepCode(
            step: step, index: index, pieces: pieces, stateLines: state.sorted(),
            changedLines: changesByStep[index].sorted(), changesAreKnown: !firstShownAt.contains(index))
    }
    return TutorialCode(
        tutorial: tutorial, steps: steps, files: files, declaredNames: declared, identifiers: identifiers,
        shownParts: shownParts)
}
