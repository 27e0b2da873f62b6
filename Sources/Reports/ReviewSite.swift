import StepDiff
import TutorialCompare
import TutorialModel
import TutorialRules

/// One file of the review site: its path relative to the site's folder, and its HTML.
public struct ReviewSitePage: Sendable, Equatable {
    public let path: String
    public let html: String
}

/// `tutorial-check report --output DIR`: a small static site to review tutorials with — `index.html`
/// (every tutorial with its steps, files, +/− and findings by severity) and one review page per
/// tutorial under `tutorials/`. Every page is self-contained (inline style, no script, no external
/// asset), so the folder works offline, from a CI artifact or a file share.
public func renderReviewSite(_ documents: [ReviewedDocument]) -> [ReviewSitePage] {
    var used: Set<String> = []
    let names = documents.map { document -> String in
        let base = pageSlug(document.diff.path)
        var name = base
        var number = 2
        while used.contains(name) {
            name = "\(base)-\(number)"
            number += 1
        }
        used.insert(name)
        return "tutorials/\(name).html"
    }
    var pages = [ReviewSitePage(path: "index.html", html: renderReviewIndex(documents, pages: names))]
    for (document, name) in zip(documents, names) {
        pages.append(ReviewSitePage(path: name, html: renderReviewPage([document], indexLink: "../index.html")))
    }
    // A copy whose configuration names its original: the side-by-side page of `compare --format html`.
    for (document, name) in zip(documents, names) {
        guard let sideBySide = document.comparison else { continue }
        let html = renderCompareHTML(ComparisonRun(comparisons: [sideBySide.comparison])) {
            sideBySide.shownPaths[$0] ?? $0
        }
        pages.append(ReviewSitePage(path: sideBySidePage(name), html: html))
    }
    return pages
}

/// The side-by-side page of a tutorial's page `tutorials/X.html`: `compare/X.html`.
private func sideBySidePage(_ page: String) -> String { "compare/" + page.dropFirst("tutorials/".count) }

/// A file name from a document path: letters and digits kept, runs of anything else one hyphen. A long
/// path keeps its first 96 bytes and a hash of the whole, so every page name fits a file system's 255
/// bytes (with `.html`, a `-N` for a repeated name and the writer's temporary prefix) and stays distinct.
func pageSlug(_ path: String) -> String {
    var slug = ""
    for scalar in path.unicodeScalars {
        if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            slug.unicodeScalars.append(scalar)
        } else if !slug.isEmpty, !slug.hasSuffix("-") {
            slug += "-"
        }
    }
    while slug.hasSuffix("-") { slug.removeLast() }
    guard slug.utf8.count > 128 else { return slug.isEmpty ? "tutorial" : slug }
    var kept = ""
    for scalar in slug.unicodeScalars {
        guard kept.utf8.count + String(scalar).utf8.count <= 96 else { break }
        kept.unicodeScalars.append(scalar)
    }
    // FNV-1a over the path's bytes: the same on every machine, unlike Swift's seeded `hashValue`.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    let hex = String(hash, radix: 16)
    return kept + "-" + String(repeating: "0", count: 16 - hex.count) + hex
}

/// The index: each document, linked to its page (`pages`, in the same order).
private func renderReviewIndex(_ documents: [ReviewedDocument], pages: [String]) -> String {
    func count(_ findings: [Finding], _ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }
    func cell(_ number: Int, _ severity: Severity) -> String {
        number == 0
            ? "<td class=\"count zero\">0</td>"
            : "<td class=\"count\"><span class=\"badge sev-\(severity.rawValue)\">\(number)</span></td>"
    }
    var rows = ""
    var totals = (steps: 0, files: 0, added: 0, removed: 0)
    for (reviewed, page) in zip(documents, pages) {
        let document = reviewed.diff
        let added = document.changes.reduce(0) { $0 + $1.added }
        let removed = document.changes.reduce(0) { $0 + $1.removed }
        totals.steps += document.tutorial.steps.count
        totals.files += document.timelines.count
        totals.added += added
        totals.removed += removed
        rows +=
            "<tr><td><a href=\"\(htmlEscaped(page))\">\(htmlEscaped(document.tutorial.title ?? document.path))</a>"
        rows += "<div class=\"path\">\(htmlEscaped(document.path))</div>"
        if let comparison = reviewed.comparison {
            rows += "<div class=\"path\"><a href=\"\(htmlEscaped(sideBySidePage(page)))\">"
            rows += "side by side with its original</a> "
            let drifts = comparison.comparison.drifts.count
            rows += "(\(drifts) drift\(drifts == 1 ? "" : "s"))</div>"
        }
        rows += "</td><td>\(document.tutorial.format.rawValue)</td>"
        rows +=
            "<td class=\"count\">\(document.tutorial.sections.count)</td><td class=\"count\">\(document.tutorial.steps.count)</td>"
        rows += "<td class=\"count\">\(document.timelines.count)</td>"
        rows += "<td class=\"count plus\">+\(added)</td><td class=\"count minus\">−\(removed)</td>"
        rows += Severity.allCases.map { cell(count(reviewed.findings, $0), $0) }.joined() + "</tr>\n"
    }
    let all = documents.flatMap(\.findings)
    rows += "<tr class=\"total\"><td>\(documents.count) tutorial\(documents.count == 1 ? "" : "s")</td><td></td><td></td>"
    rows += "<td class=\"count\">\(totals.steps)</td><td class=\"count\">\(totals.files)</td>"
    rows += "<td class=\"count plus\">+\(totals.added)</td><td class=\"count minus\">−\(totals.removed)</td>"
    rows += Severity.allCases.map { cell(count(all, $0), $0) }.joined() + "</tr>\n"
    return htmlPageStart(title: "Tutorial review", generator: "tutorial-check report", extraCSS: reviewIndexCSS) + """
        <header class="top"><h1>Tutorial review</h1></header>
        <p class="lead">Each tutorial's page shows every step's changes beside the findings it introduced, and the step that resolved them.</p>
        <table class="index">
        <thead><tr><th>Tutorial</th><th>Format</th><th>Sections</th><th>Steps</th><th>Files</th><th>+</th><th>−</th><th>Errors</th><th>Warnings</th><th>Information</th><th>Hints</th></tr></thead>
        <tbody>
        \(rows)</tbody>
        </table>
        </body>
        </html>

        """
}

/// The index's own rules, after the pages' shared style sheet.
private let reviewIndexCSS = """
    table.index { border-collapse: collapse; background: #fff; margin: 16px 24px; font-size: 14px; }
    table.index th, table.index td { border: 1px solid var(--line); padding: 4px 10px; text-align: left; vertical-align: top; }
    table.index th { background: #f6f8fa; }
    table.index td.count { text-align: right; font-variant-numeric: tabular-nums; }
    table.index td.zero { color: #8c959f; }
    table.index .path { color: var(--muted); font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
    table.index a { color: #0969da; text-decoration: none; font-weight: 600; }
    table.index tr.total td { font-weight: 600; background: #f6f8fa; }
    p.lead { margin: 16px 24px 0; color: var(--muted); }
    """
