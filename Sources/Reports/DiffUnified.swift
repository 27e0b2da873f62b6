import StepDiff
import TutorialModel

/// `tutorial-check diff --format unified`: git's unified format, one file diff per change set, with the
/// step ids where git writes a hunk's function name:
///
///     diff --step 2.3..2.4 PageViewController.swift
///     --- a/PageViewController.swift	step 2.3
///     +++ b/PageViewController.swift	step 2.4 步骤4
///     @@ -14,6 +14,7 @@ step 2.4
///
/// A new (or reset) file has `--- /dev/null`; a step that shows its file unchanged says so in one line.
/// A state composed from a partial snippet says how in a `composed:` header line; snippets in no diff
/// follow the document's diffs, one `fragment` line each with the reason.
/// With `color`, git's colours: bold headers, cyan hunk headers, red and green lines, changed words in
/// reverse video.
public func renderUnifiedDiff(_ report: [DiffReportDocument], color: Bool) -> String {
    let bold = color ? "\u{1B}[1m" : ""
    let cyan = color ? "\u{1B}[36m" : ""
    let red = color ? "\u{1B}[31m" : ""
    let green = color ? "\u{1B}[32m" : ""
    let reset = color ? "\u{1B}[0m" : ""
    let reverse = color ? "\u{1B}[7m" : ""
    let noReverse = color ? "\u{1B}[27m" : ""
    var out = ""
    for document in report {
        out += "\(bold)# \(OutputEscaping.terminal(document.path))\(reset)\n"
        for change in document.changes {
            // Names, labels and reasons come from the page: escaped; code lines are the code as written.
            let name = OutputEscaping.terminal(change.fileName)
            let base = change.baseDescription.map(OutputEscaping.terminal)
            out += "\(bold)diff --step \(change.fromName ?? "")..\(change.toName) \(name)\(reset)\n"
            if let composition = change.to.composition {
                out += "composed: \(OutputEscaping.terminal(composition.summary))\n"
            }
            if change.isNoChange {
                out += "(no change: step \(change.toName) shows \(name) as \(base ?? "before"))\n"
                continue
            }
            let oldLabel = change.base == .none ? "/dev/null" : "a/\(name)\t\(base ?? "")"
            out += "\(bold)--- \(oldLabel)\(reset)\n"
            let label = document.tutorial.step(change.to.step)?.label.map { " \(OutputEscaping.terminal($0))" } ?? ""
            out += "\(bold)+++ b/\(name)\tstep \(change.toName)\(label)\(reset)\n"
            for documentHunk in change.hunks {
                let hunk = documentHunk.hunk
                out +=
                    "\(cyan)@@ -\(hunk.oldStart),\(hunk.oldLines) +\(hunk.newStart),\(hunk.newLines) @@\(reset) step \(change.toName)\n"
                for line in hunk.lines {
                    let (sign, colour) =
                        line.kind == .added ? ("+", green) : line.kind == .removed ? ("-", red) : (" ", "")
                    var text = line.text
                    if color, !line.highlights.isEmpty {
                        text = spliced(line.text, line.highlights, open: reverse, close: noReverse)
                    }
                    out += colour + sign + text + (colour.isEmpty ? "" : reset) + "\n"
                    if line.ending == .none { out += "\\ No newline at end of file\n" }
                }
            }
        }
        for fragment in document.unplaced {
            let name = fragment.fileName.map(OutputEscaping.terminal) ?? "(no file)"
            out +=
                "fragment \(OutputEscaping.terminal(fragment.address)) \(name): not diffed: "
                + "\(OutputEscaping.terminal(fragment.reason))\n"
        }
    }
    return out
}

extension String {
    /// The first line, cut to a length a header can carry.
    var prefixLine: String {
        let first =
            split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? self
        return first.count > 100 ? String(first.prefix(99)) + "…" : first
    }
}

/// `text` with `open`/`close` around the UTF-8 byte ranges `ranges` (sorted, not overlapping).
func spliced(_ text: String, _ ranges: [Range<Int>], open: String, close: String) -> String {
    let bytes = Array(text.utf8)
    var out = ""
    var cursor = 0
    for range in ranges where range.lowerBound >= cursor && range.upperBound <= bytes.count {
        out += String(decoding: bytes[cursor..<range.lowerBound], as: UTF8.self)
        out += open + String(decoding: bytes[range], as: UTF8.self) + close
        cursor = range.upperBound
    }
    return out + String(decoding: bytes[cursor...], as: UTF8.self)
}
