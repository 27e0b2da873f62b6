import TutorialModel

/// The outline an editor shows: sections, then steps, then snippets with their file names; and the
/// matching folding ranges.
enum DocumentSymbols {
    static func symbols(_ tutorial: Tutorial, converter: PositionConverter) -> [DocumentSymbol] {
        let index = converter.index
        return tutorial.sections.map { section in
            DocumentSymbol(
                name: section.label.map { symbolName(label: $0, title: section.title) }
                    ?? (section.title.isEmpty ? "Section" : section.title),
                detail: nil, kind: .namespace,
                range: converter.range(section.range),
                selectionRange: converter.range(DiagnosticConversion.headingRange(of: section.range, in: index)),
                children: section.steps.map { step in
                    DocumentSymbol(
                        name: symbolName(label: step.label ?? "Step \(step.id)", title: step.title),
                        detail: step.id.description, kind: .event, range: converter.range(step.range),
                        selectionRange: converter.range(DiagnosticConversion.headingRange(of: step.range, in: index)),
                        children: step.snippets.map { snippet in
                            let range = converter.range(snippet.range)
                            return DocumentSymbol(
                                name: snippet.fileName ?? "code",
                                detail:
                                    "\(snippet.language ?? "code"), \(snippet.lineCount) lines, \(snippet.kind.rawValue)",
                                kind: .file, range: range, selectionRange: range, children: nil)
                        })
                })
        }
    }

    /// `Step 2: Add the coordinator`: the label as written, then the title when there is one.
    private static func symbolName(label: String, title: String) -> String {
        title.isEmpty || title == label ? label : "\(label): \(title)"
    }

    static func foldingRanges(_ tutorial: Tutorial, index: LineIndex) -> [FoldingRange] {
        var ranges: [FoldingRange] = []
        func add(_ range: SourceRange) {
            let start = index.lineNumber(containing: range.start)
            // A range ending at the start of a line ends on the line before.
            var end = index.lineNumber(containing: range.end)
            if end > start, index.lineStarts[end] == range.end { end -= 1 }
            if end > start { ranges.append(FoldingRange(startLine: start, endLine: end, kind: "region")) }
        }
        for section in tutorial.sections {
            add(section.range)
            for step in section.steps {
                add(step.range)
                for snippet in step.snippets { add(snippet.range) }
            }
        }
        var seen = Set<[Int]>()
        return ranges.filter { seen.insert([$0.startLine, $0.endLine]).inserted }
    }
}
