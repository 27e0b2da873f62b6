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
    parts.after.withUnsafeBufferPointer { after in
        for index in after.indices { result.append(shift(after[index], delta)) }
    }
    return result
}

/// Splits items in document order into those before `window`, inside it and after it, by where each starts;
/// nil when one straddles a boundary or they are not in that order (then splicing would reorder them). The items
/// are in document order but their starts are not guaranteed sorted, so no binary search.
func partition<Item>(
    _ items: [Item], range: (Item) -> SourceRange, window: SourceRange
) -> (before: ArraySlice<Item>, inside: ArraySlice<Item>, after: ArraySlice<Item>)? {
    // Each item's range read where the array stores it: iterating the items copied each one (a block's texts and
    // lists retained, then released), every block of a long document at every keystroke.
    let bounds = items.withUnsafeBufferPointer { items -> (inside: Int, after: Int)? in
        func firstIndex(where predicate: (SourceRange) -> Bool) -> Int {
            var index = 0
            while index < items.count, !predicate(range(items[index])) { index += 1 }
            return index
        }
        let firstInside = firstIndex { $0.start >= window.start }
        let firstAfter = firstIndex { $0.start >= window.end }
        guard firstInside <= firstAfter else { return nil }
        for index in 0..<items.count {
            let itemRange = range(items[index])
            let straddles =
                index < firstInside
                ? itemRange.end > window.start || itemRange.start >= window.start
                : index < firstAfter
                    ? itemRange.end > window.end || itemRange.start < window.start : itemRange.start < window.end
            if straddles { return nil }
        }
        return (firstInside, firstAfter)
    }
    guard let (firstInside, firstAfter) = bounds else { return nil }
    return (items[..<firstInside], items[firstInside..<firstAfter], items[firstAfter...])
}
