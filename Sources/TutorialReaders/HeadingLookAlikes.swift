import TutorialModel

/// Lines written as headings that Markdown reads as text, so the heading, and the section or step it would
/// open, is not on the page: marks escaped with a backslash (`\# Installation`, `\## Setup`, `\#\# Setup`), as
/// some editors and converters save Markdown, and two marks or more with no space before the title
/// (`##Setup`), which CommonMark requires, or a no-break space in its place (`#### Step 1`, pasted from a rich-text
/// editor). Found by shape, after at most three spaces. A single `#` before a word is one too only where a title
/// of several words follows, opening with a capital or a letter of a script without case, and no other `#`
/// (`#About UITableView`, `#注意事项 和 说明`), or one such word on the document's first line (`#CoreData`), or a
/// numbered title there (`#1.定义组件`): a hashtag (`#swift`, `#review #notes`, `#throwback to last year`,
/// `#SwiftUI` after the first line), a preprocessor line (`#Include <stdio.h>`), a note tagged `#注：` or `#Note:`
/// and `#!/bin/sh` are not. Escaped lines that name headings of the page (an overview written as text on purpose)
/// are not either: see `sparingOverviewLines`.
enum HeadingLookAlikes {
    /// A problem for each such line of the paragraph whose 0-based lines are `lines`.
    static func diagnostics(paragraphLines lines: ClosedRange<Int>, lineIndex: LineIndex) -> [ReaderDiagnostic] {
        lines.compactMap { line in
            guard line < lineIndex.lineCount, startsWithMarkOrBackslash(line, lineIndex) else { return nil }
            let text = lineIndex.contentText(ofLine: line)
            let lineStart = lineIndex.contentRange(ofLine: line).start
            // The byte range, in the document, of a part of the line's text.
            func documentRange(_ part: Substring) -> SourceRange {
                SourceRange(
                    start: lineStart + text.utf8.distance(from: text.startIndex, to: part.startIndex),
                    end: lineStart + text.utf8.distance(from: text.startIndex, to: part.endIndex))
            }
            let message: String
            let repair: ReaderDiagnostic.Repair
            if let marks = escapedMarks(text) {
                let unescaped = String(repeating: "#", count: marks.count)
                message = "this heading's marks are escaped (\(marks.written)): Markdown shows them as text and the "
                    + "page has no heading here; write \(unescaped) without backslashes"
                repair = .init(
                    title: "Write \(unescaped) without backslashes",
                    edits: [TextEdit(range: documentRange(marks.written), newText: unescaped)])
            } else if let (marks, space) = marksBeforeAnOtherSpace(text) {
                message = "this heading's marks are followed by \(space.name), not a space (\(marks)…): Markdown "
                    + "shows the line as text and the page has no heading here; write a plain space after \(marks)"
                repair = .init(
                    title: "Write a plain space after \(marks)",
                    edits: [TextEdit(range: documentRange(space.written), newText: " ")])
            } else if let marks = marksWithoutSpace(text, opensDocument: opensDocument(line, lineIndex)) {
                let written = text.drop { $0 == " " }
                let quoted = written.count > 24 ? written.prefix(24) + "…" : written
                message = "this heading has no space after its marks (\(quoted)): Markdown shows it as text and the "
                    + "page has no heading here; write a space after \(marks)"
                repair = .init(
                    title: "Write a space after \(marks)",
                    edits: [.insert(" ", at: documentRange(written.prefix(marks.count)).end)])
            } else {
                return nil
            }
            return ReaderDiagnostic(
                problem: .unreadableInput, severity: .warning, message: message,
                range: lineIndex.contentRange(ofLine: line), step: nil, repair: repair)
        }
    }

    /// Whether every line before `line` is blank: a document's first line is its title far more often than a
    /// hashtag, so there a single `#` before one word is a heading too (`#CoreData`, `#选择元素`). Read backwards,
    /// so it stops at the nearest line with text: asked of every such line, it costs the gap above each.
    private static func opensDocument(_ line: Int, _ lineIndex: LineIndex) -> Bool {
        (0..<line).reversed().allSatisfy { earlier in
            let range = lineIndex.contentRange(ofLine: earlier)
            return lineIndex.bytes[range.start..<range.end].allSatisfy { $0 == 0x20 || $0 == 0x09 }
        }
    }

    /// `outline`, read from a whole document, without the problems of escaped-marks lines that name a heading of
    /// the page, and marked as holding such lines when it holds any. An overview written as text on purpose (an
    /// upgrade plan listing its phases as `\# Prepare` lines over the `#### Prepare` parts further down) loses no
    /// heading: a line is spared when its title is a heading's title, or that title and a note after a separator
    /// (`\# 迁移到3.1，再检查一遍` over `#### 迁移到3.1`), compared regardless of case and of the punctuation
    /// that ends them. A line whose title no heading carries is a heading an editor escaped, and stays reported.
    static func sparingOverviewLines(_ outline: OutlineBlocks, lineIndex: LineIndex) -> OutlineBlocks {
        // The escaped-marks problems and their titles: the line each one covers, read again.
        let escaped = outline.diagnostics.indices.compactMap { index -> (index: Int, title: String)? in
            let diagnostic = outline.diagnostics[index]
            guard diagnostic.problem == .unreadableInput else { return nil }
            let line = lineIndex.lineNumber(containing: diagnostic.range.start)
            guard lineIndex.contentRange(ofLine: line) == diagnostic.range else { return nil }
            let text = lineIndex.contentText(ofLine: line)
            guard let marks = escapedMarks(text) else { return nil }
            return (index, comparableTitle(text[marks.written.endIndex...]))
        }
        guard !escaped.isEmpty else { return outline }
        let headingTitles = Set(
            outline.blocks.compactMap { block -> String? in
                guard case .heading = block.kind else { return nil }
                let title = comparableTitle(block.text[...])
                return title.isEmpty ? nil : title
            })
        let spared = Set(escaped.filter { namesAHeading($0.title, headingTitles) }.map(\.index))
        var result = outline
        result.holdsEscapedHeadingMarks = true
        result.diagnostics = outline.diagnostics.indices.filter { !spared.contains($0) }.map { outline.diagnostics[$0] }
        return result
    }

    /// A title as compared with a heading's: lower-cased, without the spaces around it and the punctuation that
    /// ends it (`Prepare:`, `整体思路：`, a closing `#`).
    private static func comparableTitle(_ title: Substring) -> String {
        var characters = Substring(title.lowercased())
        while let last = characters.last, last.isWhitespace || last.isPunctuation { characters.removeLast() }
        return String(characters.drop(while: \.isWhitespace))
    }

    /// Whether `title` is one of `headings`, or opens with one and a separator before a note on it (`, then check
    /// again`, `：…`, ` - …`): a heading's title only at the start of a longer word (`Prepared` after `Prepare`) or
    /// of a longer title without a separator names no heading.
    private static func namesAHeading(_ title: String, _ headings: Set<String>) -> Bool {
        if headings.contains(title) { return true }
        return headings.contains { heading in
            guard title.hasPrefix(heading) else { return false }
            let rest = title.dropFirst(heading.count)
            let note = rest.drop(while: \.isWhitespace)
            guard let separator = note.first else { return false }
            // A hyphen separates only with a space before it: right after a word it joins (`v4-beta`).
            return noteSeparators.contains(separator) || (separator == "-" && note.startIndex != rest.startIndex)
        }
    }

    /// Marks that set a note after a title (`Upgrade to v4, then check again`, `迁移到3.1，再…`, `准备：…`).
    private static let noteSeparators: Set<Character> = [",", "，", "、", ";", "；", ":", "：", "(", "（", "–", "—"]

    /// Whether the line's first byte after spaces is `#` or a backslash: every paragraph line is asked, and only
    /// these few are worth a string.
    private static func startsWithMarkOrBackslash(_ line: Int, _ lineIndex: LineIndex) -> Bool {
        let range = lineIndex.contentRange(ofLine: line)
        var position = range.start
        while position < range.end, lineIndex.bytes[position] == 0x20 { position += 1 }
        return position < range.end && (lineIndex.bytes[position] == 0x23 || lineIndex.bytes[position] == 0x5C)
    }

    /// The heading marks as written and how many they are, when `line` is a heading with escaped marks: a
    /// backslash and a `#`, then more `#` (each escaped or not) up to six in all, one space and a title.
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

    /// The marks when `line` is two to six `#` followed directly by a letter (`##Setup`, `###설치`), a title's
    /// opening bracket or quote (`###「寡黙」なプログラム`, `##“Hello”`), a number with its mark
    /// (`##1. Setup`, `###2)Build`, `##3번째`), a code name (`##$()`, `#####@property`) or a title in bold or
    /// italics (`###**Summary**`); or one `#`
    /// followed by a title of several words, capitalised or in a script without case, with no other `#`, that no
    /// preprocessor directive starts, or of one such word or a numbered title (`#1. Setup`) where the line opens
    /// the document (`opensDocument`).
    static func marksWithoutSpace(_ line: Substring, opensDocument: @autoclosure () -> Bool = false) -> String? {
        guard let (marks, title) = marksAndRest(line), let next = title.first,
            next.isLetter || opensQuotedTitle(title)
                || (marks.count >= 2 && (opensNumberOrCodeName(title) || opensEmphasisedTitle(title)))
                || (marks.count == 1 && opensNumberedTitle(title) && opensDocument())
        else { return nil }
        if marks.count == 1 {
            let words = title.split(whereSeparator: \.isWhitespace)
            let label = title.prefix(while: \.isLetter)
            guard words.count >= 2 || opensDocument(), !title.contains("#"), !next.isLowercase,
                !preprocessorDirectives.contains(label.lowercased()),
                // A word and a colon right after the mark tag a note (`#注：…`, `#Note: …`), as some authors
                // mark their remarks on purpose: no heading was meant.
                !(title.dropFirst(label.count).first.map { $0 == ":" || $0 == "：" } ?? false)
            else { return nil }
        }
        return String(marks)
    }

    /// Whether `title` opens with emphasis marks right before a letter or a digit (`**Summary**`, `*Note*`): a
    /// title set in bold or italics.
    private static func opensEmphasisedTitle(_ title: Substring) -> Bool {
        let marks = title.prefix { $0 == "*" || $0 == "_" }
        guard (1...3).contains(marks.count), let after = title.dropFirst(marks.count).first else { return false }
        return after.isLetter || after.isNumber
    }

    /// Whether `title` opens with a number and what numbers a part (`1.`, `2)`, `3、`, `4번째`: not a space, so
    /// `##1 in the list` stays a ranking) or with a symbol a code name opens with, right before a letter or a
    /// bracket (`$()`, `@property`, `_name`).
    private static func opensNumberOrCodeName(_ title: Substring) -> Bool {
        let isDigit = { (character: Character) in character.isASCII && character.isWholeNumber }
        if let first = title.first, isDigit(first) {
            let after = title.drop(while: isDigit).first
            return after.map { !$0.isWhitespace && $0 != "#" } ?? false
        }
        guard let symbol = title.first, "$@_".contains(symbol), let after = title.dropFirst().first else {
            return false
        }
        return after.isLetter || after == "("
    }

    /// Whether `title` is a numbered title: a number, the mark that numbers a part (`1.`, `2)`, `3、`) and text
    /// after it (`1.定义组件`, `1. Setup`). After one `#` that is a heading only where it opens the document: a
    /// hashtag or a ranking (`#1 Priority`, `#100DaysOfCode`) has no such mark.
    private static func opensNumberedTitle(_ title: Substring) -> Bool {
        let digits = title.prefix { $0.isASCII && $0.isWholeNumber }
        guard !digits.isEmpty, let mark = title.dropFirst(digits.count).first, ".)、．）".contains(mark) else {
            return false
        }
        return title.dropFirst(digits.count + 1).contains { !$0.isWhitespace }
    }

    /// Whether `title` opens with a bracket or quotation mark of a script's typography (`「`, `“`, `《`: opening
    /// or initial punctuation beyond ASCII, whose `(` and `[` start code as often) right before a letter.
    private static func opensQuotedTitle(_ title: Substring) -> Bool {
        guard let mark = title.unicodeScalars.first, mark.value >= 0x80,
            [.openPunctuation, .initialPunctuation].contains(mark.properties.generalCategory),
            let after = title.dropFirst().first
        else { return false }
        return after.isLetter
    }

    /// The marks and the name of the space after them when `line` is one to six `#` followed by a space other
    /// than the blank or tab CommonMark requires (a no-break space pasted from a rich-text editor), then a title.
    static func marksBeforeAnOtherSpace(
        _ line: Substring
    ) -> (marks: String, space: (name: String, written: Substring))? {
        guard let (marks, rest) = marksAndRest(line), let space = rest.unicodeScalars.first, space.value >= 0x80,
            space.properties.isWhitespace, rest.dropFirst().contains(where: { !$0.isWhitespace })
        else { return nil }
        let hex = String(space.value, radix: 16, uppercase: true)
        let name = space.value == 0xA0 ? "a no-break space" : "a wide space"
        let written = rest[..<rest.unicodeScalars.index(after: rest.unicodeScalars.startIndex)]
        return (String(marks), ("\(name) (U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex))", written))
    }

    /// One to six `#` after at most three spaces, and what follows them; nil for a line that does not start so.
    private static func marksAndRest(_ line: Substring) -> (marks: Substring, rest: Substring)? {
        let indent = line.prefix { $0 == " " }
        guard indent.count <= 3 else { return nil }
        let marks = line.dropFirst(indent.count).prefix { $0 == "#" }
        guard (1...6).contains(marks.count) else { return nil }
        return (marks, line[marks.endIndex...])
    }

    /// Words that follow `#` on a line of C, Objective-C, C# or Swift code pasted as prose.
    private static let preprocessorDirectives: Set<String> = [
        "include", "import", "define", "undef", "pragma", "if", "ifdef", "ifndef", "elif", "else", "endif", "error",
        "warning", "line", "region", "endregion", "using", "available", "selector", "sourcelocation",
    ]
}
