import TutorialAnalysis
import TutorialModel
import TutorialRules

extension Fix {
    /// The repair a finding offers, as one all-or-nothing change: its edits cover the step that introduced
    /// the problem and every later step of the same file that repeats it; a snippet removal takes the
    /// snippet's whole block. Nil when the rule offers none.
    public init?(_ finding: Finding, in tutorial: Tutorial) {
        let edits = finding.fixEdits.map { SnippetRemoval.widened($0, in: tutorial) }
        // DocC: the code lives in resource files, one per step; a resource shown by two steps is fixed once.
        var files: [FileEdits] = []
        for resourceEdit in finding.fixResourceEdits {
            let edit = resourceEdit.edit
            if let index = files.firstIndex(where: { $0.path == resourceEdit.path }) {
                guard !files[index].edits.contains(edit) else { continue }
                files[index] = FileEdits(
                    path: files[index].path, resolvedPath: files[index].resolvedPath,
                    expectedText: files[index].expectedText, edits: files[index].edits + [edit])
            } else {
                files.append(
                    FileEdits(
                        path: resourceEdit.path, resolvedPath: resourceEdit.resolvedPath,
                        expectedText: resourceEdit.expectedText, edits: [edit]))
            }
        }
        guard !edits.isEmpty || !files.isEmpty else { return nil }
        self.init(
            title: finding.fixTitle ?? "Fix \(finding.rule)", rule: finding.rule, kind: .repair, edits: edits,
            otherFiles: files, deletes: AuthoredTextRemoval.removes(edits, otherFiles: files, in: tutorial))
    }
}

/// `lint --fix` for one document: the repair of every problem still present at the end, applied
/// together when they can be. A problem a later step resolves is the tutorial's intended path (the
/// reader adds the missing line when the prose says so) and is left as written; the editor still offers
/// its fix one finding at a time.
public func fixDocument(_ analysis: Analysis, write: Bool = true) -> FileFixOutcome {
    let open = analysis.findings.filter { $0.resolvedAt == nil }
    return FileFixer.fix(
        analysis.tutorial.document, fixes: open.compactMap { Fix($0, in: analysis.tutorial) }, write: write)
}

/// What `lint --fix` tells the user about one file, one line per fix or problem.
public func describeFixes(_ outcome: FileFixOutcome) -> [String] {
    if let failure = outcome.failure { return ["not fixed: \(failure)"] }
    var lines = outcome.applied.map { fix in
        let count = fix.edits.count + fix.otherFiles.reduce(0) { $0 + $1.edits.count }
        let files = fix.otherFiles.isEmpty ? "" : " in \(fix.otherFiles.map(\.path).joined(separator: ", "))"
        return "fixed \(outcome.path): \(fix.title) [\(fix.rule)], \(count) edit\(count == 1 ? "" : "s")\(files)"
    }
    lines += outcome.skipped.map { fix in
        "not applied in \(outcome.path): \(fix.title) [\(fix.rule)] overlaps another fix; run --fix again"
    }
    lines += outcome.editorOnly.map { fix in
        "not applied in \(outcome.path): \(fix.title) [\(fix.rule)] deletes text; --fix never deletes, "
            + "the editor offers it as a quick fix"
    }
    return lines
}
