import CCMarkGFM
import TutorialModel

/// Top-level paragraphs as the Markdown reader reads them: split before a bold step label that starts a
/// later line, the step label a paragraph opens with, and how much of its text its links make.
extension MarkdownBlocks {
    /// A top-level paragraph as blocks: one, unless a bold step label starts one of its later lines.
    ///
    /// Authors put a label right under a line of text without a blank line between (`…prepare the
    /// cards.` then `**Step 4** <br>` on the next line): CommonMark reads both lines as one paragraph,
    /// but the label still starts a step. The paragraph is split before each such label, at the
    /// label's own source position; the text before the first label stays a paragraph of its own.
    func paragraphBlocks(_ node: OpaquePointer) -> [OutlineBlock] {
        var children: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            children.append(current)
            child = cmark_node_next(current)
        }
        // Children that start a line with a step label: a bold or emphasised one (`**Step 3.**`), or a plain one
        // numbered right after the label before it where the paragraph opens with a label (`Step 9: …` lines
        // pasted with no blank line before `Step 10: …`); a plain line that only starts like a label inside
        // prose starts no step.
        var labelStarts: [Int] = []
        var previousNumber =
            children.contains(where: isLineBreak) ? stepLabel(ofLineAt: 0, in: children)?.number : nil
        for index in children.indices.dropFirst() where isLineBreak(children[index - 1]) {
            let emphasised = stepLabelPrefix(children[index]) != nil
            guard emphasised || previousNumber != nil,
                // The whole line must read as a label too: `**Step 3** above shows…` is a sentence.
                let match = stepLabel(ofLineAt: index, in: children),
                emphasised || (match.number != nil && match.number == previousNumber.map { $0 + 1 })
            else { continue }
            labelStarts.append(index)
            previousNumber = match.number
        }
        let text = inlineText(node)
        // The lines cmark-gfm split off a paragraph before a table carry no source positions, nor do their
        // inlines (`paragraphLines`): where its parts stand is unknown, so such a paragraph is not split.
        guard !labelStarts.isEmpty, cmark_node_get_start_line(node) > 0 else {
            var block = OutlineBlock(
                kind: .paragraph, text: text, range: paragraphRange(node), label: paragraphLabel(node, text: text),
                links: linkShape(node))
            block.linksStayOnPage = linksStayOnPage(node)
            return [block]
        }
        var blocks: [OutlineBlock] = []
        let paragraphRange = nodeRange(node)
        let bounds = [0] + labelStarts + [children.count]
        for (start, end) in zip(bounds, bounds.dropFirst()) where start < end {
            // The line break before the next label belongs to neither part.
            var last = end - 1
            while last > start, isLineBreak(children[last]) { last -= 1 }
            let part = Array(children[start...last])
            let partText = collapseWhitespace(part.map(rawInlineText).joined())
            guard !partText.isEmpty else { continue }
            let range = SourceRange(
                start: start == 0 ? paragraphRange.start : nodeRange(part[0]).start,
                end: end == children.count ? paragraphRange.end : nodeRange(part[part.count - 1]).end)
            let label = start == 0 ? paragraphLabel(node, text: partText) : partLabel(part[0], text: partText)
            blocks.append(OutlineBlock(kind: .paragraph, text: partText, range: range, label: label))
        }
        return blocks
    }

    /// The document lines of a paragraph. cmark-gfm gives none (line 0) to a paragraph's lines that it splits
    /// off before a table whose header row ended the paragraph (`Intro` then `| a | b |` then `| --- |`), and
    /// starts the table where the paragraph started: they are the table's first line and one more for each
    /// line break among them.
    func paragraphLines(_ node: OpaquePointer) -> ClosedRange<Int>? {
        let start = documentLine(cmark_node_get_start_line(node))
        if start >= 0 {
            let end = documentLine(cmark_node_get_end_line(node))
            return end >= start ? start...end : nil
        }
        // The table extension's node type is no constant its header exports; its name is stable.
        guard let next = cmark_node_next(node), let type = cmark_node_get_type_string(next),
            String(cString: type) == "table"
        else { return nil }
        let tableLine = documentLine(cmark_node_get_start_line(next))
        var breaks = 0
        let iterator = cmark_iter_new(node)
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            let type = cmark_node_get_type(cmark_iter_get_node(iterator))
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK { breaks += 1 }
        }
        guard tableLine >= 0 else { return nil }
        return tableLine...(tableLine + breaks)
    }

    /// A paragraph's range: cmark's, or its lines' content where cmark gives none (`paragraphLines`).
    func paragraphRange(_ node: OpaquePointer) -> SourceRange {
        guard cmark_node_get_start_line(node) == 0, let lines = paragraphLines(node) else { return nodeRange(node) }
        let first = lineIndex.contentRange(ofLine: lines.lowerBound)
        var start = first.start
        while start < first.end, document.bytes[start] == 0x20 || document.bytes[start] == 0x09 { start += 1 }
        return SourceRange(start: start, end: max(start, lineIndex.contentRange(ofLine: lines.upperBound).end))
    }

    /// A step label at the start of a top-level paragraph: a bold or emphasised prefix
    /// (`**Step 2.** Add…`), or the whole paragraph when it is nothing but a label (`步骤1`). An image
    /// whose alt text reads like a label (`![第 3 步](shot.png)`, a screenshot of the step) is none.
    func paragraphLabel(_ node: OpaquePointer, text: String) -> StepHeadings.Match? {
        guard let first = cmark_node_first_child(node) else { return nil }
        if let match = partLabel(first, text: text) { return match }
        var child: OpaquePointer? = first
        while let current = child {
            if cmark_node_get_type(current) == CMARK_NODE_IMAGE { return nil }
            child = cmark_node_next(current)
        }
        if let match = StepHeadings.match(Substring(text)), match.title.isEmpty, match.kind == .step { return match }
        return nil
    }

    /// The step label of text that starts with the bold or emphasised node `first`, its title being what
    /// follows the label when the emphasis holds the label alone.
    func partLabel(_ first: OpaquePointer, text: String) -> StepHeadings.Match? {
        guard let match = stepLabelPrefix(first) else { return nil }
        guard match.title.isEmpty else { return match }
        let prefix = inlineText(first)
        let rest = text.utf8.count > prefix.utf8.count ? String(text.dropFirst(prefix.count)) : ""
        let title = Substring(rest).trimmingWhitespace()
        return StepHeadings.Match(kind: .step, number: match.number, label: match.label, title: String(title))
    }

    /// How much of a heading's or paragraph's text its links make: `.whole` when every child with words is
    /// a link (text between them only separators, `·`, `|`, a task box), `.opens` when a link comes first.
    func linkShape(_ node: OpaquePointer) -> OutlineBlock.LinkShape {
        var sawLink = false
        var sawWords = false
        var child = cmark_node_first_child(node)
        while let current = child {
            child = cmark_node_next(current)
            switch cmark_node_get_type(current) {
            case CMARK_NODE_LINK:
                sawLink = true
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_HTML_INLINE:
                continue
            case CMARK_NODE_TEXT:
                let literal = string(cmark_node_get_literal(current))
                let words = literal.replacingTaskBox().contains { $0.isLetter || $0.isNumber }
                if words {
                    if !sawLink { return .none }
                    sawWords = true
                }
            default:
                if !sawLink { return .none }
                sawWords = true
            }
        }
        guard sawLink else { return .none }
        return sawWords ? .opens : .whole
    }

    /// Whether the node's links all point into the page itself (`#anchor`), with one link at least.
    func linksStayOnPage(_ node: OpaquePointer) -> Bool {
        var sawLink = false
        var child = cmark_node_first_child(node)
        while let current = child {
            child = cmark_node_next(current)
            guard cmark_node_get_type(current) == CMARK_NODE_LINK else { continue }
            guard string(cmark_node_get_url(current)).hasPrefix("#") else { return false }
            sawLink = true
        }
        return sawLink
    }

    func isLineBreak(_ node: OpaquePointer) -> Bool {
        let type = cmark_node_get_type(node)
        return type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
    }

    /// The step label the line of `children` starting at `index` reads as, nil when it reads as none.
    private func stepLabel(ofLineAt index: Int, in children: [OpaquePointer]) -> StepHeadings.Match? {
        let line = children[index...].prefix { !isLineBreak($0) }
        guard let match = StepHeadings.match(Substring(collapseWhitespace(line.map(rawInlineText).joined()))),
            match.kind == .step
        else { return nil }
        return match
    }

    /// The step label a bold or emphasised inline node holds (`**Step 2.**`), nil for any other node.
    func stepLabelPrefix(_ node: OpaquePointer) -> StepHeadings.Match? {
        guard [CMARK_NODE_STRONG, CMARK_NODE_EMPH].contains(cmark_node_get_type(node)),
            let match = StepHeadings.match(Substring(inlineText(node))), match.kind == .step
        else { return nil }
        return match
    }
}

extension String {
    /// The text without a task list's box (`[ ]`, `[x]`) where it starts: a box is no words.
    fileprivate func replacingTaskBox() -> Substring {
        let trimmed = Substring(self).trimmingWhitespace()
        for box in ["[ ]", "[x]", "[X]"] where trimmed.hasPrefix(box) { return trimmed.dropFirst(box.count) }
        return trimmed
    }
}
