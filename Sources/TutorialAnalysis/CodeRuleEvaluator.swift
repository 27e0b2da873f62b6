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
    private struct Evaluation {
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
        let snippet: Snippet
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

    /// A file's latest whole state.
    private struct FileState {
        let step: StepID
        let snippetIndex: Int
        let snippet: Snippet
        let facts: SnippetFacts
        let partial: Bool
        let composed: Bool
    }

    private let rules: [any CodeRule]
    private let ruleIDs: [String]
    /// Made once: every check's memo key carries it.
    private let ruleIDsHash: Int
    private let tutorial: Tutorial
    private let facts: [SnippetAddress: SnippetFacts]
    private let files: [SnippetAddress: String]
    private let composed: [SnippetAddress: ComposedState]
    private let configuration: Configuration
    private let cache: FactsCache
    private let known = KnownProtocols.standard

    /// Checks per timeline key, in order, and the keys in the order first checked.
    private var evaluations: [String: [Evaluation]] = [:]
    private var keyOrder: [String] = []
    /// The project at the step being walked (`WalkedProject`).
    private var project = WalkedProject()
    private var lastState: [String: FileState] = [:]
    /// Fragments, scanned only when a problem is still open at the end of a file.
    private var scannedFragments: [Fragment]?
    /// The Swift snippets each step places in no file (by position in the step): what a state of the step
    /// shown before one of them lacks is no evidence.
    private let unplacedCode: [StepID: Set<Int>]
    /// The checks of the analysis of the document's previous version, in the order made, and this one's.
    private let previousChecks: [RememberedEvaluation]
    private var checks: [RememberedEvaluation] = []
    private var reusedChecks = 0

    /// The findings of `rules` over the tutorial's Swift states (`facts`, with `files` naming the
    /// timeline each state belongs to), and the checks made, for the analysis of the document's next
    /// version (`previousChecks`: those of the previous version's).
    static func findings(
        _ rules: [any CodeRule], tutorial: Tutorial, facts: [SnippetAddress: SnippetFacts],
        files: [SnippetAddress: String], composed: [SnippetAddress: ComposedState] = [:], configuration: Configuration,
        cache: FactsCache, previousChecks: [RememberedEvaluation] = []
    ) -> (findings: [Finding], checks: [RememberedEvaluation], reused: Int) {
        guard !rules.isEmpty else { return ([], [], 0) }
        var evaluator = CodeRuleEvaluator(
            rules: rules, tutorial: tutorial, facts: facts, files: files, composed: composed,
            configuration: configuration, cache: cache, previousChecks: previousChecks)
        evaluator.checkEveryStep()
        evaluator.recheckLastStates()
        return (evaluator.findings(), evaluator.checks, evaluator.reusedChecks)
    }

    private init(
        rules: [any CodeRule], tutorial: Tutorial, facts: [SnippetAddress: SnippetFacts],
        files: [SnippetAddress: String], composed: [SnippetAddress: ComposedState], configuration: Configuration,
        cache: FactsCache, previousChecks: [RememberedEvaluation]
    ) {
        self.previousChecks = previousChecks
        self.rules = rules
        self.ruleIDs = rules.map(\.description.id)
        self.ruleIDsHash = ruleIDs.hashValue
        self.tutorial = tutorial
        self.facts = facts
        self.files = files
        self.composed = composed
        self.configuration = configuration
        self.cache = cache
        var unplaced: [StepID: Set<Int>] = [:]
        for step in tutorial.steps {
            for index in step.snippets.indices {
                let address = SnippetAddress(step: step.id, index: index)
                if facts[address] != nil, files[address] == nil { unplaced[step.id, default: []].insert(index) }
            }
        }
        self.unplacedCode = unplaced
    }

    // MARK: - Checking

    private mutating func checkEveryStep() {
        for step in tutorial.steps {
            // Each snippet's file, facts and composed state, looked up once for the step's three passes.
            let shown = step.snippets.indices.map { index -> ShownState in
                let address = SnippetAddress(step: step.id, index: index)
                return ShownState(file: files[address], facts: facts[address], composed: composed[address])
            }
            // The project first takes every file this step shows, then each snippet is checked against it.
            for (index, snippet) in step.snippets.enumerated() {
                guard let name = shown[index].file, let stateFacts = shown[index].facts else { continue }
                // A state that leaves code out, or shows only part of its file, is no evidence of what the
                // file lacks.
                let partial = isPartial(shown[index].composed, stateFacts)
                project.markIncomplete([name], partial)
                project.show(name, at: stateFacts)
                lastState[name] = FileState(
                    step: step.id, snippetIndex: index, snippet: shown[index].composed?.snippet ?? snippet,
                    facts: stateFacts, partial: partial, composed: shown[index].composed != nil)
            }
            for (index, snippet) in step.snippets.enumerated() {
                guard let snippetFacts = shown[index].facts else { continue }
                let composedState = shown[index].composed
                if let name = shown[index].file {
                    // The state's own snippet: for a composed state, the composed file (its facts' offsets).
                    evaluate(
                        composedState?.snippet ?? snippet, facts: snippetFacts, step: step.id, codeStep: step.id,
                        snippetIndex: index, key: name, fileName: name, partial: isPartial(composedState, snippetFacts),
                        composed: composedState != nil)
                } else {
                    evaluate(
                        snippet, facts: snippetFacts, step: step.id, codeStep: step.id, snippetIndex: index,
                        key: "#\(step.id)#\(index)", fileName: nil)
                }
            }
            // A Swift fragment adds to its file (or, unnamed, to any file): until the file is shown whole
            // again, what its last whole state lacks is no evidence.
            for (index, snippet) in step.snippets.enumerated() where shown[index].file == nil && shown[index].facts != nil {
                project.markIncomplete(snippet.fileName.map { [$0] } ?? project.files.map(\.name), true)
            }
        }
    }

    /// What the walk knows of one snippet of the step it is at.
    private struct ShownState {
        let file: String?
        let facts: SnippetFacts?
        let composed: ComposedState?
    }

    /// The last state of each file, checked once more against the finished project: what another file
    /// changed later decides whether a cross-file problem is still there at the end.
    private mutating func recheckLastStates() {
        let lastStep = lastState.values.map(\.step).max()
        for (name, state) in lastState {
            guard let lastStep, state.step != lastStep else { continue }
            // A fragment shown after the file's last state (an empty or unplaced one) leaves the file
            // incomplete: what the re-check no longer finds there is no evidence that a later step of
            // another file fixed it, so it resolves nothing (a step that does not touch the file cannot).
            evaluate(
                state.snippet, facts: state.facts, step: lastStep, codeStep: state.step,
                snippetIndex: state.snippetIndex, key: name, fileName: name,
                partial: state.partial || project.incompleteFiles.contains(name), composed: state.composed)
        }
    }

    private func isPartial(_ composedState: ComposedState?, _ snippetFacts: SnippetFacts) -> Bool {
        !snippetFacts.elidedLines.isEmpty || composedState?.isPart == true
    }

    private mutating func evaluate(
        _ snippet: Snippet, facts snippetFacts: SnippetFacts, step: StepID, codeStep: StepID, snippetIndex: Int,
        key: String, fileName: String?, partial: Bool = false, composed: Bool = false
    ) {
        let partial = partial || !snippetFacts.elidedLines.isEmpty
        let currentIsComplete = snippet.kind == .file && !partial
        // A snippet in no file shown later in the step might add to the file checked (one shown before it is
        // what the whole file that follows repeats; a whole snippet in no file is whole in itself).
        let unplacedAfter = (unplacedCode[codeStep] ?? []).contains { $0 > snippetIndex }
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
                step: step, codeStep: codeStep, partial: partial, composed: composed, whole: whole,
                snippet: snippet, codeLines: snippetFacts.lineStarts, found: found))
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
            // A state not known to be whole opens no problem of a rule claiming an absence; it may still show
            // one gone (what it shows is there) or carry on one already open.
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
            for (subject, codeFinding) in present.sorted(by: { $0.key < $1.key }) where opens || open[subject] != nil {
                let range = documentRange(of: codeFinding.range, in: evaluation.snippet.sourceMap)
                let edits = evaluation.composed ? [] : codeFinding.edits
                let occurrence = FindingOccurrence(
                    step: evaluation.codeStep, range: range,
                    edits: documentEdits(
                        edits, snippet: evaluation.snippet, codeLines: evaluation.codeLines, tutorial: tutorial),
                    resourceEdits: resourceEdits(edits, snippet: evaluation.snippet, codeLines: evaluation.codeLines))
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
        let broken = meaningfulLines(of: checks[run.firstCheck].snippet.code)
        let removed = meaningfulLines(of: before.snippet.code).subtracting(broken)
        return !removed.isDisjoint(with: meaningfulLines(of: checks[resolving].snippet.code))
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
