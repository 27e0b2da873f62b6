import TutorialModel

/// Lines written as headings whose marks are escaped (`\# Installation`, `\## Setup`, `\#\# Setup`), as some
/// editors and converters save Markdown: the page shows `# Installation` as text, so the heading, and the
/// section or step it would open, is not there. Found by shape: after at most three spaces a backslash and a
/// `#`, then more `#` (each escaped or not) up to six in all, one space and a title.
enum EscapedHeadingMarks {
    /// A problem for each such line of the paragraph whose 0-based lines are `lines`.
    static func diagnostics(paragraphLines lines: ClosedRange<Int>, lineIndex: LineIndex) -> [ReaderDiagnostic] {
        lines.compactMap { line in
            guard line < lineIndex.lineCount, let marks = escapedMarks(lineIndex.contentText(ofLine: line)) else {
                return nil
            }
            return ReaderDiagnostic(
                problem: .unreadableInput, severity: .warning,
                message: "this heading's marks are escaped (\(marks.written)): Markdown shows them as text and the "
                    + "page has no heading here; write \(String(repeating: "#", count: marks.count)) without backslashes",
                range: lineIndex.contentRange(ofLine: line), step: nil)
        }
    }

    /// The heading marks as written and how many they are, when `line` is a heading with escaped marks.
    static func escapedMarks(_ line: Substring) -> (written: Substring, count: Int)? {
        let indent = line.prefix { $0 == " " }
        guard indent.count <= 3 else { return nil }
        let marksStart = line.dropFirst(indent.count)
        guard marksStart.hasPrefix("\\#") else { return nil }
        var rest = marksStart
        var count = 0
        while true {
            if rest.hasPrefix("\\#") {
                rest = rest.dropFirst(2)
            } else if rest.hasPrefix("#") {
                rest = rest.dropFirst()
            } else {
                break
            }
            count += 1
        }
        // One space, then the title: a wider gap aligns a column (`\#       Win key` in a converted table).
        guard count <= 6, rest.first == " " || rest.first == "\t", let title = rest.dropFirst().first,
            !title.isWhitespace
        else { return nil }
        return (marksStart[..<rest.startIndex], count)
    }
}
