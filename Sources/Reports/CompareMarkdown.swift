import TutorialCompare
import TutorialModel

/// `tutorial-check compare --format markdown`: for a pull request that adds or updates a translation: the
/// alignment's summary, a table of drifts with both positions, and the alignment itself folded away.
public func renderCompareMarkdown(_ run: ComparisonRun) -> String {
    var out = ""
    for comparison in run.comparisons {
        let original = comparison.original
        let copy = comparison.copy
        out += "# Compare: \(markdownInline(original.title ?? original.document.path)) ↔ "
            + "\(markdownInline(copy.title ?? copy.document.path))\n\n"
        out += "`\(original.document.path)` (original) ↔ `\(copy.document.path)` (copy)\n\n"
        out += "\(markdownInline(alignmentSummary(comparison))).\n\n"
        out += "Drifts: \(markdownInline(driftSummary(comparison.driftCounts))).\n\n"
        if !comparison.drifts.isEmpty {
            out += "| Copy | Original | Kind | What |\n| --- | --- | --- | --- |\n"
            for drift in comparison.drifts {
                out += "| \(markdownPlace(drift.copy)) | \(markdownPlace(drift.original)) | `\(drift.kind.rawValue)` | "
                    + "\(markdownInline(drift.message))"
                if let replacement = drift.replacement, drift.kind != .lineMissing {
                    out += " (original: `\(markdownInline(trimmedCode(replacement)))`)"
                }
                out += " |\n"
            }
            out += "\n"
        }
        out += "<details><summary>Alignment (\(comparison.alignment.count) entries, "
            + "\(comparison.uncertain.count) uncertain)</summary>\n\n"
        out += "| Original | Copy | Kind | Confidence |\n| --- | --- | --- | ---: |\n"
        for entry in comparison.alignment {
            let confidence = entry.confidence.map(formatConfidence) ?? "no code"
            out += "| \(stepList(entry.original)) | \(stepList(entry.copy)) | \(entry.kind.rawValue) | "
                + "\(confidence)\(entry.isUncertain ? " ⚠️ uncertain" : "") |\n"
        }
        out += "\n</details>\n\n"
    }
    for path in run.unpairedOriginal { out += "- `\(path)`: no copy of this tutorial found\n" }
    for path in run.unpairedCopy { out += "- `\(path)`: no original of this tutorial found\n" }
    return out
}

private func markdownPlace(_ place: DriftPlace?) -> String {
    guard let place else { return "—" }
    let file = place.path.split(separator: "/").last.map(String.init) ?? place.path
    return "\(place.step) `\(markdownInline(file)):\(place.start.line):\(place.start.column)`"
}

/// Code without the spaces, tabs and line ends at either end (indentation, mostly).
func trimmedCode(_ code: String) -> String {
    var text = Substring(code)
    while let first = text.first, first == " " || first == "\t" || first == "\n" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" || last == "\n" { text.removeLast() }
    return String(text)
}
