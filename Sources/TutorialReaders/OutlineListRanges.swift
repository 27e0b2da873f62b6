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
}
