/// What an expression is, as far as the rules care.
public struct ExpressionFact: Sendable, Hashable {
    /// The expression's source text, trimmed.
    public let text: String
    public let range: CodeRange
    /// `X` when the expression is `X.coordinator` with `X` a plain identifier.
    public let coordinatorBase: String?
    /// The identifier when the expression is a plain identifier or `self.identifier`.
    public let identifier: String?
    public let isSelf: Bool
    /// `$name` or `self.$name`: a binding projected from a wrapper.
    public let isProjectedBinding: Bool
    public let isLiteral: Bool
    public let isNil: Bool

    public init(
        text: String, range: CodeRange, coordinatorBase: String?, identifier: String?, isSelf: Bool,
        isProjectedBinding: Bool, isLiteral: Bool, isNil: Bool
    ) {
        self.text = text
        self.range = range
        self.coordinatorBase = coordinatorBase
        self.identifier = identifier
        self.isSelf = isSelf
        self.isProjectedBinding = isProjectedBinding
        self.isLiteral = isLiteral
        self.isNil = isNil
    }
}

/// `base.member = value`.
public struct AssignmentFact: Sendable, Hashable {
    /// Index into `SnippetFacts.functions` of the enclosing function, nil outside functions.
    public let function: Int?
    /// The assigned-to object's source text (`pageViewController`, `context.coordinator`), nil for a bare name.
    public let baseText: String?
    public let member: String
    public let value: ExpressionFact
    /// The whole assignment (`pageViewController.dataSource = context.coordinator`).
    public let range: CodeRange

    public init(function: Int?, baseText: String?, member: String, value: ExpressionFact, range: CodeRange) {
        self.function = function
        self.baseText = baseText
        self.member = member
        self.value = value
        self.range = range
    }
}

/// A labelled argument of a call.
public struct ArgumentFact: Sendable, Hashable {
    public let label: String?
    public let value: ExpressionFact

    public init(label: String?, value: ExpressionFact) {
        self.label = label
        self.value = value
    }
}

/// A function or initializer call: `Foo(a: 1)`, `view.addSubview(x)`.
public struct CallFact: Sendable, Hashable {
    public let function: Int?
    /// Qualified name of the innermost enclosing type, nil at top level.
    public let enclosingType: String?
    /// The called name: `Foo` for `Foo(…)` and `Foo<T>(…)`, `addSubview` for `view.addSubview(…)`.
    public let name: String
    /// Source text of the base of a member call (`view` in `view.addSubview(…)`), nil otherwise.
    public let baseText: String?
    public let arguments: [ArgumentFact]
    /// Number of trailing closures (unlabelled first one plus labelled additional ones).
    public let trailingClosureLabels: [String?]
    /// Whether the call sits inside the content closure of a `UIHostingConfiguration { … }`.
    public let inHostingConfiguration: Bool
    /// Whether the call's value is dropped: the call is a statement of its own (`subject.sink { … }`) or
    /// assigned to `_`, not kept, passed on or called further.
    public let resultDropped: Bool
    public let nameRange: CodeRange
    public let range: CodeRange

    public init(
        function: Int?, enclosingType: String?, name: String, baseText: String?, arguments: [ArgumentFact],
        trailingClosureLabels: [String?], inHostingConfiguration: Bool, resultDropped: Bool, nameRange: CodeRange,
        range: CodeRange
    ) {
        self.function = function
        self.enclosingType = enclosingType
        self.name = name
        self.baseText = baseText
        self.arguments = arguments
        self.trailingClosureLabels = trailingClosureLabels
        self.inHostingConfiguration = inHostingConfiguration
        self.resultDropped = resultDropped
        self.nameRange = nameRange
        self.range = range
    }

    /// A call whose callee looks like a type name (`PageView(…)`), no base.
    public var isTypeLike: Bool { baseText == nil && (name.first?.isUppercase ?? false) }

    public func argument(labelled label: String) -> ArgumentFact? { arguments.first { $0.label == label } }
}

/// `#selector(Type.method(label:))`.
public struct SelectorFact: Sendable, Hashable {
    public let function: Int?
    public let enclosingType: String?
    /// The type the method is looked up in, when written (`Coordinator`).
    public let typeName: String?
    public let methodName: String
    /// Argument labels when written (`["sender"]`, `["_"]`); nil for a bare name.
    public let labels: [String]?
    public let range: CodeRange

    public init(
        function: Int?, enclosingType: String?, typeName: String?, methodName: String, labels: [String]?,
        range: CodeRange
    ) {
        self.function = function
        self.enclosingType = enclosingType
        self.typeName = typeName
        self.methodName = methodName
        self.labels = labels
        self.range = range
    }
}

/// A `let`/`var` with an initializer inside a function or type (`let host = UIHostingController(…)`).
public struct VariableFact: Sendable, Hashable {
    public let function: Int?
    public let enclosingType: String?
    public let name: String
    /// The callee name when initialised by a call (`UIHostingController`), or the annotated type's name.
    public let typeName: String?
    /// The value when it is a chain of member accesses (`host.view!` gives `host.view`): the variable is
    /// another name for it. Nil for any other value.
    public let memberChain: String?
    public let range: CodeRange

    public init(
        function: Int?, enclosingType: String?, name: String, typeName: String?, memberChain: String? = nil,
        range: CodeRange
    ) {
        self.function = function
        self.enclosingType = enclosingType
        self.name = name
        self.typeName = typeName
        self.memberChain = memberChain
        self.range = range
    }
}

/// A parser diagnostic at error level.
public struct SyntaxErrorFact: Sendable, Hashable {
    public let message: String
    public let range: CodeRange

    public init(message: String, range: CodeRange) {
        self.message = message
        self.range = range
    }
}

/// `// tutorial-check:disable-line rule-a rule-b` (no ids: every rule).
public struct LineSuppression: Sendable, Hashable {
    public let line: Int
    public let rules: [String]

    public init(line: Int, rules: [String]) {
        self.line = line
        self.rules = rules
    }
}

/// `base.member` with a plain identifier as base (`parent.controllers`, `self.parent` is not one).
public struct MemberReferenceFact: Sendable, Hashable {
    public let function: Int?
    public let base: String
    public let member: String
    public let range: CodeRange

    public init(function: Int?, base: String, member: String, range: CodeRange) {
        self.function = function
        self.base = base
        self.member = member
        self.range = range
    }
}
