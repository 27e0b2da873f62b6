import TutorialModel
import TutorialRules

extension Fix {
    /// The repair a finding offers, as one all-or-nothing change: its edits cover the step that introduced
    /// the problem and every later step of the same file that repeats it; a snippet removal takes the
    /// snippet's whole block. Nil when the rule offers none.
    public init?(_ finding: Finding, in tutorial: Tutorial) {
        let edits = finding.fixEdits.map {
            SnippetRemoval.widened(DocumentEdit(range: $0.range, newText: $0.newText), in: tutorial)
        }
        guard !edits.isEmpty else { return nil }
        self.init(title: finding.fixTitle ?? "Fix \(finding.rule)", rule: finding.rule, kind: .repair, edits: edits)
    }
}

/// `lint --fix` for one document: every repair its analysis offers, applied together when they can be.
public func fixDocument(_ analysis: Analysis, write: Bool = true) -> FileFixOutcome {
    FileFixer.fix(
        analysis.tutorial.document, fixes: analysis.findings.compactMap { Fix($0, in: analysis.tutorial) }, write: write
    )
}

/// What `lint --fix` tells the user about one file, one line per fix or problem.
public func describeFixes(_ outcome: FileFixOutcome) -> [String] {
    if let failure = outcome.failure { return ["not fixed: \(failure)"] }
    var lines = outcome.applied.map { fix in
        "fixed \(outcome.path): \(fix.title) [\(fix.rule)], \(fix.edits.count) edit\(fix.edits.count == 1 ? "" : "s")"
    }
    lines += outcome.skipped.map { fix in
        "not applied in \(outcome.path): \(fix.title) [\(fix.rule)] overlaps another fix; run --fix again"
    }
    return lines
}
