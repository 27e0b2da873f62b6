import TutorialModel

/// Re-reading a DocC tutorial after an edit of the text inside one `@Step`: the directive parser reads
/// only that step's lines, the reader makes its step again (reading its `@Code` resources), and the step
/// replaces the previous one, everything after it shifted.
///
/// The directive parser reads line by line; a line of text changes nothing of its state but a fence.
/// So the edit must touch only lines that are text, before and after it (no `@`, brace, backtick or
/// tilde on them, and no directive's head running over them), and the step's lines read by themselves
/// must give exactly the previous step and its diagnostics: then nothing around the step reads it
/// differently, and nothing after it moves but by the edit's length.
enum DocCStepSplice {
    static func reread(
        _ previous: Tutorial, change: DocumentChange, resources: any ResourceProvider
    ) -> (Tutorial, SourceRange)? {
        let old = change.old
        let editFirstLine = change.oldLine(change.replaced.start)
        let editLastLine = change.oldLine(change.replaced.end)
        guard
            let (sectionIndex, stepIndex) = previous.sections.enumerated().lazy.compactMap({ section in
                section.element.steps.firstIndex { $0.range.contains(change.replaced.start) }.map { (section.offset, $0) }
            }).first
        else { return nil }
        let step = previous.sections[sectionIndex].steps[stepIndex]
        let firstLine = change.oldLine(step.range.start)
        let closingLine = change.oldLine(max(step.range.start, step.range.end - 1))
        guard firstLine < editFirstLine, editLastLine < closingLine,
            let newClosingLine = change.newLine(afterEdit: closingLine),
            onlyTextCharacters(old, lines: editFirstLine...editLastLine),
            onlyTextCharacters(change.new, lines: editFirstLine...(editLastLine + change.lineDelta))
        else { return nil }
        let oldLines = firstLine..<(closingLine + 1)
        let newLines = firstLine..<(newClosingLine + 1)
        let oldWindow = SourceRange(start: old.lineIndex.lineStarts[firstLine], end: lineStart(closingLine + 1, old))
        let newWindow = SourceRange(start: oldWindow.start, end: oldWindow.end + change.delta)
        guard let previousProblems = partition(previous.diagnostics, range: \.range, window: oldWindow),
            let oldRead = DocCReader.readStep(old, lines: oldLines, id: step.id, resources: resources,
                textLines: editFirstLine...editLastLine),
            oldRead.step == step, oldRead.diagnostics == Array(previousProblems.inside),
            let newRead = DocCReader.readStep(change.new, lines: newLines, id: step.id, resources: resources,
                textLines: editFirstLine...(editLastLine + change.lineDelta)),
            let diagnostics = splice(
                previous.diagnostics, newRead.diagnostics, range: \.range, old: oldWindow, new: newWindow,
                delta: change.delta, shift: { $0.shifted(by: $1) })
        else { return nil }
        var sections = previous.sections
        for index in sections.indices {
            // After the edit, not after the window: a section left unclosed ends at its last step's brace.
            sections[index] = shifted(sections[index], after: change.replaced.end, by: change.delta)
        }
        var steps = sections[sectionIndex].steps
        steps[stepIndex] = newRead.step
        let section = sections[sectionIndex]
        sections[sectionIndex] = Section(title: section.title, label: section.label, range: section.range, steps: steps)
        let tutorial = Tutorial(
            document: change.new, format: .docc, title: previous.title, sections: sections, diagnostics: diagnostics)
        return (tutorial, newWindow)
    }

    private static func lineStart(_ line: Int, _ document: SourceDocument) -> Int {
        line < document.lineIndex.lineCount ? document.lineIndex.lineStarts[line] : document.bytes.count
    }

    /// Whether the lines hold nothing the directive parser reads as structure: none starts with `@`, a
    /// brace or a fence (it looks at a line's start only; `readStep` checks they are read as text).
    private static func onlyTextCharacters(_ document: SourceDocument, lines: ClosedRange<Int>) -> Bool {
        guard lines.upperBound < document.lineIndex.lineCount else { return false }
        let bytes = document.bytes
        for line in lines {
            let content = document.lineIndex.contentRange(ofLine: line)
            guard let first = bytes[content.start..<content.end].firstIndex(where: { $0 != 0x20 && $0 != 0x09 })
            else { continue }
            if [UInt8(ascii: "@"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "`"), UInt8(ascii: "~")]
                .contains(bytes[first])
            {
                return false
            }
        }
        return true
    }

    /// The section with every range at or after `offset` moved by `delta` (a range running over it grows).
    private static func shifted(_ section: Section, after offset: Int, by delta: Int) -> Section {
        func move(_ range: SourceRange) -> SourceRange {
            SourceRange(
                start: range.start >= offset ? range.start + delta : range.start,
                end: range.end >= offset ? range.end + delta : range.end)
        }
        guard section.range.end >= offset else { return section }
        let steps = section.steps.map { step -> Step in
            guard step.range.start >= offset else { return step }
            return step.moved(
                range: move(step.range),
                snippets: step.snippets.map { snippet in
                    Snippet(
                        fileName: snippet.fileName, language: snippet.language, code: snippet.code, kind: snippet.kind,
                        range: move(snippet.range), sourceMap: snippet.sourceMap.shifted(by: delta), docc: snippet.docc)
                })
        }
        return Section(title: section.title, label: section.label, range: move(section.range), steps: steps)
    }
}

extension DocCReader {
    /// One `@Step` read from its lines alone: nil unless they hold that directive and nothing else, parse
    /// without a problem, and keep every line of `textLines` a line of text.
    static func readStep(
        _ document: SourceDocument, lines: Range<Int>, id: StepID, resources: any ResourceProvider,
        textLines: ClosedRange<Int>
    ) -> (step: Step, diagnostics: [ReaderDiagnostic])? {
        let parsed = DocCDirectiveParser.parse(document, lines: lines)
        let directives = parsed.nodes.compactMap { node -> DocCDirective? in
            if case .directive(let directive) = node { return directive }
            return nil
        }
        let textOutside = parsed.nodes.contains { node in
            if case .text(let range) = node { return !range.isEmpty }
            return false
        }
        guard parsed.problems.isEmpty, !textOutside, directives.count == 1, let directive = directives.first,
            directive.name == "Step", lines.upperBound <= document.lineIndex.lineCount,
            directive.range.end <= (lines.upperBound < document.lineIndex.lineCount
                ? document.lineIndex.lineStarts[lines.upperBound] : document.bytes.count)
        else { return nil }
        var texts = Set<Int>()
        collectTextStarts(directive.children, into: &texts)
        for line in textLines {
            let content = document.lineIndex.contentRange(ofLine: line)
            let blank = document.bytes[content.start..<content.end].allSatisfy { $0 == 0x20 || $0 == 0x09 }
            guard blank || texts.contains(where: { content.contains($0) }) else { return nil }
        }
        var reading = Reading(
            document: document, resolver: CatalogResources(documentPath: document.path, provider: resources))
        reading.reportUnknownDirectives(in: parsed.nodes)
        let step = reading.readStep(directive, id: id)
        let section = Section(title: "", range: directive.range, steps: [step])
        return (step, reading.tutorial(title: nil, sections: [section]).diagnostics)
    }

    private static func collectTextStarts(_ nodes: [DocCNode], into starts: inout Set<Int>) {
        for node in nodes {
            switch node {
            case .text(let range): if !range.isEmpty { starts.insert(range.start) }
            case .directive(let directive): collectTextStarts(directive.children, into: &starts)
            }
        }
    }
}
