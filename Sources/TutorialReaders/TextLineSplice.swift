import TutorialModel

/// Re-reading a plain-text document after an edit: only the lines the edit touches are measured again
/// (the costly part of reading text: scoring each line as code or prose), the others keep their
/// measurements with their numbers and ranges shifted; classifying lines, grouping blocks and assembling
/// steps then run over all lines as in a whole read. A line's measurement depends on its own text alone,
/// so the result is always a whole read's: text never needs to be read whole.
enum TextLineSplice {
    static func reread(_ previous: [TextLine], change: DocumentChange) -> (lines: [TextLine], window: SourceRange) {
        let new = change.new
        // One line more on each side than the edit touches: a `\r\n` split or joined at the edit's edge
        // changes where its neighbour ends.
        let firstLine = max(0, change.oldLine(change.replaced.start) - 1)
        var oldAfter = change.oldLine(change.replaced.end) + 2
        // The first old line after the edit that starts at its shifted offset in the new text.
        while oldAfter < previous.count, change.newLine(afterEdit: oldAfter) == nil { oldAfter += 1 }
        let newAfter = oldAfter < previous.count ? oldAfter + change.lineDelta : new.lineIndex.lineCount
        var lines = Array(previous[..<min(firstLine, previous.count)])
        lines.reserveCapacity(new.lineIndex.lineCount)
        for number in firstLine..<newAfter {
            let range = new.lineIndex.contentRange(ofLine: number)
            lines.append(TextLines.measure(slice(range, of: new), number: number, range: range))
        }
        for line in previous[min(oldAfter, previous.count)...] {
            let range = line.range.shifted(by: change.delta)
            lines.append(
                TextLine(
                    number: line.number + change.lineDelta, range: range, text: slice(range, of: new),
                    isBlank: line.isBlank, heading: line.heading, fileName: line.fileName, codeScore: line.codeScore,
                    bracketDelta: line.bracketDelta, togglesMultilineString: line.togglesMultilineString))
        }
        let start = new.lineIndex.lineStarts[firstLine]
        let end = newAfter < new.lineIndex.lineCount ? new.lineIndex.lineStarts[newAfter] : new.bytes.count
        return (lines, SourceRange(start: start, end: end))
    }

    /// The new text's characters at `range` (kept as a slice of that text, not of an older one).
    private static func slice(_ range: SourceRange, of document: SourceDocument) -> Substring {
        let utf8 = document.text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.start)
        return document.text[lower..<utf8.index(lower, offsetBy: range.length)]
    }
}
