import TutorialModel

// What re-reading a window of a document shares across readers: finding the window's boundaries in
// the previous read, and splicing what the window's read found into the previous read's lists.

/// The last boundary block on a line before the edit and the first on a line after it (nil when none).
func boundaries(
    _ blocks: [OutlineBlock], around change: DocumentChange, isBoundary: (OutlineBlock) -> Bool
) -> (opening: OutlineBlock?, closing: OutlineBlock?) {
    let editFirstLine = change.oldLine(change.replaced.start)
    let editLastLine = change.oldLine(change.replaced.end)
    var opening: OutlineBlock?
    for block in blocks where isBoundary(block) {
        let line = change.oldLine(block.range.start)
        if line < editFirstLine {
            opening = block
        } else if line > editLastLine {
            return (opening, block)
        }
    }
    return (opening, nil)
}

/// The previous items with those in `old` (the window in the previous text) replaced by `inside` (read
/// from `new`, the same window in the new text) and those after it shifted by `delta`; nil when an item
/// crosses a boundary of either window.
func splice<Item>(
    _ previous: [Item], _ inside: [Item], range: (Item) -> SourceRange, old: SourceRange, new: SourceRange,
    delta: Int, shift: (Item, Int) -> Item
) -> [Item]? {
    guard let parts = partition(previous, range: range, window: old),
        inside.allSatisfy({ new.contains(range($0)) && (range($0).start < new.end || new.isEmpty) })
    else { return nil }
    var result = Array(parts.before)
    result.reserveCapacity(previous.count - parts.inside.count + inside.count)
    result.append(contentsOf: inside)
    for item in parts.after { result.append(shift(item, delta)) }
    return result
}

/// Splits items in document order into those before `window`, inside it and after it, by where each starts;
/// nil when one straddles a boundary or they are not in that order (then splicing would reorder them).
func partition<Item>(
    _ items: [Item], range: (Item) -> SourceRange, window: SourceRange
) -> (before: ArraySlice<Item>, inside: ArraySlice<Item>, after: ArraySlice<Item>)? {
    let firstInside = items.partitioningIndex { range($0).start >= window.start }
    let firstAfter = items.partitioningIndex { range($0).start >= window.end }
    guard firstInside <= firstAfter else { return nil }
    for item in items[..<firstInside] where range(item).end > window.start || range(item).start >= window.start {
        return nil
    }
    for item in items[firstInside..<firstAfter] where range(item).end > window.end || range(item).start < window.start {
        return nil
    }
    for item in items[firstAfter...] where range(item).start < window.end { return nil }
    return (items[..<firstInside], items[firstInside..<firstAfter], items[firstAfter...])
}

extension Array {
    /// The first index whose element satisfies `predicate`, scanning from the start: the items are in
    /// document order but their starts are not guaranteed sorted, so no binary search (the splice walks
    /// every item once anyway).
    fileprivate func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        firstIndex(where: predicate) ?? count
    }
}
