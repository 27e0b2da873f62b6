import TutorialModel

/// The catalog of rules. (Placeholder until the rules land.)
public enum RuleRegistry {
    public static let ruleIDs: [String] = []
}
