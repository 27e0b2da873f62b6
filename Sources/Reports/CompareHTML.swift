import TutorialCompare
import TutorialModel

/// `tutorial-check compare --format html`: one self-contained page (inline CSS, no script, no external
/// asset), the original on the left and the copy on the right, aligned step by step, each drift marked on
/// its line on both sides and described under the pair of steps it belongs to. `shownPath` gives the path a
/// page shows for a document (the review site shows portable paths).
public func renderCompareHTML(_ run: ComparisonRun, shownPath: (String) -> String = { $0 }) -> String {
    let title =
        run.comparisons.count == 1
        ? "\(run.comparisons[0].original.title ?? shownPath(run.comparisons[0].original.document.path)) ↔ \(run.comparisons[0].copy.title ?? shownPath(run.comparisons[0].copy.document.path))"
        : "\(run.comparisons.count) tutorials"
    var out = htmlPageStart(title: "Compare — \(title)", generator: "tutorial-check compare", extraCSS: compareCSS)
    out += "<header class=\"top\"><h1>Compare — \(htmlEscaped(title))</h1></header>\n<main class=\"compare\">\n"
    for (number, comparison) in run.comparisons.enumerated() {
        out += comparisonSection(comparison, number: number, shownPath: shownPath)
    }
    for path in run.unpairedOriginal { out += "<p class=\"nocode\">\(htmlEscaped(path)): no copy of this tutorial found</p>\n" }
    for path in run.unpairedCopy { out += "<p class=\"nocode\">\(htmlEscaped(path)): no original of this tutorial found</p>\n" }
    out += "</main>\n</body>\n</html>\n"
    return out
}

private let compareCSS = """
    main.compare { max-width: 1600px; margin: 0 auto; }
    .sides { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
    .side h4 { margin: 4px 0; font-size: 13px; color: var(--muted); font-weight: 600; }
    .side .empty-side { color: var(--muted); font-style: italic; padding: 8px; background: #f6f8fa; border-radius: 6px; }
    table.code { width: 100%; border-collapse: collapse; table-layout: fixed; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, "Noto Sans Mono CJK SC", monospace; border: 1px solid var(--line); }
    table.code td { padding: 0 6px; vertical-align: top; }
    table.code td.code { white-space: pre-wrap; word-break: break-all; tab-size: 4; }
    table.code td.ln { width: 3.4em; text-align: right; color: #8c959f; user-select: none; }
    table.code tr.drift td { background: var(--del); }
    table.code tr.drift td.ln { background: #ffd7d5; }
    table.code tr.gap td { border-top: 3px solid #cf222e; }
    article.pair.uncertain { border-color: #d4a72c; }
    article.pair.only { border-style: dashed; }
    .kind { font-size: 12px; color: var(--muted); font-weight: normal; }
    ul.drifts { margin: 8px 0 0; padding-left: 18px; font-size: 13px; }
    ul.drifts li { margin: 2px 0; }
    ul.drifts code { background: #f6f8fa; padding: 0 3px; border-radius: 3px; }
    .drift-kind { font-family: ui-monospace, monospace; font-size: 12px; color: #cf222e; }
    """

private func comparisonSection(_ comparison: Comparison, number: Int, shownPath: (String) -> String) -> String {
    let original = comparison.original
    let copy = comparison.copy
    let (originalPath, copyPath) = (shownPath(original.document.path), shownPath(copy.document.path))
    var out = "<h2 class=\"doc-title\">\(htmlEscaped(original.title ?? originalPath)) ↔ "
    out += "\(htmlEscaped(copy.title ?? copyPath))</h2>\n"
    out += "<p class=\"path\">original: \(htmlEscaped(originalPath)) · copy: \(htmlEscaped(copyPath))</p>\n"
    out += "<table class=\"summary\"><tr><th>Alignment</th><td>\(htmlEscaped(alignmentSummary(comparison)))</td></tr>\n"
    out += "<tr><th>Drifts</th><td>\(htmlEscaped(driftSummary(comparison.driftCounts)))</td></tr></table>\n"
    for entry in comparison.alignment {
        let drifts = comparison.drifts.filter { drift in
            (drift.original.map { entry.original.contains($0.step) } ?? false)
                || (drift.copy.map { entry.copy.contains($0.step) } ?? false)
        }
        let classes = ["step", "pair", entry.isUncertain ? "uncertain" : nil, entry.original.isEmpty || entry.copy.isEmpty ? "only" : nil]
        out += "<article class=\"\(classes.compactMap { $0 }.joined(separator: " "))\" id=\"c\(number + 1)-\(anchorPart(entry))\">\n"
        out += "<h3><span class=\"id\">\(stepList(entry.original)) ↔ \(stepList(entry.copy))</span> "
        out += "<span class=\"kind\">\(entry.kind.rawValue)"
        if let confidence = entry.confidence { out += " · confidence \(formatConfidence(confidence))" }
        if entry.isUncertain { out += " · <span class=\"warn\">uncertain</span>" }
        out += "</span></h3>\n<div class=\"sides\">\n"
        out += side(original, steps: entry.original, places: drifts.compactMap(\.original), label: "original")
        out += side(copy, steps: entry.copy, places: drifts.compactMap(\.copy), label: "copy")
        out += "</div>\n"
        if !drifts.isEmpty {
            out += "<ul class=\"drifts\">\n"
            for drift in drifts {
                out += "<li><span class=\"drift-kind\">\(drift.kind.rawValue)</span> \(htmlEscaped(drift.message))"
                if let place = drift.copy { out += " <span class=\"path\">(copy line \(place.start.line))</span>" }
                out += "</li>\n"
            }
            out += "</ul>\n"
        }
        out += "</article>\n"
    }
    return out
}

private func anchorPart(_ entry: AlignedSteps) -> String {
    let original = entry.original.map { "\($0.section)-\($0.step)" }.joined(separator: "_")
    let copy = entry.copy.map { "\($0.section)-\($0.step)" }.joined(separator: "_")
    return "o\(original)-c\(copy)"
}

/// One side of a pair of aligned steps: each step's title and the code it shows, the lines a drift is on marked.
private func side(_ tutorial: Tutorial, steps: [StepID], places: [DriftPlace], label: String) -> String {
    var out = "<div class=\"side \(label)\">\n"
    if steps.isEmpty { out += "<p class=\"empty-side\">no step in the \(label)</p>\n" }
    for id in steps {
        guard let step = tutorial.step(id) else { continue }
        let title = step.title.isEmpty ? (step.label ?? "") : step.title
        out += "<h4>\(label) \(id): \(htmlEscaped(title))</h4>\n"
        if step.snippets.isEmpty { out += "<p class=\"nocode\">no code</p>\n" }
        for snippet in step.snippets {
            out += codeTable(snippet, places: places.filter { $0.step == id })
        }
    }
    out += "</div>\n"
    return out
}

/// A snippet's lines with their numbers; a line a drift lies on is marked, and a line before which a
/// missing line belongs gets a mark above it.
private func codeTable(_ snippet: Snippet, places: [DriftPlace]) -> String {
    var out = "<table class=\"code\">"
    if let file = snippet.fileName { out += "<caption class=\"path\">\(htmlEscaped(file))</caption>" }
    let bytes = Array(snippet.code.utf8)
    var start = 0
    var number = 1
    while start < bytes.count {
        var end = start
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        let (marked, gap) = lineMarks(snippet, start..<end, places: places)
        let classes = [marked ? "drift" : nil, gap ? "gap" : nil].compactMap { $0 }.joined(separator: " ")
        out += "<tr\(classes.isEmpty ? "" : " class=\"\(classes)\"")><td class=\"ln\">\(number)</td>"
        out += "<td class=\"code\">\(htmlEscaped(String(decoding: bytes[start..<end], as: UTF8.self)))</td></tr>\n"
        start = end + 1
        number += 1
    }
    out += "</table>\n"
    return out
}

private func lineMarks(_ snippet: Snippet, _ line: Range<Int>, places: [DriftPlace]) -> (marked: Bool, gap: Bool) {
    var marked = false
    var gap = false
    for place in places {
        let range: Range<Int>
        if let docc = snippet.docc, docc.resourcePath == place.path {
            range = line
        } else {
            range = snippet.sourceMap.documentOffset(forCodeOffset: line.lowerBound)..<snippet.sourceMap.documentOffset(
                forCodeOffset: line.upperBound)
        }
        let target = snippet.docc?.resourcePath == place.path ? place.range : place.documentRange
        if target.isEmpty {
            if target.start == range.lowerBound { gap = true }
        } else if target.start < max(range.upperBound, range.lowerBound + 1), range.lowerBound < target.end {
            marked = true
        }
    }
    return (marked, gap)
}
