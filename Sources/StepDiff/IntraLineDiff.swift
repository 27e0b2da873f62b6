/// What changed inside one modified line: byte ranges of its content on each side.
public struct IntraLineChange: Sendable, Hashable {
    /// Ranges in the old line's content (UTF-8 offsets from the line's start) that were removed.
    public let old: [Range<Int>]
    /// Ranges in the new line's content that were added.
    public let new: [Range<Int>]
    /// How much of the lines is shared (0…1): Dice's coefficient over non-blank bytes, or the share of
    /// one line kept whole inside the other when that is higher.
    public let similarity: Double
}

/// Token-level diff of two lines: words (letters, digits, `_`, any non-ASCII run) and single
/// punctuation marks are the tokens, so `[controllers[0]]` → `[controllers[currentPage]]` marks only
/// `0` and `currentPage`. Whitespace runs are tokens too but do not count towards similarity.
public func intraLineDiff(old: ArraySlice<UInt8>, new: ArraySlice<UInt8>) -> IntraLineChange {
    let oldTokens = tokenize(old)
    let newTokens = tokenize(new)
    var interner = LineInterner()
    let oldIDs = oldTokens.map { interner.intern(old[$0]) }
    let newIDs = newTokens.map { interner.intern(new[$0]) }
    let flags = histogramDiff(old: oldIDs, new: newIDs)

    func changedRanges(_ tokens: [Range<Int>], _ changed: [Bool], _ bytes: ArraySlice<UInt8>) -> (
        ranges: [Range<Int>], kept: Int, total: Int
    ) {
        var ranges: [Range<Int>] = []
        var kept = 0
        var total = 0
        for (index, token) in tokens.enumerated() {
            let blank = isBlank(bytes[token.lowerBound])
            if !blank { total += token.count }
            if !changed[index] {
                if !blank { kept += token.count }
                continue
            }
            let local = (token.lowerBound - bytes.startIndex)..<(token.upperBound - bytes.startIndex)
            // Join ranges separated by nothing or by one unchanged blank: `let x` → one highlight.
            if let last = ranges.last, last.upperBound == local.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound..<local.upperBound
            } else if let last = ranges.last, index >= 2, !changed[index - 1], changed[index - 2],
                isBlank(bytes[tokens[index - 1].lowerBound])
            {
                ranges[ranges.count - 1] = last.lowerBound..<local.upperBound
            } else {
                ranges.append(local)
            }
        }
        return (ranges, kept, total)
    }
    let removed = changedRanges(oldTokens, flags.removed, old)
    let added = changedRanges(newTokens, flags.added, new)
    let total = removed.total + added.total
    // Dice's coefficient over non-blank bytes, or, when one line survives whole inside the other
    // (`PageView()` → `PageView(features.map { … })`), how much of it survives: an insertion into a
    // short line is still an edit of that line.
    let dice = total == 0 ? 1 : Double(removed.kept + added.kept) / Double(total)
    func containment(_ side: (ranges: [Range<Int>], kept: Int, total: Int)) -> Double {
        side.total >= 4 ? Double(side.kept) / Double(side.total) : 0
    }
    let similarity = max(dice, containment(removed), containment(added))
    return IntraLineChange(old: removed.ranges, new: added.ranges, similarity: similarity)
}

/// Pairs the removed and added lines of one change that are versions of each other, in order.
///
/// Equal counts pair line by line when similar; otherwise each removed line looks a few added lines
/// ahead for its most similar one. Lines below `threshold` stay unpaired: shown whole, not as edits.
func pairModifiedLines(
    removed: [ArraySlice<UInt8>], added: [ArraySlice<UInt8>], threshold: Double = 0.5, window: Int = 8
) -> [(removed: Int, added: Int, change: IntraLineChange)] {
    var pairs: [(Int, Int, IntraLineChange)] = []
    var nextAdded = 0
    for (index, line) in removed.enumerated() {
        guard nextAdded < added.count else { break }
        var best: (Int, IntraLineChange)? = nil
        let candidates =
            removed.count == added.count ? index...index : nextAdded...min(added.count - 1, nextAdded + window)
        for candidate in candidates where candidate >= nextAdded {
            let change = intraLineDiff(old: line, new: added[candidate])
            if change.similarity >= threshold, change.similarity > (best?.1.similarity ?? 0) {
                best = (candidate, change)
            }
        }
        if let (candidate, change) = best {
            pairs.append((index, candidate, change))
            nextAdded = candidate + 1
        }
    }
    return pairs
}

@inline(__always)
private func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

@inline(__always)
private func isWordByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
        || byte >= 0x80
}

/// Byte ranges (indices of `bytes`) of its tokens.
private func tokenize(_ bytes: ArraySlice<UInt8>) -> [Range<Int>] {
    var tokens: [Range<Int>] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
        let start = index
        let byte = bytes[index]
        if isWordByte(byte) {
            while index < bytes.endIndex, isWordByte(bytes[index]) { index += 1 }
        } else if isBlank(byte) {
            while index < bytes.endIndex, isBlank(bytes[index]) { index += 1 }
        } else {
            index += 1
        }
        tokens.append(start..<index)
    }
    return tokens
}
