import TutorialModel

/// An HTML page shown as text by a code viewer and copied from there: the viewer's chrome (file name,
/// size), a column of line numbers `1`, `2`, … one per line, and then the page's source from
/// `<!DOCTYPE html>` on.
///
/// Such a document is HTML to read (the tutorial is the page), but every position must stay a
/// position in the text as given, so the reader parses only the page's part and shifts its lines.
public enum HTMLCodeViewerPage {
    /// How many lines are searched for the page's first line.
    static let searchLimit = 50_000

    /// The 0-based line where the embedded page begins, when `lineIndex`'s text is a code viewer's copy
    /// of an HTML page: a `<!DOCTYPE html` or `<html` line right after a column of at least three line
    /// numbers counting up from 1 (blank lines between them allowed).
    public static func pageStartLine(in lineIndex: LineIndex) -> Int? {
        let bytes = lineIndex.bytes
        var expectedNext = 1
        var numbersSeen = 0
        for line in 0..<min(lineIndex.lineCount, searchLimit) {
            let content = trimmed(lineIndex.contentRange(ofLine: line), in: bytes)
            if content.isEmpty { continue }
            if let number = integer(in: content, bytes: bytes) {
                if number == 1 {
                    expectedNext = 2
                    numbersSeen = 1
                } else if number == expectedNext {
                    expectedNext += 1
                    numbersSeen += 1
                } else {
                    numbersSeen = 0
                }
                continue
            }
            if numbersSeen >= 3, startsPage(content, bytes: bytes) { return line }
            numbersSeen = 0
        }
        return nil
    }

    private static func trimmed(_ range: SourceRange, in bytes: [UInt8]) -> SourceRange {
        var start = range.start
        var end = range.end
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return SourceRange(start: start, end: end)
    }

    private static func integer(in range: SourceRange, bytes: [UInt8]) -> Int? {
        guard range.length <= 7 else { return nil }
        var value = 0
        for index in range.start..<range.end {
            let byte = bytes[index]
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    private static func startsPage(_ range: SourceRange, bytes: [UInt8]) -> Bool {
        HTMLRawMarkup.hasPrefix(bytes, at: range.start, "<!doctype html", end: range.end)
            || HTMLRawMarkup.hasPrefix(bytes, at: range.start, "<html", end: range.end)
    }
}
