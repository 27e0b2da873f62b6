import Foundation
import SnippetComposition
import StepDiff
import SwiftFacts
import TutorialAnalysis
import TutorialCompare
import TutorialFixes
import TutorialModel
import TutorialReaders
import TutorialRules

/// The cheap half of an analysis: the model, timelines and change sets, which symbols, folding, hover,
/// code lenses and step diffs need. The expensive half (rules, Swift parsing) runs separately.
public struct DocumentModel: Sendable {
    public let tutorial: Tutorial
    public let timelines: [FileTimeline]
    /// The timelines with the snippets that joined none, as the analysis takes them.
    public let timelineSet: Timelines
    /// Snippets outside every timeline (the step diff lists them).
    public var unplaced: [UnplacedSnippet] { timelineSet.unplaced }
    private let lazyChanges: Lazy<[ChangeSet]>
    /// The read the tutorial came from, kept so the next version re-reads only around its edit.
    public let read: TutorialRead?
    /// What building the timelines judged of the snippets, for the next version's build.
    var elisions: ElisionJudgements { timelineSet.elisions }

    /// Every change set, ordered by the step that shows the new state; diffed on first use, since pushed
    /// diagnostics never need them and a 1 MB tutorial has hundreds.
    public var changes: [ChangeSet] { lazyChanges.value }

    /// `trees`: the session's parses of code, so a re-read after a keystroke places fragments without
    /// parsing again the file states that did not change; `previous`: the model of the document's previous
    /// version, whose judgements of unchanged snippets the timelines reuse.
    public init(read: TutorialRead, trees: SyntaxTrees = SyntaxTrees(), previous: DocumentModel? = nil) {
        self.init(tutorial: read.tutorial, trees: trees, read: read, previous: previous)
    }

    public init(
        tutorial: Tutorial, timelines: [FileTimeline]? = nil, changes: [ChangeSet]? = nil,
        trees: SyntaxTrees = SyntaxTrees(), read: TutorialRead? = nil, previous: DocumentModel? = nil
    ) {
        self.tutorial = tutorial
        self.read = read
        timelineSet =
            timelines.map { Timelines(files: $0) }
            ?? buildTimelineSet(tutorial, trees: trees, previous: previous?.elisions ?? ElisionJudgements())
        let fileTimelines = timelineSet.files
        self.timelines = fileTimelines
        if let changes {
            lazyChanges = Lazy(changes)
        } else {
            lazyChanges = Lazy { changeSets(tutorial, timelines: fileTimelines) }
        }
    }
}

/// A value computed once, on first use, by whichever thread asks first.
final class Lazy<Value: Sendable>: Sendable {
    private let stored: Protected<Value?>
    private let make: @Sendable () -> Value

    init(_ value: Value) {
        stored = Protected(value)
        make = { value }
    }

    init(_ make: @escaping @Sendable () -> Value) {
        stored = Protected(nil)
        self.make = make
    }

    var value: Value {
        stored.withLock { stored in
            if let stored { return stored }
            let made = make()
            stored = made
            return made
        }
    }
}

/// Findings (the rules' and, through `input-error`, the readers'), and problems worth a
/// `window/logMessage` (a broken configuration file). Fixes are built only when a code action asks.
public struct FindingsResult: Sendable {
    public let findings: [Finding]
    public let notes: [String]
    /// The rule reference the document's configuration names: diagnostics link their rule's section.
    public let rulesDocumentation: String
    /// What the analysis computed per file state, for the analysis of the document's next version.
    public let stateResults: StateResults
    /// The document held against the original its configuration names (nil when it names none).
    public let comparison: Comparison?

    public init(
        findings: [Finding], notes: [String] = [],
        rulesDocumentation: String = Configuration.projectRulesDocumentation, stateResults: StateResults = .none,
        comparison: Comparison? = nil
    ) {
        self.findings = findings
        self.notes = notes
        self.rulesDocumentation = rulesDocumentation
        self.stateResults = stateResults
        self.comparison = comparison
    }
}

/// The pipeline functions the server calls. The standard one is the CLI's pipeline; tests substitute
/// slow or counting variants to observe scheduling.
public struct AnalysisPipeline: Sendable {
    public var model: @Sendable (SourceDocument, DocumentFormat, any ResourceProvider) -> DocumentModel
    /// The model of a new version of a document from the previous version's (nil: `model` reads it whole).
    public var modelAfterEdit:
        (@Sendable (DocumentModel, SourceDocument, DocumentFormat, any ResourceProvider) -> DocumentModel)?
    public var findings: @Sendable (DocumentModel) -> FindingsResult
    /// The findings of a new version of a document, given the previous version's result (nil: `findings`
    /// computes them without it).
    public var findingsAfterEdit: (@Sendable (DocumentModel, FindingsResult) -> FindingsResult)?
    /// A rule's explanation in Markdown, for hovers on diagnostics; nil for unknown ids.
    public var explanation: @Sendable (String) -> String?
    /// Told that a `.tutorial-check.json` changed: what was read of configuration files is stale.
    public var configurationChanged: @Sendable () -> Void

    public init(
        model: @escaping @Sendable (SourceDocument, DocumentFormat, any ResourceProvider) -> DocumentModel,
        findings: @escaping @Sendable (DocumentModel) -> FindingsResult,
        explanation: @escaping @Sendable (String) -> String?,
        configurationChanged: @escaping @Sendable () -> Void = {},
        modelAfterEdit: (@Sendable (DocumentModel, SourceDocument, DocumentFormat, any ResourceProvider) -> DocumentModel)? = nil,
        findingsAfterEdit: (@Sendable (DocumentModel, FindingsResult) -> FindingsResult)? = nil
    ) {
        self.model = model
        self.modelAfterEdit = modelAfterEdit
        self.findings = findings
        self.findingsAfterEdit = findingsAfterEdit
        self.explanation = explanation
        self.configurationChanged = configurationChanged
    }

    /// The same pipeline as `tutorial-check lint`: `analyze` with the document's `.tutorial-check.json`,
    /// one facts cache for the whole session so an edit reparses only the snippets it changed.
    public static func standard(cache: FactsCache = FactsCache(bounds: .editing)) -> AnalysisPipeline {
        let session = AnalysisSession(cache: cache)
        // `previous`: the state results of the document's previous analysis, reused where states are
        // unchanged (whatever changed meanwhile: each result is checked against what it was made from).
        let findings: @Sendable (DocumentModel, StateResults) -> FindingsResult = { model, previous in
            session.releaseStaleFacts()
            var notes: [String] = []
            let path = model.tutorial.document.path
            let settings: AnalysisSession.DocumentSettings
            do { settings = try session.settings(forDocument: path) } catch {
                notes.append("\(error); using the default rule settings")
                settings = .defaults
            }
            let configuration = settings.configuration
            if settings.isExcluded {
                return FindingsResult(findings: [], notes: notes, rulesDocumentation: configuration.rulesDocumentation)
            }
            // The model's timelines are the pipeline's: not built a second time (its change sets stay
            // lazy: the rules find unchanged steps without diffs).
            let analysis = session.analyze(
                tutorial: model.tutorial, timelines: model.timelineSet, configuration: configuration, previous: previous)
            let comparison = DriftDiagnostics.comparison(of: model.tutorial, configuration: configuration, notes: &notes)
            return FindingsResult(
                findings: analysis.findings, notes: notes, rulesDocumentation: configuration.rulesDocumentation,
                stateResults: analysis.stateResults, comparison: comparison)
        }
        return AnalysisPipeline(
            model: { document, format, resources in
                DocumentModel(
                    read: readTutorialForEditing(document, format: format, resources: resources), trees: cache.trees)
            },
            findings: { model in findings(model, .none) },
            explanation: { id in
                guard let rule = RuleRegistry.rule(id) else { return nil }
                let description = rule.description
                return "**\(description.id)** (\(description.defaultSeverity.rawValue) by default)\n\n"
                    + "\(description.summary)\n\n\(description.explanation)"
            },
            configurationChanged: { session.forgetConfigurations() },
            modelAfterEdit: { previous, document, format, resources in
                guard let read = previous.read else {
                    return DocumentModel(
                        read: readTutorialForEditing(document, format: format, resources: resources), trees: cache.trees)
                }
                return DocumentModel(
                    read: rereadTutorial(read, as: document, format: format, resources: resources), trees: cache.trees,
                    previous: previous)
            },
            findingsAfterEdit: { model, previous in findings(model, previous.stateResults) })
    }
}

/// What an analysis depends on besides the document's identity: its version and the generation of the
/// configuration and resources it read.
struct AnalysisKey: Hashable, Sendable {
    let version: Int
    let generation: Int
}

/// Computes a value once per key, however many threads ask at the same time; later askers wait for the
/// first. Only the latest key per document is kept, so memory follows the open documents.
final class ComputeOnce<Value: Sendable>: Sendable {
    typealias Key = AnalysisKey

    /// `value` is written once, under `slots`' lock, before `done` is signalled, and read only after
    /// waiting on `done`: the semaphore orders the accesses, which the compiler cannot see.
    private final class Slot: @unchecked Sendable {
        let key: Key
        let done = DispatchSemaphore(value: 0)
        var value: Value?
        init(key: Key) { self.key = key }
    }

    private let slots = Protected([String: Slot]())

    /// The value for `uri` at `key`, computing it on the calling thread when nobody has.
    func value(uri: String, key: Key, compute: () -> Value) -> Value {
        value(uri: uri, key: key) { _ in compute() }
    }

    /// The same, `compute` given the value it replaces for `uri` (at an older key) when that one is ready.
    func value(uri: String, key: Key, compute: ((key: Key, value: Value)?) -> Value) -> Value {
        let (slot, owner, replaced) = slots.withLock { slots -> (Slot, Bool, (key: Key, value: Value)?) in
            if let slot = slots[uri], slot.key == key { return (slot, false, nil) }
            let replaced = slots[uri].flatMap { old in old.value.map { (key: old.key, value: $0) } }
            let slot = Slot(key: key)
            slots[uri] = slot
            return (slot, true, replaced)
        }
        if owner {
            let value = compute(replaced)
            slots.withLock { _ in slot.value = value }
            slot.done.signal()
            return value
        }
        slot.done.wait()
        slot.done.signal()  // let the next waiter through
        return slots.withLock { _ in slot.value! }
    }

    /// The value for `uri` if one is ready at `key`, without computing.
    func ready(uri: String, key: Key) -> Value? {
        slots.withLock { slots in
            guard let slot = slots[uri], slot.key == key else { return nil }
            return slot.value
        }
    }

    func forget(uri: String) { slots.withLock { $0[uri] = nil } }
    func forgetAll() { slots.withLock { $0.removeAll() } }
}
