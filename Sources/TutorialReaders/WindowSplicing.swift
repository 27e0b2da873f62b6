import TutorialModel

// What re-reading a window of a document shares across readers: finding the window's boundaries in
// the previous read, and splicing what the window's read found into the previous read's lists.

/// The last boundary block on a line before the edit and the first on a line after it (nil when none).
///
/// Where a block stands against the edit's lines is told by its start against those lines' starts, and whether it
/// is a boundary asked only of a block whose place could make it the one: a keystroke in a long document looked up
/// the line of every boundary, the whole document's worth. (The blocks are in document order, their starts not
/// always sorted: no binary search.)
func boundaries(
    _ blocks: [OutlineBlock], around change: DocumentChange, isBoundary: (OutlineBlock) -> Bool
) -> (opening: OutlineBlock?, closing: OutlineBlock?) {
    let lineStarts = change.old.lineIndex.lineStarts
    // A block starting before `beforeEdit` is on a line before the edit's first; one starting at `afterEdit` or
    // later, on a line after its last.
    let beforeEdit = lineStarts[change.oldLine(change.replaced.start)]
    let lineAfter = change.oldLine(change.replaced.end) + 1
    let afterEdit = lineAfter < lineStarts.count ? lineStarts[lineAfter] : Int.max
    var closing = blocks.endIndex
    for index in blocks.indices where blocks[index].range.start >= afterEdit && isBoundary(blocks[index]) {
        closing = index
        break
    }
    let opening = blocks[..<closing].lastIndex { $0.range.start < beforeEdit && isBoundary($0) }
    return (opening.map { blocks[$0] }, closing < blocks.endIndex ? blocks[closing] : nil)
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
    // Sized before the first item goes in: an array made from the items before the window and then grown copied
    // them a second time, at every keystroke (most of a long document's blocks stand before or after the edit).
    var result: [Item] = []
    result.reserveCapacity(previous.count - parts.inside.count + inside.count)
    result.append(contentsOf: parts.before)
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
