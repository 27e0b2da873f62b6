// TutorialRules owns the rules, one per file with their examples, the registry that lists them, their
// configuration settings and the vocabulary they share (findings, contexts, the project view).

import StepDiff
import SwiftFacts
import TutorialModel

/// Everything a rule says about itself: the source of `tutorial-check rules`, `explain` and docs/rules.md,
/// and of the example test that runs every rule.
public struct RuleDescription: Sendable {
    public enum Category: String, Sendable { case lifecycle, tutorial }

    /// What a finding of the rule rests on.
    public enum Evidence: Sendable {
        /// Something the code shows (an assignment in `update…`, a plain value passed to a binding).
        case presence
        /// Something the code lacks or fails to be (a missing method, wiring or conformance, code that
        /// does not parse): only a state known to be the whole file can prove it, so the rule speaks only
        /// about such states (not composed from a fragment, nothing elided, nothing in the step unplaced).
        case absence
    }

    public let id: String
    public let category: Category
    /// One line: what the rule catches.
    public let summary: String
    /// Why it matters and what counts as evidence, a paragraph or two.
    public let explanation: String
    public let defaultSeverity: Severity
    public let enabledByDefault: Bool
    public let evidence: Evidence
    /// Examples the rule must report, with a marker (`↓` or `1️⃣`) where each finding starts.
    public let triggering: [RuleExample]
    /// Examples the rule must stay silent on.
    public let nonTriggering: [RuleExample]
    /// How often its findings were right on real-world tutorials, once measured (`explain` shows it).
    public let measuredPrecision: MeasuredPrecision?

    /// A precision measured by reading a sample of the rule's findings on real-world tutorials
    /// (docs/real-world.md). A rule under 0.9 on the held-out part is off by default until it reaches it.
    public struct MeasuredPrecision: Sendable, Equatable {
        /// The part of the real-world set measured: the held-out part decides a rule's default; the tuning
        /// part speaks only for a rule the held-out part gave no finding.
        public enum Part: String, Sendable { case heldOut = "held-out", tuning }

        /// The share of findings judged right, 0...1.
        public let value: Double
        /// How many findings were judged.
        public let sample: Int
        /// When, as `YYYY-MM-DD`.
        public let date: String
        public let part: Part
        /// What the wrong ones were, in a few words.
        public let note: String?

        public init(value: Double, sample: Int, date: String, part: Part = .heldOut, note: String? = nil) {
            self.value = value
            self.sample = sample
            self.date = date
            self.part = part
            self.note = note
        }
    }

    public init(
        id: String, category: Category, summary: String, explanation: String, defaultSeverity: Severity,
        enabledByDefault: Bool = true, evidence: Evidence = .presence, triggering: [RuleExample],
        nonTriggering: [RuleExample], measuredPrecision: MeasuredPrecision? = nil
    ) {
        self.id = id
        self.category = category
        self.summary = summary
        self.explanation = explanation
        self.defaultSeverity = defaultSeverity
        self.enabledByDefault = enabledByDefault
        self.evidence = evidence
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.measuredPrecision = measuredPrecision
    }
}

/// A small tutorial used as a rule example: steps with prose and snippets, markers where findings land.
public struct RuleExample: Sendable {
    /// One snippet of an example step.
    public struct Snippet: Sendable {
        public let fileName: String?
        public let code: String
        public let kind: SnippetKind
        /// A DocC `@Code(file:)` resource, and whether it is missing next to the tutorial.
        public let doccResource: String?
        public let resourceMissing: Bool

        public init(
            _ fileName: String? = "Example.swift", _ code: String, kind: SnippetKind = .file,
            doccResource: String? = nil,
            resourceMissing: Bool = false
        ) {
            self.fileName = fileName
            self.code = code
            self.kind = kind
            self.doccResource = doccResource
            self.resourceMissing = resourceMissing
        }
    }

    /// One step of an example.
    public struct Step: Sendable {
        /// The label as written (`Step 1`), nil for an unlabelled step; markers allowed.
        public let label: String?
        public let labelNumber: Int?
        public let prose: String
        public let snippets: [Snippet]

        public init(label: String? = nil, number: Int? = nil, prose: String = "", _ snippets: [Snippet]) {
            self.label = label
            self.labelNumber = number
            self.prose = prose
            self.snippets = snippets
        }
    }

    /// A whole document as a reader meets it, for rules about the document itself rather than its code.
    public struct Document: Sendable {
        /// The path whose extension picks the reader (`example.md`, `example.tutorial`).
        public let path: String
        /// The document's text, with markers.
        public let text: String
    }

    /// What the example shows, for the rule reference.
    public let note: String?
    public let steps: [Step]
    /// When set, the example is this document read by its reader, and `steps` is empty.
    public let document: Document?

    public init(_ note: String? = nil, steps: [Step]) {
        self.note = note
        self.steps = steps
        self.document = nil
    }

    /// A whole document, read by the reader its path calls for.
    public init(_ note: String? = nil, document text: String, path: String) {
        self.note = note
        self.steps = []
        self.document = Document(path: path, text: text)
    }

    /// One step showing one whole file, `Example.swift` unless named.
    public init(_ note: String? = nil, file: String = "Example.swift", _ code: String) {
        self.init(note, steps: [Step([Snippet(file, code)])])
    }

    /// One step showing a fragment.
    public init(_ note: String? = nil, fragment code: String) {
        self.init(note, steps: [Step([Snippet("Example.swift", code, kind: .fragment)])])
    }

    /// One step showing several whole files.
    public init(_ note: String? = nil, files: [(String, String)]) {
        self.init(note, steps: [Step(files.map { Snippet($0.0, $0.1) })])
    }
}

/// A replacement in a snippet's code, mapped to the document by the evaluator.
public struct CodeEdit: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Replace the code range with the text.
        case replace(CodeRange, String)
        /// Insert new lines (separated by `\n`) before the 0-based code line, each taking the document's
        /// prefix of that line (list indentation, quote markers) before the code's own indentation.
        case insertLine(before: Int, text: String)
        /// Delete the 0-based code line.
        case deleteLine(Int)
    }

    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }
}

/// What a code rule reports for one state of one file: ranges are in the snippet's code.
public struct CodeFinding: Sendable, Hashable {
    /// What the finding is about, stable across steps (`PageViewController/dataSource`).
    public let subject: String
    public let message: String
    public let range: CodeRange
    /// A fix for this state, if the rule knows one; empty otherwise.
    public let fixTitle: String?
    public let edits: [CodeEdit]
    /// Identifiers whose appearance in a later fragment of the same file (or an unnamed one) shows the
    /// author adding the missing piece there: the finding then counts as resolved at that step.
    public let resolvingTokens: [String]
    /// Whether the problem, when a later step fixes it, may be build order (code shown before it is
    /// complete); false for code broken rather than unfinished (a parse error before the code's end).
    public let mayBeBuildOrder: Bool
    /// Whether the finding holds whatever file surrounds the code shown (a syntax error no cut of a larger
    /// file explains): a rule claiming an absence may then report it from a fragment or a partial state.
    public let holdsInAnyFile: Bool

    public init(
        subject: String, message: String, range: CodeRange, fixTitle: String? = nil, edits: [CodeEdit] = [],
        resolvingTokens: [String] = [], mayBeBuildOrder: Bool = true, holdsInAnyFile: Bool = false
    ) {
        self.subject = subject
        self.message = message
        self.range = range
        self.fixTitle = fixTitle
        self.edits = edits
        self.resolvingTokens = resolvingTokens
        self.mayBeBuildOrder = mayBeBuildOrder
        self.holdsInAnyFile = holdsInAnyFile
    }
}

/// What a tutorial rule reports: ranges are in the document.
public struct DocumentFinding: Sendable, Hashable {
    public let subject: String
    public let message: String
    public let range: SourceRange
    public let step: StepID?
    public let fixTitle: String?
    public let edits: [TextEdit]
    /// The finding's own severity, when it has one (a reader's diagnostic); the configuration still wins.
    public let severity: Severity?

    public init(
        subject: String, message: String, range: SourceRange, step: StepID?, fixTitle: String? = nil,
        edits: [TextEdit] = [], severity: Severity? = nil
    ) {
        self.subject = subject
        self.message = message
        self.range = range
        self.step = step
        self.fixTitle = fixTitle
        self.edits = edits
        self.severity = severity
    }
}

/// What a code rule sees: one state of one file (or one fragment) and the project at that step.
public struct CodeContext: Sendable {
    public let fileName: String?
    public let snippet: TutorialModel.Snippet
    public let facts: SnippetFacts
    /// Whether the snippet shows only part of a file: rules that need the absence of something say nothing.
    public let isFragment: Bool
    public let project: ProjectView
    public let knownProtocols: KnownProtocols
    /// The representables the snippet declares (or makes conform), found once by the engine when it makes
    /// the context: eight lifecycle rules read them.
    let representables: [Representable]

    package init(
        fileName: String?, snippet: TutorialModel.Snippet, facts: SnippetFacts, isFragment: Bool, project: ProjectView,
        knownProtocols: KnownProtocols
    ) {
        self.fileName = fileName
        self.snippet = snippet
        self.facts = facts
        self.isFragment = isFragment
        self.project = project
        self.knownProtocols = knownProtocols
        self.representables = findRepresentables(in: facts, project: project)
    }
}

/// What a tutorial rule sees: the whole tutorial with its timelines.
public struct TutorialContext: Sendable {
    public let tutorial: Tutorial
    public let timelines: [FileTimeline]
    /// Empty unless an enabled rule says it reads them (`TutorialRule.readsStepChanges`).
    public let changes: StepChanges
    /// The change sets, when the caller had them already (the server's document model); rules that need
    /// only to know which states are unchanged find that without them.
    public let changeSets: [ChangeSet]?
    /// The snippets whose code the analysis parsed (for the engine: `StepContent.isKnownWithinParseLimits`).
    let parsedSnippets: ParsedSnippets

    package init(
        tutorial: Tutorial, timelines: [FileTimeline], changes: StepChanges, changeSets: [ChangeSet]?,
        parsedSnippets: ParsedSnippets = .none
    ) {
        self.tutorial = tutorial
        self.timelines = timelines
        self.changes = changes
        self.changeSets = changeSets
        self.parsedSnippets = parsedSnippets
    }
}

/// A rule over one state of one Swift file.
public protocol CodeRule: Sendable {
    var description: RuleDescription { get }
    func check(_ context: CodeContext) -> [CodeFinding]
}

/// A rule over the tutorial as a whole (its steps, prose and timelines). A rule that reads each step on its
/// own, and whose reading is worth keeping between analyses, is a `CollectingTutorialRule`.
public protocol TutorialRule: Sendable {
    var description: RuleDescription { get }
    /// Whether the rule reads `TutorialContext.changes`: the pipeline finds what each step's changed lines hold
    /// only when an enabled rule does (a pass over every state of every file, a tenth of a keystroke's work in a
    /// long tutorial, for a rule that is off by default).
    var readsStepChanges: Bool { get }
    func check(_ context: TutorialContext) -> [DocumentFinding]
}

extension TutorialRule {
    public var readsStepChanges: Bool { false }
}

/// Either kind of rule, as the registry lists them.
public enum AnyRule: Sendable {
    case code(any CodeRule)
    case tutorial(any TutorialRule)

    public var description: RuleDescription {
        switch self {
        case .code(let rule): return rule.description
        case .tutorial(let rule): return rule.description
        }
    }
}
