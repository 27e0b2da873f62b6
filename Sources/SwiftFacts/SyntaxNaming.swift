internal import SwiftSyntax
internal import SyntaxNames

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

func attributeNames(_ attributes: AttributeListSyntax) -> [String] {
    attributes.compactMap { element in
        element.as(AttributeSyntax.self).map { simpleTypeName($0.attributeName) }
    }
}

func parameters(_ clause: FunctionParameterClauseSyntax) -> [ParameterFact] {
    clause.parameters.map { parameter in
        let first = parameter.firstName.text
        let label: String? = first == "_" ? nil : first
        let internalName = parameter.secondName?.text ?? first
        return ParameterFact(
            label: label, internalName: internalName, typeText: parameter.type.trimmedText,
            hasDefault: parameter.defaultValue != nil, isVariadic: parameter.ellipsis != nil)
    }
}

func hasModifier(_ modifiers: DeclModifierListSyntax, _ keyword: Keyword) -> Bool {
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
func callee(_ expression: ExprSyntax) -> (name: String, base: String?, range: CodeRange)? {
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
