#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif
import TutorialModel

/// Removing a snippet means removing its whole block, not only its code: a rule asks for the removal
/// of a snippet's code range, and the engine widens it to what the document's syntax wraps around
/// the code (the fences of a Markdown block, `<pre>…</pre>` in HTML, a file-name label line before
/// the block, a DocC `@Code` line), so no empty block is left behind.
enum SnippetRemoval {
    static func widened(_ edit: TextEdit, in tutorial: Tutorial) -> TextEdit {
        guard edit.newText.isEmpty, !edit.range.isEmpty,
            let snippet = tutorial.steps.lazy.flatMap(\.snippets).first(where: { $0.range == edit.range })
        else { return edit }
        let document = tutorial.document
        let index = document.lineIndex
        let bytes = document.bytes
        var firstLine = index.lineNumber(containing: edit.range.start)
        var lastLine = index.lineNumber(containing: max(edit.range.start, edit.range.end - 1))

        func text(ofLine line: Int) -> Substring {
            Substring(document.text(in: index.contentRange(ofLine: line)))
        }
        func isBlank(_ line: Int) -> Bool { text(ofLine: line).allSatisfy { $0 == " " || $0 == "\t" } }
        func isFence(_ line: Int) -> Bool {
            let trimmed = text(ofLine: line).drop { $0 == " " || $0 == ">" }
            return trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~")
        }
        func isLabel(_ line: Int) -> Bool {
            guard let name = snippet.fileName else { return false }
            let stripped = text(ofLine: line).trimmingScalars(in: TextScalars(charactersIn: " \t*`_:#>"))
            return stripped == name
        }

        switch tutorial.format {
        case .markdown:
            if firstLine > 0, isFence(firstLine - 1) { firstLine -= 1 }
            if lastLine + 1 < index.lineCount, isFence(lastLine + 1) { lastLine += 1 }
        case .html:
            let lower = document.text.lowercased()
            let utf8 = Array(lower.utf8)
            if let open = lastOccurrence(of: Array("<pre".utf8), in: utf8, before: edit.range.start),
                let close = firstOccurrence(of: Array("</pre>".utf8), in: utf8, from: edit.range.end)
            {
                firstLine = index.lineNumber(containing: open)
                lastLine = index.lineNumber(containing: close)
                // Only whole lines go: text sharing a line with the block stays.
                let before = document.text(in: SourceRange(start: index.lineStarts[firstLine], end: open))
                let after = document.text(
                    in: SourceRange(start: close + 6, end: index.contentRange(ofLine: lastLine).end))
                if !before.allSatisfy(\.isWhitespace) || !after.allSatisfy(\.isWhitespace) {
                    return TextEdit(range: SourceRange(start: open, end: close + 6), newText: "")
                }
            }
        case .docc, .text:
            break
        }
        if firstLine > 0, isLabel(firstLine - 1) {
            firstLine -= 1
        } else if firstLine > 1, isBlank(firstLine - 1), isLabel(firstLine - 2) {
            firstLine -= 2
        }
        // One blank line between the blocks around stays; the block's own goes with it.
        if lastLine + 1 < index.lineCount, isBlank(lastLine + 1), firstLine > 0, isBlank(firstLine - 1) {
            lastLine += 1
        }
        let start = index.lineStarts[firstLine]
        let end = lastLine + 1 < index.lineCount ? index.lineStarts[lastLine + 1] : bytes.count
        return TextEdit(range: SourceRange(start: start, end: end), newText: "")
    }

    private static func lastOccurrence(of needle: [UInt8], in haystack: [UInt8], before end: Int) -> Int? {
        var position = end - needle.count
        let limit = max(0, end - 400)
        while position >= limit {
            if haystack[position..<(position + needle.count)].elementsEqual(needle) { return position }
            position -= 1
        }
        return nil
    }

    private static func firstOccurrence(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        var position = start
        let limit = min(haystack.count - needle.count, start + 200)
        while position <= limit {
            if haystack[position..<(position + needle.count)].elementsEqual(needle) { return position }
            position += 1
        }
        return nil
    }
}
