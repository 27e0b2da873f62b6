#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialModel

/// Re-reading an HTML page after an edit of text between tags: libxml2 parses only the lines from the
/// heading before the edit to the heading after it, and those blocks replace the previous blocks there.
///
/// An HTML parser recovers from what it meets, so no line is a boundary the way a Markdown heading is;
/// what is checked instead: the edit changes text only (it neither removes nor adds `<`, `>` or `&`, and
/// stands between a `>` and a `<`), so the page's elements stay the same; and the same window of the
/// previous text, parsed by itself, gives exactly the blocks the whole parse gave there, so the elements
/// open around the window do not change how its content reads, nor the window's figure captions how code
/// after it reads; the window's blocks after the edit are its blocks before, moved by the edit; and the
/// headings bounding the window begin at their own start tags. A page with bytes libxml2 reads out of step (a
/// lone `\r`, a NUL) and anything else is read whole.
enum HTMLWindow {
    static func reread(_ previous: OutlineBlocks, change: DocumentChange) -> (OutlineBlocks, SourceRange)? {
        guard changesTextOnly(change), !readsOutOfStep(change.old.bytes), !readsOutOfStep(change.new.bytes),
            HTMLCodeViewerPage.pageStartLine(in: change.old.lineIndex) == nil,
            HTMLCodeViewerPage.pageStartLine(in: change.new.lineIndex) == nil
        else { return nil }
        let old = change.old
        let (opening, closing) = boundaries(previous.blocks, around: change) { block in
            if case .heading = block.kind { return true }
            return false
        }
        // A heading whose range does not begin at its own start tag was placed by its line alone: broken
        // markup left a start tag open over the lines before it, which a window bounded there would cut in
        // two, so its text ends elsewhere than in the whole page (found by the html fuzzer).
        guard let opening, startsAtItsTag(opening, old.bytes), closing.map({ startsAtItsTag($0, old.bytes) }) ?? true
        else { return nil }
        let firstLine = change.oldLine(opening.range.start)
        let closingLine = closing.map { change.oldLine($0.range.start) }
        guard change.lineStartUnchanged(firstLine) else { return nil }
        var oldLines = firstLine..<old.lineIndex.lineCount
        var newLines = firstLine..<change.new.lineIndex.lineCount
        if let closingLine {
            guard let newClosingLine = change.newLine(afterEdit: closingLine) else { return nil }
            oldLines = firstLine..<closingLine
            newLines = firstLine..<newClosingLine
        }
        let oldWindow = SourceRange(start: old.lineIndex.lineStarts[firstLine], end: lineStart(oldLines.upperBound, old))
        let newWindow = SourceRange(start: oldWindow.start, end: oldWindow.end + change.delta)
        // The article header's title is read with the article around it: an edit of it reads the page whole.
        if let titleRange = previous.declaredTitleRange, titleRange.overlaps(oldWindow) { return nil }
        // libxml2 may gather into an element text that stands past its end tag in the bytes (a heading left
        // open by broken markup takes the blocks after it): such a block says what a window after it holds, and
        // a window read would leave it stale (found by the html fuzzer). Its text is then longer than its range.
        if previous.blocks.contains(where: { $0.range.start < oldWindow.start && $0.text.utf8.count > $0.range.length }) {
            return nil
        }
        guard let before = partition(previous.blocks, range: \.range, window: oldWindow),
            let beforeProblems = partition(previous.diagnostics, range: \.range, window: oldWindow)
        else { return nil }
        let (oldRead, oldFigureNames) = HTMLReader.window(old, lines: oldLines)
        guard oldRead.fallbackTitle == nil, oldRead.declaredTitle == nil, oldRead.blocks == Array(before.inside),
            oldRead.diagnostics == Array(beforeProblems.inside)
        else { return nil }
        let (newRead, newFigureNames) = HTMLReader.window(change.new, lines: newLines)
        // A figure's caption names all the code in it, and the figure may go on past the window: an edit
        // of a caption that changes the name it gives is read whole.
        guard newRead.fallbackTitle == nil, newRead.declaredTitle == nil, newFigureNames == oldFigureNames,
            blocksFollowEdit(oldRead.blocks, newRead.blocks, change: change),
            let blocks = splice(
                previous.blocks, newRead.blocks, range: \.range, old: oldWindow, new: newWindow, delta: change.delta,
                shift: { $0.shifted(by: $1) }),
            let diagnostics = splice(
                previous.diagnostics, newRead.diagnostics, range: \.range, old: oldWindow, new: newWindow,
                delta: change.delta, shift: { $0.shifted(by: $1) })
        else { return nil }
        return (
            OutlineBlocks(
                blocks: blocks, diagnostics: diagnostics, declaredTitle: previous.declaredTitle,
                declaredTitleRange: previous.declaredTitleRange.map { range in
                    range.start >= oldWindow.end ? range.shifted(by: change.delta) : range
                },
                frontMatterTitle: previous.frontMatterTitle, fallbackTitle: previous.fallbackTitle), newWindow
        )
    }

    /// Whether the window's blocks after the edit are its blocks before, the same kinds in the same order,
    /// each where the edit moved it: a text edit changes what blocks say, not which blocks there are. An
    /// edit that makes a blank text hold a word (or the reverse) adds a block (or removes one) whose
    /// extent depends on the elements open around the window, which the check of the old window cannot
    /// see, as a window read by itself could end it elsewhere than the page (found by the html fuzzer).
    private static func blocksFollowEdit(_ old: [OutlineBlock], _ new: [OutlineBlock], change: DocumentChange) -> Bool {
        guard old.count == new.count else { return false }
        let (editStart, editEnd, inserted) = (change.replaced.start, change.replaced.end, change.insertedLength)
        // Where an offset of the old text may be in the new one: unmoved before the edit, shifted after it;
        // a bound at the edit may take in the inserted text, one inside it may be anywhere in that text.
        func follows(_ oldOffset: Int, _ newOffset: Int) -> Bool {
            if oldOffset < editStart { return newOffset == oldOffset }
            if oldOffset > editEnd { return newOffset == oldOffset + change.delta }
            return newOffset >= editStart && newOffset <= editStart + inserted
        }
        for (before, after) in zip(old, new) {
            guard sameKind(before.kind, after.kind), follows(before.range.start, after.range.start),
                follows(before.range.end, after.range.end)
            else { return false }
        }
        return true
    }

    private static func sameKind(_ old: OutlineBlock.Kind, _ new: OutlineBlock.Kind) -> Bool {
        switch (old, new) {
        case (.heading(let oldLevel), .heading(let newLevel)): return oldLevel == newLevel
        case (.paragraph, .paragraph), (.prose, .prose), (.code, .code): return true
        default: return false
        }
    }

    /// Whether a heading's range begins with a heading's start tag (`<h2`, `<H3`).
    private static func startsAtItsTag(_ block: OutlineBlock, _ bytes: [UInt8]) -> Bool {
        let start = block.range.start
        guard start + 2 < bytes.count, bytes[start] == UInt8(ascii: "<"), bytes[start + 1] | 0x20 == UInt8(ascii: "h")
        else { return false }
        return (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[start + 2])
    }

    private static func lineStart(_ line: Int, _ document: SourceDocument) -> Int {
        line < document.lineIndex.lineCount ? document.lineIndex.lineStarts[line] : document.bytes.count
    }

    /// Whether the page holds bytes after which a window read by itself can read otherwise than the whole
    /// page (both found by the html fuzzer): a `\r` that ends a line by itself (old Mac line ends), which
    /// libxml2 does not count as a line, so the reader pairs elements with their tags by order alone
    /// (`HTMLBlocks.linesAgree`); and a NUL byte, which libxml2 skips with an error, so a text around it
    /// can end at a different place in a window than in the page.
    private static func readsOutOfStep(_ bytes: [UInt8]) -> Bool {
        let hasNul = bytes.withUnsafeBufferPointer { ByteSearch.index(of: 0, in: $0, from: 0) != nil }
        return hasNul || HTMLBlocks.hasLoneCarriageReturn(bytes, in: 0..<bytes.count)
    }

    /// Whether the edit replaces text between tags with text: no markup character removed or added, a
    /// `>` the last one before it and a `<` the first one after it (not inside a tag, a comment or a script).
    private static func changesTextOnly(_ change: DocumentChange) -> Bool {
        let markup: Set<UInt8> = [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&")]
        let old = change.old.bytes
        let inserted = change.new.bytes[change.replaced.start..<(change.replaced.start + change.insertedLength)]
        guard !old[change.replaced.start..<change.replaced.end].contains(where: markup.contains),
            !inserted.contains(where: markup.contains),
            let before = old[..<change.replaced.start].lastIndex(where: { $0 == 0x3C || $0 == 0x3E }),
            old[before] == UInt8(ascii: ">"),
            let after = old[change.replaced.end...].firstIndex(where: { $0 == 0x3C || $0 == 0x3E }),
            old[after] == UInt8(ascii: "<")
        else { return false }
        return true
    }
}
