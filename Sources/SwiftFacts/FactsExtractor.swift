internal import SnippetComposition
internal import SwiftDiagnostics
internal import SwiftParser
internal import SwiftParserDiagnostics
internal import SwiftSyntax

/// Extracts `SnippetFacts` from a parsed tree in one walk.
func extractFacts(from tree: SourceFileSyntax, code: String) -> SnippetFacts {
    let collector = FactsCollector(viewMode: .sourceAccurate)
    collector.walk(tree)
    let lineStarts = codeLineStarts(code)
    return SnippetFacts(
        types: collector.types.map { $0.build() }, functions: collector.functions,
        assignments: collector.assignments, calls: collector.calls, selectors: collector.selectors,
        variables: collector.variables, memberReferences: collector.memberReferences,
        syntaxErrors: syntaxErrors(in: tree),
        lineSuppressions: lineSuppressions(in: code, lineStarts: lineStarts), elidedLines: elidedLines(in: code),
        lineStarts: lineStarts)
}

/// Parses `code` and extracts its facts (no cache, no previous tree: see `FactsCache` for both).
public func extractFacts(code: String) -> SnippetFacts {
    extractFacts(from: Parser.parse(source: code), code: code)
}

func codeLineStarts(_ code: String) -> [Int] {
    var starts = [0]
    var offset = 0
    for byte in code.utf8 {
        offset += 1
        if byte == 0x0A { starts.append(offset) }
    }
    return starts
}

private func syntaxErrors(in tree: SourceFileSyntax) -> [SyntaxErrorFact] {
    guard tree.hasError else { return [] }
    if let token = tokenThatTrapsTheDiagnosticsGenerator(in: tree) {
        return [SyntaxErrorFact(message: "'=' must have consistent whitespace on both sides", range: token.codeRange)]
    }
    return ParseDiagnosticsGenerator.diagnostics(for: tree).compactMap { diagnostic -> SyntaxErrorFact? in
        guard diagnostic.diagMessage.severity == .error else { return nil }
        let node = diagnostic.node
        var range = node.codeRange
        if let highlight = diagnostic.highlights.first, !highlight.codeRange.isEmpty {
            range = highlight.codeRange
        }
        if range.isEmpty {
            // A missing token has no characters: point at the token after it, or at the end of the file
            // at the last real token, so the finding lands on characters of the snippet.
            if let next = node.nextToken(viewMode: .sourceAccurate), next.tokenKind != .endOfFile,
                !next.codeRange.isEmpty
            {
                range = next.codeRange
            } else if let previous = node.previousToken(viewMode: .sourceAccurate), !previous.codeRange.isEmpty {
                range = previous.codeRange
            }
        }
        return SyntaxErrorFact(message: diagnostic.message, range: range)
    }
}

/// The toolchain's ParseDiagnosticsGenerator traps ("A Fix-It must have at least one change") on an `=`
/// whose lexer diagnostic says its whitespace is inconsistent while both sides do hold spaces: an
/// invalid character glued to it, as in `g \u{FFFD}= 1` (found by fuzz-pipeline,
/// Fixtures/fuzz-regressions/pipeline/). Such a tree gets one error of ours at that token instead.
private func tokenThatTrapsTheDiagnosticsGenerator(in tree: SourceFileSyntax) -> TokenSyntax? {
    func hasSpace(_ trivia: Trivia?) -> Bool {
        trivia?.contains { piece in
            switch piece {
            case .spaces, .tabs: return true
            default: return false
            }
        } ?? false
    }
    for token in tree.tokens(viewMode: .sourceAccurate)
    where token.tokenDiagnostic?.kind == .equalMustHaveConsistentWhitespaceOnBothSides {
        if hasSpace(token.previousToken(viewMode: .all)?.trailingTrivia), hasSpace(token.trailingTrivia) { return token }
    }
    return nil
}

/// Lines that stand for omitted code (`ElidedCode`: `// ...`, `…`, `// existing code`, `{ ... }` bodies
/// and their Korean, Chinese and Japanese forms), or an editor placeholder.
private func elidedLines(in code: String) -> [Int] {
    var result = ElidedCode.markerLines(in: code)
    // Byte search first (Foundation's `contains` was a seventh of a lint); the lines are judged below.
    if containsBytes(Array(code.utf8), Array("<#".utf8)) {
        for (line, text) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where text.contains("<#") && text.contains("#>") && !result.contains(line) {
            result.append(line)
        }
        result.sort()
    }
    return result
}

/// Finds `tutorial-check:disable-line` in line comments by scanning the text, so suppressions work
/// even in code that does not parse.
private func lineSuppressions(in code: String, lineStarts: [Int]) -> [LineSuppression] {
    let marker = "tutorial-check:disable-line"
    // A byte search first: `String.contains(String)` goes through Foundation's locale-aware search, which
    // cost as much as a tenth of the whole facts extraction, for a marker almost no snippet has.
    guard containsBytes(Array(code.utf8), Array(marker.utf8)) else { return [] }
    var result: [LineSuppression] = []
    for (line, text) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        guard let comment = text.range(of: "//"), let found = text.range(of: marker),
            comment.lowerBound < found.lowerBound
        else { continue }
        let rules = text[found.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            .map(String.init).filter { !$0.isEmpty }
        result.append(LineSuppression(line: line, rules: rules))
    }
    return result
}

/// Whether `needle` occurs in `haystack`, compared byte by byte.
private func containsBytes(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first else { return true }
    guard bytes.count >= needle.count else { return false }
    var index = 0
    while index <= bytes.count - needle.count {
        if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
        index += 1
    }
    return false
}

extension SyntaxProtocol {
    /// The node's text without its leading and trailing trivia, as `trimmedDescription` gives it.
    ///
    /// `trimmedDescription` rebuilds the node through key paths (about 40,000 instructions a call, a
    /// third of the facts extraction); for a node without missing tokens the same text is the node's
    /// description with the first token's leading and the last token's trailing trivia cut off.
    var trimmedText: String {
        if hasError { return trimmedDescription }
        let leading = leadingTriviaLength.utf8Length
        let trailing = trailingTriviaLength.utf8Length
        if leading == 0, trailing == 0 { return description }
        let bytes = Array(description.utf8)
        guard leading + trailing <= bytes.count else { return trimmedDescription }
        return String(decoding: bytes[leading..<(bytes.count - trailing)], as: UTF8.self)
    }

    /// UTF-8 range in the snippet code, without leading and trailing trivia.
    var codeRange: CodeRange {
        let start = positionAfterSkippingLeadingTrivia.utf8Offset
        let end = max(start, endPositionBeforeTrailingTrivia.utf8Offset)
        return CodeRange(start: start, end: end)
    }

}

/// Removes generic arguments, optionality and module prefixes: `UIKit.UIHostingController<Page>?` → `UIHostingController`.
func simpleTypeName(_ type: TypeSyntax) -> String {
    if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
    if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
    if let optional = type.as(OptionalTypeSyntax.self) { return simpleTypeName(optional.wrappedType) }
    if let implicit = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
        return simpleTypeName(implicit.wrappedType)
    }
    if let attributed = type.as(AttributedTypeSyntax.self) { return simpleTypeName(attributed.baseType) }
    return type.trimmedText
}

/// The dotted name of a type as written (`Self.Coordinator` → `Coordinator`, `PageView.Coordinator` kept).
func dottedTypeName(_ type: TypeSyntax) -> String {
    if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
    if let member = type.as(MemberTypeSyntax.self) {
        let base = dottedTypeName(member.baseType)
        return base == "Self" ? member.name.text : base + "." + member.name.text
    }
    if let optional = type.as(OptionalTypeSyntax.self) { return dottedTypeName(optional.wrappedType) }
    return type.trimmedText
}

private func attributeNames(_ attributes: AttributeListSyntax) -> [String] {
    attributes.compactMap { element in
        element.as(AttributeSyntax.self).map { simpleTypeName($0.attributeName) }
    }
}

private func parameters(_ clause: FunctionParameterClauseSyntax) -> [ParameterFact] {
    clause.parameters.map { parameter in
        let first = parameter.firstName.text
        let label: String? = first == "_" ? nil : first
        let internalName = parameter.secondName?.text ?? first
        return ParameterFact(
            label: label, internalName: internalName, typeText: parameter.type.trimmedText,
            hasDefault: parameter.defaultValue != nil, isVariadic: parameter.ellipsis != nil)
    }
}

private func hasModifier(_ modifiers: DeclModifierListSyntax, _ keyword: Keyword) -> Bool {
    modifiers.contains { $0.name.tokenKind == .keyword(keyword) }
}

/// Describes an expression for the rules.
func expressionFact(_ expression: ExprSyntax) -> ExpressionFact {
    var coordinatorBase: String?
    var identifier: String?
    var isSelf = false
    var isProjected = false
    if let member = expression.as(MemberAccessExprSyntax.self) {
        if member.declName.baseName.text == "coordinator", let base = member.base?.as(DeclReferenceExprSyntax.self) {
            coordinatorBase = base.baseName.text
        }
        if let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.tokenKind == .keyword(.self) {
            let name = member.declName.baseName.text
            if name.hasPrefix("$") { isProjected = true } else { identifier = name }
        }
    } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
        switch reference.baseName.tokenKind {
        case .keyword(.self): isSelf = true
        case .dollarIdentifier: isProjected = true
        default:
            let name = reference.baseName.text
            if name.hasPrefix("$") { isProjected = true } else { identifier = name }
        }
    }
    let isLiteral =
        expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
        || expression.is(StringLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self)
    return ExpressionFact(
        text: expression.trimmedText, range: expression.codeRange, coordinatorBase: coordinatorBase,
        identifier: identifier, isSelf: isSelf, isProjectedBinding: isProjected, isLiteral: isLiteral,
        isNil: expression.is(NilLiteralExprSyntax.self))
}

/// The called name and base of a call's callee.
private func callee(_ expression: ExprSyntax) -> (name: String, base: String?, range: CodeRange)? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
        return (reference.baseName.text, nil, reference.codeRange)
    }
    if let generic = expression.as(GenericSpecializationExprSyntax.self),
        let reference = generic.expression.as(DeclReferenceExprSyntax.self)
    {
        return (reference.baseName.text, nil, generic.codeRange)
    }
    if let member = expression.as(MemberAccessExprSyntax.self) {
        return (member.declName.baseName.text, member.base?.trimmedText, member.declName.codeRange)
    }
    return nil
}

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

    func build() -> TypeFact {
        TypeFact(
            kind: kind, name: name, qualifiedName: qualifiedName, parent: parent, inherited: inherited,
            attributes: attributes, properties: properties, initializers: initializers,
            hasGenericParameters: hasGenericParameters, nameRange: nameRange, range: range)
    }
}

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

    /// Pushes a named type declaration (struct, class, enum, actor, protocol) for its members to join.
    private func pushNamed(_ node: some DeclGroupSyntax & NamedDeclSyntax, _ kind: TypeFact.Kind, generic: Bool) {
        pushType(
            kind, name: node.name.text, inheritance: node.inheritanceClause, attributes: node.attributes,
            generic: generic, nameNode: node.name, node: node)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        pushNamed(node, .struct, generic: node.genericParameterClause != nil)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        pushNamed(node, .class, generic: node.genericParameterClause != nil)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        pushNamed(node, .enum, generic: node.genericParameterClause != nil)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        pushNamed(node, .actor, generic: node.genericParameterClause != nil)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        pushNamed(node, .protocol, generic: false)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(
            .extension, name: dottedTypeName(node.extendedType), inheritance: node.inheritanceClause,
            attributes: node.attributes, generic: false, nameNode: node.extendedType, node: node)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }

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
                    typeName: typeName, range: binding.codeRange))
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
                nameRange: called.range, range: node.codeRange))
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
