import StepDiff
import TutorialModel

/// Hover and code lens texts for what a step did to its files.
enum StepChangeText {
    /// "PageViewController.swift: +3 −1 since step 2.2", "PageView.swift: new, 12 lines", "… no change since …".
    static func summary(_ change: ChangeSet) -> String {
        let counts = "+\(change.added) −\(change.removed)"
        switch change.base {
        case .none:
            return "\(change.fileName): new, \(change.to.snippet.lineCount) lines"
        case .previousState:
            let since = change.from.map { " since step \($0.step)" } ?? ""
            return change.isNoChange ? "\(change.fileName): no change\(since)" : "\(change.fileName): \(counts)\(since)"
        case .resource(let name):
            let since = change.from.map { "step \($0.step)" } ?? name
            return change.isNoChange
                ? "\(change.fileName): no change since \(since)" : "\(change.fileName): \(counts) since \(since)"
        }
    }

    /// A change set as a ```diff block (git's unified format), headed by its summary.
    static func markdown(_ change: ChangeSet) -> String {
        var text = "**\(summary(change))**\n\n"
        guard !change.hunks.isEmpty else { return text }
        text += "```diff\n"
        for documentHunk in change.hunks {
            let hunk = documentHunk.hunk
            text += "@@ -\(hunk.oldStart),\(hunk.oldLines) +\(hunk.newStart),\(hunk.newLines) @@\n"
            for line in hunk.lines {
                switch line.kind {
                case .context: text += " "
                case .added: text += "+"
                case .removed: text += "-"
                }
                // A fence inside the code would close the block early; the diff is for reading, so
                // the backticks are spaced apart.
                text += line.text.replacingText("```", with: "` ` `") + "\n"
            }
        }
        return text + "```\n"
    }
}
