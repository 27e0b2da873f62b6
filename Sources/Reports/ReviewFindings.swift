import StepDiff
import TutorialModel
import TutorialRules

/// Where a review page shows each finding: on the diff line of the step that introduced it when the
/// finding lies in that step's snippet of its file, else at the step; and, when a later step fixed
/// it, a note at the resolving step. Computed once per document from its change sets.
struct ReviewFindings {
    /// A finding on a line of a change's new side.
    struct LineKey: Hashable {
        let step: StepID
        let snippetIndex: Int
        /// 0-based line in the new state.
        let line: Int
    }

    private(set) var onLine: [LineKey: [Finding]] = [:]
    /// Findings of a change whose line the diff does not show (outside every hunk), by change.
    private(set) var offDiff: [ChangeKey: [(line: Int, finding: Finding)]] = [:]
    /// Findings shown at the step (prose, headings, fragments, DocC resources), by step.
    private(set) var atStep: [StepID: [Finding]] = [:]
    /// Findings a step resolved, by that step.
    private(set) var resolvedAt: [StepID: [Finding]] = [:]
    /// Every finding, in document order, with its anchor number.
    let all: [Finding]

    struct ChangeKey: Hashable {
        let step: StepID
        let snippetIndex: Int
    }

    init(_ findings: [Finding], changes: [ChangeSet]) {
        all = findings.sorted { ($0.range.start, $0.rule) < ($1.range.start, $1.rule) }
        for finding in all {
            if let resolved = finding.resolvedAt { resolvedAt[resolved, default: []].append(finding) }
            guard let step = finding.step else { continue }
            guard
                let change = changes.first(where: { change in
                    change.to.step == step && !change.isNoChange
                        && (finding.file == nil || finding.file == change.fileName)
                        && change.to.snippet.range.contains(finding.range.start)
                }), let line = Self.codeLine(of: finding.range.start, in: change.to.snippet, lines: change.diff.new)
            else {
                atStep[step, default: []].append(finding)
                continue
            }
            let shown = change.hunks.contains { documentHunk in
                documentHunk.hunk.lines.contains { $0.newLine == line }
            }
            if shown {
                onLine[LineKey(step: step, snippetIndex: change.to.snippetIndex, line: line), default: []].append(
                    finding)
            } else {
                offDiff[ChangeKey(step: step, snippetIndex: change.to.snippetIndex), default: []].append(
                    (line, finding))
            }
        }
    }

    /// The findings a step introduced.
    func introduced(at step: StepID) -> [Finding] { all.filter { $0.step == step } }

    /// The anchor of a finding on its page.
    func anchor(_ finding: Finding, document: Int) -> String {
        "d\(document + 1)-finding-\((all.firstIndex(of: finding) ?? 0) + 1)"
    }

    /// The 0-based line of the snippet's code that a document offset falls on, when the offset is a
    /// character the snippet copied from the page (not a DocC directive standing for a resource file).
    private static func codeLine(of documentOffset: Int, in snippet: Snippet, lines: TextLines) -> Int? {
        guard
            let segment = snippet.sourceMap.segments.first(where: {
                $0.documentOffset <= documentOffset && documentOffset < $0.documentOffset + max($0.length, 1)
            })
        else { return nil }
        let codeOffset = segment.codeOffset + (documentOffset - segment.documentOffset)
        // The last line start at or before the offset.
        var low = 0
        var high = lines.bounds.count - 2
        guard high >= 0 else { return nil }
        while low < high {
            let middle = (low + high + 1) / 2
            if lines.bounds[middle] <= codeOffset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
