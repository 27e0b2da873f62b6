import StepDiff
import TutorialModel
import TutorialReaders
import TutorialRules

/// Which revision of a document a value belongs to: the key of the per-document queries.
public struct DocumentRevision: Hashable, Sendable {
    /// The document: its path (the CLI) or its URI (the server).
    public let document: String
    /// The version of its text (the editor's; the CLI numbers its analyses).
    public let version: Int
    /// The generation of what is read besides the text (configuration files, DocC resources), raised by
    /// whoever sees them change.
    public let generation: Int

    public init(document: String, version: Int, generation: Int = 0) {
        self.document = document
        self.version = version
        self.generation = generation
    }

    /// Whether `self` is an older version of the same document read with the same configuration and
    /// resources as `revision`: then its work may be reused for `revision`.
    func precedes(_ revision: DocumentRevision) -> Bool {
        document == revision.document && generation == revision.generation && version < revision.version
    }
}

/// Everything one revision of a document is computed from: its text and format, and where its
/// resources are read (which the revision's generation stands for).
public struct DocumentInput: Sendable {
    public let revision: DocumentRevision
    public let document: SourceDocument
    /// nil: sniffed from the document.
    public let format: DocumentFormat?
    public let resources: any ResourceProvider

    public init(
        revision: DocumentRevision, document: SourceDocument, format: DocumentFormat? = nil,
        resources: any ResourceProvider = NoResources()
    ) {
        self.revision = revision
        self.document = document
        self.format = format
        self.resources = resources
    }
}

/// A document as read: its tutorial, and (when the session reads for editing) what the next version's
/// re-read needs.
public struct DocumentRead: Sendable {
    public let tutorial: Tutorial
    /// The read kept for re-reading around the next edit; nil when the session reads each revision whole.
    public let kept: TutorialRead?
}

/// The key of the `findings` query: a revision and the configuration it is analysed with (hashed by the
/// revision alone: a document has one configuration per generation).
struct FindingsKey: Hashable, Sendable {
    let revision: DocumentRevision
    let configuration: Configuration

    func hash(into hasher: inout Hasher) { hasher.combine(revision) }
}

/// The session's queries, from a document's text to its findings: `read` → `timelines` → `findings`, and
/// `changeSets` beside `findings` for the step diffs. Each is a per-document query keyed by the revision;
/// the CLI and the server ask the same ones.
struct AnalysisQueries: Sendable {
    let read: DocumentQuery<DocumentRevision, DocumentRead>
    let timelines: DocumentQuery<DocumentRevision, Timelines>
    let changeSets: DocumentQuery<DocumentRevision, [ChangeSet]>
    let findings: DocumentQuery<FindingsKey, Analysis>

    init(_ database: AnalysisDatabase) {
        read = database.documentQuery("read")
        timelines = database.documentQuery("timelines")
        changeSets = database.documentQuery("changeSets")
        findings = database.documentQuery("findings")
    }
}

extension AnalysisSession {
    /// How a session reads a document's revisions.
    public enum Reading: Sendable {
        /// Each revision read whole, nothing kept for a next one: the CLI reads each document once.
        case whole
        /// Each revision kept for re-reading, and a newer version re-read only around its edit from the
        /// previous version's read: the server.
        case aroundEdits
        /// Kept for re-reading but every revision read whole (tutorial-bench's reference for the re-read).
        case wholeForEditing
    }

    /// The `read` query: the document's tutorial at `input`'s revision.
    public func read(_ input: DocumentInput) -> DocumentRead {
        let revision = input.revision
        return queries.read.value(document: revision.document, key: revision) { replaced in
            let document = input.document
            switch reading {
            case .whole:
                return DocumentRead(
                    tutorial: readTutorial(document, format: input.format, resources: input.resources), kept: nil)
            case .aroundEdits:
                // Re-read around the edit unless what the read depends on besides the text (configuration,
                // resources) changed since: then the whole is read again.
                if let replaced, replaced.key.precedes(revision), let kept = replaced.value.kept {
                    let read = rereadTutorial(kept, as: document, format: input.format, resources: input.resources)
                    return DocumentRead(tutorial: read.tutorial, kept: read)
                }
                fallthrough
            case .wholeForEditing:
                let read = readTutorialForEditing(document, format: input.format, resources: input.resources)
                return DocumentRead(tutorial: read.tutorial, kept: read)
            }
        }
    }

    /// The read of `revision` if the session holds it, without reading.
    public func keptRead(_ revision: DocumentRevision) -> DocumentRead? {
        queries.read.ready(document: revision.document, key: revision)
    }

    /// The `timelines` query: each file followed from step to step, and the snippets that joined none. An
    /// editing session's newer version takes the previous version's judgements of unchanged snippets, and
    /// starts at the previous build's last checkpoint before the first step that changed.
    public func timelines(_ input: DocumentInput) -> Timelines {
        let revision = input.revision
        return queries.timelines.value(document: revision.document, key: revision) { replaced in
            let tutorial = read(input).tutorial
            if reading == .aroundEdits, let replaced, replaced.key.precedes(revision) {
                return buildTimelineSet(
                    tutorial, trees: cache.trees, previous: replaced.value, checkpoints: Timelines.checkpointInterval)
            }
            if reading == .aroundEdits {
                return buildTimelineSet(tutorial, trees: cache.trees, checkpoints: Timelines.checkpointInterval)
            }
            return buildTimelineSet(tutorial, trees: cache.trees)
        }
    }

    /// The `changeSets` query: every change set, ordered by the step that shows the new state (diffed only
    /// when asked: pushed diagnostics never need them).
    public func changeSets(_ input: DocumentInput) -> [ChangeSet] {
        queries.changeSets.value(document: input.revision.document, key: input.revision) { _ in
            StepDiff.changeSets(read(input).tutorial, timelines: timelines(input).files)
        }
    }

    /// The `findings` query: the whole analysis of `input` with `configuration`. In an editing session the
    /// analysis of the version it replaces lends its per-state results (each used only where what it was
    /// computed from compares equal).
    public func findings(_ input: DocumentInput, configuration: Configuration) -> Analysis {
        let key = FindingsKey(revision: input.revision, configuration: configuration)
        return queries.findings.value(document: input.revision.document, key: key) { replaced in
            let previous = reading == .whole ? StateResults.none : replaced?.value.stateResults ?? .none
            return analyze(
                tutorial: read(input).tutorial, timelines: timelines(input), configuration: configuration,
                previous: previous)
        }
    }
}
