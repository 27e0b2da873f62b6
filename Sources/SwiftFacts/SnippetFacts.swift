internal import TutorialModel

/// What the rules need to know about one snippet of Swift, extracted in one SwiftSyntax pass.
///
/// Every range is a UTF-8 range in the snippet's code, so a finding maps to the document through
/// `Snippet.sourceMap`. Facts describe what the code *says*; rules decide what it means, and say
/// nothing when the code shown is not enough evidence (a fragment without the type it extends).
public struct SnippetFacts: Sendable {
    public let types: [TypeFact]
    public let functions: [FunctionFact]
    public let assignments: [AssignmentFact]
    public let calls: [CallFact]
    public let selectors: [SelectorFact]
    public let variables: [VariableFact]
    /// `name.member` where `name` is a plain identifier (`parent.controllers`).
    public let memberReferences: [MemberReferenceFact]
    /// Parser diagnostics at error level.
    public let syntaxErrors: [SyntaxErrorFact]
    /// `// tutorial-check:disable-line rule-id` comments, by 0-based line of the code.
    public let lineSuppressions: [LineSuppression]
    /// 0-based lines that stand for omitted code (`...`, `…`, `// ...`, an editor placeholder `<#…#>`):
    /// a snippet with such lines shows only part of its file, whatever else it looks like.
    public let elidedLines: [Int]
    /// UTF-8 offsets at which each line of the code starts (`LineIndex(lineFeedsIn:)`'s).
    public let lineStarts: [Int]
    /// A number the cache gives each distinct snippet (0 outside a cache), so that work depending on
    /// several snippets can be remembered under a cheap key.
    public let id: Int
    /// Positions in `types` by qualified name and in `functions` by owner type, built once per snippet:
    /// the project view looks types up for every call it resolves, and scanning every file's facts per
    /// lookup was a tenth of a lint.
    private let index: FactsIndex

    public init(
        types: [TypeFact], functions: [FunctionFact], assignments: [AssignmentFact], calls: [CallFact],
        selectors: [SelectorFact], variables: [VariableFact], memberReferences: [MemberReferenceFact],
        syntaxErrors: [SyntaxErrorFact],
        lineSuppressions: [LineSuppression], elidedLines: [Int] = [], lineStarts: [Int], id: Int = 0
    ) {
        self.types = types
        self.functions = functions
        self.assignments = assignments
        self.calls = calls
        self.selectors = selectors
        self.variables = variables
        self.memberReferences = memberReferences
        self.syntaxErrors = syntaxErrors
        self.lineSuppressions = lineSuppressions
        self.elidedLines = elidedLines
        self.lineStarts = lineStarts
        self.id = id
        self.index = FactsIndex(types: types, functions: functions)
    }

    private init(_ facts: SnippetFacts, id: Int) {
        types = facts.types
        functions = facts.functions
        assignments = facts.assignments
        calls = facts.calls
        selectors = facts.selectors
        variables = facts.variables
        memberReferences = facts.memberReferences
        syntaxErrors = facts.syntaxErrors
        lineSuppressions = facts.lineSuppressions
        elidedLines = facts.elidedLines
        lineStarts = facts.lineStarts
        index = facts.index
        self.id = id
    }

    /// The same facts under another id.
    public func identified(as id: Int) -> SnippetFacts { SnippetFacts(self, id: id) }

    /// The 0-based line of a code offset.
    public func line(of offset: Int) -> Int { LineIndex.lineNumber(containing: offset, lineStarts: lineStarts) }

    /// Whether `// tutorial-check:disable-line` on the line of `offset` names `rule` (or names no rule).
    public func isSuppressed(rule: String, at offset: Int) -> Bool {
        let line = line(of: offset)
        return lineSuppressions.contains { $0.line == line && ($0.rules.isEmpty || $0.rules.contains(rule)) }
    }

    /// The functions declared directly in the type with this qualified name.
    public func functions(of qualifiedType: String) -> [FunctionFact] {
        index.functionsByOwner[qualifiedType]?.map { functions[$0] } ?? []
    }

    /// The type declarations and extensions with this qualified name, in source order.
    public func types(qualifiedName: String) -> [TypeFact] {
        index.typesByQualifiedName[qualifiedName]?.map { types[$0] } ?? []
    }

    /// Whether the snippet declares (not extends) a type or protocol with this simple name.
    public func declaresType(named name: String) -> Bool { index.declaredNames.contains(name) }
}

/// Lookups of a snippet's facts by name, in source order.
private struct FactsIndex: Sendable {
    let typesByQualifiedName: [String: [Int]]
    let functionsByOwner: [String: [Int]]
    let declaredNames: Set<String>

    init(types: [TypeFact], functions: [FunctionFact]) {
        var byName: [String: [Int]] = [:]
        var declared = Set<String>()
        for (position, type) in types.enumerated() {
            byName[type.qualifiedName, default: []].append(position)
            if type.kind != .extension { declared.insert(type.name) }
        }
        var byOwner: [String: [Int]] = [:]
        for (position, function) in functions.enumerated() {
            if let owner = function.ownerType { byOwner[owner, default: []].append(position) }
        }
        typesByQualifiedName = byName
        functionsByOwner = byOwner
        declaredNames = declared
    }
}

/// A type declaration or extension.
public struct TypeFact: Sendable, Hashable {
    public enum Kind: String, Sendable { case `struct`, `class`, `enum`, actor, `protocol`, `extension` }

    public let kind: Kind
    /// The simple name (for an extension, the last component of the extended type).
    public let name: String
    /// Dotted path of the enclosing types and this one (`PageViewController.Coordinator`).
    public let qualifiedName: String
    /// Qualified name of the enclosing type, nil at top level.
    public let parent: String?
    /// Inherited types and adopted protocols, generic arguments and module prefixes removed.
    public let inherited: [InheritedType]
    /// Attribute names written on the declaration (`objcMembers`, `MainActor`, …).
    public let attributes: [String]
    public let properties: [PropertyFact]
    public let initializers: [InitializerFact]
    public let hasGenericParameters: Bool
    public let nameRange: CodeRange
    public let range: CodeRange

    public init(
        kind: Kind, name: String, qualifiedName: String, parent: String?, inherited: [InheritedType],
        attributes: [String], properties: [PropertyFact], initializers: [InitializerFact], hasGenericParameters: Bool,
        nameRange: CodeRange, range: CodeRange
    ) {
        self.kind = kind
        self.name = name
        self.qualifiedName = qualifiedName
        self.parent = parent
        self.inherited = inherited
        self.attributes = attributes
        self.properties = properties
        self.initializers = initializers
        self.hasGenericParameters = hasGenericParameters
        self.nameRange = nameRange
        self.range = range
    }
}

/// One entry of an inheritance clause.
public struct InheritedType: Sendable, Hashable {
    public let name: String
    public let range: CodeRange

    public init(name: String, range: CodeRange) {
        self.name = name
        self.range = range
    }
}

/// A stored or computed property of a type.
public struct PropertyFact: Sendable, Hashable {
    public let name: String
    /// Attribute names such as `Binding`, `State`, `ObservedObject` (property wrappers and others).
    public let attributes: [String]
    /// Whether an attribute carries arguments (`@Environment(\.dismiss)`): the wrapper is initialised by it.
    public let attributeHasArguments: Bool
    public let typeText: String?
    public let isLet: Bool
    public let isStatic: Bool
    public let isLazy: Bool
    public let isComputed: Bool
    public let hasInitialValue: Bool
    public let range: CodeRange

    public init(
        name: String, attributes: [String], attributeHasArguments: Bool, typeText: String?, isLet: Bool,
        isStatic: Bool, isLazy: Bool, isComputed: Bool, hasInitialValue: Bool, range: CodeRange
    ) {
        self.name = name
        self.attributes = attributes
        self.attributeHasArguments = attributeHasArguments
        self.typeText = typeText
        self.isLet = isLet
        self.isStatic = isStatic
        self.isLazy = isLazy
        self.isComputed = isComputed
        self.hasInitialValue = hasInitialValue
        self.range = range
    }

    public var isBinding: Bool { attributes.contains("Binding") }
    /// A stored instance property: one the memberwise initializer may take.
    public var isStoredInstance: Bool { !isStatic && !isComputed }
}

/// A parameter of a function or initializer.
public struct ParameterFact: Sendable, Hashable {
    /// The argument label; nil for `_`.
    public let label: String?
    /// The name used inside the body (`ctx` in `context ctx: Context`).
    public let internalName: String
    public let typeText: String
    public let hasDefault: Bool
    public let isVariadic: Bool

    public init(label: String?, internalName: String, typeText: String, hasDefault: Bool, isVariadic: Bool) {
        self.label = label
        self.internalName = internalName
        self.typeText = typeText
        self.hasDefault = hasDefault
        self.isVariadic = isVariadic
    }
}

/// An `init` declared in a type or extension.
public struct InitializerFact: Sendable, Hashable {
    public let parameters: [ParameterFact]
    public let isConvenience: Bool
    public let range: CodeRange

    public init(parameters: [ParameterFact], isConvenience: Bool, range: CodeRange) {
        self.parameters = parameters
        self.isConvenience = isConvenience
        self.range = range
    }
}

/// A function, method, initializer or property accessor body: the context of the facts inside it.
public struct FunctionFact: Sendable, Hashable {
    public enum Kind: String, Sendable { case function, initializer, accessor }

    public let kind: Kind
    public let name: String
    /// Qualified name of the type (or extended type) the function is declared in; nil at top level.
    public let ownerType: String?
    public let parameters: [ParameterFact]
    public let returnTypeText: String?
    public let attributes: [String]
    public let isStatic: Bool
    public let isOverride: Bool
    public let nameRange: CodeRange
    public let range: CodeRange
    /// The body's braces, nil when there is no body.
    public let bodyRange: CodeRange?

    public init(
        kind: Kind, name: String, ownerType: String?, parameters: [ParameterFact], returnTypeText: String?,
        attributes: [String], isStatic: Bool, isOverride: Bool, nameRange: CodeRange, range: CodeRange,
        bodyRange: CodeRange?
    ) {
        self.kind = kind
        self.name = name
        self.ownerType = ownerType
        self.parameters = parameters
        self.returnTypeText = returnTypeText
        self.attributes = attributes
        self.isStatic = isStatic
        self.isOverride = isOverride
        self.nameRange = nameRange
        self.range = range
        self.bodyRange = bodyRange
    }

    /// Argument labels as Swift spells a selector: `pageViewController(_:viewControllerBefore:)`.
    public var signature: String {
        name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }

    /// The internal name of the parameter labelled `context`, as representables' methods declare it.
    public var contextParameterName: String? {
        parameters.first { $0.label == "context" }?.internalName
    }

    public var isObjC: Bool { attributes.contains("objc") || attributes.contains("IBAction") }
}

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
    public let nameRange: CodeRange
    public let range: CodeRange

    public init(
        function: Int?, enclosingType: String?, name: String, baseText: String?, arguments: [ArgumentFact],
        trailingClosureLabels: [String?], inHostingConfiguration: Bool, nameRange: CodeRange, range: CodeRange
    ) {
        self.function = function
        self.enclosingType = enclosingType
        self.name = name
        self.baseText = baseText
        self.arguments = arguments
        self.trailingClosureLabels = trailingClosureLabels
        self.inHostingConfiguration = inHostingConfiguration
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
    public let range: CodeRange

    public init(function: Int?, enclosingType: String?, name: String, typeName: String?, range: CodeRange) {
        self.function = function
        self.enclosingType = enclosingType
        self.name = name
        self.typeName = typeName
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
