/// A stretch of a diff: lines both sides share (`isChange == false`, equal counts, paired in order), or
/// lines removed from the old side and lines added on the new side (either may be empty).
public struct DiffRun: Sendable, Hashable {
    /// False for shared lines, true for removed and added ones.
    public let isChange: Bool
    /// 0-based lines of the old text.
    public let old: Range<Int>
    /// 0-based lines of the new text.
    public let new: Range<Int>

    /// A run; shared runs have as many old lines as new ones.
    public init(isChange: Bool, old: Range<Int>, new: Range<Int>) {
        self.isChange = isChange
        self.old = old
        self.new = new
    }
}

/// The runs of a diff, in order, each pure insertion or deletion placed where it reads best.
///
/// A block added between lines it repeats at its edges (a method inserted after `}` and a blank line)
/// can be drawn at several places; git's readable choice, used here, is the lowest one, so the block
/// starts with its own first line and ends with its own closing brace or blank line. When lines are
/// compared up to indentation, `exactOld`/`exactNew` (the ids with indentation) break the tie: the
/// place that pairs the most lines exactly wins, so a new `}` is the new inner brace, not the old outer one.
public func diffRuns(old: [Int32], new: [Int32], flags: DiffFlags, exactOld: [Int32]? = nil, exactNew: [Int32]? = nil)
    -> [DiffRun]
{
    var runs: [DiffRun] = []
    var i = 0
    var j = 0
    let n = old.count
    let m = new.count
    while i < n || j < m {
        if (i < n && flags.removed[i]) || (j < m && flags.added[j]) {
            let oldStart = i
            let newStart = j
            while i < n, flags.removed[i] { i += 1 }
            while j < m, flags.added[j] { j += 1 }
            if let last = runs.last, last.isChange {
                runs[runs.count - 1] = DiffRun(
                    isChange: true, old: last.old.lowerBound..<i, new: last.new.lowerBound..<j)
            } else {
                runs.append(DiffRun(isChange: true, old: oldStart..<i, new: newStart..<j))
            }
        } else {
            let oldStart = i
            let newStart = j
            while i < n, j < m, !flags.removed[i], !flags.added[j] {
                i += 1
                j += 1
            }
            runs.append(DiffRun(isChange: false, old: oldStart..<i, new: newStart..<j))
        }
    }
    var exact: (old: [Int32], new: [Int32])? = nil
    if let exactOld, let exactNew { exact = (exactOld, exactNew) }
    return slide(runs, old: old, new: new, exact: exact)
}

/// Moves each pure insertion or deletion within the range its edge lines allow (the line leaving one
/// end equals the line joining the other), to the lowest place, or the best-pairing one.
private func slide(_ input: [DiffRun], old: [Int32], new: [Int32], exact: (old: [Int32], new: [Int32])?) -> [DiffRun] {
    var runs = input
    var index = 0
    while index < runs.count {
        let run = runs[index]
        guard run.isChange, run.old.isEmpty != run.new.isEmpty else {
            index += 1
            continue
        }
        let room = SlideRoom(runs, at: index, old: old, new: new)
        var shift = room.down
        if let exact, room.up + room.down > 0 { shift = room.bestPairingShift(exact: exact) }
        guard shift != 0 else {
            index += 1
            continue
        }
        index = shiftChange(in: &runs, at: index, by: shift, room: room) + 1
    }
    return runs
}

/// How far a pure insertion or deletion can move: `up` lines above it (into the shared run before it)
/// and `down` lines below it, each step keeping the same text on both sides.
private struct SlideRoom {
    let run: DiffRun
    /// True for an insertion (only new lines), false for a deletion.
    let insertion: Bool
    /// The lines that move, on their side.
    let moved: Range<Int>
    /// The shared lines just above and just below the change (0 where a change or nothing is there).
    let above: Int
    let below: Int
    let up: Int
    let down: Int

    init(_ runs: [DiffRun], at index: Int, old: [Int32], new: [Int32]) {
        run = runs[index]
        insertion = run.old.isEmpty
        let lines = insertion ? new : old
        moved = insertion ? run.new : run.old
        above = index > 0 && !runs[index - 1].isChange ? runs[index - 1].old.count : 0
        below = index + 1 < runs.count && !runs[index + 1].isChange ? runs[index + 1].old.count : 0
        var down = 0
        while down < below, lines[moved.lowerBound + down] == lines[moved.upperBound + down] { down += 1 }
        var up = 0
        while up < above, lines[moved.lowerBound - 1 - up] == lines[moved.upperBound - 1 - up] { up += 1 }
        self.up = up
        self.down = down
    }

    /// The shift whose place pairs the most shared lines exactly (indentation included), over the lines
    /// that can move; the lowest place among equals.
    func bestPairingShift(exact: (old: [Int32], new: [Int32])) -> Int {
        let side = insertion ? exact.new : exact.old
        let other = insertion ? exact.old : exact.new
        let anchor = insertion ? run.old.lowerBound : run.new.lowerBound  // the other side's index at the change
        let window = (moved.lowerBound - up)..<(moved.upperBound + down)
        func score(_ t: Int) -> Int {
            var total = 0
            let start = moved.lowerBound + t
            let end = moved.upperBound + t
            for line in window where line < start || line >= end {
                let partner = line < start ? anchor - (moved.lowerBound - line) : anchor + (line - moved.upperBound)
                if side[line] == other[partner] { total += 1 }
            }
            return total
        }
        var shift = down
        var best = score(down)
        for t in stride(from: down - 1, through: -up, by: -1) {
            let candidate = score(t)
            if candidate > best {
                best = candidate
                shift = t
            }
        }
        return shift
    }
}

/// Moves the change at `index` by `shift` lines: the shared lines above grow (or shrink) by `shift`, those
/// below follow, and a change it meets merges with it. Returns the index of the moved change.
private func shiftChange(in runs: inout [DiffRun], at index: Int, by shift: Int, room: SlideRoom) -> Int {
    let run = room.run
    let shifted = DiffRun(
        isChange: true, old: (run.old.lowerBound + shift)..<(run.old.upperBound + shift),
        new: (run.new.lowerBound + shift)..<(run.new.upperBound + shift))
    var replacement: [DiffRun] = []
    var first = index
    if room.above > 0 {
        first = index - 1
        let previous = runs[index - 1]
        if room.above + shift > 0 {
            replacement.append(
                DiffRun(
                    isChange: false, old: previous.old.lowerBound..<shifted.old.lowerBound,
                    new: previous.new.lowerBound..<shifted.new.lowerBound))
        }
    } else {
        replacement.append(
            DiffRun(
                isChange: false, old: run.old.lowerBound..<shifted.old.lowerBound,
                new: run.new.lowerBound..<shifted.new.lowerBound))
    }
    replacement.append(shifted)
    var last = index
    if room.below > 0 {
        last = index + 1
        let next = runs[index + 1]
        if room.below - shift > 0 {
            replacement.append(
                DiffRun(
                    isChange: false, old: shifted.old.upperBound..<next.old.upperBound,
                    new: shifted.new.upperBound..<next.new.upperBound))
        }
    } else {
        replacement.append(
            DiffRun(
                isChange: false, old: shifted.old.upperBound..<run.old.upperBound,
                new: shifted.new.upperBound..<run.new.upperBound))
    }
    let kept = replacement.filter { $0.isChange || !$0.old.isEmpty }
    runs.replaceSubrange(first...last, with: kept)
    // A change that met a neighbouring change merges with it.
    var merged = first + kept.firstIndex(where: \.isChange)!
    if merged > 0, runs[merged - 1].isChange {
        runs.replaceSubrange((merged - 1)...merged, with: [join(runs[merged - 1], runs[merged])])
        merged -= 1
    }
    if merged + 1 < runs.count, runs[merged + 1].isChange {
        runs.replaceSubrange(merged...(merged + 1), with: [join(runs[merged], runs[merged + 1])])
    }
    return merged
}

private func join(_ first: DiffRun, _ second: DiffRun) -> DiffRun {
    DiffRun(
        isChange: true, old: first.old.lowerBound..<second.old.upperBound,
        new: first.new.lowerBound..<second.new.upperBound)
}
