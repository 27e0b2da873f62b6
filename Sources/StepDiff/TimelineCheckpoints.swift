import TutorialModel

/// The timeline builder's state before every `interval`th step of a build, kept with its timelines so the build
/// of the document's next version (the server's, after a keystroke) starts at the last one before the first step
/// that changed instead of at the first step: the builder reads the steps in order, and its state before a step
/// is a function of the steps before it and of what it found in every step when it began (the labelled files and
/// their primary types, `TimelineBuilder.startsLike`), so equal steps up to a checkpoint give that checkpoint's
/// state. Every snippet after it is judged again, as a fresh build judges it.
struct TimelineCheckpoints: Sendable {
    /// Steps between two checkpoints: a resumed build walks at most this many unchanged steps again.
    let interval: Int
    /// The steps the build walked, to tell how many the next version shares with it.
    let steps: [Step]
    /// `builders[i]`: the state before step `i * interval`.
    private var builders: [TimelineBuilder] = []

    init(steps: [Step], interval: Int) {
        self.steps = steps
        self.interval = max(1, interval)
    }

    /// None kept: a build that was not asked for them.
    static let none = TimelineCheckpoints(steps: [], interval: 1)

    /// Saves `builder` when `position` is the next checkpoint's step.
    mutating func record(_ builder: TimelineBuilder, before position: Int) {
        guard position == builders.count * interval else { return }
        builders.append(builder.checkpoint)
    }

    /// Keeps the checkpoints of `previous` before step `position`, which the build resumed after them.
    mutating func keep(_ previous: TimelineCheckpoints, before position: Int) {
        builders = Array(previous.builders.prefix(position / interval))
    }

    /// At the checkpoint before step `position` (whose state this build just recorded), past every step that
    /// differs from `previous`'s (the checkpoints of `build`, the previous build): when `builder` reads like the
    /// previous build's state there, takes the rest of that build into `builder` and its later checkpoints into
    /// these; false when it did not.
    mutating func takeRest(
        of previous: TimelineCheckpoints, at position: Int, into builder: inout TimelineBuilder, build: Timelines,
        moves: StepMoves
    ) -> Bool {
        let index = position / interval
        guard position % interval == 0, previous.interval == interval, index < previous.builders.count,
            builders.count == index + 1, builder.readsLike(previous.builders[index], of: build)
        else { return false }
        builder.takeRest(of: build, from: previous.builders[index], moves: moves)
        builders += previous.builders[(index + 1)...]
        return true
    }

    /// The start of the build that kept these checkpoints (`TimelineBuilder.Start`), when it is that of a build
    /// of `new`: the steps before the first that differs are these, those from `moves.alikeFrom` on show what these
    /// showed, and those between label the same files with the same primary types. Finding it again read every
    /// snippet's code at every keystroke.
    func start(for new: [Step], moves: StepMoves) -> TimelineBuilder.Start? {
        guard let first = builders.first, steps.count == new.count else { return nil }
        var position = Step.leadingEqualCount(steps, new, limit: moves.alikeFrom)
        while position < moves.alikeFrom {
            guard TimelineBuilder.startsAlike(steps[position], new[position]) else { return nil }
            position += 1
        }
        return first.start
    }

    /// The state to resume a build of `steps` from, and the step it stands before: the last checkpoint before
    /// the first step that differs from the steps of this build (with the same starting point as `fresh`, the
    /// new build's state before its first step), its lists restored from `build` (whose checkpoints these
    /// are); nil when that is the first step.
    func resume(_ fresh: TimelineBuilder, steps new: [Step], from build: Timelines) -> (TimelineBuilder, Int)? {
        guard builders.count > 1, fresh.startsLike(builders[0]) else { return nil }
        // Short of the new last step: a build resumes before a step it walks.
        let limit = min(steps.count, new.count - 1, (builders.count - 1) * interval)
        let same = Step.leadingEqualCount(steps, new, limit: limit)
        let index = same / interval
        guard index > 0 else { return nil }
        let position = index * interval
        return (builders[index].resumed(for: fresh, from: build), position)
    }
}
