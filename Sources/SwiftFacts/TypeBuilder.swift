// The type a `FactsCollector` walk is inside, gathered until its body ends.

/// A type declaration being collected; members arrive while its body is walked.
final class TypeBuilder {
    let kind: TypeFact.Kind
    let name: String
    let qualifiedName: String
    let parent: String?
    let inherited: [InheritedType]
    let attributes: [String]
    let hasGenericParameters: Bool
    let nameRange: CodeRange
    let range: CodeRange
    var properties: [PropertyFact] = []
    var initializers: [InitializerFact] = []

    init(
        kind: TypeFact.Kind, name: String, qualifiedName: String, parent: String?, inherited: [InheritedType],
        attributes: [String], hasGenericParameters: Bool, nameRange: CodeRange, range: CodeRange
    ) {
        self.kind = kind
        self.name = name
        self.qualifiedName = qualifiedName
        self.parent = parent
        self.inherited = inherited
        self.attributes = attributes
        self.hasGenericParameters = hasGenericParameters
        self.nameRange = nameRange
        self.range = range
    }

    /// A complete type taken from another walk (`MemberFacts`).
    init(_ fact: TypeFact) {
        kind = fact.kind
        name = fact.name
        qualifiedName = fact.qualifiedName
        parent = fact.parent
        inherited = fact.inherited
        attributes = fact.attributes
        hasGenericParameters = fact.hasGenericParameters
        nameRange = fact.nameRange
        range = fact.range
        properties = fact.properties
        initializers = fact.initializers
    }

    func build() -> TypeFact {
        TypeFact(
            kind: kind, name: name, qualifiedName: qualifiedName, parent: parent, inherited: inherited,
            attributes: attributes, properties: properties, initializers: initializers,
            hasGenericParameters: hasGenericParameters, nameRange: nameRange, range: range)
    }
}
