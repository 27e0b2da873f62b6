import TutorialModel

/// A state that shows its file exactly as its base (the previous state, or a DocC `previousFile:`): a
/// step that gives the reader nothing to do. The first state of a file, and a reset file, never are.
public struct UnchangedState: Sendable {
    public let fileName: String
    /// The state compared with, when it is one of the file's (nil for a resource no step shows).
    public let from: FileState?
    public let to: FileState
}

/// Every unchanged state, in timeline order: taken from `changeSets` when the caller has them, else
/// found by comparing each state with its base. No diff is needed for that, and diffing every step of a
/// 1 MB tutorial again on each keystroke cost the server tens of milliseconds.
///
/// A method or a part of a file shown again points at code rather than forgets a change: only a state
/// that shows the whole file (code left out included) counts.
public func unchangedStates(
    _ tutorial: Tutorial, timelines: [FileTimeline]? = nil, changeSets: [ChangeSet]? = nil
) -> [UnchangedState] {
    func showsWholeFile(_ state: FileState) -> Bool { state.composition.map { $0.kind == .elisionMerged } ?? true }
    if let changeSets {
        return changeSets.filter { $0.isNoChange && showsWholeFile($0.to) }.map {
            UnchangedState(fileName: $0.fileName, from: $0.from, to: $0.to)
        }
    }
    return (timelines ?? buildTimelines(tutorial)).flatMap { timeline in
        changeBases(of: timeline).filter { $0.isNoChange && showsWholeFile($0.to) }.map {
            UnchangedState(fileName: timeline.fileName, from: $0.from, to: $0.to)
        }
    }
}
