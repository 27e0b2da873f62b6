extension Step {
    /// How many steps `old` and `new` begin with that are equal, at most `limit`, counting only while `alsoAlike`
    /// holds for the new step and its position too. Each pair is compared where its array stores it: read out by
    /// subscript, both steps were copied for the comparison (five references retained, then released), which cost
    /// several times comparing two steps whose storage is shared, as the steps before an edit in a re-read model
    /// are; the timeline build and the code-rule walk compare every step before an edit at every keystroke.
    public static func leadingEqualCount(
        _ old: [Step], _ new: [Step], limit: Int, alsoAlike: (Step, Int) -> Bool = { _, _ in true }
    ) -> Int {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                let end = min(limit, old.count, new.count)
                var same = 0
                while same < end, old[same] == new[same], alsoAlike(new[same], same) { same += 1 }
                return same
            }
        }
    }
}
