import TutorialModel

/// The ranges of blocks a numbered list and the code after it span (`BuildState`'s numbered lists of steps):
/// where a list ends, what a lone item that says more follows holds, where the blocks before the next heading
/// or list end.
extension BuildState {
    /// Whether the one-item numbered list opening at `index` is item 9's run of one holding `index...end`: its
    /// item ends with a colon (`1. Set up the folder structure:`), shows no code of its own, and two code blocks
    /// or more stand at the margin after it up to `end`, before the next heading or list (a directory tree,
    /// then the commands that make it). The item holds them all, as the last item of a longer run does
    /// (counting conventions item 15), one step and not a step per fence. Over one block it reads as before
    /// (one step either way); an item that ends otherwise (`1. Build and run.`) holds none of them; a bullet
    /// labels nothing, and a bulleted list right after the item (`* By name` over a fence, `* By function` over
    /// another) is the next list, so the item holds none of its fences.
    static func loneItemHoldsWhatFollows(_ index: Int, through end: Int, _ blocks: [OutlineBlock]) -> Bool {
        guard blocks[index].listItem?.opens == true, blocks[index].saysMoreFollows,
            !(index...end).contains(where: {
                $0 != index && (blocks[$0].listItem?.opens == true || blocks[$0].opensBulletItem)
            })
        else { return false }
        let code = (index...end).filter { blocks[$0].isCode }
        return code.count >= 2 && !code.contains { blocks[$0].listItem != nil }
    }

    /// The last block after `index` before the next heading or numbered list item (with `bulletsToo`, or
    /// bulleted one), `index` itself when one follows it.
    static func lastBlockBeforeHeadingOrList(after index: Int, _ blocks: [OutlineBlock], bulletsToo: Bool = false)
        -> Int
    {
        var end = index
        while end + 1 < blocks.count, blocks[end + 1].listItem == nil, headingLevel(blocks[end + 1]) == nil,
            !(bulletsToo && blocks[end + 1].opensBulletItem)
        {
            end += 1
        }
        return end
    }

    /// The last block from `index` on that is a list item or code: a list's items and the code among them.
    static func lastBlockOfList(from index: Int, _ blocks: [OutlineBlock]) -> Int {
        var end = index
        while end + 1 < blocks.count, blocks[end + 1].listItem != nil || blocks[end + 1].isCode { end += 1 }
        return end
    }

    /// The last block of the numbered list that opens at `index` in a document with code: where code stands at
    /// the margin between the items (an outline of one-item lists), each item holds what follows it up to the
    /// next item, and the last one holds what follows it up to the next heading or list where it says more
    /// follows (`3. Write it back in one of two ways:`, then a paragraph and code for each way), not where it
    /// ends (`3. Build and run.`). Where the items indent their code into themselves, code at the margin after
    /// the last one is not its own (the code of a sub-heading inside it, or of the text after the list).
    static func lastBlockOfListWithCode(from index: Int, _ blocks: [OutlineBlock]) -> Int {
        let end = lastBlockOfOneItemOutline(from: index, continuing: lastBlockOfList(from: index, blocks), blocks)
        let lastOpener = (index...end).last { blocks[$0].listItem?.opens == true } ?? index
        let saysMoreFollows = blocks[lastOpener].saysMoreFollows
        let codeBetweenItems = (index..<lastOpener).contains { blocks[$0].isCode && blocks[$0].listItem == nil }
        if codeBetweenItems, saysMoreFollows { return lastBlockBeforeHeadingOrList(after: end, blocks) }
        if lastOpener == index, saysMoreFollows {
            // A lone item with its code at the margin, item 9's run of one: what follows it up to the next
            // heading or list, a bulleted one too, is its own where it says more follows (`loneItemHoldsWhatFollows`).
            let held = lastBlockBeforeHeadingOrList(after: end, blocks, bulletsToo: true)
            if loneItemHoldsWhatFollows(index, through: held, blocks) { return held }
        }
        if !codeBetweenItems, !saysMoreFollows,
            (index...end).contains(where: { blocks[$0].isCode && blocks[$0].listItem != nil })
        {
            return (index...end).last { blocks[$0].listItem != nil } ?? end
        }
        return end
    }

    /// Where a numbered list ending at `end` is continued by one-item lists numbered one after another,
    /// each after prose or code of its own (`1. Core concepts`, paragraphs and code, `2. Exercises`, …),
    /// the last block of that outline: the author numbered the parts, the blocks between only stand in
    /// them. The outline stops at a heading, at an item whose number does not follow (a number past 1 written
    /// again, `3.` after `3.`, is the author's slip and goes on; `1.` after `1.` starts a list again), and where
    /// no item follows; `end` itself when nothing continues it. It stops too after a list of two items or more
    /// that indent their code into themselves, where code stands at the margin before the next item (`3a.` and
    /// a fence of its own after item 3): the page shows that code outside the list, a step of its own (counting
    /// conventions item 28), unless the last item says more follows (item 34). A one-item list is item 9's run
    /// of one-item lists, whose items hold the code up to the next, whether or not they indent their own.
    static func lastBlockOfOneItemOutline(from start: Int, continuing end: Int, _ blocks: [OutlineBlock]) -> Int {
        var end = end
        var listStart = start
        while let lastOpener = blocks[start...end].lastIndex(where: { $0.listItem?.opens == true }),
            let last = blocks[lastOpener].listItem?.number,
            let next = blocks[(end + 1)...].firstIndex(where: { $0.listItem != nil || headingLevel($0) != nil }),
            blocks[next].listItem?.opens == true, let number = blocks[next].listItem?.number,
            number == last + 1 || (number == last && last > 1)
        {
            let list = blocks[listStart...end]
            let indentsItsCode =
                itemsNumberedInTurn(endingAt: lastOpener, from: listStart, blocks) >= 2
                && list.contains { $0.isCode && $0.listItem != nil }
            let codeAtMargin = blocks[(end + 1)..<next].contains { $0.isCode && $0.listItem == nil }
            if indentsItsCode, codeAtMargin, !blocks[lastOpener].saysMoreFollows { break }
            listStart = next
            end = lastBlockOfList(from: next, blocks)
        }
        return end
    }

    /// How many items, back from the one opening at `lastOpener`, are numbered one after another (`1.`, `2.`,
    /// `3.`): the last list's, where two lists stand with nothing between that the page shows as a block (an
    /// empty bullet).
    private static func itemsNumberedInTurn(endingAt lastOpener: Int, from start: Int, _ blocks: [OutlineBlock]) -> Int {
        let numbers = blocks[start...lastOpener].compactMap { $0.listItem?.opens == true ? $0.listItem?.number : nil }
        var count = 1
        for (earlier, later) in zip(numbers.dropLast().reversed(), numbers.reversed()) {
            guard later == earlier + 1 else { break }
            count += 1
        }
        return count
    }
}
