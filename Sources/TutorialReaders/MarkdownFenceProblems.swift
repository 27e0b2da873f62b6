import TutorialModel

/// What a fenced code block's own lines say went wrong with its fences: an opening line holding code or a
/// misspelt language, a fence opened inside another one's code, a fence left open. Each is told from the
/// document's lines, not from where cmark ends the node, so a window re-read says what a whole read says.
extension MarkdownBlocks {
    mutating func reportFenceProblems(
        _ node: OpaquePointer, startLine: Int, fence: (character: UInt8, length: Int), info: MarkdownInfoString,
        literal: [UInt8], lineCount: Int
    ) {
        unclosedFence(node, startLine: startLine, fence: fence, literal: literal, codeLines: lineCount)
        fenceOpenedInside(startLine: startLine, fence: fence, literal: literal)
        let openingLine = lineIndex.contentRange(ofLine: max(startLine, 0))
        if info.holdsCode {
            diagnostics.append(
                ReaderDiagnostic(
                    problem: .unreadableInput, severity: .warning,
                    message: "the opening fence line holds code (\(info.text)): the page takes it for the block's "
                        + "language and drops it; put it on the line below",
                    range: openingLine, step: nil))
        } else if let meant = info.languageMeant, let language = info.language {
            diagnostics.append(
                ReaderDiagnostic(
                    problem: .unreadableInput, severity: .warning,
                    message: "the fence's language `\(language)` looks like a slip for `\(meant)`: the page shows the "
                        + "block without its highlighting, and it is not read as \(meant) code; write `\(meant)`",
                    range: openingLine, step: nil,
                    repair: languageRepair(openingLine: openingLine, fence: fence, written: language, meant: meant)))
        }
    }

    /// The edit that writes `meant` over the language word on the opening fence line, in the case its first
    /// letter was written in (`Swfit`: `Swift`); nil where the word is not found after the fence's marks.
    private func languageRepair(
        openingLine: SourceRange, fence: (character: UInt8, length: Int), written: String, meant: String
    ) -> ReaderDiagnostic.Repair? {
        let bytes = lineIndex.bytes
        var offset = openingLine.start
        while offset < openingLine.end, bytes[offset] != fence.character { offset += 1 }
        while offset < openingLine.end, bytes[offset] == fence.character { offset += 1 }
        let word = Array(written.utf8)
        while offset + word.count <= openingLine.end {
            if (0..<word.count).allSatisfy({ bytes[offset + $0].asciiLowercased == word[$0] }) {
                let capitalised = bytes[offset].asciiLowercased != bytes[offset]
                let replacement = capitalised ? meant.prefix(1).uppercased() + meant.dropFirst() : meant
                return .init(
                    title: "Write `\(replacement)`",
                    edits: [TextEdit(range: SourceRange(start: offset, end: offset + word.count), newText: replacement)])
            }
            offset += 1
        }
        return nil
    }

    /// Says where a fence is left open. A fence's code lines are the document's lines after the opening
    /// one, one for one, so a closing fence can only be the line right after them; an unclosed fence instead
    /// swallows the rest of the document, or of its list item or quote, where cmark ends it with no mark.
    /// Read from the document's lines alone (not from where cmark ends the node, which differs between a
    /// whole read and a window's), so a window re-read says what a whole read says.
    /// `codeLines`: the code's lines as `MarkdownCodeLines.map` counts them (a last line without its LF counts).
    private mutating func unclosedFence(
        _ node: OpaquePointer, startLine: Int, fence: (character: UInt8, length: Int), literal: [UInt8], codeLines: Int
    ) {
        guard
            !MarkdownFenceClosing.closes(
                line: startLine + 1 + codeLines, character: fence.character, length: fence.length, text: parsedText,
                lineIndex: lineIndex)
        else { return }
        let message: String
        if let stranded = MarkdownFenceClosing.strandedClosingLine(
            in: literal, character: fence.character, length: fence.length)
        {
            message =
                "code fence is never closed: its closing line \(startLine + 2 + stranded) is indented too deep to close it, "
                + "so the code block runs to the end of its container"
        } else {
            message = "code fence is never closed; the code block runs to the end of its container"
        }
        diagnostics.append(
            ReaderDiagnostic(
                problem: .unreadableInput, severity: .warning, message: message,
                range: SourceRange(
                    start: nodeRange(node).start, end: lineIndex.contentRange(ofLine: max(startLine, 0)).end),
                step: nil))
    }

    /// Says where a fence's code holds a line that opens another fence: the author's closing line is missing
    /// above it (the two blocks and the prose between them show as one), or the opening line was doubled.
    private mutating func fenceOpenedInside(startLine: Int, fence: (character: UInt8, length: Int), literal: [UInt8]) {
        guard
            let opening = MarkdownFenceClosing.openingLine(
                in: literal, character: fence.character, length: fence.length)
        else { return }
        let line = startLine + 1 + opening
        diagnostics.append(
            ReaderDiagnostic(
                problem: .unreadableInput, severity: .warning,
                message: "line \(line + 1) opens a code fence inside the code block of line \(startLine + 1): the fence "
                    + "above it is not closed before it, or its opening line is doubled, so the block runs on through it",
                range: lineIndex.contentRange(ofLine: line), step: nil))
    }
}
