import TutorialModel

/// The identifiers each step adds to or removes from its files, for rules that compare prose with changes
/// (computed by the analysis pipeline from the timelines).
public struct StepChanges: Sendable {
    /// Identifier tokens on added or removed lines (or in fragments), per step.
    public let touchedIdentifiers: [StepID: Set<String>]
    /// Steps that show Swift code at all.
    public let stepsWithCode: Set<StepID>

    public init(touchedIdentifiers: [StepID: Set<String>], stepsWithCode: Set<StepID>) {
        self.touchedIdentifiers = touchedIdentifiers
        self.stepsWithCode = stepsWithCode
    }

    /// What an analysis whose rules read no changes hands them.
    public static let none = StepChanges(touchedIdentifiers: [:], stepsWithCode: [])
}
