import Foundation
import SwiftFacts
import TutorialAnalysis
import TutorialCompare
import TutorialModel
import TutorialReaders

/// `compare` of two 1 MB tutorials beside lint of both, measured in the same run (target ≤ 3×): the large
/// tutorial, and a copy of it with its headings translated, one name in forty misspelled and one code line
/// in a hundred left out, as a translation that drifted would be.
func compareFigures(_ report: inout Report, large: GeneratedTutorial) {
    report.heading("Compare (a 1 MB tutorial against a drifted copy of it)")
    let original = SourceDocument(path: "original.md", text: large.markdown)
    let copy = SourceDocument(path: "copy.md", text: driftedCopy(of: large.markdown))
    var findings = 0
    let lint = bestTiming(repetitions: 3) {
        let cache = FactsCache()
        findings = analyze(document: original, cache: cache).findings.count
            + analyze(document: copy, cache: cache).findings.count
    }
    var drifts = 0
    var aligned = 0
    let compare = bestTiming(repetitions: 3) {
        let comparison = compareTutorials(original: readTutorial(original), copy: readTutorial(copy))
        drifts = comparison.drifts.count
        aligned = comparison.alignedStepCount.original
    }
    report.figure(
        "lint of both (read, timelines, facts, rules)", milliseconds(lint.wall),
        reference: "\((original.text.utf8.count + copy.text.utf8.count) / 1000) KB; \(findings) findings")
    report.figure(
        "compare (read both, align, drifts)", milliseconds(compare.wall),
        reference: "\(aligned) of \(large.stepCount) steps aligned, \(drifts) drifts",
        ratio: "\(times(compare.wall / lint.wall)) of lint (target ≤ 3×)")
}

/// The copy: `Step` headings in Chinese, every fortieth `Coordinator` misspelled, every hundredth line of
/// code that calls a method (`.` then `(`) left out.
func driftedCopy(of markdown: String) -> String {
    var lines: [Substring] = []
    var coordinators = 0
    var calls = 0
    var inCode = false
    for var line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("```") { inCode.toggle() }
        if !inCode, line.hasPrefix("### Step ") { line = "### 步骤" + line.dropFirst("### Step ".count) }
        if inCode, line.contains("Coordinator(") {
            coordinators += 1
            if coordinators % 40 == 0 { line = Substring(line.replacingOccurrences(of: "Coordinator(", with: "Coordinater(")) }
        }
        if inCode, line.contains("."), line.contains("("), !line.contains("func ") {
            calls += 1
            if calls % 100 == 0 { continue }
        }
        lines.append(line)
    }
    return lines.joined(separator: "\n")
}
