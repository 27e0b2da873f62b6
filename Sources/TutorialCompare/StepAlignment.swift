import TutorialModel

/// How one or two steps of the original correspond to one or two steps of the copy.
public enum AlignmentKind: String, Sendable, Codable, CaseIterable {
    /// One step each side.
    case match
    /// Two steps of the original shown as one step of the copy.
    case merge
    /// One step of the original shown as two steps of the copy.
    case split
    /// A step of the original with no counterpart in the copy.
    case onlyInOriginal = "only-in-original"
    /// A step of the copy with no counterpart in the original.
    case onlyInCopy = "only-in-copy"
}

/// One entry of an alignment, in the order of both documents.
public struct AlignedSteps: Sendable, Equatable {
    public let kind: AlignmentKind
    /// The original's steps (empty for `onlyInCopy`).
    public let original: [StepID]
    /// The copy's steps (empty for `onlyInOriginal`).
    public let copy: [StepID]
    /// How sure the alignment is, from 0 to 1: the similarity of the aligned code; for a step on one side
    /// only, one minus its best similarity with the other side's steps around it. Nil when neither side
    /// shows code (steps of prose only are aligned by their place).
    public let confidence: Double?

    public init(kind: AlignmentKind, original: [StepID], copy: [StepID], confidence: Double?) {
        self.kind = kind
        self.original = original
        self.copy = copy
        self.confidence = confidence
    }

    /// An alignment below this confidence is listed as uncertain.
    public static let certainty = 0.6

    public var isUncertain: Bool { (confidence ?? 1) < Self.certainty }
}

/// The alignment's scoring: what a matched pair must be worth, what a merge or split costs beyond a match.
enum AlignmentScore {
    /// A pair of steps is worth its similarity minus this: below it, leaving both unmatched scores better.
    static let threshold = 0.3
    /// What a merge or a split costs on top, so a plain match wins when both explain the code as well.
    static let regroupingCost = 0.1
    /// A pair where a side shows no code is worth a little, so it pairs between steps its code aligned.
    static let withoutCode = threshold + 0.04
    /// What two steps at the same place (section and step number) gain: translations keep their original's
    /// structure more often than not, and where code cannot tell two candidates apart, the place can.
    static let samePlace = 0.08
}

/// Similarity of the code of two groups of steps, from 0 to 1. Three quarters are the code: half how much
/// their states share, half how much their changes share (neighbouring states of one file share most lines;
/// what each step changes tells them apart; when one side changes nothing, or shows a file for the first
/// time, only the states are compared).
/// A quarter is whether they show the same files, a signal no translation touches.
func codeSimilarity(_ original: [StepCode], _ copy: [StepCode]) -> Double? {
    let originalState = union(original.map(\.stateLines))
    let copyState = union(copy.map(\.stateLines))
    if originalState.isEmpty || copyState.isEmpty { return nil }
    let stateShare = dice(originalState, copyState)
    let originalChanges = union(original.map(\.changedLines))
    let copyChanges = union(copy.map(\.changedLines))
    let changesKnown = original.allSatisfy(\.changesAreKnown) && copy.allSatisfy(\.changesAreKnown)
    let code =
        originalChanges.isEmpty || copyChanges.isEmpty || !changesKnown
        ? stateShare : 0.5 * stateShare + 0.5 * dice(originalChanges, copyChanges)
    let originalFiles = Set(original.flatMap(\.fileNames))
    let copyFiles = Set(copy.flatMap(\.fileNames))
    let files =
        originalFiles.isEmpty || copyFiles.isEmpty
        ? code : 2 * Double(originalFiles.intersection(copyFiles).count) / Double(originalFiles.count + copyFiles.count)
    return 0.75 * code + 0.25 * files
}

private func union(_ sets: [[Int32]]) -> [Int32] {
    if sets.count == 1 { return sets[0] }
    return Array(Set(sets.joined())).sorted()
}

/// Dice's coefficient of two sorted sets of ids.
func dice(_ a: [Int32], _ b: [Int32]) -> Double {
    if a.isEmpty && b.isEmpty { return 1 }
    var i = 0
    var j = 0
    var shared = 0
    while i < a.count && j < b.count {
        if a[i] == b[j] {
            shared += 1
            i += 1
            j += 1
        } else if a[i] < b[j] { i += 1 } else { j += 1 }
    }
    return 2 * Double(shared) / Double(a.count + b.count)
}

/// Aligns two tutorials in two levels: their sections first (a global alignment of sections by the code of
/// all their steps, and by how many steps they have), then the steps of each pair of aligned sections. A
/// copy that leaves out a whole section, or splits the original's first section off, keeps the rest of its
/// steps aligned with their own section's, not shifted by the one missing.
func alignSections(_ original: [StepCode], _ copy: [StepCode]) -> [AlignedSteps] {
    let originalSections = groupedBySection(original)
    let copySections = groupedBySection(copy)
    let n = originalSections.count
    let m = copySections.count
    let width = m + 1
    var score = Array(repeating: -Double.infinity, count: (n + 1) * (m + 1))
    var matched = Array(repeating: false, count: (n + 1) * (m + 1))
    score[0] = 0
    func gain(_ a: [StepCode], _ b: [StepCode]) -> Double {
        let sameLength = a.count == b.count ? AlignmentScore.samePlace : 0
        guard a.contains(where: \.hasCode), b.contains(where: \.hasCode) else {
            return AlignmentScore.withoutCode - AlignmentScore.threshold + sameLength
        }
        return (codeSimilarity(a, b) ?? 0) - AlignmentScore.threshold + sameLength
    }
    for i in 0...n {
        for j in 0...m where i > 0 || j > 0 {
            var best = -Double.infinity
            var isMatch = false
            if i > 0 { best = score[(i - 1) * width + j] }
            if j > 0, score[i * width + j - 1] > best { best = score[i * width + j - 1] }
            if i > 0, j > 0 {
                let value = score[(i - 1) * width + j - 1] + gain(originalSections[i - 1], copySections[j - 1])
                if value > best {
                    best = value
                    isMatch = true
                }
            }
            score[i * width + j] = best
            matched[i * width + j] = isMatch
        }
    }
    var pairs: [(original: [StepCode], copy: [StepCode])] = []
    var i = n
    var j = m
    while i > 0 || j > 0 {
        if i > 0, j > 0, matched[i * width + j] {
            pairs.append((originalSections[i - 1], copySections[j - 1]))
            i -= 1
            j -= 1
        } else if i > 0, score[i * width + j] == score[(i - 1) * width + j] {
            pairs.append((originalSections[i - 1], []))
            i -= 1
        } else {
            pairs.append(([], copySections[j - 1]))
            j -= 1
        }
    }
    return pairs.reversed().flatMap { alignSteps($0.original, $0.copy) }
}

private func groupedBySection(_ steps: [StepCode]) -> [[StepCode]] {
    var sections: [[StepCode]] = []
    for step in steps {
        if let last = sections.last?.last, last.step.id.section == step.step.id.section {
            sections[sections.count - 1].append(step)
        } else {
            sections.append([step])
        }
    }
    return sections
}

/// A global alignment (Needleman–Wunsch) of the two step sequences by their code, with moves for a match,
/// a merge (2→1), a split (1→2) and a step on one side only. Prose is never looked at. Long tutorials are
/// aligned within a band around the diagonal wide enough for every step one side has more.
func alignSteps(_ original: [StepCode], _ copy: [StepCode]) -> [AlignedSteps] {
    var aligner = StepAligner(original: original, copy: copy)
    let moves = aligner.bestMoves()
    return aligner.path(through: moves).map { aligner.entry($0.move, endingAt: $0.i, $0.j) }
}

/// The moves of the step alignment, in the order they are tried at each cell (on equal scores the first
/// wins, so a step is left on one side rather than paired for nothing).
enum AlignmentMove: CaseIterable {
    case skipOriginal, skipCopy, match, merge, split

    /// How many of the original's steps the move takes.
    var originalSteps: Int {
        switch self {
        case .skipCopy: 0
        case .skipOriginal, .match, .split: 1
        case .merge: 2
        }
    }

    /// How many of the copy's steps the move takes.
    var copySteps: Int {
        switch self {
        case .skipOriginal: 0
        case .skipCopy, .match, .merge: 1
        case .split: 2
        }
    }
}

/// The table of the step alignment: the best score of aligning the first `i` steps of the original with
/// the first `j` of the copy, and the move that reaches it.
private struct StepAligner {
    let original: [StepCode]
    let copy: [StepCode]
    /// One pair's similarity, computed once: a cell and its neighbours ask for the same pairs.
    private var similarities: [Int: Double] = [:]

    init(original: [StepCode], copy: [StepCode]) {
        self.original = original
        self.copy = copy
    }

    private var width: Int { copy.count + 1 }

    private func inBand(_ i: Int, _ j: Int) -> Bool {
        let (n, m) = (original.count, copy.count)
        guard n > 0, m > 0 else { return true }
        let band = max(96, abs(n - m) + 96)
        let centre = Double(i) * Double(m) / Double(n)
        return abs(Double(j) - centre) <= Double(band)
    }

    /// Each cell's best move (nil where no move reaches it: outside the band, or the start).
    mutating func bestMoves() -> [AlignmentMove?] {
        let (n, m) = (original.count, copy.count)
        var score = Array(repeating: -Double.infinity, count: (n + 1) * (m + 1))
        var moves: [AlignmentMove?] = Array(repeating: nil, count: (n + 1) * (m + 1))
        score[0] = 0
        for i in 0...n {
            for j in 0...m where (i > 0 || j > 0) && inBand(i, j) {
                var best = -Double.infinity
                var bestMove: AlignmentMove?
                for move in AlignmentMove.allCases {
                    let (fromI, fromJ) = (i - move.originalSteps, j - move.copySteps)
                    guard fromI >= 0, fromJ >= 0 else { continue }
                    let from = score[fromI * width + fromJ]
                    guard let value = total(move, from: from, endingAt: i, j), value > best else { continue }
                    best = value
                    bestMove = move
                }
                score[i * width + j] = best
                moves[i * width + j] = bestMove
            }
        }
        return moves
    }

    /// The score after `move` from a cell scored `from`; nil when the move cannot end at (i, j): a pairing
    /// from an unreachable cell, or a merge or split of steps without code.
    private mutating func total(_ move: AlignmentMove, from: Double, endingAt i: Int, _ j: Int) -> Double? {
        switch move {
        case .skipOriginal, .skipCopy:
            return from
        case .match:
            guard from > -Double.infinity else { return nil }
            let bothCode = original[i - 1].hasCode && copy[j - 1].hasCode
            let value =
                bothCode
                ? pairValue(i - 1, j - 1) - AlignmentScore.threshold
                : AlignmentScore.withoutCode - AlignmentScore.threshold
            return from + value + place(original[i - 1], copy[j - 1])
        case .merge, .split:
            let originals = Array(original[(i - move.originalSteps)..<i])
            let copies = Array(copy[(j - move.copySteps)..<j])
            guard from > -Double.infinity, originals.allSatisfy(\.hasCode), copies.allSatisfy(\.hasCode) else {
                return nil
            }
            return from + (gain(originals, copies) - AlignmentScore.regroupingCost)
        }
    }

    private mutating func pairValue(_ i: Int, _ j: Int) -> Double {
        let key = i * width + j
        if let known = similarities[key] { return known }
        let value = similarity([original[i]], [copy[j]]) ?? 0
        similarities[key] = value
        return value
    }

    /// Nil when a side shows no code: there is nothing to be sure of.
    private func similarity(_ a: [StepCode], _ b: [StepCode]) -> Double? {
        if !a.contains(where: \.hasCode) || !b.contains(where: \.hasCode) { return nil }
        return codeSimilarity(a, b) ?? 0
    }

    private func place(_ a: StepCode, _ b: StepCode) -> Double {
        a.step.id.step == b.step.id.step ? AlignmentScore.samePlace : 0
    }

    private func gain(_ a: [StepCode], _ b: [StepCode]) -> Double {
        return (similarity(a, b) ?? 0) - AlignmentScore.threshold
    }

    /// The moves from the start to the end, each with the cell it ends at: walked back from the end.
    func path(through moves: [AlignmentMove?]) -> [(move: AlignmentMove, i: Int, j: Int)] {
        var path: [(move: AlignmentMove, i: Int, j: Int)] = []
        var i = original.count
        var j = copy.count
        while i > 0 || j > 0 {
            // Unreachable cells have no move; never on the path, but the walk must end either way.
            let move = moves[i * width + j] ?? (j > 0 ? .skipCopy : .skipOriginal)
            path.append((move, i, j))
            i -= move.originalSteps
            j -= move.copySteps
        }
        return path.reversed()
    }

    /// What a move ending at (i, j) aligns, and how sure it is.
    func entry(_ move: AlignmentMove, endingAt i: Int, _ j: Int) -> AlignedSteps {
        let originals = Array(original[(i - move.originalSteps)..<i])
        let copies = Array(copy[(j - move.copySteps)..<j])
        switch move {
        case .match, .merge, .split:
            let kind: AlignmentKind = move == .match ? .match : move == .merge ? .merge : .split
            return AlignedSteps(
                kind: kind, original: originals.map(\.step.id), copy: copies.map(\.step.id),
                confidence: similarity(originals, copies))
        case .skipOriginal:
            let step = original[i - 1]
            let best = step.hasCode ? nearby(j, count: copy.count).map { similarity([step], [copy[$0]]) ?? 0 }.max() ?? 0 : nil
            return AlignedSteps(
                kind: .onlyInOriginal, original: [step.step.id], copy: [], confidence: best.map { 1 - $0 })
        case .skipCopy:
            let step = copy[j - 1]
            let best = step.hasCode ? nearby(i, count: original.count).map { similarity([original[$0]], [step]) ?? 0 }.max() ?? 0 : nil
            return AlignedSteps(kind: .onlyInCopy, original: [], copy: [step.step.id], confidence: best.map { 1 - $0 })
        }
    }
}

/// The other side's steps around where a step left unmatched stands (`position` steps of it come before).
private func nearby(_ position: Int, count: Int) -> Range<Int> {
    max(0, position - 2)..<min(count, position + 2)
}
