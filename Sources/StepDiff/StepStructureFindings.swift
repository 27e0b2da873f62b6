import TutorialModel

/// A problem in a tutorial's step structure that the timelines reveal, for lint to report.
///
/// `rule` is an id of rules.md (`step-no-change`, `step-numbering`, `code-file-missing`); `subject`
/// says what the finding is about, so the same problem is recognised across edits and steps.
public struct StepStructureFinding: Sendable, Hashable {
    /// The rule id of rules.md.
    public let rule: String
    /// What the finding is about (a file state, a step label, a resource), stable across edits.
    public let subject: String
    /// One sentence for the author.
    public let message: String
    /// Where to put the squiggle in the document.
    public let range: SourceRange
    /// The step at fault, when the finding belongs to one.
    public let step: StepID?

    /// A finding; see the properties.
    public init(rule: String, subject: String, message: String, range: SourceRange, step: StepID?) {
        self.rule = rule
        self.subject = subject
        self.message = message
        self.range = range
        self.step = step
    }

    /// The rule ids this module reports.
    public static let stepNoChange = "step-no-change"
    public static let stepNumbering = "step-numbering"
    public static let codeFileMissing = "code-file-missing"
}

/// The step-structure findings of a tutorial, in document order.
///
/// - `step-no-change`: a snippet shows its file exactly as the file's previous state (the first
///   state of a file, and a reset file, are never "no change").
/// - `step-numbering`: in a section, a labelled step whose number is not the previous label's plus one.
/// - `code-file-missing`: what the DocC reader reported (a missing `file:` or `previousFile:`
///   resource), and a DocC `name:` without an extension.
public func stepStructureFindings(
    _ tutorial: Tutorial, timelines: [FileTimeline]? = nil, changeSets precomputed: [ChangeSet]? = nil
) -> [StepStructureFinding] {
    var findings: [StepStructureFinding] = []
    // Unchanged states are found by comparing each state with its base: no diff is needed for that, and
    // diffing every step of a 1 MB tutorial again on each keystroke cost the server tens of milliseconds.
    let unchanged: [(fileName: String, from: FileState?, to: FileState)]
    if let precomputed {
        unchanged = precomputed.filter(\.isNoChange).map { ($0.fileName, $0.from, $0.to) }
    } else {
        unchanged = (timelines ?? buildTimelines(tutorial)).flatMap { timeline in
            changeBases(of: timeline).filter(\.isNoChange).map { (timeline.fileName, $0.from, $0.to) }
        }
    }

    // A method or a part of a file shown again points at code rather than forgets a change: only a whole
    // file (code left out included) shown unchanged is no change.
    for change in unchanged where change.to.composition.map({ $0.kind == .elisionMerged }) ?? true {
        // Two snippets of one step (an aside repeating the step's code) read "its previous snippet".
        let previous =
            change.from.map { $0.step == change.to.step ? "the step's previous snippet" : "step \($0.step)" }
            ?? "its previous state"
        let label = tutorial.step(change.to.step)?.label.map { " (\($0))" } ?? ""
        findings.append(
            StepStructureFinding(
                rule: StepStructureFinding.stepNoChange,
                subject: "\(change.fileName)@\(change.to.step)#\(change.to.snippetIndex)",
                message:
                    "step \(change.to.step)\(label) shows \(change.fileName) unchanged from \(previous): nothing for the reader to do",
                range: change.to.snippet.range, step: change.to.step))
    }

    for section in tutorial.sections {
        var previous: (number: Int, label: String)? = nil
        for step in section.steps {
            guard let number = step.labelNumber, let label = step.label else { continue }
            if let last = previous, number != last.number + 1 {
                let what =
                    number == last.number
                    ? "repeats number \(number)"
                    : number > last.number
                        ? "skips from \(last.number) to \(number)" : "goes back from \(last.number) to \(number)"
                findings.append(
                    StepStructureFinding(
                        rule: StepStructureFinding.stepNumbering, subject: "\(section.title)#\(step.id)",
                        message: "step label '\(label)' \(what) (expected \(last.number + 1) after '\(last.label)')",
                        range: labelRange(of: step, label: label, in: tutorial.document), step: step.id))
            }
            previous = (number, label)
        }
    }

    var reported: [SourceRange] = []
    for diagnostic in tutorial.diagnostics where diagnostic.code == StepStructureFinding.codeFileMissing {
        reported.append(diagnostic.range)
        findings.append(
            StepStructureFinding(
                rule: diagnostic.code, subject: diagnostic.message, message: diagnostic.message,
                range: diagnostic.range,
                step: diagnostic.step))
    }
    for step in tutorial.steps {
        // The reader may already have said so, on the directive or on its `name:` argument.
        for snippet in step.snippets
        where snippet.docc != nil
            && !reported.contains(where: { snippet.range.contains($0) || $0.contains(snippet.range) })
        {
            guard let name = snippet.fileName, !name.contains(".") else { continue }
            findings.append(
                StepStructureFinding(
                    rule: StepStructureFinding.codeFileMissing, subject: "name:\(name)",
                    message: "@Code name '\(name)' has no extension: DocC cannot tell the file's language",
                    range: snippet.range, step: step.id))
        }
    }
    return findings.sorted { ($0.range.start, $0.rule) < ($1.range.start, $1.rule) }
}

/// The label's own characters when the step's range starts with it; else the step's first line.
private func labelRange(of step: Step, label: String, in document: SourceDocument) -> SourceRange {
    let bytes = document.bytes
    let labelBytes = Array(label.utf8)
    // The label may sit after heading markup (`## Step 3`, `<h3>Step 3`): look for it on the first line.
    let lineEnd = bytes[step.range.start..<step.range.end].firstIndex(of: 0x0A) ?? step.range.end
    if labelBytes.count > 0, lineEnd - step.range.start >= labelBytes.count {
        var start = step.range.start
        while start + labelBytes.count <= lineEnd {
            if bytes[start..<(start + labelBytes.count)].elementsEqual(labelBytes) {
                return SourceRange(start: start, end: start + labelBytes.count)
            }
            start += 1
        }
    }
    return SourceRange(start: step.range.start, end: lineEnd)
}
