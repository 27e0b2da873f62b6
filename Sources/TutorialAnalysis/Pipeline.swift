// TutorialAnalysis owns the pipeline from a path to findings: loading documents, configuration files,
// exclusion, the facts cache's policy, the Swift facts pass, the code-rule evaluator, suppressions.

import StepDiff
import SwiftFacts
import TutorialModel
import TutorialReaders
import TutorialRules

/// Everything known about one document after the pipeline ran: the CLI, the server and the bench
/// all read this.
public struct Analysis: Sendable {
    public let tutorial: Tutorial
    public let timelines: [FileTimeline]
    /// Snippets outside every timeline, with the reason (a report lists them beside the step diffs); empty
    /// when the caller gave the timelines without them.
    public let unplaced: [UnplacedSnippet]
    /// Findings sorted by position in the document, suppressions and configuration applied: defects, and
    /// build order too when the configuration includes it.
    public let findings: [Finding]
    /// Build order, whether or not `findings` includes it: problems a later step of the same file completes,
    /// for the review site's muted notes.
    public let buildOrder: [Finding]
    /// What was computed per file state, for the analysis of the document's next version.
    public let stateResults: StateResults
}

/// The pipeline: read the document, build its timelines, extract facts, run the rules, evaluate
/// findings across steps. A plain function of its inputs; `cache` only saves work.
public func analyze(
    document: SourceDocument, resources: any ResourceProvider = NoResources(),
    configuration: Configuration = .default, cache: FactsCache = FactsCache()
) -> Analysis {
    analyze(tutorial: readTutorial(document, resources: resources), configuration: configuration, cache: cache)
}

/// The pipeline from an already-read tutorial (tests build tutorials directly).
///
/// `timelines` and `changeSets`, when the caller has them already (the server builds them for its
/// `timelines` query), are used instead of being built again: they must be `buildTimelineSet(tutorial)` and
/// `changeSets(tutorial, timelines:)` (any diff options but `ignoreIndentation`). `previous`: the state
/// results of an analysis of another version of the same document (`Analysis.stateResults`), reused
/// wherever a state's code is unchanged; the findings are those of an analysis without them.
public func analyze(
    tutorial: Tutorial, timelines timelineSet: Timelines? = nil, changeSets: [ChangeSet]? = nil,
    configuration: Configuration = .default, cache: FactsCache = FactsCache(), previous: StateResults = .none
) -> Analysis {
    let timelineSet = timelineSet ?? buildTimelineSet(tutorial, trees: cache.trees)
    let timelines = timelineSet.files
    let unplaced = timelineSet.unplaced
    let codeRules = RuleRegistry.all.compactMap { rule -> (any CodeRule)? in
        if case .code(let code) = rule, configuration.isEnabled(code.description) { return code }
        return nil
    }
    let tutorialRules = RuleRegistry.all.compactMap { rule -> (any TutorialRule)? in
        if case .tutorial(let tutorialRule) = rule, configuration.isEnabled(tutorialRule.description) {
            return tutorialRule
        }
        return nil
    }
    let slots = SnippetSlots(tutorial)
    let facts =
        codeRules.isEmpty
        ? (bySnippet: SnippetTable(slots), byFile: [:], reused: 0)
        : swiftFacts(tutorial, slots: slots, timelines: timelines, cache: cache, previous: previous.facts)
    let (fileOfState, composedStates) = stateTables(timelines, slots: slots)
    var (findings, checks, reusedChecks, walk) = CodeRuleEvaluator.findings(
        codeRules, tutorial: tutorial, facts: facts.bySnippet, files: fileOfState, composed: composedStates,
        configuration: configuration, cache: cache, previousChecks: previous.evaluations, previousWalk: previous.walk,
        checkpointInterval: timelineSet.keptInterval)
    var changedIdentifiers: [String: [StateChange]] = [:]
    var reusedChanges = 0
    var ruleMemory = TutorialRuleMemory.none
    if !tutorialRules.isEmpty {
        var changes = (changes: StepChanges.none, byFile: [String: [StateChange]](), reused: 0)
        if tutorialRules.contains(where: \.readsStepChanges) {
            changes = stepChanges(tutorial, timelines: timelines, previous: previous.changedIdentifiers)
        }
        changedIdentifiers = changes.byFile
        reusedChanges = changes.reused
        let context = TutorialContext(
            tutorial: tutorial, timelines: timelines, changes: changes.changes, changeSets: changeSets,
            parsedSnippets: parsedSnippets(facts.bySnippet, composed: composedStates))
        // The steps before the one the code-rule walk resumed at are the previous analysis's, compared there; those
        // the timelines found moved are too, when they were compared with the previous analysis's timelines.
        let run = runTutorialRules(
            tutorialRules, context: context, previous: previous.tutorialRules, sameLeadingSteps: walk.resumedAt,
            movedFrom: timelineSet.movedSteps.flatMap { $0.previous === previous.timelinesBuild ? $0.first : nil })
        ruleMemory = run.memory
        for (description, found) in run.findings {
            for finding in found {
                findings.append(
                    Finding(
                        rule: description.id, subject: finding.subject,
                        severity: configuration.severity(of: description, ownSeverity: finding.severity),
                        message: finding.message,
                        range: finding.range, file: nil, step: finding.step, resolvedAt: nil,
                        fixTitle: finding.fixTitle, documentEdits: finding.edits))
            }
        }
    }
    findings += workLimitFindings(timelines: timelineSet, configuration: configuration)
    let suppressions = DocumentSuppressions(tutorial, unmarked: previous.unmarkedDocument)
    findings = findings.filter { !suppressions.suppresses($0) }
    findings.sort {
        ($0.range.start, $0.range.end, $0.rule, $0.subject) < ($1.range.start, $1.range.end, $1.rule, $1.subject)
    }
    let buildOrder = findings.filter(\.isBuildOrder)
    if !configuration.includeBuildOrder { findings.removeAll(where: \.isBuildOrder) }
    return Analysis(
        tutorial: tutorial, timelines: timelines, unplaced: unplaced, findings: findings, buildOrder: buildOrder,
        stateResults: StateResults(
            facts: facts.byFile, changedIdentifiers: changedIdentifiers, evaluations: checks, walk: walk,
            tutorialRules: ruleMemory, timelinesBuild: timelineSet.build, unmarkedDocument: suppressions.unmarked,
            reusedCount: facts.reused + reusedChanges + reusedChecks + ruleMemory.reusedCount))
}

/// Each state's file and, for a state composed from a snippet, what the code-rule walk reads of its composition,
/// by the address of the state's snippet.
private func stateTables(
    _ timelines: [FileTimeline], slots: SnippetSlots
) -> (files: SnippetTable<String>, composed: SnippetTable<CodeRuleEvaluator.ComposedState>) {
    var fileOfState = SnippetTable<String>(slots)
    var composedStates = SnippetTable<CodeRuleEvaluator.ComposedState>(slots)
    // Each state read where its timeline stores it: iterating copied every state of the document (its snippet and
    // composition retained, then released) at every keystroke.
    for timeline in timelines {
        timeline.states.withUnsafeBufferPointer { states in
            for index in states.indices {
                let address = SnippetAddress(step: states[index].step, index: states[index].snippetIndex)
                fileOfState[address] = timeline.fileName
                guard let kind = states[index].composition?.kind else { continue }
                composedStates[address] = CodeRuleEvaluator.ComposedState(
                    snippet: states[index].snippet, isPart: kind == .partial)
            }
        }
    }
    return (fileOfState, composedStates)
}

/// The snippets whose own code the facts pass parsed: every snippet with facts but a composed state's, whose
/// facts are those of the file composed from it.
private func parsedSnippets(
    _ facts: SnippetTable<SnippetFacts>, composed: SnippetTable<CodeRuleEvaluator.ComposedState>
) -> ParsedSnippets {
    ParsedSnippets { step, index in
        let address = SnippetAddress(step: step, index: index)
        return facts[address] != nil && composed[address] == nil
    }
}
