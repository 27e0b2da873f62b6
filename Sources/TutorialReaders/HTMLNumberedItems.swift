import CLibXML2

/// Items of a numbered list in the page's own flow, marked as Markdown's top-level numbered items are
/// (`OutlineBlock.listItem`): an item's text and every block nested in it, code in a bullet list under it
/// included, belong to that one item, so the outline builder can take the item for one step.
extension HTMLBlocks {
    /// The number of an `<li>` of an `<ol>` that stands in the page's flow (not inside another list, a quote
    /// or a table): the list's `start` (1 by default) plus the items before it, counted on from the item
    /// before (a long list is not walked back once per item).
    mutating func numberedItemNumber(_ item: xmlNodePtr) -> Int? {
        guard let list = item.pointee.parent, Self.name(of: list) == "ol", !Self.hasAncestor(list, in: Self.proseContainers)
        else { return nil }
        var number = Self.attribute("start", of: list).flatMap { Int(String($0.filter { !$0.isWhitespace })) } ?? 1
        var sibling = item.pointee.prev
        while let current = sibling {
            if let last = lastNumberedItem, last.item == current {
                number = last.number + 1
                break
            }
            if Self.name(of: current) == "li" { number += 1 }
            sibling = current.pointee.prev
        }
        lastNumberedItem = (item, number)
        return number
    }

    static func hasAncestor(_ node: xmlNodePtr, in names: Set<String>) -> Bool {
        var current = node.pointee.parent
        var depth = 0
        while let parent = current, parent.pointee.type == XML_ELEMENT_NODE, depth < maximumDepth {
            if names.contains(name(of: parent)) { return true }
            current = parent.pointee.parent
            depth += 1
        }
        return false
    }
}
