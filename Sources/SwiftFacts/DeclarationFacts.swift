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

    /// Whether `signature` is this function's `signature`, compared without building it (a rule asks this
    /// of every method of every type it checks against each protocol's required methods). ASCII text is
    /// compared byte by byte; other text by the built signature, since `==` compares strings by canonical
    /// equivalence.
    public func hasSignature(_ signature: String) -> Bool {
        func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }
        guard isASCII(signature), isASCII(name), parameters.allSatisfy({ isASCII($0.label ?? "") }) else {
            return self.signature == signature
        }
        var rest = Substring(signature).utf8
        func take(_ part: String) -> Bool {
            guard rest.starts(with: part.utf8) else { return false }
            rest = rest.dropFirst(part.utf8.count)
            return true
        }
        guard take(name), take("(") else { return false }
        for parameter in parameters {
            guard take(parameter.label ?? "_"), take(":") else { return false }
        }
        return take(")") && rest.isEmpty
    }

    /// The internal name of the parameter labelled `context`, as representables' methods declare it.
    public var contextParameterName: String? {
        parameters.first { $0.label == "context" }?.internalName
    }

    public var isObjC: Bool { attributes.contains("objc") || attributes.contains("IBAction") }
}
