import StepDiff
import TutorialModel

/// Finds the drifts of a copy along an alignment: for each aligned pair of steps, the states of the files
/// they show are diffed line by line on their compared code (comments, strings and spacing left out), and
/// each difference is reported once, at the first aligned step where it appears (a misspelled name that the
/// next ten states carry along is one drift, not eleven).
struct DriftFinder {
    let original: TutorialCode
    let copy: TutorialCode
    let options: CompareOptions
    /// The drifts found so far, each once.
    private var log: DriftLog

    init(original: TutorialCode, copy: TutorialCode, options: CompareOptions) {
        self.original = original
        self.copy = copy
        self.options = options
        log = DriftLog(original: original, copy: copy)
    }

    mutating func drifts(_ alignment: [AlignedSteps]) -> [Drift] {
        let originalIndex = stepIndexes(original.tutorial)
        let copyIndex = stepIndexes(copy.tutorial)
        var alone = OneSided(
            side: original, wholeSections: sectionsOnlyOnOneSide(
                original, alignment.filter { $0.kind == .onlyInOriginal }.flatMap(\.original)),
            stepKind: .stepOnlyInOriginal, sectionKind: .sectionOnlyInOriginal)
        var aloneInCopy = OneSided(
            side: copy, wholeSections: sectionsOnlyOnOneSide(copy, alignment.filter { $0.kind == .onlyInCopy }.flatMap(\.copy)),
            stepKind: .stepOnlyInCopy, sectionKind: .sectionOnlyInCopy)
        for entry in alignment {
            switch entry.kind {
            case .onlyInOriginal: report(&alone, original.steps[originalIndex[entry.original[0]]!])
            case .onlyInCopy: report(&aloneInCopy, copy.steps[copyIndex[entry.copy[0]]!])
            case .match, .merge, .split:
                compareSteps(entry.original.map { originalIndex[$0]! }, entry.copy.map { copyIndex[$0]! })
            }
        }
        return log.found
    }

    /// The steps of one side that the other has no counterpart for, reported by section where a whole one is.
    private struct OneSided {
        let side: TutorialCode
        let wholeSections: Set<Int>
        let stepKind: DriftKind
        let sectionKind: DriftKind
        var sectionsReported: Set<Int> = []
    }

    private mutating func report(_ alone: inout OneSided, _ code: StepCode) {
        guard code.hasCode else { return }
        let section = code.step.id.section
        if alone.wholeSections.contains(section) {
            if alone.sectionsReported.insert(section).inserted {
                log.sectionOnOneSide(alone.side, section: section, kind: alone.sectionKind)
            }
        } else {
            log.stepOnOneSide(alone.side, code, kind: alone.stepKind)
        }
    }

    private func stepIndexes(_ tutorial: Tutorial) -> [StepID: Int] {
        var indexes: [StepID: Int] = [:]
        for (index, step) in tutorial.steps.enumerated() { indexes[step.id] = index }
        return indexes
    }

    /// The sections whose every step with code is on one side only (and that have one).
    private func sectionsOnlyOnOneSide(_ side: TutorialCode, _ alone: [StepID]) -> Set<Int> {
        let aloneSet = Set(alone)
        var sections: Set<Int> = []
        for (number, section) in side.tutorial.sections.enumerated() {
            let withCode = section.steps.filter { step in side.steps.first { $0.step.id == step.id }?.hasCode ?? false }
            if !withCode.isEmpty, withCode.allSatisfy({ aloneSet.contains($0.id) }), section.steps.count > 1 {
                sections.insert(number + 1)
            }
        }
        return sections
    }

    // MARK: Aligned steps

    /// Compares the files both aligned groups of steps show, each as the last step of its group leaves it.
    private mutating func compareSteps(_ originalSteps: [Int], _ copySteps: [Int]) {
        let originalLast = originalSteps.last!
        let copyLast = copySteps.last!
        let shownOriginal = originalSteps.flatMap { original.steps[$0].pieces }
        let shownCopy = copySteps.flatMap { copy.steps[$0].pieces }
        var names: [String] = []
        for piece in shownOriginal + shownCopy {
            if let name = piece.fileName, !names.contains(name) { names.append(name) }
        }
        var leftOriginal: [CodePiece] = shownOriginal.filter { $0.fileName == nil }
        var leftCopy: [CodePiece] = shownCopy.filter { $0.fileName == nil }
        // A file is compared where both sides show it; where one side shows it and the other does not (a
        // screenshot instead of code, or the code shown at another step), that is said once, not diffed
        // against a state the other side showed steps ago.
        for name in names {
            let shownBefore = shownOriginal.contains { $0.fileName == name }
            let shownAfter = shownCopy.contains { $0.fileName == name }
            if shownBefore, shownAfter, let before = original.shownState(of: name, atOrBefore: originalLast),
                let after = copy.shownState(of: name, atOrBefore: copyLast)
            {
                comparePieces(before, after)
            } else if shownBefore, let before = original.state(of: name, atOrBefore: originalLast) {
                leftOriginal.append(before)
            } else if shownAfter, let after = copy.state(of: name, atOrBefore: copyLast) {
                leftCopy.append(after)
            }
        }
        // What the names did not pair: the most similar pieces pair up, where one side's file is unnamed (two
        // files named differently are two files).
        while !leftOriginal.isEmpty {
            let piece = leftOriginal.removeFirst()
            let scored = leftCopy.enumerated().filter { piece.fileName == nil || $0.element.fileName == nil }.map {
                ($0.offset, similarity(piece, $0.element))
            }
            if let best = scored.max(by: { $0.1 < $1.1 }), best.1 >= 0.3 {
                comparePieces(piece, leftCopy.remove(at: best.0))
            } else {
                log.wholePiece(piece, missing: true)
            }
        }
        for piece in leftCopy { log.wholePiece(piece, missing: false) }
    }

    /// Diffs two states of a file on their compared lines, then each changed stretch on its tokens (so code
    /// broken over other lines is no drift), and reports what differs.
    private mutating func comparePieces(_ before: CodePiece, _ after: CodePiece) {
        let shared = similarity(before, after)
        guard shared >= 0.3 else {
            log.differsThroughout(before, after, shared: shared)
            return
        }
        let runs = diffRuns(
            old: before.lineIDs, new: after.lineIDs, flags: lineDiff(old: before.lineIDs, new: after.lineIDs))
        // One side shows part of the file (a fragment, or much less of it than the other side shows): of the
        // other side, only the region the part shows is compared; the file's rest around it is not shown by the
        // part rather than left out.
        let (shorter, longer) = (min(before.lineIDs.count, after.lineIDs.count), max(before.lineIDs.count, after.lineIDs.count))
        // A Swift file shown whole starts with its imports: code without one, where the other side's has, is the
        // part of the file that matters to the step (a view's declaration, its preview left out).
        let (beforeImports, afterImports) = (before.text.hasImports, after.text.hasImports)
        let beforeIsPart = before.isPartial || (before.lineIDs.count == shorter && Double(shorter) < 0.7 * Double(longer))
            || (afterImports && !beforeImports)
        let afterIsPart = after.isPartial || (after.lineIDs.count == shorter && Double(shorter) < 0.7 * Double(longer))
            || (beforeImports && !afterImports)
        let shown = ShownRegion(
            runs: runs, before: before, after: after, beforeIsPart: beforeIsPart, afterIsPart: afterIsPart)
        for (index, run) in runs.enumerated() {
            let atAnEnd = index == 0 || index == runs.count - 1
            guard run.isChange else {
                if options.includeTranslated {
                    for offset in 0..<run.old.count {
                        log.translated(before, run.old.lowerBound + offset, after, run.new.lowerBound + offset)
                    }
                }
                continue
            }
            guard let shown else {
                // No line of substance both sides share: only the part's edges can be told apart.
                if atAnEnd, (beforeIsPart && run.old.isEmpty) || (afterIsPart && run.new.isEmpty) { continue }
                compareTokens(Stretch(piece: before, lines: run.old), Stretch(piece: after, lines: run.new))
                continue
            }
            // A run beyond the shared region on a side the other side's part does not show: that side's lines
            // there are the file's rest, not shown by the part; of the part's lines there, only code the
            // other side has nowhere in the run is a drift (`}.padding()` in a fragment faces `}` `.padding()`).
            let oldBeyond = shown.beyond(run.old, of: shown.old, unshown: afterIsPart)
            let newBeyond = shown.beyond(run.new, of: shown.new, unshown: beforeIsPart)
            if let edge = oldBeyond, !run.new.isEmpty {
                partBeyondRegion(
                    Stretch(piece: after, lines: run.new), facing: Stretch(piece: before, lines: run.old),
                    partIsCopy: true, insertingAt: edge == .leading ? shown.old.lowerBound : shown.old.upperBound,
                    bothParts: beforeIsPart)
                continue
            }
            if let edge = newBeyond, !run.old.isEmpty {
                partBeyondRegion(
                    Stretch(piece: before, lines: run.old), facing: Stretch(piece: after, lines: run.new),
                    partIsCopy: false, insertingAt: edge == .leading ? shown.new.lowerBound : shown.new.upperBound,
                    bothParts: afterIsPart)
                continue
            }
            let old = oldBeyond == nil ? run.old : run.old.clamped(to: shown.old)
            let new = newBeyond == nil ? run.new : run.new.clamped(to: shown.new)
            guard !old.isEmpty || !new.isEmpty else { continue }
            compareTokens(Stretch(piece: before, lines: old), Stretch(piece: after, lines: new))
        }
    }

    /// The lines of a part beyond the region it shares with the fuller side, facing lines of the fuller side
    /// the part does not show: the part's lines with code the facing lines lack are added (or left out). Where
    /// both sides are parts, neither shows what the other shows beyond the region: only lines edited in place.
    private mutating func partBeyondRegion(
        _ part: Stretch, facing: Stretch, partIsCopy: Bool, insertingAt edge: Int, bothParts: Bool
    ) {
        var ids: [String: Int32] = [:]
        var partIDs: [Int32] = []
        for token in part.tokens {
            if ids[token.token.text] == nil { ids[token.token.text] = Int32(ids.count) }
            partIDs.append(ids[token.token.text]!)
        }
        let facingIDs = facing.tokens.map { token in ids[token.token.text] ?? -1 }
        var unmatched: [Int] = []
        for run in diffRuns(old: facingIDs, new: partIDs, flags: lineDiff(old: facingIDs, new: partIDs))
        where run.isChange && !run.new.isEmpty {
            // A line of the part edited in place (`.shadow(radius: 10)` for `radius: 7`): most of its tokens and
            // the facing line's are shared, so it is the facing line's code that differs.
            if !run.old.isEmpty, let partLine = part.touchedLines(run.new).first,
                let facingLine = facing.touchedLines(run.old).first,
                run.new.count * 2 < part.piece.text.lines[partLine].tokens.count,
                run.old.count * 2 < facing.piece.text.lines[facingLine].tokens.count
            {
                if partIsCopy {
                    log.apiDiffers(facing.piece, facing.touchedLines(run.old), part.piece, part.touchedLines(run.new))
                } else {
                    log.apiDiffers(part.piece, part.touchedLines(run.new), facing.piece, facing.touchedLines(run.old))
                }
                continue
            }
            for line in part.touchedLines(run.new) where unmatched.last != line { unmatched.append(line) }
        }
        let meaningful = unmatched.filter { !isPunctuationOnly(part.piece.text.lines[$0]) }
        for line in meaningful where !bothParts {
            if partIsCopy {
                log.addedLine(facing.piece, insertingBefore: edge, part.piece, line)
            } else {
                log.missingLine(part.piece, line, facing.piece, insertingBefore: edge)
            }
        }
    }

    /// The tokens of a changed run of lines, each with its line.
    struct Stretch {
        let piece: CodePiece
        let lines: Range<Int>
        let tokens: [(line: Int, token: CodeToken)]

        init(piece: CodePiece, lines: Range<Int>) {
            self.piece = piece
            self.lines = lines
            tokens = lines.flatMap { line in piece.text.lines[line].tokens.map { (line, $0) } }
        }

        /// The lines the tokens at `indexes` are on; for an empty range, the line at that place.
        func touchedLines(_ indexes: Range<Int>) -> [Int] {
            if indexes.isEmpty {
                if indexes.lowerBound < tokens.count { return [tokens[indexes.lowerBound].line] }
                return tokens.last.map { [$0.line] } ?? []
            }
            var lines: [Int] = []
            for index in indexes where lines.last != tokens[index].line { lines.append(tokens[index].line) }
            return lines
        }

        /// Whether the tokens at `indexes` are whole lines.
        func coversWholeLines(_ indexes: Range<Int>) -> Bool {
            guard !indexes.isEmpty else { return false }
            let first = tokens[indexes.lowerBound]
            let last = tokens[indexes.upperBound - 1]
            return first.token.range.lowerBound == piece.text.lines[first.line].tokens.first!.range.lowerBound
                && last.token.range.upperBound == piece.text.lines[last.line].tokens.last!.range.upperBound
        }

        /// Where a line would go before the token at `index`: the start of its line, or after the stretch.
        func insertionLine(_ index: Int) -> Int {
            index < tokens.count ? tokens[index].line : lines.upperBound
        }
    }

    private mutating func compareTokens(_ old: Stretch, _ new: Stretch) {
        var ids: [String: Int32] = [:]
        func id(_ text: String) -> Int32 {
            if let known = ids[text] { return known }
            let next = Int32(ids.count)
            ids[text] = next
            return next
        }
        let oldIDs = old.tokens.map { id($0.token.text) }
        let newIDs = new.tokens.map { id($0.token.text) }
        guard oldIDs != newIDs else { return }
        for run in diffRuns(old: oldIDs, new: newIDs, flags: lineDiff(old: oldIDs, new: newIDs)) where run.isChange {
            if run.old.count == 1, run.new.count == 1 {
                let name = old.tokens[run.old.lowerBound]
                let spelled = new.tokens[run.new.lowerBound]
                // A spelling the original uses itself is another name, not a misspelling of this one.
                if name.token.isIdentifier, spelled.token.isIdentifier,
                    original.declaredNames.contains(name.token.text), !original.identifiers.contains(spelled.token.text),
                    isNearSpelling(name.token.text, spelled.token.text)
                {
                    log.nameSpelling(old.piece, name, new.piece, spelled)
                    continue
                }
            }
            if run.new.isEmpty, old.coversWholeLines(run.old) {
                let lines = old.touchedLines(run.old)
                let meaningful = lines.filter { !isPunctuationOnly(old.piece.text.lines[$0]) }
                for line in meaningful.isEmpty ? lines : meaningful {
                    log.missingLine(old.piece, line, new.piece, insertingBefore: new.insertionLine(run.new.lowerBound))
                }
            } else if run.old.isEmpty, new.coversWholeLines(run.new) {
                let lines = new.touchedLines(run.new)
                let meaningful = lines.filter { !isPunctuationOnly(new.piece.text.lines[$0]) }
                for line in meaningful.isEmpty ? lines : meaningful {
                    log.addedLine(old.piece, insertingBefore: old.insertionLine(run.old.lowerBound), new.piece, line)
                }
            } else {
                log.apiDiffers(old.piece, old.touchedLines(run.old), new.piece, new.touchedLines(run.new))
            }
        }
    }

}

/// The lines of each side a comparison holds against the other when a side shows only part of its file: the
/// whole of a part, and of a fuller side the region between the first and last lines of substance it shares
/// with the other side (braces alone match anywhere). Nil when neither side is a part, or they share no
/// line of substance.
struct ShownRegion {
    enum Edge { case leading, trailing }
    let old: Range<Int>
    let new: Range<Int>

    init?(runs: [DiffRun], before: CodePiece, after: CodePiece, beforeIsPart: Bool, afterIsPart: Bool) {
        guard beforeIsPart || afterIsPart else { return nil }
        var oldAnchors: [Int] = []
        var newAnchors: [Int] = []
        for run in runs where !run.isChange {
            for offset in 0..<run.old.count where !isPunctuationOnly(before.text.lines[run.old.lowerBound + offset]) {
                oldAnchors.append(run.old.lowerBound + offset)
                newAnchors.append(run.new.lowerBound + offset)
            }
        }
        guard let oldFirst = oldAnchors.first, let oldLast = oldAnchors.last, let newFirst = newAnchors.first,
            let newLast = newAnchors.last
        else { return nil }
        // Where both sides are parts, each shows its own lines beyond the other's.
        old = beforeIsPart && !afterIsPart ? 0..<before.text.lines.count : oldFirst..<(oldLast + 1)
        new = afterIsPart && !beforeIsPart ? 0..<after.text.lines.count : newFirst..<(newLast + 1)
    }

    /// Which edge `lines` lie beyond `region` on, when the other side is a part (so may not show them).
    func beyond(_ lines: Range<Int>, of region: Range<Int>, unshown: Bool) -> Edge? {
        guard unshown else { return nil }
        if lines.upperBound <= region.lowerBound, !lines.isEmpty || lines.lowerBound < region.lowerBound {
            return .leading
        }
        if lines.lowerBound >= region.upperBound { return .trailing }
        return nil
    }
}

/// How much two pieces share: the Dice coefficient of their lines, or where one is a part of its file, the
/// share of the part's lines the other has (a two-line fragment is all of a whole file's region it shows).
func similarity(_ a: CodePiece, _ b: CodePiece) -> Double {
    let (left, right) = (Set(a.lineIDs).sorted(), Set(b.lineIDs).sorted())
    let whole = dice(left, right)
    guard a.isPartial != b.isPartial else { return whole }
    let part = a.isPartial ? left : right
    let shared = whole * Double(left.count + right.count) / 2
    return part.isEmpty ? whole : max(whole, shared / Double(part.count))
}

/// A line of braces, brackets and commas only: reported only when nothing else around it is.
func isPunctuationOnly(_ line: CodeLine) -> Bool {
    line.tokens.allSatisfy { ["{", "}", "(", ")", "[", "]", ",", ";"].contains($0.text) }
}
