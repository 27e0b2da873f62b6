/// The catalog of rules, in the order of the rule reference.
public enum RuleRegistry {
    public static let all: [AnyRule] = [
        .code(CoordinatorNotWired()),
        .code(WiringInUpdate()),
        .code(MissingMakeCoordinator()),
        .code(CoordinatorProtocolMissing()),
        .code(CoordinatorNotNSObject()),
        .code(MissingRequiredMethod()),
        .code(SelectorTargetMismatch()),
        .code(BindingPassedByValue()),
        .code(InitializerMismatch()),
        .code(HostingControllerNotContained()),
        .code(RepresentableInCellConfiguration()),
        .code(SubscriptionNotKept()),
        .code(StaleCoordinatorParent()),
        .code(SwiftSyntaxError()),
        .code(MissingImport()),
    ] + StepStructureRules.all.map { .tutorial($0) } + [
        .tutorial(InputError()),
        .tutorial(FileNameMismatch()),
        .tutorial(ProseCodeMismatch()),
        .tutorial(LineContinuationSpace()),
        .tutorial(CurlyQuotesInCode()),
        .tutorial(JoinedCodeLines()),
        .tutorial(MisspeltName()),
    ]

    public static var ids: [String] { all.map(\.description.id) }

    public static func rule(_ id: String) -> AnyRule? { all.first { $0.description.id == id } }
}
