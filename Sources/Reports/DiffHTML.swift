import DiffSyntax
import Foundation
import StepDiff
import TutorialModel
import TutorialRules

/// `tutorial-check diff --format html`: one self-contained page (inline CSS, no script, no external
/// asset; it works offline and from an attachment) with the tutorial's outline, a +/− summary per
/// file and per step, and every step's changes as unified or side-by-side diffs (a CSS-only switch),
/// deleted lines included, changed words highlighted, and Swift coloured by SwiftSyntax's classifier.
public func renderHTMLDiff(_ report: [DiffReportDocument], showAllSteps: Bool = true) -> String {
    var page = HTMLReportPage(syntax: DiffSyntaxColorer())
    return page.render(report, showAllSteps: showAllSteps)
}

/// Escapes text for HTML element content and attribute values.
func htmlEscaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

private struct HTMLReportPage {
    let syntax: DiffSyntaxColorer
    var out = ""

    mutating func render(_ report: [DiffReportDocument], showAllSteps: Bool) -> String {
        let title = report.count == 1 ? (report[0].tutorial.title ?? report[0].path) : "\(report.count) tutorials"
        out += """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="tutorial-check diff">
            <title>Step diffs — \(htmlEscaped(title))</title>
            <style>\(diffReportCSS)</style>
            </head>
            <body>
            <input type="radio" name="view" id="view-unified" checked>
            <input type="radio" name="view" id="view-split">
            <header class="top"><h1>Step diffs — \(htmlEscaped(title))</h1>
            <div class="switch">View: <label for="view-unified">Unified</label><label for="view-split">Side by side</label></div>
            </header>
            <div class="layout">
            <nav class="outline" aria-label="Outline">

            """
        for (index, document) in report.enumerated() { outline(document, index: index, showAllSteps: showAllSteps) }
        out += "</nav>\n<main>\n"
        for (index, document) in report.enumerated() { body(document, index: index, showAllSteps: showAllSteps) }
        out += "</main>\n</div>\n</body>\n</html>\n"
        return out
    }

    // MARK: Outline and summaries

    private func anchor(_ document: Int, _ step: StepID) -> String {
        "d\(document + 1)-step-\(step.section)-\(step.step)"
    }

    private func counts(_ added: Int, _ removed: Int) -> String {
        "<span class=\"counts\"><span class=\"plus\">+\(added)</span> <span class=\"minus\">−\(removed)</span></span>"
    }

    private func shownSteps(_ document: DiffReportDocument, showAllSteps: Bool) -> [(Section, [Step])] {
        let changed = Set(document.changes.map(\.to.step))
        return document.tutorial.sections.map { section in
            (section, section.steps.filter { showAllSteps || changed.contains($0.id) })
        }.filter { !$0.1.isEmpty }
    }

    private mutating func outline(_ document: DiffReportDocument, index: Int, showAllSteps: Bool) {
        out +=
            "<p class=\"doc\">\(htmlEscaped(document.tutorial.title ?? document.path))</p>\n<ol class=\"sections\">\n"
        for (section, steps) in shownSteps(document, showAllSteps: showAllSteps) {
            out += "<li><span class=\"section-title\">\(htmlEscaped(section.title))</span><ol class=\"steps\">\n"
            for step in steps {
                let changes = document.changes(in: step.id)
                let added = changes.reduce(0) { $0 + $1.added }
                let removed = changes.reduce(0) { $0 + $1.removed }
                var flag =
                    changes.contains(where: \.isNoChange)
                    ? " <span class=\"warn\" title=\"step-no-change\">=</span>" : ""
                let rules = Set(
                    document.findings.filter { $0.step == step.id && $0.rule != StepStructureRules.noChange }
                        .map(\.rule))
                if !rules.isEmpty {
                    flag +=
                        " <span class=\"warn\" title=\"\(htmlEscaped(rules.sorted().joined(separator: ", ")))\">!</span>"
                }
                let label = step.label ?? "Step"
                out +=
                    "<li><a href=\"#\(anchor(index, step.id))\"><span class=\"id\">\(step.id)</span> \(htmlEscaped(label))</a>"
                out += changes.isEmpty ? "" : " " + counts(added, removed)
                out += flag + "</li>\n"
            }
            out += "</ol></li>\n"
        }
        out += "</ol>\n"
    }

    private mutating func fileSummary(_ document: DiffReportDocument, index: Int) {
        out +=
            "<table class=\"summary\"><thead><tr><th>File</th><th>States</th><th>Steps</th><th>+</th><th>−</th></tr></thead><tbody>\n"
        let byFile = Dictionary(grouping: document.changes, by: \.fileName)
        for timeline in document.timelines {
            let changes = byFile[timeline.fileName] ?? []
            guard !changes.isEmpty else { continue }
            let steps = changes.map { "<a href=\"#\(anchor(index, $0.to.step))\">\($0.toName)</a>" }.joined(
                separator: " ")
            out +=
                "<tr><td class=\"file\">\(htmlEscaped(timeline.fileName))</td><td>\(timeline.states.count)</td><td class=\"steplist\">\(steps)</td>"
            out +=
                "<td class=\"plus\">+\(changes.reduce(0) { $0 + $1.added })</td><td class=\"minus\">−\(changes.reduce(0) { $0 + $1.removed })</td></tr>\n"
        }
        out += "</tbody></table>\n"
    }

    // MARK: Steps

    private mutating func body(_ document: DiffReportDocument, index: Int, showAllSteps: Bool) {
        let tutorial = document.tutorial
        out +=
            "<section class=\"document\"><h2 class=\"doc-title\">\(htmlEscaped(tutorial.title ?? document.path))</h2>\n"
        out +=
            "<p class=\"path\">\(htmlEscaped(document.path)) · \(tutorial.format.rawValue) · \(tutorial.steps.count) steps · \(document.timelines.count) files</p>\n"
        fileSummary(document, index: index)
        for (section, steps) in shownSteps(document, showAllSteps: showAllSteps) {
            out += "<h2 class=\"section\">\(htmlEscaped(section.title))</h2>\n"
            for step in steps { self.step(step, document: document, index: index) }
        }
        out += "</section>\n"
    }

    private mutating func step(_ step: Step, document: DiffReportDocument, index: Int) {
        let changes = document.changes(in: step.id)
        let added = changes.reduce(0) { $0 + $1.added }
        let removed = changes.reduce(0) { $0 + $1.removed }
        out += "<article class=\"step\" id=\"\(anchor(index, step.id))\">\n<h3><span class=\"id\">\(step.id)</span> "
        if let label = step.label { out += "<span class=\"label\">\(htmlEscaped(label))</span> " }
        out += htmlEscaped(step.title)
        out += changes.isEmpty ? "" : " " + counts(added, removed)
        out += "</h3>\n"
        var paragraphs = step.prose.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        // Readers often take the title from the first paragraph; do not print it twice.
        if let first = paragraphs.first, first.trimmingCharacters(in: .whitespaces) == step.title {
            paragraphs.removeFirst()
        }
        if !paragraphs.isEmpty {
            out +=
                "<div class=\"prose\">" + paragraphs.map { "<p>\(htmlEscaped(String($0)))</p>" }.joined() + "</div>\n"
        }
        // Structure findings other than no-change (which its change shows): numbering, missing files.
        for finding in document.findings
        where finding.step == step.id && finding.rule != StepStructureRules.noChange {
            out +=
                "<p class=\"finding\"><span class=\"warn\">\(htmlEscaped(finding.rule))</span> \(htmlEscaped(finding.message))</p>\n"
        }
        let diffed = Set(changes.map(\.to.snippetIndex))
        for change in changes { self.change(change) }
        // Snippets outside every timeline (fragments, files that cannot be inferred) are shown, not diffed.
        for (snippetIndex, snippet) in step.snippets.enumerated() where !diffed.contains(snippetIndex) {
            guard !document.isInTimeline(step: step.id, snippet: snippetIndex) else { continue }
            let why =
                snippet.kind == .fragment
                ? "fragment, not diffed"
                : snippet.fileName == nil ? "file not known, not diffed" : "excerpt, not diffed"
            out +=
                "<div class=\"change fragment\"><div class=\"change-head\"><span class=\"file\">\(htmlEscaped(snippet.fileName ?? "(no file name)"))</span> <span class=\"from\">\(why)</span></div>\n"
            let lines = TextLines(snippet.code)
            let spans = isSwift(snippet, fileName: snippet.fileName ?? "") ? syntax.spans(for: snippet.code) : []
            out += "<pre class=\"code\">"
            for line in 0..<lines.count { out += codeHTML(lines, line: line, spans: spans, highlights: []) + "\n" }
            out += "</pre></div>\n"
        }
        if step.snippets.isEmpty { out += "<p class=\"nocode\">No code in this step.</p>\n" }
        out += "</article>\n"
    }

    private func isSwift(_ snippet: Snippet, fileName: String) -> Bool {
        snippet.language == "swift" || fileName.hasSuffix(".swift")
    }

    private mutating func change(_ change: ChangeSet) {
        let origin = change.baseDescription.map { "from \(htmlEscaped($0))" } ?? "new file"
        out +=
            "<div class=\"change\"><div class=\"change-head\"><span class=\"file\">\(htmlEscaped(change.fileName))</span> "
        out += "<span class=\"from\">\(origin)</span> " + counts(change.added, change.removed)
        if change.isNoChange { out += " <span class=\"warn\">no change · step-no-change</span>" }
        out += "</div>\n"
        guard !change.isNoChange else {
            out += "</div>\n"
            return
        }
        let swift = isSwift(change.to.snippet, fileName: change.fileName)
        let oldCode = String(decoding: change.diff.old.bytes, as: UTF8.self)
        let oldSpans = swift ? syntax.spans(for: oldCode) : []
        // The new state is parsed incrementally from the old one's tree, with the diff's edits.
        let newBytes = change.diff.new.bytes
        let edits = change.diff.byteEdits().map {
            DiffSyntaxEdit(
                oldStart: $0.old.start, oldEnd: $0.old.end, replacement: Array(newBytes[$0.new.start..<$0.new.end]))
        }
        let newSpans = swift ? syntax.spans(for: change.to.code, previous: oldCode, edits: edits) : []
        let sides = DiffSides(diff: change.diff, oldSpans: oldSpans, newSpans: newSpans)
        unifiedTable(change, sides)
        splitTable(change, sides)
        out += "</div>\n"
    }

    private struct DiffSides {
        let diff: TextDiff
        let oldSpans: [DiffSyntaxSpan]
        let newSpans: [DiffSyntaxSpan]

        func html(_ line: DiffLine) -> String {
            if line.kind == .removed, let old = line.oldLine {
                return codeHTML(diff.old, line: old, spans: oldSpans, highlights: line.highlights)
            }
            if let new = line.newLine {
                return codeHTML(diff.new, line: new, spans: newSpans, highlights: line.highlights)
            }
            return htmlEscaped(line.text)
        }
    }

    private func hunkHeader(_ hunk: Hunk, _ change: ChangeSet) -> String {
        "@@ -\(hunk.oldStart),\(hunk.oldLines) +\(hunk.newStart),\(hunk.newLines) @@ step \(change.toName)"
    }

    private mutating func unifiedTable(_ change: ChangeSet, _ sides: DiffSides) {
        out +=
            "<table class=\"diff unified\"><colgroup><col class=\"ln\"><col class=\"ln\"><col class=\"sign\"><col></colgroup><tbody>\n"
        for documentHunk in change.hunks {
            out +=
                "<tr class=\"hunk\"><td colspan=\"4\">\(htmlEscaped(hunkHeader(documentHunk.hunk, change)))</td></tr>\n"
            for line in documentHunk.hunk.lines {
                let (css, sign) =
                    line.kind == .added ? ("add", "+") : line.kind == .removed ? ("del", "−") : ("ctx", " ")
                out += "<tr class=\"\(css)\"><td class=\"ln\">\(line.oldLine.map { "\($0 + 1)" } ?? "")</td>"
                out += "<td class=\"ln\">\(line.newLine.map { "\($0 + 1)" } ?? "")</td><td class=\"sign\">\(sign)</td>"
                out +=
                    "<td class=\"code\">\(sides.html(line))\(line.ending == .none ? "<span class=\"nonl\" title=\"no newline at end of file\">⏎̸</span>" : "")</td></tr>\n"
            }
        }
        out += "</tbody></table>\n"
    }

    private mutating func splitTable(_ change: ChangeSet, _ sides: DiffSides) {
        out +=
            "<table class=\"diff split\"><colgroup><col class=\"ln\"><col><col class=\"ln\"><col></colgroup><tbody>\n"
        func cell(_ line: DiffLine?, old: Bool) -> String {
            guard let line else { return "<td class=\"ln empty\"></td><td class=\"code empty\"></td>" }
            let number = (old ? line.oldLine : line.newLine).map { "\($0 + 1)" } ?? ""
            let css = line.kind == .added ? "add" : line.kind == .removed ? "del" : "ctx"
            return "<td class=\"ln \(css)\">\(number)</td><td class=\"code \(css)\">\(sides.html(line))</td>"
        }
        for documentHunk in change.hunks {
            out +=
                "<tr class=\"hunk\"><td colspan=\"4\">\(htmlEscaped(hunkHeader(documentHunk.hunk, change)))</td></tr>\n"
            let lines = documentHunk.hunk.lines
            var index = 0
            while index < lines.count {
                if lines[index].kind == .context {
                    out += "<tr>" + cell(lines[index], old: true) + cell(lines[index], old: false) + "</tr>\n"
                    index += 1
                    continue
                }
                var removed: [DiffLine] = []
                var added: [DiffLine] = []
                while index < lines.count, lines[index].kind == .removed {
                    removed.append(lines[index])
                    index += 1
                }
                while index < lines.count, lines[index].kind == .added {
                    added.append(lines[index])
                    index += 1
                }
                // A modified line and its new version share a row: the highlighted lines pair in order
                // (the intra-line pairing is monotonic); the lines between pairs fill rows side by side.
                let oldPaired = removed.indices.filter { !removed[$0].highlights.isEmpty }
                let newPaired = added.indices.filter { !added[$0].highlights.isEmpty }
                let pairs = zip(oldPaired, newPaired).map { ($0, $1) } + [(removed.count, added.count)]
                var oldCursor = 0
                var newCursor = 0
                for (oldIndex, newIndex) in pairs {
                    let unpaired = max(oldIndex - oldCursor, newIndex - newCursor)
                    for row in 0..<unpaired {
                        let old = oldCursor + row < oldIndex ? removed[oldCursor + row] : nil
                        let new = newCursor + row < newIndex ? added[newCursor + row] : nil
                        out += "<tr>" + cell(old, old: true) + cell(new, old: false) + "</tr>\n"
                    }
                    if oldIndex < removed.count, newIndex < added.count {
                        out +=
                            "<tr>" + cell(removed[oldIndex], old: true) + cell(added[newIndex], old: false) + "</tr>\n"
                    }
                    oldCursor = oldIndex + 1
                    newCursor = newIndex + 1
                }
            }
        }
        out += "</tbody></table>\n"
    }
}

/// One line of code as HTML: syntax classes from `spans` (offsets in the whole text), changed words
/// from `highlights` (offsets in the line) wrapped in `<span class="hl">`.
func codeHTML(_ lines: TextLines, line: Int, spans: [DiffSyntaxSpan], highlights: [Range<Int>]) -> String {
    let content = lines.contentRange(line)
    let bytes = lines.bytes
    let lineStart = content.lowerBound
    let length = content.count
    // First span that ends after the line starts (spans are sorted and do not overlap).
    var low = 0
    var high = spans.count
    while low < high {
        let middle = (low + high) / 2
        if spans[middle].end <= lineStart { low = middle + 1 } else { high = middle }
    }
    var lineSpans: [(Int, Int, String)] = []
    var spanIndex = low
    while spanIndex < spans.count, spans[spanIndex].start < content.upperBound {
        let span = spans[spanIndex]
        lineSpans.append(
            (max(span.start, lineStart) - lineStart, min(span.end, content.upperBound) - lineStart, span.cssClass))
        spanIndex += 1
    }
    var cuts = Set([0, length])
    for span in lineSpans {
        cuts.insert(span.0)
        cuts.insert(span.1)
    }
    for range in highlights where range.upperBound <= length {
        cuts.insert(range.lowerBound)
        cuts.insert(range.upperBound)
    }
    let points = cuts.sorted()
    var out = ""
    for (start, end) in zip(points, points.dropFirst()) where start < end {
        let text = htmlEscaped(String(decoding: bytes[(lineStart + start)..<(lineStart + end)], as: UTF8.self))
        let cssClass = lineSpans.first { $0.0 <= start && start < $0.1 }?.2
        var piece = cssClass.map { "<span class=\"\($0)\">\(text)</span>" } ?? text
        if highlights.contains(where: { $0.contains(start) }) { piece = "<span class=\"hl\">\(piece)</span>" }
        out += piece
    }
    return out
}

/// The page's only style sheet, inline. The unified/side-by-side switch is two radio buttons and
/// sibling selectors, so the page needs no script.
let diffReportCSS = """
    :root { --add: #e6ffec; --add-hl: #abf2bc; --del: #ffebe9; --del-hl: #ffb3b0; --line: #d0d7de; --muted: #57606a; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", Helvetica, Arial, sans-serif; color: #1f2328; background: #f6f8fa; }
    #view-unified, #view-split { position: absolute; opacity: 0; pointer-events: none; }
    header.top { position: sticky; top: 0; z-index: 2; display: flex; align-items: center; justify-content: space-between; gap: 1em; padding: 8px 20px; background: #24292f; color: #fff; }
    header.top h1 { font-size: 17px; margin: 0; font-weight: 600; }
    .switch label { display: inline-block; margin-left: 6px; padding: 2px 10px; border: 1px solid #57606a; border-radius: 6px; cursor: pointer; }
    #view-unified:checked ~ header .switch label[for=view-unified], #view-split:checked ~ header .switch label[for=view-split] { background: #fff; color: #24292f; }
    #view-unified:checked ~ .layout table.split, #view-split:checked ~ .layout table.unified { display: none; }
    .layout { display: flex; align-items: flex-start; }
    nav.outline { position: sticky; top: 44px; flex: 0 0 290px; max-height: calc(100vh - 44px); overflow: auto; padding: 12px 12px 24px 16px; border-right: 1px solid var(--line); background: #fff; font-size: 13px; }
    nav.outline .doc { font-weight: 600; margin: 0 0 6px; }
    nav.outline ol { list-style: none; margin: 0; padding: 0; }
    nav.outline ol.steps { padding-left: 10px; margin-bottom: 8px; }
    nav.outline .section-title { display: block; margin-top: 6px; font-weight: 600; color: var(--muted); }
    nav.outline a { color: #0969da; text-decoration: none; }
    nav.outline a:hover { text-decoration: underline; }
    main { flex: 1 1 auto; min-width: 0; padding: 16px 24px 64px; }
    h2.doc-title { margin: 0; font-size: 22px; }
    p.path { margin: 2px 0 12px; color: var(--muted); font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
    h2.section { font-size: 18px; margin: 28px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
    table.summary { border-collapse: collapse; background: #fff; margin: 8px 0 16px; font-size: 13px; }
    table.summary th, table.summary td { border: 1px solid var(--line); padding: 3px 10px; text-align: left; }
    table.summary td.plus, table.summary td.minus { text-align: right; font-variant-numeric: tabular-nums; }
    table.summary .steplist a { margin-right: 4px; color: #0969da; text-decoration: none; font-family: ui-monospace, monospace; font-size: 12px; }
    article.step { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; margin: 12px 0; }
    article.step h3 { font-size: 15px; margin: 0 0 4px; }
    .id { display: inline-block; min-width: 2.4em; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: var(--muted); }
    .label { color: #8250df; }
    .prose p { margin: 2px 0; color: #333; }
    .counts { font-family: ui-monospace, monospace; font-size: 12px; font-weight: normal; }
    .plus { color: #1a7f37; }
    .minus { color: #cf222e; }
    .warn { color: #9a6700; background: #fff8c5; border: 1px solid #d4a72c; border-radius: 4px; padding: 0 4px; font-size: 12px; }
    .nocode { color: var(--muted); font-style: italic; margin: 4px 0; }
    p.finding { margin: 4px 0; font-size: 13px; color: #6e5400; }
    .change { margin: 8px 0 4px; border: 1px solid var(--line); border-radius: 6px; overflow: hidden; }
    .change-head { padding: 4px 10px; background: #f6f8fa; border-bottom: 1px solid var(--line); font-size: 13px; }
    .change-head .file { font-weight: 600; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
    .change-head .from { color: var(--muted); }
    table.diff { width: 100%; border-collapse: collapse; table-layout: fixed; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, "Noto Sans Mono CJK SC", monospace; }
    table.diff td { padding: 0 6px; vertical-align: top; }
    table.diff td.code { white-space: pre-wrap; word-break: break-all; tab-size: 4; }
    table.diff td.ln { text-align: right; color: #8c959f; user-select: none; }
    table.unified td.sign { user-select: none; color: var(--muted); }
    table.diff col.ln { width: 3.6em; }
    table.diff col.sign { width: 1.6em; }
    tr.hunk td { background: #ddf4ff; color: #0550ae; padding: 2px 8px; }
    tr.add td, td.add { background: var(--add); }
    tr.del td, td.del { background: var(--del); }
    tr.add td.ln, td.ln.add { background: #ccffd8; }
    tr.del td.ln, td.ln.del { background: #ffd7d5; }
    td.empty { background: #f6f8fa; }
    tr.add .hl, td.add .hl { background: var(--add-hl); border-radius: 2px; }
    tr.del .hl, td.del .hl { background: var(--del-hl); border-radius: 2px; }
    .nonl { color: #cf222e; margin-left: 4px; }
    .fragment pre.code { margin: 0; padding: 4px 10px; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre-wrap; background: #fff; }
    .kw { color: #cf222e; } .ty { color: #953800; } .str { color: #0a3069; } .num { color: #0550ae; }
    .com { color: #6e7781; font-style: italic; } .attr { color: #8250df; } .lbl { color: #116329; }
    .op { color: #0550ae; } .dol { color: #8250df; } .ph { background: #eee; }
    @media print { nav.outline, header.top .switch { display: none; } table.split { display: none; } }
    """
