import CCMarkGFM

/// A numbered list nested in a bullet at the margin (`- The accept call` over `1.`, `2.`, `3.`) is read as the
/// same list at the margin would be: an item that holds code, in bullets of its own too, is one step holding it
/// (counting conventions item 38, rule 3). Only right inside a bullet of a top-level list the author wrote: a
/// numbered list in a numbered item is that item's detail, one deeper in bullets or in a quote is read as before,
/// and so is one in an MkDocs tab or box, whose marker the reader made a bullet (`MarkdownAdmonitions`) so that
/// cmark keeps its body together: the page shows the box's text there, not a bullet.
extension MarkdownBlocks {
    /// Whether `node` is a numbered list right inside an item of a bulleted list at the top level, its item
    /// opened by a bullet mark in the document itself.
    func isNumberedListInMarginBullet(_ node: OpaquePointer) -> Bool {
        guard cmark_node_get_type(node) == CMARK_NODE_LIST, cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
            let item = cmark_node_parent(node), cmark_node_get_type(item) == CMARK_NODE_ITEM,
            let bullets = cmark_node_parent(item), cmark_node_get_list_type(bullets) == CMARK_BULLET_LIST,
            cmark_node_get_type(cmark_node_parent(bullets)) == CMARK_NODE_DOCUMENT
        else { return false }
        let mark = nodeRange(item).start
        guard mark < document.bytes.count else { return false }
        return [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(document.bytes[mark])
    }
}
