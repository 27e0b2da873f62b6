@_spi(RawSyntax) internal import SwiftSyntax
internal import SyntaxNames

final class FactsCollector: SyntaxVisitor {
    var types: [TypeBuilder] = []
    var functions: [FunctionFact] = []
    var assignments: [AssignmentFact] = []
    var calls: [CallFact] = []
    var selectors: [SelectorFact] = []
    var variables: [VariableFact] = []
    var memberReferences: [MemberReferenceFact] = []

    private var typeStack: [TypeBuilder] = []
    private var functionStack: [Int] = []
    private var hostingConfigurationDepth = 0

    private var currentType: TypeBuilder? { typeStack.last }
    private var currentFunction: Int? { functionStack.last }

    /// The previous state's member facts, and this walk's (see `MemberFacts`).
    private let reusable: MemberFactsTable
    private(set) var recorded: [RawSyntax.ID: MemberFacts] = [:]
    private(set) var reusedCount = 0
    /// Where the facts stood when each member being walked was entered, innermost last (nil for a member
    /// whose facts are not kept).
    private var memberStarts: [MemberStart?] = []

    private struct MemberStart {
        let context: TypeBuilder
        let position: Int
        let types: Int
        let properties: Int
        let initializers: Int
        let functions: Int
        let assignments: Int
        let calls: Int
        let selectors: Int
        let variables: Int
        let memberReferences: Int
    }

    init(reusing reusable: MemberFactsTable) {
        self.reusable = reusable
        // A state keeps most of its previous state's members: the table grows once at most.
        recorded.reserveCapacity(reusable.members.count + 1)
        super.init(viewMode: .sourceAccurate)
    }

    /// An import records nothing here (`imports(in:)` reads the imports): its path and modifiers are names,
    /// and only an attribute's arguments could hold an expression, so the rest of it is not walked.
    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        node.attributes.isEmpty ? .skipChildren : .visitChildren
    }

    // MARK: Members, walked or taken from the previous state

    override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind {
        // Only members whose facts depend on nothing but the enclosing type's name (see `MemberFacts`).
        guard functionStack.isEmpty, hostingConfigurationDepth == 0, let type = currentType else {
            memberStarts.append(nil)
            return .visitChildren
        }
        let position = node.position.utf8Offset
        if let known = reusable.members[node.raw.id], known.context == type.qualifiedName {
            let facts = known.moved(to: position, functionBase: functions.count)
            // Most members add to few of the kinds: an empty append still costs a call and an access check.
            if !facts.types.isEmpty { types.append(contentsOf: facts.types.map(TypeBuilder.init)) }
            if !facts.properties.isEmpty { type.properties.append(contentsOf: facts.properties) }
            if !facts.initializers.isEmpty { type.initializers.append(contentsOf: facts.initializers) }
            if !facts.functions.isEmpty { functions.append(contentsOf: facts.functions) }
            if !facts.assignments.isEmpty { assignments.append(contentsOf: facts.assignments) }
            if !facts.calls.isEmpty { calls.append(contentsOf: facts.calls) }
            if !facts.selectors.isEmpty { selectors.append(contentsOf: facts.selectors) }
            if !facts.variables.isEmpty { variables.append(contentsOf: facts.variables) }
            if !facts.memberReferences.isEmpty { memberReferences.append(contentsOf: facts.memberReferences) }
            recorded[node.raw.id] = facts
            reusedCount += 1
            // `visitPost` still runs for a skipped node: it finds no start to record from.
            memberStarts.append(nil)
            return .skipChildren
        }
        memberStarts.append(
            MemberStart(
                context: type, position: position, types: types.count, properties: type.properties.count,
                initializers: type.initializers.count, functions: functions.count, assignments: assignments.count,
                calls: calls.count, selectors: selectors.count, variables: variables.count,
                memberReferences: memberReferences.count))
        return .visitChildren
    }

    override func visitPost(_ node: MemberBlockItemSyntax) {
        guard let start = memberStarts.removeLast() else { return }
        recorded[node.raw.id] = MemberFacts(
            context: start.context.qualifiedName, position: start.position, functionBase: start.functions,
            types: types[start.types...].map { $0.build() },
            properties: Array(start.context.properties[start.properties...]),
            initializers: Array(start.context.initializers[start.initializers...]),
            functions: Array(functions[start.functions...]), assignments: Array(assignments[start.assignments...]),
            calls: Array(calls[start.calls...]), selectors: Array(selectors[start.selectors...]),
            variables: Array(variables[start.variables...]),
            memberReferences: Array(memberReferences[start.memberReferences...]))
    }

    // MARK: Types

    private func pushType(
        _ kind: TypeFact.Kind, name: String, inheritance: InheritanceClauseSyntax?, attributes: AttributeListSyntax,
        generic: Bool, nameNode: some SyntaxProtocol, node: some SyntaxProtocol
    ) {
        let parent = currentType?.qualifiedName
        let qualified = kind == .extension ? name : (parent.map { $0 + "." + name } ?? name)
        let inherited = (inheritance?.inheritedTypes ?? []).map {
            InheritedType(name: simpleTypeName($0.type), range: $0.type.codeRange)
        }
        let simple = qualified.split(separator: ".").last.map(String.init) ?? qualified
        let builder = TypeBuilder(
            kind: kind, name: simple, qualifiedName: qualified, parent: kind == .extension ? nil : parent,
            inherited: inherited, attributes: attributeNames(attributes), hasGenericParameters: generic,
            nameRange: nameNode.codeRange, range: node.codeRange)
        types.append(builder)
        typeStack.append(builder)
    }

    /// Enters a named type declaration (struct, class, enum, actor, protocol): its members join it until
    /// the matching `visitPost` leaves it.
    private func enterType(
        _ node: some DeclGroupSyntax & NamedDeclSyntax, _ kind: TypeFact.Kind, generic: Bool
    ) -> SyntaxVisitorContinueKind {
        pushType(
            kind, name: node.name.text, inheritance: node.inheritanceClause, attributes: node.attributes,
            generic: generic, nameNode: node.name, node: node)
        return .visitChildren
    }

    private func leaveType() { typeStack.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node, .struct, generic: node.genericParameterClause != nil)
    }
    override func visitPost(_ node: StructDeclSyntax) { leaveType() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node, .class, generic: node.genericParameterClause != nil)
    }
    override func visitPost(_ node: ClassDeclSyntax) { leaveType() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node, .enum, generic: node.genericParameterClause != nil)
    }
    override func visitPost(_ node: EnumDeclSyntax) { leaveType() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node, .actor, generic: node.genericParameterClause != nil)
    }
    override func visitPost(_ node: ActorDeclSyntax) { leaveType() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node, .protocol, generic: false)
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { leaveType() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(
            .extension, name: dottedTypeName(node.extendedType), inheritance: node.inheritanceClause,
            attributes: node.attributes, generic: false, nameNode: node.extendedType, node: node)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { leaveType() }

    // MARK: Members and function contexts

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let function = FunctionFact(
            kind: .function, name: node.name.text, ownerType: currentFunction == nil ? currentType?.qualifiedName : nil,
            parameters: parameters(node.signature.parameterClause),
            returnTypeText: node.signature.returnClause.map { dottedTypeName($0.type) },
            attributes: attributeNames(node.attributes),
            isStatic: hasModifier(node.modifiers, .static)
                || hasModifier(node.modifiers, .class),
            isOverride: hasModifier(node.modifiers, .override), nameRange: node.name.codeRange,
            range: node.codeRange, bodyRange: node.body?.codeRange)
        functions.append(function)
        functionStack.append(functions.count - 1)
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { functionStack.removeLast() }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let parameterFacts = parameters(node.signature.parameterClause)
        if currentFunction == nil, let type = currentType {
            type.initializers.append(
                InitializerFact(
                    parameters: parameterFacts, isConvenience: hasModifier(node.modifiers, .convenience),
                    range: node.codeRange))
        }
        let function = FunctionFact(
            kind: .initializer, name: "init", ownerType: currentFunction == nil ? currentType?.qualifiedName : nil,
            parameters: parameterFacts, returnTypeText: nil, attributes: attributeNames(node.attributes),
            isStatic: false, isOverride: hasModifier(node.modifiers, .override),
            nameRange: node.initKeyword.codeRange, range: node.codeRange, bodyRange: node.body?.codeRange)
        functions.append(function)
        functionStack.append(functions.count - 1)
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) { functionStack.removeLast() }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let attributes = attributeNames(node.attributes)
        let attributeArguments = node.attributes.contains { $0.as(AttributeSyntax.self)?.arguments != nil }
        let isStatic = hasModifier(node.modifiers, .static) || hasModifier(node.modifiers, .class)
        let isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
        for binding in node.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = pattern.identifier.text
            var typeName = binding.typeAnnotation.map { simpleTypeName($0.type) }
            if let value = binding.initializer?.value, let call = value.as(FunctionCallExprSyntax.self),
                let called = callee(call.calledExpression), called.base == nil
            {
                typeName = called.name
            }
            if currentFunction == nil, let type = currentType {
                // Accessors other than observers (`willSet`/`didSet`) make a property computed.
                var isComputed = false
                if let accessors = binding.accessorBlock {
                    switch accessors.accessors {
                    case .getter: isComputed = true
                    case .accessors(let list):
                        isComputed = list.contains {
                            let kind = $0.accessorSpecifier.tokenKind
                            return kind != .keyword(.willSet) && kind != .keyword(.didSet)
                        }
                    @unknown default: isComputed = true
                    }
                }
                type.properties.append(
                    PropertyFact(
                        name: name, attributes: attributes, attributeHasArguments: attributeArguments,
                        typeText: binding.typeAnnotation?.type.trimmedText, isLet: isLet, isStatic: isStatic,
                        isLazy: hasModifier(node.modifiers, .lazy), isComputed: isComputed,
                        hasInitialValue: binding.initializer != nil, range: pattern.codeRange))
            }
            variables.append(
                VariableFact(
                    function: currentFunction, enclosingType: currentType?.qualifiedName, name: name,
                    typeName: typeName, memberChain: binding.initializer.flatMap { memberChain($0.value) },
                    range: binding.codeRange))
        }
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        // A computed property's body is a context of its own (`var body: some View { … }`).
        if node.accessorBlock != nil, let pattern = node.pattern.as(IdentifierPatternSyntax.self) {
            let function = FunctionFact(
                kind: .accessor, name: pattern.identifier.text,
                ownerType: currentFunction == nil ? currentType?.qualifiedName : nil, parameters: [],
                returnTypeText: node.typeAnnotation.map { $0.type.trimmedText }, attributes: [],
                isStatic: false, isOverride: false, nameRange: pattern.codeRange, range: node.codeRange,
                bodyRange: node.accessorBlock?.codeRange)
            functions.append(function)
            functionStack.append(functions.count - 1)
        }
        return .visitChildren
    }
    override func visitPost(_ node: PatternBindingSyntax) {
        if node.accessorBlock != nil, node.pattern.is(IdentifierPatternSyntax.self) { functionStack.removeLast() }
    }

    // MARK: Expressions

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
            let target = elements[0].as(MemberAccessExprSyntax.self)
        {
            let valueElements = elements[2...]
            let value: ExpressionFact
            if valueElements.count == 1, let only = valueElements.first {
                value = expressionFact(only)
            } else {
                let start = valueElements.first!.positionAfterSkippingLeadingTrivia.utf8Offset
                let end = valueElements.last!.endPositionBeforeTrailingTrivia.utf8Offset
                value = ExpressionFact(
                    text: valueElements.map(\.trimmedText).joined(separator: " "),
                    range: CodeRange(start: start, end: max(start, end)), coordinatorBase: nil, identifier: nil,
                    isSelf: false, isProjectedBinding: false, isLiteral: false, isNil: false)
            }
            assignments.append(
                AssignmentFact(
                    function: currentFunction, baseText: target.base?.trimmedText,
                    member: target.declName.baseName.text, value: value, range: node.codeRange))
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let called = callee(node.calledExpression) else { return .visitChildren }
        var trailing: [String?] = []
        if node.trailingClosure != nil { trailing.append(nil) }
        for closure in node.additionalTrailingClosures { trailing.append(closure.label.text) }
        calls.append(
            CallFact(
                function: currentFunction, enclosingType: currentType?.qualifiedName, name: called.name,
                baseText: called.base,
                arguments: node.arguments.map {
                    ArgumentFact(label: $0.label?.text, value: expressionFact($0.expression))
                },
                trailingClosureLabels: trailing, inHostingConfiguration: hostingConfigurationDepth > 0,
                resultDropped: Self.dropsResult(node), nameRange: called.range, range: node.codeRange))
        if called.name == "UIHostingConfiguration" && called.base == nil {
            // Only the content closure counts; walk it with the flag set, then skip the default walk.
            hostingConfigurationDepth += 1
            for argument in node.arguments { walk(argument) }
            if let closure = node.trailingClosure { walk(closure) }
            for closure in node.additionalTrailingClosures { walk(closure) }
            hostingConfigurationDepth -= 1
            walk(node.calledExpression)
            return .skipChildren
        }
        return .visitChildren
    }

    /// Whether nothing uses the call's value: it stands as a statement, or as `_ = call`. The one statement
    /// of a closure, accessor or function body may be its value (`var token: AnyCancellable { s.sink {} }`),
    /// so only a statement among others, or in top-level code, drops it.
    private static func dropsResult(_ node: FunctionCallExprSyntax) -> Bool {
        if let item = node.parent?.as(CodeBlockItemSyntax.self) {
            guard let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return false }
            return list.count > 1 || list.parent?.is(SourceFileSyntax.self) == true
        }
        guard let list = node.parent?.as(ExprListSyntax.self), list.count == 3,
            let sequence = list.parent?.as(SequenceExprSyntax.self),
            sequence.parent?.is(CodeBlockItemSyntax.self) == true
        else { return false }
        let elements = Array(list)
        return elements[0].is(DiscardAssignmentExprSyntax.self) && elements[1].is(AssignmentExprSyntax.self)
            && elements[2].id == node.id
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if let base = node.base?.as(DeclReferenceExprSyntax.self), case .identifier(let name) = base.baseName.tokenKind
        {
            memberReferences.append(
                MemberReferenceFact(
                    function: currentFunction, base: name, member: node.declName.baseName.text, range: node.codeRange))
        }
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        // `#selector(getter: x)` and `#selector(setter: x)` name properties, not methods: not ours.
        guard node.macroName.text == "selector", node.arguments.count == 1, let only = node.arguments.first,
            only.label == nil
        else {
            return .visitChildren
        }
        let argument = only.expression
        var typeName: String?
        var reference: DeclReferenceExprSyntax?
        if let member = argument.as(MemberAccessExprSyntax.self) {
            reference = member.declName
            typeName = member.base?.trimmedText
        } else if let plain = argument.as(DeclReferenceExprSyntax.self) {
            reference = plain
        }
        if let reference {
            selectors.append(
                SelectorFact(
                    function: currentFunction, enclosingType: currentType?.qualifiedName,
                    typeName: typeName == "self" || typeName == "Self" ? nil : typeName,
                    methodName: reference.baseName.text,
                    labels: reference.argumentNames.map { $0.arguments.map { $0.name.text } },
                    range: node.codeRange))
        }
        return .visitChildren
    }
}

/// `a.b.c`, `a.b!`, `self.a?.b` as `a.b.c`, `a.b`, `a.b` (unwrapping and `self.` dropped); nil for a value
/// that is not a chain of names.
private func memberChain(_ value: ExprSyntax) -> String? {
    if let unwrapped = value.as(ForceUnwrapExprSyntax.self) { return memberChain(unwrapped.expression) }
    if let optional = value.as(OptionalChainingExprSyntax.self) { return memberChain(optional.expression) }
    if let reference = value.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    guard let access = value.as(MemberAccessExprSyntax.self), let base = access.base,
        let chain = memberChain(base)
    else { return nil }
    let member = access.declName.baseName.text
    return chain == "self" ? member : chain + "." + member
}
