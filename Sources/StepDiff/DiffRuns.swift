/// A stretch of a diff: lines both sides share (`isChange == false`, equal counts, paired in order), or
/// lines removed from the old side and lines added on the new side (either may be empty).
public struct DiffRun: Sendable, Hashable {
    public let isChange: Bool
    public let old: Range<Int>
    public let new: Range<Int>

    public init(isChange: Bool, old: Range<Int>, new: Range<Int>) {
        self.isChange = isChange
        self.old = old
        self.new = new
    }
}

/// The runs of a diff, in order, changes sliding as far down as their lines allow.
///
/// A block added between lines it repeats at its edges (a method inserted after `}` and a blank line)
/// can be drawn at several places; git's readable choice, used here, is the lowest one, so the block
/// starts with its own first line and ends with its own closing brace or blank line.
public func diffRuns(old: [Int32], new: [Int32], flags: DiffFlags) -> [DiffRun] {
    var runs: [DiffRun] = []
    var i = 0, j = 0
    let n = old.count, m = new.count
    while i < n || j < m {
        if (i < n && flags.removed[i]) || (j < m && flags.added[j]) {
            let oldStart = i, newStart = j
            while i < n, flags.removed[i] { i += 1 }
            while j < m, flags.added[j] { j += 1 }
            if let last = runs.last, last.isChange {
                runs[runs.count - 1] = DiffRun(isChange: true, old: last.old.lowerBound..<i, new: last.new.lowerBound..<j)
            } else {
                runs.append(DiffRun(isChange: true, old: oldStart..<i, new: newStart..<j))
            }
        } else {
            let oldStart = i, newStart = j
            while i < n, j < m, !flags.removed[i], !flags.added[j] { i += 1; j += 1 }
            runs.append(DiffRun(isChange: false, old: oldStart..<i, new: newStart..<j))
        }
    }
    return slideDown(runs, old: old, new: new)
}

/// Moves each pure insertion or deletion down while the line leaving its top equals the line joining
/// its bottom (the same text either way, drawn lower).
private func slideDown(_ input: [DiffRun], old: [Int32], new: [Int32]) -> [DiffRun] {
    var runs = input
    var index = 0
    while index < runs.count {
        let run = runs[index]
        guard run.isChange, run.old.isEmpty != run.new.isEmpty, index + 1 < runs.count, !runs[index + 1].isChange else {
            index += 1
            continue
        }
        let next = runs[index + 1]
        let insertion = run.old.isEmpty
        let lines = insertion ? new : old
        let moved = insertion ? run.new : run.old
        var shift = 0
        while shift < next.old.count, lines[moved.lowerBound + shift] == lines[moved.upperBound + shift] { shift += 1 }
        guard shift > 0 else {
            index += 1
            continue
        }
        // The shared lines above grow by `shift`, the change moves down, the shared lines below shrink.
        let above = DiffRun(
            isChange: false, old: run.old.lowerBound..<(run.old.lowerBound + shift),
            new: run.new.lowerBound..<(run.new.lowerBound + shift))
        let shifted = DiffRun(
            isChange: true, old: (run.old.lowerBound + shift)..<(run.old.upperBound + shift),
            new: (run.new.lowerBound + shift)..<(run.new.upperBound + shift))
        let below = DiffRun(isChange: false, old: (next.old.lowerBound + shift)..<next.old.upperBound, new: (next.new.lowerBound + shift)..<next.new.upperBound)
        var replacement: [DiffRun] = []
        if index > 0, !runs[index - 1].isChange {
            let previous = runs[index - 1]
            runs[index - 1] = DiffRun(
                isChange: false, old: previous.old.lowerBound..<above.old.upperBound,
                new: previous.new.lowerBound..<above.new.upperBound)
        } else {
            replacement.append(above)
        }
        let shiftedIndex = index + replacement.count
        replacement.append(shifted)
        if !below.old.isEmpty { replacement.append(below) }
        runs.replaceSubrange(index...(index + 1), with: replacement)
        // A change that met the next change merges with it.
        if below.old.isEmpty, shiftedIndex + 1 < runs.count, runs[shiftedIndex + 1].isChange {
            let second = runs[shiftedIndex + 1]
            runs.replaceSubrange(
                shiftedIndex...(shiftedIndex + 1),
                with: [
                    DiffRun(
                        isChange: true, old: shifted.old.lowerBound..<second.old.upperBound,
                        new: shifted.new.lowerBound..<second.new.upperBound)
                ])
        }
        index = shiftedIndex + 1
    }
    return runs
}
