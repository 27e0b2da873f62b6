// The declarations placement handles: their identity within a type and the bytes they cover.

internal import SwiftSyntax

/// A declaration with its identity and the bytes it covers.
struct Member {
    /// What makes two declarations the same one: `func name(a:b:)`, `init(_:)`, `var name`, `type Name`.
    let key: String
    /// From the start of its first line (comments attached to it included) to the end of its last token.
    let range: Range<Int>
    /// The indentation of its first line.
    let indent: [UInt8]
    /// Other code precedes it on its first line.
    let sharesLine: Bool
    /// The `some P` a property is declared with (`some Commands` for a command set's body), else nil.
    let opaqueType: String?

    /// The declared name (`makeCoordinator`, `currentPage`, `Coordinator`).
    var name: String {
        let afterKind = key.split(separator: " ", maxSplits: 1).last.map(String.init) ?? key
        return String(afterKind.prefix { $0 != "(" && $0 != ":" && $0 != "," })
    }

    var displayName: String {
        if key.hasPrefix("type ") { return String(key.dropFirst(5)) }
        if key.hasPrefix("func ") { return String(key.dropFirst(5)) }
        return key
    }

    init?(_ decl: DeclSyntax, in bytes: [UInt8]) {
        guard let key = declarationKey(decl) else { return nil }
        self.key = key
        let annotation = decl.as(VariableDeclSyntax.self)?.bindings.first?.typeAnnotation?.type
        opaqueType = annotation.flatMap { $0.is(SomeOrAnyTypeSyntax.self) ? $0.trimmedDescription : nil }
        let declStart = decl.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = max(declStart, decl.endPositionBeforeTrailingTrivia.utf8Offset)
        var start = lineStart(of: declStart, in: bytes)
        sharesLine = !bytes[start..<declStart].allSatisfy { $0 == 0x20 || $0 == 0x09 }
        indent = sharesLine ? [] : Array(bytes[start..<declStart])
        // Comment lines right above it (no blank line between) belong to it; elision markers do not.
        if !sharesLine {
            let triviaStart = decl.position.utf8Offset
            while start > triviaStart {
                let previousStart = lineStart(of: start - 1, in: bytes)
                let line = Substring(String(decoding: bytes[max(previousStart, triviaStart)..<(start - 1)], as: UTF8.self))
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                guard trimmed.hasPrefix("//") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("*"),
                    !ElidedCode.isMarkerLine(line), previousStart >= triviaStart
                else { break }
                start = previousStart
            }
        }
        range = start..<end
    }
}

/// The identity of a declaration within its type, nil for declarations placement does not handle.
func declarationKey(_ decl: DeclSyntax) -> String? {
    func labels(_ parameters: FunctionParameterListSyntax) -> String {
        parameters.map { $0.firstName.text + ":" }.joined()
    }
    if let function = decl.as(FunctionDeclSyntax.self) {
        return "func \(function.name.text)(\(labels(function.signature.parameterClause.parameters)))"
    }
    if let initializer = decl.as(InitializerDeclSyntax.self) {
        return "init\(initializer.optionalMark?.text ?? "")(\(labels(initializer.signature.parameterClause.parameters)))"
    }
    if let variable = decl.as(VariableDeclSyntax.self) {
        guard variable.bindings.count == 1, let pattern = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)
        else { return nil }
        return "var \(pattern.identifier.text)"
    }
    if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) {
        return "subscript(\(labels(subscriptDecl.parameterClause.parameters)))"
    }
    if let alias = decl.as(TypeAliasDeclSyntax.self) { return "typealias \(alias.name.text)" }
    if let associated = decl.as(AssociatedTypeDeclSyntax.self) { return "associatedtype \(associated.name.text)" }
    if let name = decl.typeName { return "type \(name)" }
    if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
        let inherited = extensionDecl.inheritanceClause.map { ": " + $0.inheritedTypes.map(\.type.trimmedDescription).joined(separator: ", ") }
        return "extension \(extensionDecl.extendedType.trimmedDescription)\(inherited ?? "")"
    }
    if let macro = decl.as(MacroExpansionDeclSyntax.self) {
        let title = macro.arguments.first.map { " " + $0.expression.trimmedDescription } ?? ""
        return "#\(macro.macroName.text)\(title)"
    }
    if let enumCase = decl.as(EnumCaseDeclSyntax.self) {
        return "case " + enumCase.elements.map(\.name.text).joined(separator: ", ")
    }
    return nil
}
