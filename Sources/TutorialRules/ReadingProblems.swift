import TutorialModel

extension ReadingProblem {
    /// The rule that reports this problem of a reader's (a reader knows no rule; the rules know the readers'
    /// problems).
    public var ruleID: String {
        switch self {
        case .unreadableInput: return InputError().description.id
        case .missingCodeFile: return CodeFileMissing().description.id
        }
    }
}
