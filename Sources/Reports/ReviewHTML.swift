import DiffSyntax
import StepDiff
import TutorialCompare
import TutorialModel
import TutorialRules

/// A document to review: its step diffs, its lint findings, and its build order (problems a later step
/// completes, no defects: shown as muted notes, counted nowhere).
public struct ReviewedDocument: Sendable {
    public let diff: DiffReportDocument
    public let findings: [Finding]
    public let buildOrder: [Finding]
    /// The document held against the original its configuration names (a side-by-side page in the site).
    public let comparison: SideBySide?

    public init(
        diff: DiffReportDocument, findings: [Finding], buildOrder: [Finding] = [], comparison: SideBySide? = nil
    ) {
        self.diff = diff
        self.findings = findings.filter { !$0.isBuildOrder }
        self.buildOrder = buildOrder
        self.comparison = comparison
    }
}

/// A copy held against its original, with the paths the site shows for both (portable, not the machine's).
public struct SideBySide: Sendable {
    public let comparison: Comparison
    public let shownPaths: [String: String]

    public init(_ comparison: Comparison, originalShownAs original: String, copyShownAs copy: String) {
        self.comparison = comparison
        shownPaths = [comparison.original.document.path: original, comparison.copy.document.path: copy]
    }
}

/// The review page (`tutorial-check report`): the step-diff page with every lint finding of each
/// document shown where the reader meets it — on the diff line of the step that introduced it (else
/// at that step), with the step that resolved it, and a note at the resolving step. `indexLink` adds a
/// link back to a site's index page.
public func renderReviewPage(_ documents: [ReviewedDocument], indexLink: String? = nil) -> String {
    var page = HTMLReportPage(
        syntax: DiffSyntaxColorer(),
        review: documents.map { ReviewFindings($0.findings + $0.buildOrder, changes: $0.diff.changes) },
        indexLink: indexLink)
    return page.render(documents.map(\.diff), showAllSteps: true)
}

// MARK: Findings on a review page

extension HTMLReportPage {
    /// The finding rows under a line of a change's new side (both tables have four columns). Only the
    /// unified table's copy carries the anchor, so ids stay unique.
    func findingRows(_ change: ChangeSet, newLine: Int?, anchored: Bool) -> String {
        guard let review = review?[current], let newLine else { return "" }
        let key = ReviewFindings.LineKey(step: change.to.step, snippetIndex: change.to.snippetIndex, line: newLine)
        return (review.onLine[key] ?? []).map {
            "<tr class=\"finding-row\"><td colspan=\"4\">\(findingBox($0, review: review, anchored: anchored))</td></tr>\n"
        }.joined()
    }

    /// One finding: severity, rule, message, and where it stands on the tutorial's path.
    func findingBox(_ finding: Finding, review: ReviewFindings, anchored: Bool, line: Int? = nil) -> String {
        let id = anchored ? " id=\"\(review.anchor(finding, document: current))\"" : ""
        var status = finding.step.map { "introduced in step \($0)" } ?? "in the document"
        if finding.isBuildOrder, let resolved = finding.resolvedAt {
            status = "build order, no defect · completed in step <a href=\"#\(anchor(current, resolved))\">\(resolved)</a>"
        } else if let resolved = finding.resolvedAt {
            status += " · resolved in step <a href=\"#\(anchor(current, resolved))\">\(resolved)</a>"
        } else {
            status += " · still present at the end"
        }
        if let line { status += " · line \(line + 1) of the file, outside this step's diff" }
        let kind = finding.isBuildOrder ? " build-order" : ""
        return "<div class=\"finding-box sev-\(finding.severity.rawValue)\(kind)\"\(id)><span class=\"sev\">"
            + "\(finding.severity.rawValue)</span> <code class=\"rule\">\(htmlEscaped(finding.rule))</code> "
            + "\(htmlEscaped(finding.message)) <span class=\"status\">\(status)</span></div>\n"
    }

    /// At the step that fixed a finding: what it fixed, linking back to where it was introduced.
    func resolvedNote(_ finding: Finding, review: ReviewFindings) -> String {
        let introduced = finding.step.map { " (introduced in step \($0))" } ?? ""
        let (kind, verb) = finding.isBuildOrder ? (" build-order", "completes") : ("", "resolves")
        return
            "<p class=\"resolved-note\(kind)\">✓ This step \(verb) <a href=\"#\(review.anchor(finding, document: current))\">"
            + "<code>\(htmlEscaped(finding.rule))</code></a>\(introduced): \(htmlEscaped(finding.message))</p>\n"
    }

    /// Counts of the findings a step introduced, by severity, for the outline.
    func severityBadges(_ findings: [Finding]) -> String {
        Severity.allCases.compactMap { severity in
            let count = findings.filter { $0.severity == severity }.count
            return count == 0
                ? nil
                : " <span class=\"badge sev-\(severity.rawValue)\" title=\"\(count) \(severity.rawValue)\">\(count)</span>"
        }.joined()
    }
}
