import TutorialModel

/// What one step did to one file: the diff from the file's previous state (or from nothing, for a
/// new or reset file) to the state the step shows, with ranges in the snippets and in the document.
public struct ChangeSet: Sendable {
    /// Where the old side came from.
    public enum Base: Sendable, Hashable {
        /// The file starts at this step (its first state, or DocC `reset: true`): everything is added.
        case none
        /// The file's previous state in the timeline.
        case previousState
        /// DocC `previousFile:` names the base resource explicitly.
        case resource(String)
    }

    /// The file this change set belongs to (its timeline's name).
    public let fileName: String
    /// The state the old side is, when it is one (nil for `.none`, and for a `previousFile:` resource
    /// that matches no earlier state).
    public let from: FileState?
    /// The state the step shows: the new side.
    public let to: FileState
    /// Where the old side came from.
    public let base: Base
    /// The line diff of the old side (the base code) and the new state.
    public let diff: TextDiff
    /// The hunks, with their ranges in the document.
    public let hunks: [DocumentHunk]

    /// Lines added by the step.
    public var added: Int { diff.added }
    /// Lines removed by the step.
    public var removed: Int { diff.removed }
    /// The step shows its file exactly as before (never true for a file's first state).
    public var isNoChange: Bool { base != .none && diff.isEmpty }

    /// Diffs `baseCode` (the old side, `""` for a new file) against `to`'s code.
    public init(fileName: String, from: FileState?, to: FileState, base: Base, baseCode: String, options: DiffOptions) {
        self.fileName = fileName
        self.from = from
        self.to = to
        self.base = base
        let diff = TextDiff(old: baseCode, new: to.code, options: options)
        self.diff = diff
        // The old side maps to the document only when it is the `from` snippet's own code.
        let oldMap = from.flatMap { $0.code == baseCode ? $0.snippet.sourceMap : nil }
        self.hunks = diff.hunks.map { hunk in
            DocumentHunk(
                hunk: hunk, oldDocumentRange: oldMap?.documentRange(forCodeRange: hunk.oldCodeRange),
                newDocumentRange: to.snippet.sourceMap.documentRange(forCodeRange: hunk.newCodeRange))
        }
    }

    /// The document range of a line of the new state (0-based), without its ending; for an LSP
    /// decoration or a finding on an added line.
    public func documentRange(ofNewLine line: Int) -> SourceRange? {
        guard line >= 0, line < diff.new.count else { return nil }
        let content = diff.new.contentRange(line)
        return to.snippet.sourceMap.documentRange(
            forCodeRange: SourceRange(start: content.lowerBound, end: content.upperBound))
    }
}

/// A hunk and where its sides are in the document.
public struct DocumentHunk: Sendable, Hashable {
    /// The hunk, with its ranges in the two texts.
    public let hunk: Hunk
    /// The old side in the document, when the old state is a snippet of this document.
    public let oldDocumentRange: SourceRange?
    /// The new side in the document (an empty range where lines were only removed).
    public let newDocumentRange: SourceRange
}

/// Every change set of a tutorial, ordered by the step (and snippet) that shows the new state.
public func changeSets(_ tutorial: Tutorial, timelines: [FileTimeline]? = nil, options: DiffOptions = DiffOptions())
    -> [ChangeSet]
{
    let timelines = timelines ?? buildTimelines(tutorial)
    return timelines.flatMap { changeSets(of: $0, options: options) }
        .sorted { ($0.to.step, $0.to.snippetIndex) < ($1.to.step, $1.to.snippetIndex) }
}

/// The change sets of one file, one per state.
public func changeSets(of timeline: FileTimeline, options: DiffOptions = DiffOptions()) -> [ChangeSet] {
    changeBases(of: timeline).map { change in
        ChangeSet(
            fileName: timeline.fileName, from: change.from, to: change.to, base: change.base,
            baseCode: change.baseCode, options: options)
    }
}

/// What each state of a file is compared with: the old side of its change set, before any diff.
struct ChangeBase {
    let from: FileState?
    let to: FileState
    let base: ChangeSet.Base
    let baseCode: String

    /// Whether the state shows its base exactly, which is when its diff is empty: lines with their endings
    /// cover every byte, so equal line sequences are equal bytes. Found without diffing.
    var isNoChange: Bool {
        base != .none && baseCode.hasSameBytes(as: to.code)
    }
}

/// The old side of every state's change set, in state order.
func changeBases(of timeline: FileTimeline) -> [ChangeBase] {
    var result: [ChangeBase] = []
    result.reserveCapacity(timeline.states.count)
    for (index, state) in timeline.states.enumerated() {
        let previous = index > 0 ? timeline.states[index - 1] : nil
        switch state.explicitBase {
        case .fresh:
            result.append(ChangeBase(from: nil, to: state, base: .none, baseCode: ""))
        case .resource(let name, let code):
            // Name the step whose state the resource is, when one is (usually the previous one).
            let match = timeline.states[..<index].last { $0.code == code }
            result.append(ChangeBase(from: match, to: state, base: .resource(name), baseCode: code))
        case nil:
            if let previous {
                result.append(ChangeBase(from: previous, to: state, base: .previousState, baseCode: previous.code))
            } else {
                result.append(ChangeBase(from: nil, to: state, base: .none, baseCode: ""))
            }
        }
    }
    return result
}
