import StepDiff
import TutorialAnalysis
import TutorialModel
import TutorialRules

/// What every step-diff renderer shows for one document: its change sets (filtered as asked) and the
/// steps they belong to. Built once, rendered as unified text, JSON, Markdown or HTML.
public struct DiffReportDocument: Sendable {
    /// The document read into the model.
    public let tutorial: Tutorial
    /// Every file timeline of the document (unfiltered, for the per-file summary).
    public let timelines: [FileTimeline]
    /// The change sets to show, in step order.
    public let changes: [ChangeSet]
    /// The same, by the step that shows the new state (renderers look steps up one by one).
    private let changesByStep: [StepID: [ChangeSet]]
    /// Snippets that are a state of some file, as (step, snippet index).
    private let statesInTimelines: Set<SnippetAddress>

    private struct SnippetAddress: Hashable {
        let step: StepID
        let snippet: Int
    }

    /// The step-structure findings (`step-no-change`, `step-numbering`, `code-file-missing`) of the
    /// whole document, shown next to the steps they concern.
    public let findings: [Finding]
    /// Snippets that are no state of any file, with the reason: every renderer lists them, so nothing
    /// the page shows is dropped silently.
    public let unplaced: [UnplacedSnippet]

    /// A report document; `findings` are shown next to their steps.
    public init(
        tutorial: Tutorial, timelines: [FileTimeline], changes: [ChangeSet], findings: [Finding] = [],
        unplaced: [UnplacedSnippet] = []
    ) {
        self.tutorial = tutorial
        self.timelines = timelines
        self.changes = changes
        self.findings = findings
        self.unplaced = unplaced
        self.path = tutorial.document.path
        self.changesByStep = Dictionary(grouping: changes, by: \.to.step)
        self.statesInTimelines = Set(
            timelines.flatMap { $0.states.map { SnippetAddress(step: $0.step, snippet: $0.snippetIndex) } })
    }

    /// The document's path as given, or as a report shows it (`shown(as:)`).
    public private(set) var path: String

    /// The same document under another name: the review site names documents by their portable path.
    public func shown(as path: String) -> DiffReportDocument {
        var copy = self
        copy.path = path
        return copy
    }

    /// The changes whose new state a step shows.
    public func changes(in step: StepID) -> [ChangeSet] { changesByStep[step] ?? [] }

    /// Whether a change that changes nothing is a `step-no-change` finding (its step asked for an edit);
    /// a step that opens, runs or recaps a file shows it unchanged on purpose.
    public func reportsNoChange(_ change: ChangeSet) -> Bool {
        change.isNoChange
            && findings.contains { $0.rule == StepStructureRules.noChange && $0.range == change.to.snippet.range }
    }

    /// Whether a snippet is a state in some file's timeline (else it is a fragment or unattributed).
    public func isInTimeline(step: StepID, snippet: Int) -> Bool {
        statesInTimelines.contains(SnippetAddress(step: step, snippet: snippet))
    }
}

/// Which change sets a report shows.
public struct DiffSelection: Sendable {
    /// Only the changes a step makes (`--step S.N`).
    public var step: StepID?
    /// Only one file's changes (`--file NAME`); matches the whole name or the name after the last `/`.
    public var file: String?

    /// Everything, or only one step's or one file's changes.
    public init(step: StepID? = nil, file: String? = nil) {
        self.step = step
        self.file = file
    }

    func includes(_ change: ChangeSet) -> Bool { includes(step: change.to.step, file: change.fileName) }

    func includes(_ snippet: UnplacedSnippet) -> Bool { includes(step: snippet.step, file: snippet.fileName) }

    private func includes(step: StepID, file name: String?) -> Bool {
        if let selected = self.step, step != selected { return false }
        if let file, name != file, name?.split(separator: "/").last.map(String.init) != file { return false }
        return true
    }
}

/// Diffs every document: timelines, then change sets, then the selection; the step-structure findings
/// shown beside them are those of the rules `configuration` enables (by default, those on by default).
public func makeDiffReport(
    _ tutorials: [Tutorial], options: DiffOptions, selection: DiffSelection = DiffSelection(),
    configuration: Configuration = .default
) -> [DiffReportDocument] {
    tutorials.map { tutorial in
        let timelineSet = buildTimelineSet(tutorial)
        let timelines = timelineSet.files
        let all = changeSets(tutorial, timelines: timelines, options: options)
        // Findings judge exact text: reuse the change sets unless indentation was ignored for display.
        let findings = StepStructureRules.findings(
            tutorial, timelines: timelines, changeSets: options.ignoreIndentation ? nil : all,
            configuration: configuration)
        return DiffReportDocument(
            tutorial: tutorial, timelines: timelines, changes: all.filter(selection.includes), findings: findings,
            unplaced: timelineSet.unplaced.filter(selection.includes))
    }
}

/// The step diff of a document whose timelines and change sets (exact, every one) the caller has already
/// (the server's `timelines` and `changeSets` queries): nothing is built again; the step-structure findings are those of the rules
/// `configuration` enables, as `makeDiffReport(_:options:)` gives them.
public func makeDiffReport(
    _ tutorial: Tutorial, timelines: [FileTimeline], changes: [ChangeSet], unplaced: [UnplacedSnippet],
    configuration: Configuration = .default
) -> DiffReportDocument {
    DiffReportDocument(
        tutorial: tutorial, timelines: timelines, changes: changes,
        findings: StepStructureRules.findings(
            tutorial, timelines: timelines, changeSets: changes, configuration: configuration),
        unplaced: unplaced)
}

/// The step diff of a document already analysed (`report`): the analysis's timelines and unplaced snippets,
/// not built a second time, and its step-structure findings, with the document's own configuration and
/// suppressions (the step rules do not run again); only the change sets are computed here, with `options`.
public func makeDiffReport(_ analysis: Analysis, options: DiffOptions = DiffOptions()) -> DiffReportDocument {
    DiffReportDocument(
        tutorial: analysis.tutorial, timelines: analysis.timelines,
        changes: changeSets(analysis.tutorial, timelines: analysis.timelines, options: options),
        findings: analysis.findings.filter { StepStructureRules.ids.contains($0.rule) }, unplaced: analysis.unplaced)
}

extension ChangeSet {
    /// `2.4`, or `3.3#2` for a second snippet of the same file in one step: what a reader calls a state.
    var toName: String { from?.step == to.step ? "\(to.step)#\(to.snippetIndex + 1)" : to.step.description }
    var fromName: String? { from.map(\.step.description) }

    /// Where the old side comes from, in words: `step 2.3`, `01-file.swift`, or nothing.
    var baseDescription: String? {
        switch base {
        case .none: return nil
        case .previousState: return fromName.map { "step \($0)" }
        case .resource(let name): return fromName.map { "step \($0) (\(name))" } ?? name
        }
    }
}

extension UnplacedSnippet {
    /// `2.5`, or `2.5#2` for a step's second snippet.
    var address: String { snippetIndex == 0 ? step.description : "\(step)#\(snippetIndex + 1)" }
}

extension Tutorial {
    /// `2.4 步骤4 — title`, the heading a report gives a step.
    func stepHeading(_ id: StepID) -> String {
        guard let step = step(id) else { return id.description }
        var heading = id.description
        if let label = step.label { heading += " \(label)" }
        if !step.title.isEmpty { heading += " — \(step.title)" }
        return heading
    }
}
