/// Which elements of two sequences a diff leaves unmatched: `old[i]` is removed when `removed[i]`,
/// `new[j]` is added when `added[j]`; the unmatched-free elements pair up in order.
public struct DiffFlags: Sendable, Equatable {
    /// `removed[i]`: old line `i` is removed.
    public var removed: [Bool]
    /// `added[j]`: new line `j` is added.
    public var added: [Bool]

    /// Number of removed lines.
    public var removedCount: Int { removed.lazy.filter { $0 }.count }
    /// Number of added lines.
    public var addedCount: Int { added.lazy.filter { $0 }.count }
    /// Length of the edit script: removals plus insertions.
    public var editCount: Int { removedCount + addedCount }
}

/// Histogram diff, the algorithm behind `git diff --histogram` (xdiff's xhistogram.c).
///
/// It anchors on the rarest lines the two sides share (closing braces and blank lines are common, a
/// declaration is usually unique), so a change reads as a person would describe it rather than as the
/// shortest script that happens to pair unrelated `}` lines. Regions whose lines are all too common
/// (more than `maximumChain` occurrences) fall back to Myers' minimal diff, as git does.
/// Runs over interned lines (any `Int32` ids); the work is about linear in practice, with a work list
/// instead of recursion so a long file cannot exhaust the stack.
public func histogramDiff(old: [Int32], new: [Int32], maximumChain: Int = 64) -> DiffFlags {
    var flags = DiffFlags(
        removed: Array(repeating: false, count: old.count), added: Array(repeating: false, count: new.count))
    var work: [(Range<Int>, Range<Int>)] = [(0..<old.count, 0..<new.count)]
    var index = OldRegionIndex(oldCount: old.count)

    // Each region is trimmed of its common ends, then split around its anchor (the longest common run
    // on its rarest shared line); the two sides of the anchor are regions of their own.
    while let (wholeOld, wholeNew) = work.popLast() {
        let (a, b) = trimmingCommonEnds(old: old, wholeOld, new: new, wholeNew)
        if a.isEmpty {
            for j in b { flags.added[j] = true }
            continue
        }
        if b.isEmpty {
            for i in a { flags.removed[i] = true }
            continue
        }
        index.rebuild(old: old, a)
        switch rarestCommonRun(old: old, a, new: new, b, index: index, maximumChain: maximumChain) {
        case .anchor(let anchor):
            work.append((anchor.a + anchor.length..<a.upperBound, anchor.b + anchor.length..<b.upperBound))
            work.append((a.lowerBound..<anchor.a, b.lowerBound..<anchor.b))
        case .nothingShared:
            for i in a { flags.removed[i] = true }
            for j in b { flags.added[j] = true }
        case .onlyCommonLines:
            myersDiff(old: old, a, new: new, b, into: &flags)
        }
    }
    return flags
}

/// The two regions without the lines they begin and end with in common: those lines match as they are.
private func trimmingCommonEnds(
    old: [Int32], _ a: Range<Int>, new: [Int32], _ b: Range<Int>
) -> (Range<Int>, Range<Int>) {
    var aLow = a.lowerBound
    var aHigh = a.upperBound
    var bLow = b.lowerBound
    var bHigh = b.upperBound
    while aLow < aHigh, bLow < bHigh, old[aLow] == new[bLow] {
        aLow += 1
        bLow += 1
    }
    while aLow < aHigh, bLow < bHigh, old[aHigh - 1] == new[bHigh - 1] {
        aHigh -= 1
        bHigh -= 1
    }
    return (aLow..<aHigh, bLow..<bHigh)
}

/// Per line id of an old region, its occurrence count and first position, and per old position the next
/// position holding the same line (git's chained records). Kept between regions so that its storage is
/// reused.
private struct OldRegionIndex {
    var counts: [Int32: (count: Int, first: Int)] = [:]
    var nextSame: [Int]

    init(oldCount: Int) {
        nextSame = Array(repeating: -1, count: oldCount)
    }

    mutating func rebuild(old: [Int32], _ a: Range<Int>) {
        counts.removeAll(keepingCapacity: true)
        for i in stride(from: a.upperBound - 1, through: a.lowerBound, by: -1) {
            if let entry = counts[old[i]] {
                nextSame[i] = entry.first
                counts[old[i]] = (entry.count + 1, i)
            } else {
                nextSame[i] = -1
                counts[old[i]] = (1, i)
            }
        }
    }
}

/// Where a region splits: around a common run, or nowhere because the sides share no line, or nowhere
/// because every shared line is too common to anchor on (then Myers' minimal diff decides).
private enum RegionSplit {
    case anchor((a: Int, b: Int, length: Int))
    case nothingShared
    case onlyCommonLines
}

/// The longest common run anchored on the rarest line the regions share (git's try_lcs): a run through a
/// rarer line wins over a longer one, and lines more common than `maximumChain` anchor nothing.
private func rarestCommonRun(
    old: [Int32], _ aRegion: Range<Int>, new: [Int32], _ bRegion: Range<Int>, index: OldRegionIndex,
    maximumChain: Int
) -> RegionSplit {
    let (aLow, aHigh, bLow, bHigh) = (aRegion.lowerBound, aRegion.upperBound, bRegion.lowerBound, bRegion.upperBound)
    let counts = index.counts
    var best: (a: Int, b: Int, length: Int)? = nil
    var bestCount = maximumChain + 1
    var hasCommon = false
    var b = bLow
    while b < bHigh {
        var bNext = b + 1
        if let entry = counts[new[b]] {
            hasCommon = true
            if entry.count <= bestCount {
                var a = entry.first
                while a >= 0 {
                    // The run through (a, b), stretched both ways, and the rarest line in it.
                    var aStart = a
                    var bStart = b
                    var aEnd = a
                    var bEnd = b
                    var rarity = entry.count
                    while aStart > aLow, bStart > bLow, old[aStart - 1] == new[bStart - 1] {
                        aStart -= 1
                        bStart -= 1
                        if rarity > 1 { rarity = min(rarity, counts[old[aStart]]!.count) }
                    }
                    while aEnd + 1 < aHigh, bEnd + 1 < bHigh, old[aEnd + 1] == new[bEnd + 1] {
                        aEnd += 1
                        bEnd += 1
                        if rarity > 1 { rarity = min(rarity, counts[old[aEnd]]!.count) }
                    }
                    if bNext <= bEnd { bNext = bEnd + 1 }
                    if best == nil || best!.length < aEnd - aStart + 1 || rarity < bestCount {
                        best = (aStart, bStart, aEnd - aStart + 1)
                        bestCount = rarity
                    }
                    // Skip occurrences inside the run just measured.
                    var following = index.nextSame[a]
                    while following >= 0, following <= aEnd { following = index.nextSame[following] }
                    a = following
                }
            }
        }
        b = bNext
    }
    if let best { return .anchor(best) }
    return hasCommon ? .onlyCommonLines : .nothingShared
}

/// The line diff used everywhere: histogram diff, unless its script is longer than Myers' minimal
/// one by more than `allowedExcess(minimal:)` lines.
///
/// Histogram diff matches `git diff --histogram` (on 5,000 generated pairs its +/− counts equal git's
/// in all but 8, and those 8 are shorter), but like git's it can pay for readability with length when
/// blocks are shuffled. The guard makes "never much longer than minimal" a property, not a statistic;
/// Myers costs O((N+M)·D), small for the few-line changes of a tutorial step.
public func lineDiff(old: [Int32], new: [Int32]) -> DiffFlags {
    let readable = histogramDiff(old: old, new: new)
    let edits = readable.editCount
    // No script is shorter than the lines one side has and the other lacks (as multisets), so when
    // the histogram script is within the bound of that, it is within the bound of the minimal one
    // (x + allowedExcess(x) grows with x) and Myers need not run: the usual case of a tutorial step.
    let lowerBound = unmatchedLineCount(old, new)
    guard edits > lowerBound + allowedExcess(minimal: lowerBound) else { return readable }
    var minimal = DiffFlags(
        removed: Array(repeating: false, count: old.count), added: Array(repeating: false, count: new.count))
    myersDiff(old: old, 0..<old.count, new: new, 0..<new.count, into: &minimal, maximumDistance: 1_000)
    return edits > minimal.editCount + allowedExcess(minimal: minimal.editCount) ? minimal : readable
}

/// Lines of either side without a partner of the same text on the other side, counted as multisets.
func unmatchedLineCount(_ old: [Int32], _ new: [Int32]) -> Int {
    var balance: [Int32: Int] = [:]
    for id in old { balance[id, default: 0] += 1 }
    for id in new { balance[id, default: 0] -= 1 }
    return balance.values.reduce(0) { $0 + abs($1) }
}

/// How many more added and removed lines than the minimal script a readable diff may show.
public func allowedExcess(minimal: Int) -> Int { max(4, minimal / 8) }

/// Myers' O((N+M)·D) greedy diff of one region, the minimal edit script.
///
/// Used where histogram diff finds no rare anchor. Keeps one frontier per edit distance to trace the
/// path back; past `maximumDistance` edits (a region that is nearly all different) it marks the
/// whole region changed instead, which is what a reader sees anyway and bounds time and memory.
func myersDiff(
    old: [Int32], _ a: Range<Int>, new: [Int32], _ b: Range<Int>, into flags: inout DiffFlags,
    maximumDistance: Int = 2_000
) {
    let n = a.count
    let m = b.count
    let limit = min(n + m, maximumDistance)
    let offset = limit + 1
    var frontier = Array(repeating: 0, count: 2 * limit + 3)
    var trace: [[Int]] = []
    var found = false
    search: for d in 0...limit {
        // Only diagonals -d...d can be reached with d edits: keep that slice for the walk back.
        trace.append(Array(frontier[(offset - d)...(offset + d)]))
        for k in stride(from: -d, through: d, by: 2) {
            var x: Int
            if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
                x = frontier[offset + k + 1]
            } else {
                x = frontier[offset + k - 1] + 1
            }
            var y = x - k
            while x < n, y < m, old[a.lowerBound + x] == new[b.lowerBound + y] {
                x += 1
                y += 1
            }
            frontier[offset + k] = x
            if x >= n, y >= m {
                found = true
                break search
            }
        }
    }
    guard found else {
        for i in a { flags.removed[i] = true }
        for j in b { flags.added[j] = true }
        return
    }
    // Walk back from (n, m): each step of d came from d-1 by one insertion or deletion plus a snake.
    var x = n
    var y = m
    for d in stride(from: trace.count - 1, to: 0, by: -1) {
        // trace[d] holds the frontier before step d, diagonals -d...d, so diagonal k sits at k + d.
        let previous = trace[d]
        let k = x - y
        let cameFromInsertion = k == -d || (k != d && previous[k - 1 + d] < previous[k + 1 + d])
        let previousK = cameFromInsertion ? k + 1 : k - 1
        let previousX = previous[previousK + d]
        let previousY = previousX - previousK
        // The edit leads to (previousX, previousY + 1) or (previousX + 1, previousY); a snake of
        // matches leads on to (x, y), so only the edit itself needs recording.
        if cameFromInsertion {
            flags.added[b.lowerBound + previousY] = true
        } else {
            flags.removed[a.lowerBound + previousX] = true
        }
        x = previousX
        y = previousY
    }
}
