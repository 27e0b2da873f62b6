/// The non-blank units of a plain-text document, in order, as the text reader sees them.
enum TextBlock: Equatable, Sendable {
    /// A step or section label that opens content.
    case label(line: Int)
    /// A label repeated in a table of contents: it opens nothing.
    case tableOfContents(line: Int)
    /// A lone file-name line followed by code: it labels that code.
    case fileName(line: Int, name: String)
    case prose(line: Int)
    /// Page chrome (a site's header or footer repeated around a table of contents): belongs to no step.
    case chrome(line: Int)
    /// Consecutive code lines, blank lines inside included, `first...last`.
    case code(first: Int, last: Int)
}

enum TextBlocks {
    /// Groups classified lines into blocks, then tells tables of contents and chrome from content.
    static func blocks(_ lines: [TextLine], kinds: [TextLineKind]) -> [TextBlock] {
        var blocks: [TextBlock] = []
        var position = 0
        while position < lines.count {
            switch kinds[position] {
            case .blank:
                break
            case .label:
                blocks.append(.label(line: position))
            case .prose:
                blocks.append(.prose(line: position))
            case .fileName:
                let name = lines[position].fileName ?? ""
                let next = nonBlank(after: position, kinds)
                if let next, kinds[next] == .code {
                    blocks.append(.fileName(line: position, name: name))
                } else if let next, kinds[next] == .prose, isCaption(lines[next]),
                    let code = nonBlank(after: next, kinds), kinds[code] == .code
                {
                    // A code viewer's caption between the file name and the code (`No Preview`).
                    blocks.append(.fileName(line: position, name: name))
                    blocks.append(.chrome(line: next))
                    position = next
                } else {
                    blocks.append(.prose(line: position))
                }
            case .code:
                var last = position
                var scan = position + 1
                while scan < lines.count, kinds[scan] == .code || kinds[scan] == .blank {
                    if kinds[scan] == .code { last = scan }
                    scan += 1
                }
                blocks.append(.code(first: position, last: last))
                position = last
            }
            position += 1
        }
        let withContents = markTablesOfContents(blocks, lines: lines)
        return markChrome(withContents, lines: lines)
    }

    private static func nonBlank(after position: Int, _ kinds: [TextLineKind]) -> Int? {
        kinds[(position + 1)...].firstIndex { $0 != .blank }
    }

    /// A few words without sentence punctuation, such as a code viewer's `No Preview` or `Swift`.
    private static func isCaption(_ line: TextLine) -> Bool {
        let text = line.text.trimmingWhitespace()
        guard text.utf8.count <= 32, let last = text.last else { return false }
        return !".:!?。：！？，,".contains(last) && text.split(separator: " ").count <= 3
    }

    /// A table of contents repeats labels with nothing under them. Runs of labels separated only by
    /// blank lines are split where a label repeats one already in the run (the real heading after a
    /// table of contents at the top); a piece is content only when it is one label, or a section label
    /// followed by one step label (a section whose first step comes at once). Anything longer is a table of contents.
    static func markTablesOfContents(_ blocks: [TextBlock], lines: [TextLine]) -> [TextBlock] {
        var result = blocks
        var start = 0
        while start < blocks.count {
            guard case .label = blocks[start] else {
                start += 1
                continue
            }
            var end = start
            while end + 1 < blocks.count, case .label = blocks[end + 1] { end += 1 }
            for piece in pieces(of: start...end, blocks: blocks, lines: lines) where !isContent(piece, blocks, lines) {
                for index in piece {
                    if case .label(let line) = blocks[index] { result[index] = .tableOfContents(line: line) }
                }
            }
            start = end + 1
        }
        return result
    }

    private static func heading(_ block: TextBlock, _ lines: [TextLine]) -> StepHeadings.Match? {
        guard case .label(let line) = block else { return nil }
        return lines[line].heading
    }

    /// Splits a run of labels where a label repeats one seen in the current piece: sections by
    /// number, steps by number since the piece's last section label.
    private static func pieces(of run: ClosedRange<Int>, blocks: [TextBlock], lines: [TextLine]) -> [ClosedRange<Int>] {
        var pieces: [ClosedRange<Int>] = []
        var pieceStart = run.lowerBound
        var sections: Set<Int> = []
        var steps: Set<Int> = []
        for index in run {
            guard let match = heading(blocks[index], lines) else { continue }
            let number = match.number ?? -1
            let repeated = match.kind == .section ? sections.contains(number) : steps.contains(number)
            if repeated && index > pieceStart {
                pieces.append(pieceStart...(index - 1))
                pieceStart = index
                sections = []
                steps = []
            }
            if match.kind == .section {
                sections.insert(number)
                steps = []
            } else {
                steps.insert(number)
            }
        }
        pieces.append(pieceStart...run.upperBound)
        return pieces
    }

    private static func isContent(_ piece: ClosedRange<Int>, _ blocks: [TextBlock], _ lines: [TextLine]) -> Bool {
        if piece.count == 1 { return true }
        guard piece.count == 2, let first = heading(blocks[piece.lowerBound], lines),
            let second = heading(blocks[piece.upperBound], lines)
        else { return false }
        return first.kind == .section && second.kind == .step
    }

    /// Headings that announce a table of contents.
    static let tableOfContentsHeadings: Set<String> = [
        "contents", "table of contents", "on this page", "in this tutorial", "目录", "目錄", "本页内容", "目次", "もくじ",
    ]

    /// Prose lines right before a table of contents that announce it (`目录`, `Contents`) or occur more than
    /// once in the document's prose are the page's chrome (site name, breadcrumbs, the tutorial's
    /// title repeated in a footer), not the last step's content.
    static func markChrome(_ blocks: [TextBlock], lines: [TextLine]) -> [TextBlock] {
        var counts: [Substring: Int] = [:]
        for block in blocks {
            if case .prose(let line) = block { counts[lines[line].text.trimmingWhitespace(), default: 0] += 1 }
        }
        var result = blocks
        var index = blocks.count
        // The end of the document is no boundary: a last step may well repeat an earlier sentence.
        var atBoundary = false
        while index > 0 {
            index -= 1
            switch blocks[index] {
            case .tableOfContents:
                atBoundary = true
            case .prose(let line) where atBoundary:
                let text = lines[line].text.trimmingWhitespace()
                if counts[text, default: 0] > 1 || tableOfContentsHeadings.contains(text.lowercased()) {
                    result[index] = .chrome(line: line)
                } else {
                    atBoundary = false
                }
            default:
                atBoundary = false
            }
        }
        return result
    }
}
