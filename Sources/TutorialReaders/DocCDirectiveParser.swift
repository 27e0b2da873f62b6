import TutorialModel

/// Parses DocC's directive syntax into a tree.
///
/// DocC's syntax is small: a line that starts with `@Name` is a directive, optionally followed by
/// arguments in parentheses (which may span lines and hold quoted strings) and a body in braces that
/// ends at a line holding only `}`. Everything else is Markdown text, kept line by line; lines inside
/// a fenced code block are text even when they look like directives or braces.
///
/// The parser never fails. Unbalanced braces and unclosed arguments become problems, and a structural
/// directive opened where it cannot be (a `@Step` inside a `@Step`) closes the unclosed ones first, so a
/// forgotten `}` costs one diagnostic instead of the rest of the document.
///
/// What an author comments out stays out of the structure. Inside `@Comment { … }` directives nest
/// freely (an old `@Step` kept in a comment inside `@Steps` is where DocC lets it be, not a misplaced
/// step), so the comment's braces close where DocC closes them and the reader skips all of it. The lines
/// of an HTML comment that opens a line (`<!--` up to the line holding `-->`, CommonMark's HTML block)
/// are text; a directive among them gets a warning, since DocC still reads directives inside a
/// multi-line HTML comment and shows them (swift-markdown issue 180): `@Comment` hides them there.
public enum DocCDirectiveParser {
    /// The document's top-level nodes and the problems met on the way.
    public struct Result: Sendable {
        public let nodes: [DocCNode]
        public let problems: [DocCSyntaxProblem]
    }

    /// Where each structural directive may stand; a directive opened elsewhere while one of these
    /// parents is still open closes the directives in between.
    static let allowedParents: [String: Set<String>] = [
        "Section": ["Tutorial"],
        "Steps": ["Section"],
        "Step": ["Steps"],
        "Assessments": ["Tutorial"],
        "Intro": ["Tutorial", "Tutorials", "Article"],
    ]

    /// The directive whose content DocC never renders.
    static let commentName = "Comment"

    /// Parses the whole document (or only the lines `lines` of it, as if they stood alone); never fails.
    public static func parse(_ document: SourceDocument, lines: Range<Int>? = nil) -> Result {
        var parser = Parser(bytes: document.bytes, lines: document.lineIndex)
        parser.run(lines: lines ?? 0..<document.lineIndex.lineCount)
        return Result(nodes: parser.rootChildren, problems: parser.problems)
    }

    /// A directive while its body is still being read.
    struct OpenDirective {
        let name: String
        let nameRange: SourceRange
        let arguments: [DocCArgument]
        let headRange: SourceRange
        var children: [DocCNode] = []

        func closed(at end: Int) -> DocCDirective {
            DocCDirective(
                name: name, nameRange: nameRange, arguments: arguments, headRange: headRange,
                range: SourceRange(start: nameRange.start, end: max(end, headRange.end)), children: children)
        }
    }

    struct Parser {
        let bytes: [UInt8]
        let lines: LineIndex
        var rootChildren: [DocCNode] = []
        var stack: [OpenDirective] = []
        var problems: [DocCSyntaxProblem] = []
        /// The fence (character and length) of the code block being read, if any.
        var fence: (character: UInt8, length: Int)?
        /// Inside an HTML comment that opened a line and has not met its `-->` yet; whether one of its
        /// lines looked like a directive (warned about once per comment).
        var htmlComment: (open: Bool, warned: Bool) = (false, false)
        /// End offset of the last content read, where unclosed directives end.
        var lastContentEnd = 0
        /// Directive bodies opened beyond `InputLimits.maximumNestingDepth`, read as text: their `}`
        /// lines close them here, not the directives above.
        var bodiesReadAsText = 0

        init(bytes: [UInt8], lines: LineIndex) {
            self.bytes = bytes
            self.lines = lines
        }

        mutating func run(lines range: Range<Int>) {
            var line = range.lowerBound
            lastContentEnd = line < lines.lineCount ? lines.lineStarts[line] : bytes.count
            while line < min(range.upperBound, lines.lineCount) {
                line = readLine(line)
            }
            while let open = stack.popLast() {
                problems.append(
                    DocCSyntaxProblem(
                        message: "@\(open.name) is not closed: a '}' is missing", range: open.nameRange,
                        severity: .error))
                append(.directive(open.closed(at: lastContentEnd)))
            }
        }

        /// Reads the line `line` and returns the next line to read.
        mutating func readLine(_ line: Int) -> Int {
            let content = lines.contentRange(ofLine: line)
            let start = skipBlanks(from: content.start, to: content.end)
            let trimmed = SourceRange(start: start, end: trimEnd(from: start, to: content.end))
            if fence != nil {
                if closesFence(trimmed) { fence = nil }
                addText(trimmed)
                return line + 1
            }
            if htmlComment.open {
                if startsDirective(trimmed), !htmlComment.warned {
                    htmlComment.warned = true
                    problems.append(
                        DocCSyntaxProblem(
                            message: "this directive is inside an HTML comment: tutorial-check skips it, but DocC "
                                + "still shows directives in a comment of several lines; write @Comment { … } around it",
                            range: directiveName(at: trimmed.start), severity: .warning))
                }
                if contains(Self.htmlCommentClose, in: trimmed, from: trimmed.start) { htmlComment = (false, false) }
                addText(trimmed)
                return line + 1
            }
            if trimmed.length == 1, bytes[trimmed.start] == UInt8(ascii: "}") {
                if bodiesReadAsText > 0 {
                    bodiesReadAsText -= 1
                    addText(trimmed)
                    return line + 1
                }
                close(at: trimmed)
                return line + 1
            }
            if startsDirective(trimmed) {
                return readDirective(at: trimmed.start, line: line)
            }
            if let opened = opensFence(trimmed) { fence = opened }
            if starts(trimmed, with: Self.htmlCommentOpen),
                !contains(Self.htmlCommentClose, in: trimmed, from: trimmed.start + Self.htmlCommentOpen.count)
            {
                htmlComment = (true, false)
            }
            addText(trimmed)
            return line + 1
        }

        static let htmlCommentOpen = Array("<!--".utf8)
        static let htmlCommentClose = Array("-->".utf8)

        /// Whether the line opens with `@` and a name: a directive, outside fences and comments.
        func startsDirective(_ line: SourceRange) -> Bool {
            line.length >= 2 && bytes[line.start] == UInt8(ascii: "@") && isIdentifierStart(bytes[line.start + 1])
        }

        /// `@Name` at `start`.
        func directiveName(at start: Int) -> SourceRange {
            var end = start + 1
            while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
            return SourceRange(start: start, end: end)
        }

        func starts(_ line: SourceRange, with prefix: [UInt8]) -> Bool {
            line.length >= prefix.count && bytes[line.start..<(line.start + prefix.count)].elementsEqual(prefix)
        }

        func contains(_ needle: [UInt8], in line: SourceRange, from start: Int) -> Bool {
            start < line.end
                && bytes[start..<line.end].withUnsafeBufferPointer { ByteSearch.contains(needle, anchor: 0, in: $0) }
        }

        mutating func addText(_ range: SourceRange) {
            append(.text(range))
            if !range.isEmpty { lastContentEnd = range.end }
        }

        mutating func append(_ node: DocCNode) {
            if stack.isEmpty { rootChildren.append(node) } else { stack[stack.count - 1].children.append(node) }
        }

        mutating func close(at brace: SourceRange) {
            guard let open = stack.popLast() else {
                problems.append(
                    DocCSyntaxProblem(message: "this '}' closes no directive", range: brace, severity: .error))
                return
            }
            lastContentEnd = brace.end
            append(.directive(open.closed(at: brace.end)))
        }

        /// Reads a directive starting at `at` (the `@`), on line `line`; returns the next line to read.
        mutating func readDirective(at start: Int, line: Int) -> Int {
            let nameRange = directiveName(at: start)
            let index = nameRange.end
            let name = String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
            let lineEnd = lines.contentRange(ofLine: line).end
            var headEnd = index
            var arguments: [DocCArgument] = []
            var position = skipBlanks(from: index, to: lineEnd)
            if position < lineEnd, bytes[position] == UInt8(ascii: "(") {
                if let close = closingParenthesis(after: position) {
                    arguments = parseArguments(SourceRange(start: position + 1, end: close))
                    headEnd = close + 1
                } else {
                    // An unclosed string explains the missing `)` already: one problem, one diagnostic.
                    let known = problems.count
                    arguments = parseArguments(SourceRange(start: position + 1, end: lineEnd))
                    if problems.count == known {
                        problems.append(
                            DocCSyntaxProblem(
                                message: "the arguments of @\(name) are not closed: a ')' is missing",
                                range: SourceRange(start: position, end: position + 1), severity: .error))
                    }
                    headEnd = lineEnd
                }
                position = headEnd
            }
            let headRange = SourceRange(start: start, end: headEnd)
            let headLine = lines.lineNumber(containing: headEnd)
            let headLineEnd = lines.contentRange(ofLine: headLine).end
            position = skipBlanks(from: position, to: headLineEnd)
            let open = OpenDirective(name: name, nameRange: nameRange, arguments: arguments, headRange: headRange)
            guard position < headLineEnd, bytes[position] == UInt8(ascii: "{") else {
                lastContentEnd = headEnd
                append(.directive(open.closed(at: headEnd)))
                return headLine + 1
            }
            closeMisplacedDirectives(before: name)
            if stack.count >= InputLimits.maximumNestingDepth {
                return readBodyAsText(open, braceAt: position, headLineEnd: headLineEnd, headLine: headLine)
            }
            stack.append(open)
            lastContentEnd = position + 1
            // Content after `{` on the same line: `@Justification { Right! }` or `@Comment {}`.
            let rest = skipBlanks(from: position + 1, to: headLineEnd)
            let restEnd = trimEnd(from: rest, to: headLineEnd)
            if rest < restEnd {
                if bytes[restEnd - 1] == UInt8(ascii: "}") {
                    let text = SourceRange(start: rest, end: trimEnd(from: rest, to: restEnd - 1))
                    if !text.isEmpty { addText(text) }
                    close(at: SourceRange(start: restEnd - 1, end: restEnd))
                } else {
                    addText(SourceRange(start: rest, end: restEnd))
                }
            }
            return headLine + 1
        }

        /// A directive opened too deep (a hostile or broken document): its head line is text, one problem
        /// says so, and its body is counted so its `}` does not close an outer directive. Keeps the tree,
        /// and the work done on it, bounded.
        mutating func readBodyAsText(_ open: OpenDirective, braceAt brace: Int, headLineEnd: Int, headLine: Int) -> Int {
            if bodiesReadAsText == 0 {
                problems.append(
                    DocCSyntaxProblem(
                        message: "directives nested deeper than \(InputLimits.maximumNestingDepth) levels: "
                            + "@\(open.name) and what it holds are read as text",
                        range: open.nameRange, severity: .error))
            }
            let restEnd = trimEnd(from: brace + 1, to: headLineEnd)
            let closedOnSameLine = restEnd > brace + 1 && bytes[restEnd - 1] == UInt8(ascii: "}")
            if !closedOnSameLine { bodiesReadAsText += 1 }
            addText(SourceRange(start: open.nameRange.start, end: trimEnd(from: open.nameRange.start, to: headLineEnd)))
            return headLine + 1
        }

        /// A structural directive that cannot stand inside the innermost open directive, while an
        /// allowed parent is open further out, closes what lies between (each with a problem).
        /// Inside a `@Comment` nothing is misplaced: what it holds is not part of the page.
        mutating func closeMisplacedDirectives(before name: String) {
            guard let parents = DocCDirectiveParser.allowedParents[name], let top = stack.last,
                !parents.contains(top.name), !stack.contains(where: { $0.name == DocCDirectiveParser.commentName }),
                stack.contains(where: { parents.contains($0.name) })
            else { return }
            while let top = stack.last, !parents.contains(top.name) {
                stack.removeLast()
                problems.append(
                    DocCSyntaxProblem(
                        message: "@\(top.name) is not closed before @\(name): a '}' is missing",
                        range: top.nameRange, severity: .error))
                append(.directive(top.closed(at: lastContentEnd)))
            }
        }
    }
}
