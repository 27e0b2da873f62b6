#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SwiftFacts
import TutorialModel
import TutorialRules

/// Maps a rule's code edits to edits of the DocC resource file a snippet's code was read from (code
/// offsets are file offsets there); empty for snippets whose code is in the document. `codeLines` are
/// the line starts of the checked code (its facts'), by which the edits number lines.
func resourceEdits(_ edits: [CodeEdit], snippet: Snippet, codeLines: [Int]) -> [ResourceEdit] {
    guard !edits.isEmpty, let path = snippet.docc?.resourcePath else { return [] }
    let code = Array(snippet.code.utf8)
    // A final newline ends the last line here: it starts no line a resource edit could name.
    let lineStarts = codeLines.last == code.count && codeLines.count > 1 ? Array(codeLines.dropLast()) : codeLines
    var result: [ResourceEdit] = []
    func add(_ range: SourceRange, _ text: String) {
        result.append(
            ResourceEdit(
                path: path, resolvedPath: snippet.docc?.resolvedResourcePath, expectedText: snippet.code,
                edit: TextEdit(range: range, newText: text)))
    }
    for edit in edits {
        switch edit.kind {
        case .replace(let range, let text):
            add(SourceRange(start: range.start, end: range.end), text)
        case .insertLine(let line, let text):
            guard line >= 0, line <= lineStarts.count else { continue }
            let offset = line < lineStarts.count ? lineStarts[line] : code.count
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0 + "\n" }.joined()
            add(.empty(at: offset), lines)
        case .deleteLine(let line):
            guard line >= 0, line < lineStarts.count else { continue }
            let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : code.count
            add(SourceRange(start: lineStarts[line], end: end), "")
        }
    }
    return result
}

/// Maps a rule's code edits to document edits. New lines take the document's own prefix of the line
/// they precede (list indentation, quote markers), and HTML gets its characters escaped. `codeLines` are
/// the line starts of the checked code (its facts').
func documentEdits(_ edits: [CodeEdit], snippet: Snippet, codeLines lineStarts: [Int], tutorial: Tutorial) -> [TextEdit] {
    guard !edits.isEmpty else { return [] }
    let code = Array(snippet.code.utf8)
    let map = snippet.sourceMap
    let document = tutorial.document
    let escape: (String) -> String = { text in
        guard tutorial.format == .html else { return text }
        return text.replacingText("&", with: "&amp;").replacingText("<", with: "&lt;")
            .replacingText(">", with: "&gt;")
    }
    // A DocC snippet's code lives in another file: its edits are not edits of this document.
    if snippet.docc != nil { return [] }
    func lineContentEnd(_ line: Int) -> Int {
        line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : code.count
    }
    var result: [TextEdit] = []
    for edit in edits {
        switch edit.kind {
        case .replace(let range, let text):
            result.append(TextEdit(range: documentRange(of: range, in: map), newText: escape(text)))
        case .insertLine(let line, let text):
            guard line > 0, line < lineStarts.count else { continue }
            let target = map.documentOffset(forCodeOffset: lineStarts[line])
            let documentLine = document.lineIndex.lineNumber(containing: target)
            let prefixStart = document.lineIndex.lineStarts[documentLine]
            let prefix = document.text(in: SourceRange(start: prefixStart, end: max(prefixStart, target)))
            let insertAt = map.documentOffset(forCodeOffset: lineContentEnd(line - 1))
            // Each inserted line takes the document's prefix (an empty line keeps its prefix trimmed).
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.isEmpty ? "\n" + prefix.trimmingScalars(in: .whitespaces) : "\n" + prefix + escape(String(line))
            }
            result.append(TextEdit(range: .empty(at: insertAt), newText: lines.joined()))
        case .deleteLine(let line):
            guard line > 0, line < lineStarts.count else { continue }
            let start = map.documentOffset(forCodeOffset: lineContentEnd(line - 1))
            let end = map.documentOffset(forCodeOffset: lineContentEnd(line))
            if end > start { result.append(TextEdit(range: SourceRange(start: start, end: end), newText: "")) }
        }
    }
    return result
}

/// The document range of a code range: the end is placed after the range's last byte, so a range
/// ending where markup follows (`</span>` in HTML) does not swallow the markup. A last byte the document
/// does not hold (a line break the reader ends the code with) ends the range where the mapped bytes end,
/// never past the document's end.
func documentRange(of range: CodeRange, in map: SnippetSourceMap) -> SourceRange {
    let start = map.documentOffset(forCodeOffset: range.start)
    guard !range.isEmpty else { return .empty(at: start) }
    let last = map.documentOffset(forCodeOffset: range.end - 1)
    let isMapped = map.documentOffset(forCodeOffset: range.end) > last
    return SourceRange(start: start, end: max(start, isMapped ? last + 1 : last))
}
