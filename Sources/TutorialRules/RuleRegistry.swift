/// The catalog of rules, in the order of the rule reference.
public enum RuleRegistry {
    public static let all: [AnyRule] = [
        .code(CoordinatorNotWired()),
    ]

    public static var ids: [String] { all.map(\.description.id) }

    public static func rule(_ id: String) -> AnyRule? { all.first { $0.description.id == id } }
}
