import SwiftFacts
import TutorialModel
import TutorialRules

/// Runs the code rules on every state of every file and turns what they report into findings: keyed by
/// rule and subject, placed at the introducing step. A problem a later state of the file fixes is a
/// regression (`information`) when the file had no problem of the rule before and the step that introduced
/// it took away lines the fixing step puts back, and otherwise build order (`hint`, `isBuildOrder`: code
/// shown before it is complete, no defect).
///
/// A rule that claims an absence (`RuleDescription.Evidence.absence`) opens a problem only in a state known
/// to be the whole file: a state composed from a fragment, one with lines that may stand for code left out,
/// or one followed in its step by a Swift snippet placed in no file opens none (it may still show one gone).
///
/// The evaluator walks the tutorial once, step by step, growing the project as the reader has it
/// (`WalkedProject`) and recording every check per timeline key (a file name, or `#step#index` for a
/// fragment outside every timeline); `findings()` then turns each key's checks into runs per rule.
///
/// A state composed from a partial snippet is checked as the file it composes (its snippet is the
/// composed file, whose offsets its facts use); its findings carry no edits, since its lines are not all
/// the shown snippet's. A part of a file never shown whole is checked as a fragment: what it does not show
/// is no evidence.
struct CodeRuleEvaluator {
    /// A state the timelines composed from a partial snippet.
    struct ComposedState {
        /// The composed file as a snippet.
        let snippet: Snippet
        /// Only a part of a file the tutorial never shows whole.
        let isPart: Bool
    }

    /// One check of one snippet: what each rule found in it, by rule id and subject.
    struct Evaluation {
        /// The position in the tutorial's steps of the step the walk was at (`Int.max` for the re-check of a
        /// file's last state): a resumed walk keeps the checks made before the step it resumes at.
        let position: Int
        /// When the check happened (a problem gone here is resolved here).
        let step: StepID
        /// The step whose snippet was checked (where a problem first seen here is introduced).
        let codeStep: StepID
        /// The snippet leaves code out (`...`): what it does not show is no evidence that a problem is gone.
        let partial: Bool
        /// The checked code is composed from the file's previous state and a partial snippet: no edits.
        let composed: Bool
        /// The checked code is known to be the whole file: a whole snippet, nothing elided, not composed, and
        /// no Swift snippet placed in no file after it in its step.
        let whole: Bool
        /// The checked snippet, by place: what was checked does not depend on where the document holds it, so a
        /// resumed walk takes the previous walk's checks after an edit that moved their snippets.
        let place: SnippetPlace
        /// Where the checked code's lines start (its facts' line index), for the rules' line edits.
        let codeLines: [Int]
        let found: [String: [String: CodeFinding]]
    }

    /// One run of a finding: the consecutive states of a file in which it is present.
    private struct Run {
        let subject: String
        /// The check that first reported it, and the one that no longer did (positions in the key's checks).
        let firstCheck: Int
        var resolvingCheck: Int?
        let message: String
        let firstStep: StepID
        let range: SourceRange
        var occurrences: [FindingOccurrence]
        let fixTitle: String?
        let resolvingTokens: [String]
        let mayBeBuildOrder: Bool
        var resolvedAt: StepID?
    }

    /// A snippet outside every timeline, with its identifiers.
    private struct Fragment {
        let step: StepID
        let fileName: String?
        let identifiers: Set<String>
    }

    /// A checked snippet's place: the position of its step in the tutorial's steps, its position in the step, and
    /// whether the check was of the state the timelines composed from it (`ComposedState`).
    struct SnippetPlace: Equatable {
        let position: Int
        let index: Int
        let composed: Bool
    }

    /// A file's latest whole state (its snippet by place, as a check's).
    struct FileState: Equatable {
        let step: StepID
        let place: SnippetPlace
        let facts: SnippetFacts
        let partial: Bool
        let composed: Bool
        /// A Swift snippet placed in no file follows it in its step.
        let unplacedAfter: Bool

        /// Facts compared by the cache's number (never equal outside a cache).
        static func == (left: FileState, right: FileState) -> Bool {
            left.step == right.step && left.place == right.place && left.facts.id == right.facts.id
                && left.facts.id != 0 && left.partial == right.partial && left.composed == right.composed
                && left.unplacedAfter == right.unplacedAfter
        }
    }

    let rules: [any CodeRule]
    let ruleIDs: [String]
    /// Made once: every check's memo key carries it.
    private let ruleIDsHash: Int
    let tutorial: Tutorial
    let facts: SnippetTable<SnippetFacts>
    let files: SnippetTable<String>
    let composed: SnippetTable<ComposedState>
    private let configuration: Configuration
    private let cache: FactsCache
    private let known = KnownProtocols.standard

    /// Checks per timeline key, in order, and the keys in the order first checked.
    var evaluations: [String: [Evaluation]] = [:]
    var keyOrder: [String] = []
    /// The project at the step being walked (`WalkedProject`).
    var project = WalkedProject()
    var lastState: [String: FileState] = [:]
    /// Fragments, scanned only when a problem is still open at the end of a file.
    private var scannedFragments: [Fragment]?
    /// The checks of the analysis of the document's previous version, in the order made, and this one's.
    let previousChecks: [RememberedEvaluation]
    var checks: [RememberedEvaluation] = []
    var reusedChecks = 0

    /// The findings of `rules` over the tutorial's Swift states (`facts`, with `files` naming the
    /// timeline each state belongs to), and the checks made, for the analysis of the document's next
    /// version (`previousChecks`: those of the previous version's), and the walk's record (`previousWalk`: the
    /// previous version's, whose state before the first step that changed is where this walk starts), with a
    /// checkpoint every `checkpointInterval` steps (nil: none, no record).
    static func findings(
        _ rules: [any CodeRule], tutorial: Tutorial, facts: SnippetTable<SnippetFacts>,
        files: SnippetTable<String>, composed: SnippetTable<ComposedState>, configuration: Configuration,
        cache: FactsCache, previousChecks: [RememberedEvaluation] = [], previousWalk: CodeRuleWalkRecord = .none,
        checkpointInterval: Int? = nil
    ) -> (findings: [Finding], checks: [RememberedEvaluation], reused: Int, walk: CodeRuleWalkRecord) {
        guard !rules.isEmpty else { return ([], [], 0, .none) }
        var evaluator = CodeRuleEvaluator(
            rules: rules, tutorial: tutorial, facts: facts, files: files, composed: composed,
            configuration: configuration, cache: cache, previousChecks: previousChecks)
        var record = evaluator.resume(from: previousWalk, interval: checkpointInterval)
        evaluator.checkSteps(from: record.resumedAt, previous: previousWalk, recording: &record)
        record.keep(evaluator)
        evaluator.recheckLastStates()
        return (evaluator.findings(), evaluator.checks, evaluator.reusedChecks, record)
    }

    private init(
        rules: [any CodeRule], tutorial: Tutorial, facts: SnippetTable<SnippetFacts>,
        files: SnippetTable<String>, composed: SnippetTable<ComposedState>, configuration: Configuration,
        cache: FactsCache, previousChecks: [RememberedEvaluation]
    ) {
        self.previousChecks = previousChecks
        // About as many checks as the analysis before: grown by doubling, the list was copied ten times a keystroke.
        checks.reserveCapacity(previousChecks.count)
        self.rules = rules
        self.ruleIDs = rules.map(\.description.id)
        self.ruleIDsHash = ruleIDs.hashValue
        self.tutorial = tutorial
        self.facts = facts
        self.files = files
        self.composed = composed
        self.configuration = configuration
        self.cache = cache
    }

    // MARK: - Checking

    /// The snippet at `place` in the tutorial walked (for a composed state, the composed file, whose offsets its
    /// facts use).
    func snippet(at place: SnippetPlace) -> Snippet {
        let step = tutorial.steps[place.position]
        if place.composed, let state = composed[SnippetAddress(step: step.id, index: place.index)] {
            return state.snippet
        }
        return step.snippets[place.index]
    }

    func isPartial(_ composedState: ComposedState?, _ snippetFacts: SnippetFacts) -> Bool {
        !snippetFacts.elidedLines.isEmpty || composedState?.isPart == true
    }

    mutating func evaluate(
        _ snippet: Snippet, at place: SnippetPlace, facts snippetFacts: SnippetFacts, position: Int, step: StepID,
        codeStep: StepID, unplacedAfter: Bool, key: String, fileName: String?, partial: Bool = false,
        composed: Bool = false
    ) {
        let partial = partial || !snippetFacts.elidedLines.isEmpty
        let currentIsComplete = snippet.kind == .file && !partial
        // A snippet in no file shown later in the step might add to the file checked (one shown before it is
        // what the whole file that follows repeats; a whole snippet in no file is whole in itself).
        let whole = currentIsComplete && !composed && !unplacedAfter
        let (rules, projectFiles, incompleteFiles, known) = (rules, project.files, project.incompleteFiles, known)
        let compute: () -> [String: [String: CodeFinding]] = {
            let project = ProjectView(
                files: projectFiles, current: snippetFacts, currentFileName: fileName,
                currentIsComplete: currentIsComplete, incompleteFiles: incompleteFiles)
            let context = CodeContext(
                fileName: fileName ?? snippet.fileName, snippet: snippet, facts: snippetFacts,
                isFragment: fileName == nil || partial,
                project: project, knownProtocols: known)
            var found: [String: [String: CodeFinding]] = [:]
            for rule in rules {
                let id = rule.description.id
                for finding in rule.check(context) where !snippetFacts.isSuppressed(rule: id, at: finding.range.start) {
                    if found[id]?[finding.subject] == nil { found[id, default: [:]][finding.subject] = finding }
                }
            }
            return found
        }
        // The same snippet checked against the same project gives the same findings: remembered by the
        // cache's snippet ids, so an edit re-runs the rules only where the edited snippet is involved. The
        // check made at the same point of the previous version's analysis is compared first: after a
        // keystroke, all but the checks of the edited state's file are the same.
        let found: [String: [String: CodeFinding]]
        if snippetFacts.id != 0, project.entries.allSatisfy({ $0.facts != 0 }) {
            let memoKey = EvaluationKey(
                facts: snippetFacts.id, fileName: fileName, project: project.entries,
                incomplete: project.sortedIncomplete(), currentIsComplete: currentIsComplete, partial: partial,
                rules: ruleIDs, rulesHash: ruleIDsHash)
            if checks.count < previousChecks.count, previousChecks[checks.count].key == memoKey {
                found = previousChecks[checks.count].found
                reusedChecks += 1
            } else {
                found = cache.memoized(memoKey, cost: memoKey.cost, compute: compute)
            }
            checks.append(RememberedEvaluation(key: memoKey, found: found))
        } else {
            found = compute()
        }
        if evaluations[key] == nil { keyOrder.append(key) }
        evaluations[key, default: []].append(
            Evaluation(
                position: position, step: step, codeStep: codeStep, partial: partial, composed: composed, whole: whole,
                place: place, codeLines: snippetFacts.lineStarts, found: found))
    }

    // MARK: - Findings

    private mutating func findings() -> [Finding] {
        var findings: [Finding] = []
        for key in keyOrder {
            guard let list = evaluations[key] else { continue }
            // A rule no check of the key reported has no run there: most rules, in most files.
            var reported = Set<String>()
            for evaluation in list where !evaluation.found.isEmpty { reported.formUnion(evaluation.found.keys) }
            for rule in rules where reported.contains(rule.description.id) {
                findings += self.findings(of: rule.description, key: key, checks: list)
            }
        }
        return findings
    }

    /// One rule's findings over one key's checks: each run of consecutive checks reporting a subject.
    private mutating func findings(of description: RuleDescription, key: String, checks: [Evaluation]) -> [Finding] {
        let id = description.id
        var open: [String: Run] = [:]
        var openOrder: [String] = []
        var closed: [Run] = []
        let needsWholeFile = description.evidence == .absence
        for (position, evaluation) in checks.enumerated() {
            // A state not known to be whole opens no problem of a rule claiming an absence, unless the problem
            // holds in any file around it; it may still show one gone (what it shows is there) or carry on one
            // already open.
            let opens = !needsWholeFile || evaluation.whole
            let present = evaluation.found[id] ?? [:]
            for subject in openOrder where present[subject] == nil && !evaluation.partial {
                if var run = open.removeValue(forKey: subject) {
                    run.resolvedAt = evaluation.step
                    run.resolvingCheck = position
                    closed.append(run)
                }
            }
            openOrder.removeAll { open[$0] == nil }
            for (subject, codeFinding) in present.sorted(by: { $0.key < $1.key })
            where opens || codeFinding.holdsInAnyFile || open[subject] != nil {
                let snippet = self.snippet(at: evaluation.place)
                let range = documentRange(of: codeFinding.range, in: snippet.sourceMap)
                let edits = evaluation.composed ? [] : codeFinding.edits
                let occurrence = FindingOccurrence(
                    step: evaluation.codeStep, range: range,
                    edits: documentEdits(
                        edits, snippet: snippet, codeLines: evaluation.codeLines, tutorial: tutorial),
                    resourceEdits: resourceEdits(edits, snippet: snippet, codeLines: evaluation.codeLines))
                if open[subject] != nil {
                    // The re-check of a file's last state repeats a state already recorded.
                    if open[subject]!.occurrences.last?.range != range {
                        open[subject]!.occurrences.append(occurrence)
                    }
                } else {
                    open[subject] = Run(
                        subject: subject, firstCheck: position, message: codeFinding.message,
                        firstStep: evaluation.codeStep,
                        range: range,
                        occurrences: [occurrence], fixTitle: codeFinding.fixTitle,
                        resolvingTokens: codeFinding.resolvingTokens, mayBeBuildOrder: codeFinding.mayBeBuildOrder,
                        resolvedAt: nil)
                    openOrder.append(subject)
                }
            }
        }
        let severity = configuration.severity(of: description)
        // A problem still there in the file's last state may be mended by a fragment shown later.
        var stillOpen = openOrder.compactMap { open[$0] }
        if let last = lastState[key]?.step {
            for index in stillOpen.indices where !stillOpen[index].resolvingTokens.isEmpty {
                let tokens = Set(stillOpen[index].resolvingTokens)
                if let mending = laterFragments().first(where: { fragment in
                    fragment.step > last && (fragment.fileName == nil || fragment.fileName == key)
                        && !fragment.identifiers.isDisjoint(with: tokens)
                }) {
                    stillOpen[index].resolvedAt = mending.step
                }
            }
        }
        return (closed + stillOpen).map { run in
            let isBuildOrder =
                run.resolvedAt != nil && run.mayBeBuildOrder
                && !isRegression(run, rule: id, in: checks, needsWholeFile: needsWholeFile)
            return Finding(
                rule: id, subject: run.subject,
                severity: run.resolvedAt == nil ? severity : isBuildOrder ? .hint : .information,
                message: run.message, range: run.range, file: key.hasPrefix("#") ? nil : key,
                step: run.firstStep, resolvedAt: run.resolvedAt, isBuildOrder: isBuildOrder,
                occurrences: run.occurrences, fixTitle: run.fixTitle)
        }
    }

    /// Whether a resolved problem is a regression: the file's previous state had no problem of the rule, the
    /// step that introduced it took lines away from that state, and the step that fixed it put some of them
    /// back (the reader had working code, lost it, and got it back). Code added before it is complete takes
    /// nothing away, and code incomplete before was never right: build order.
    private func isRegression(_ run: Run, rule id: String, in checks: [Evaluation], needsWholeFile: Bool) -> Bool {
        guard let resolving = run.resolvingCheck,
            let before = checks[..<run.firstCheck].last(where: { !needsWholeFile || $0.whole }),
            before.found[id]?.isEmpty ?? true
        else { return false }
        let broken = meaningfulLines(of: snippet(at: checks[run.firstCheck].place).code)
        let removed = meaningfulLines(of: snippet(at: before.place).code).subtracting(broken)
        return !removed.isDisjoint(with: meaningfulLines(of: snippet(at: checks[resolving].place).code))
    }

    /// Swift fragments (snippets outside every timeline), with their identifiers, in step order. A diagram
    /// or a shell listing naming a method (`updateUIView` in a lifecycle chart) adds no code: it mends nothing.
    private mutating func laterFragments() -> [Fragment] {
        if let scannedFragments { return scannedFragments }
        var result: [Fragment] = []
        for step in tutorial.steps {
            for (index, snippet) in step.snippets.enumerated() {
                let address = SnippetAddress(step: step.id, index: index)
                guard files[address] == nil, snippet.isSwift(unlabelledIsSwift: true) else { continue }
                result.append(
                    Fragment(
                        step: step.id, fileName: snippet.fileName, identifiers: identifiers(in: Substring(snippet.code))
                    ))
            }
        }
        scannedFragments = result
        return result
    }
}
