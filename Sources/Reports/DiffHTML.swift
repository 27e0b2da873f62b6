import DiffSyntax
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StepDiff
import TutorialModel
import TutorialRules

/// `tutorial-check diff --format html`: one self-contained page (inline CSS, no script, no external
/// asset; it works offline and from an attachment) with the tutorial's outline, a +/− summary per
/// file and per step, and every step's changes as unified or side-by-side diffs (a CSS-only switch),
/// deleted lines included, changed words highlighted, and Swift coloured by SwiftSyntax's classifier.
public func renderHTMLDiff(_ report: [DiffReportDocument], showAllSteps: Bool = true) -> String {
    var page = HTMLReportPage(syntax: DiffSyntaxColorer(), review: nil)
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

struct HTMLReportPage {
    let syntax: DiffSyntaxColorer
    /// Each document's findings and where they go, on a review page; nil on a step-diff page.
    let review: [ReviewFindings]?
    var indexLink: String? = nil
    var out = ""
    /// The document being rendered (review findings are looked up by it).
    private(set) var current = 0

    mutating func render(_ report: [DiffReportDocument], showAllSteps: Bool) -> String {
        let title = report.count == 1 ? (report[0].tutorial.title ?? report[0].path) : "\(report.count) tutorials"
        out += htmlPageStart(
            title: "\(pageKind) — \(title)", generator: review == nil ? "tutorial-check diff" : "tutorial-check report")
        out += """
            <input type="radio" name="view" id="view-unified" checked>
            <input type="radio" name="view" id="view-split">
            <header class="top"><h1>\(indexLink.map { "<a class=\"home\" href=\"\(htmlEscaped($0))\">All tutorials</a> · " } ?? "")\(pageKind) — \(htmlEscaped(title))</h1>
            <div class="switch">View: <label for="view-unified">Unified</label><label for="view-split">Side by side</label></div>
            </header>
            <div class="layout">
            <nav class="outline" aria-label="Outline">

            """
        for (index, document) in report.enumerated() { outline(document, index: index, showAllSteps: showAllSteps) }
        out += "</nav>\n<main>\n"
        for (index, document) in report.enumerated() {
            current = index
            body(document, index: index, showAllSteps: showAllSteps)
        }
        out += "</main>\n</div>\n</body>\n</html>\n"
        return out
    }

    private var pageKind: String { review == nil ? "Step diffs" : "Review" }

    /// The structure findings a step-diff page shows; a review page shows the lint findings instead
    /// (which include them, configured).
    private func structureFindings(_ document: DiffReportDocument) -> [Finding] {
        review == nil ? document.findings : []
    }

    // MARK: Outline and summaries

    func anchor(_ document: Int, _ step: StepID) -> String {
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
                    changes.contains(where: document.reportsNoChange)
                    ? " <span class=\"warn\" title=\"step-no-change\">=</span>" : ""
                let rules = Set(
                    structureFindings(document).filter {
                        $0.step == step.id && $0.rule != StepStructureRules.noChange
                    }.map(\.rule))
                if !rules.isEmpty {
                    flag +=
                        " <span class=\"warn\" title=\"\(htmlEscaped(rules.sorted().joined(separator: ", ")))\">!</span>"
                }
                let label = stepCaption(step)
                out +=
                    "<li><a href=\"#\(anchor(index, step.id))\"><span class=\"id\">\(step.id)</span> \(htmlEscaped(label))</a>"
                out += changes.isEmpty ? "" : " " + counts(added, removed)
                out += flag + (review.map { severityBadges($0[index].introduced(at: step.id)) } ?? "") + "</li>\n"
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
        // A step without a label is headed by its first sentence, shortened (the whole paragraph follows).
        let heading = step.label == nil ? stepCaption(step) : step.title
        if let label = step.label { out += "<span class=\"label\">\(htmlEscaped(label))</span> " }
        out += htmlEscaped(heading)
        out += changes.isEmpty ? "" : " " + counts(added, removed)
        out += "</h3>\n"
        var paragraphs = step.prose.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        // Readers often take the title from the first paragraph; do not print it twice when the heading
        // shows all of it.
        if let first = paragraphs.first?.trimmingScalars(in: .whitespaces), first == step.title,
            heading == first || heading + "." == first || heading + "。" == first
        {
            paragraphs.removeFirst()
        }
        if !paragraphs.isEmpty {
            out +=
                "<div class=\"prose\">" + paragraphs.map { "<p>\(htmlEscaped(String($0)))</p>" }.joined() + "</div>\n"
        }
        // Structure findings other than no-change (which its change shows): numbering, missing files.
        for finding in structureFindings(document)
        where finding.step == step.id && finding.rule != StepStructureRules.noChange {
            out +=
                "<p class=\"finding\"><span class=\"warn\">\(htmlEscaped(finding.rule))</span> \(htmlEscaped(finding.message))</p>\n"
        }
        if let review = review?[index] {
            for finding in review.atStep[step.id] ?? [] { out += findingBox(finding, review: review, anchored: true) }
            for finding in review.resolvedAt[step.id] ?? [] { out += resolvedNote(finding, review: review) }
        }
        let diffed = Set(changes.map(\.to.snippetIndex))
        for change in changes { self.change(change, noChangeReported: document.reportsNoChange(change)) }
        // Snippets outside every timeline (fragments, files that cannot be inferred) are shown, not diffed.
        for (snippetIndex, snippet) in step.snippets.enumerated() where !diffed.contains(snippetIndex) {
            guard !document.isInTimeline(step: step.id, snippet: snippetIndex) else { continue }
            let reason = document.unplaced.first { $0.step == step.id && $0.snippetIndex == snippetIndex }?.reason
            let why = "not diffed: " + (reason ?? (snippet.kind == .fragment ? "fragment" : "file not known"))
            out +=
                "<div class=\"change fragment\"><div class=\"change-head\"><span class=\"file\">\(htmlEscaped(snippet.fileName ?? "(no file name)"))</span> <span class=\"from\">\(why)</span></div>\n"
            let lines = TextLines(snippet.code)
            let spans = snippet.isSwift() ? syntax.spans(for: snippet.code) : []
            out += "<pre class=\"code\">"
            for line in 0..<lines.count { out += codeHTML(lines, line: line, spans: spans, highlights: []) + "\n" }
            out += "</pre></div>\n"
        }
        if step.snippets.isEmpty { out += "<p class=\"nocode\">No code in this step.</p>\n" }
        out += "</article>\n"
    }

    /// One change; `noChangeReported`: it changes nothing where its step asked for an edit (a finding).
    private mutating func change(_ change: ChangeSet, noChangeReported: Bool) {
        let origin = change.baseDescription.map { "from \(htmlEscaped($0))" } ?? "new file"
        out +=
            "<div class=\"change\"><div class=\"change-head\"><span class=\"file\">\(htmlEscaped(change.fileName))</span> "
        out += "<span class=\"from\">\(origin)</span> " + counts(change.added, change.removed)
        if let composition = change.to.composition {
            out += " <span class=\"from\">composed: \(htmlEscaped(composition.summary))</span>"
        }
        if change.isNoChange {
            out +=
                noChangeReported
                ? " <span class=\"warn\">no change · step-no-change</span>" : " <span class=\"from\">no change</span>"
        }
        out += "</div>\n"
        if let review = review?[current] {
            let key = ReviewFindings.ChangeKey(step: change.to.step, snippetIndex: change.to.snippetIndex)
            for (line, finding) in review.offDiff[key] ?? [] {
                out += findingBox(finding, review: review, anchored: true, line: line)
            }
        }
        guard !change.isNoChange else {
            out += "</div>\n"
            return
        }
        let swift = change.to.snippet.isSwift(inFile: change.fileName)
        let oldCode = String(decoding: change.diff.old.bytes, as: UTF8.self)
        let oldSpans = swift ? syntax.spans(for: oldCode) : []
        // The new state is parsed incrementally from the old one's tree, with the diff's edits.
        let edits = change.diff.byteEdits().map { (old: $0.old.start..<$0.old.end, new: $0.new.start..<$0.new.end) }
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
                if line.kind != .removed { out += findingRows(change, newLine: line.newLine, anchored: true) }
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
                    out += findingRows(change, newLine: lines[index].newLine, anchored: false)
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
                        out += findingRows(change, newLine: new?.newLine, anchored: false)
                    }
                    if oldIndex < removed.count, newIndex < added.count {
                        out +=
                            "<tr>" + cell(removed[oldIndex], old: true) + cell(added[newIndex], old: false) + "</tr>\n"
                        out += findingRows(change, newLine: added[newIndex].newLine, anchored: false)
                    }
                    oldCursor = oldIndex + 1
                    newCursor = newIndex + 1
                }
            }
        }
        out += "</tbody></table>\n"
    }
}
