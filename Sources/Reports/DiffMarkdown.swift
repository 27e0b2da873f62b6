import StepDiff
import TutorialModel

/// `tutorial-check diff --format markdown`: a per-step report ready to paste into a pull request: a
/// table of +/− per step and file, then each step's changes as ```` ```diff ```` blocks.
public func renderMarkdownDiff(_ report: [DiffReportDocument]) -> String {
    var out = ""
    for document in report {
        let tutorial = document.tutorial
        out += "# Step diffs: \(markdownInline(tutorial.title ?? document.path))\n\n"
        out += "`\(document.path)`\n\n"
        if !document.findings.isEmpty {
            out += "Step structure:\n\n"
            for finding in document.findings {
                out +=
                    "- ⚠️ `\(finding.rule)`\(finding.step.map { " (step \($0))" } ?? ""): \(markdownInline(finding.message))\n"
            }
            out += "\n"
        }
        // Listed after the document's diffs, also when it has none.
        defer {
            if !document.unplaced.isEmpty {
                out += "Snippets not diffed:\n\n| Step | File | Why |\n| --- | --- | --- |\n"
                for fragment in document.unplaced {
                    out +=
                        "| \(fragment.address) | \(markdownInline(fragment.fileName ?? "")) | \(markdownInline(fragment.reason)) |\n"
                }
                out += "\n"
            }
        }
        guard !document.changes.isEmpty else {
            out += "No file changes.\n\n"
            continue
        }
        out += "| Step | File | From | + | − |\n| --- | --- | --- | ---: | ---: |\n"
        for change in document.changes {
            let from = change.isNoChange ? "no change" : change.baseDescription ?? "new file"
            out +=
                "| \(change.toName) | \(markdownInline(change.fileName)) | \(markdownInline(from)) | \(change.added) | \(change.removed) |\n"
        }
        out += "\n"
        var currentStep: StepID? = nil
        for change in document.changes {
            if change.to.step != currentStep {
                currentStep = change.to.step
                out += "## \(markdownInline(tutorial.stepHeading(change.to.step).prefixLine))\n\n"
            }
            let origin = change.baseDescription.map { "from \($0)" } ?? "new file"
            if change.isNoChange {
                let warning = document.reportsNoChange(change) ? " ⚠️ `step-no-change`" : ""
                out += "**\(markdownInline(change.fileName))**: no change (\(origin)).\(warning)\n\n"
                continue
            }
            out += "**\(markdownInline(change.fileName))** (\(origin)): +\(change.added) −\(change.removed)\n\n"
            if let composition = change.to.composition { out += "Composed: \(markdownInline(composition.summary)).\n\n" }
            var body = ""
            for documentHunk in change.hunks {
                let hunk = documentHunk.hunk
                body +=
                    "@@ -\(hunk.oldStart),\(hunk.oldLines) +\(hunk.newStart),\(hunk.newLines) @@ step \(change.toName)\n"
                for line in hunk.lines {
                    body += (line.kind == .added ? "+" : line.kind == .removed ? "-" : " ") + line.text + "\n"
                    if line.ending == .none { body += "\\ No newline at end of file\n" }
                }
            }
            let fence = codeFence(for: body)
            out += "\(fence)diff\n\(body)\(fence)\n\n"
        }
    }
    return out
}

/// A backtick fence longer than any backtick run in `body`, so code with ``` cannot close it.
func codeFence(for body: String) -> String {
    var longest = 0
    var run = 0
    for character in body {
        if character == "`" {
            run += 1
            longest = max(longest, run)
        } else {
            run = 0
        }
    }
    return String(repeating: "`", count: max(3, longest + 1))
}

/// Text safe inside a Markdown table cell or heading: pipes and markup characters escaped.
func markdownInline(_ text: String) -> String {
    var out = ""
    for character in text {
        if "\\`*_[]<>|#".contains(character) { out.append("\\") }
        out.append(character == "\n" ? " " : character)
    }
    return out
}
