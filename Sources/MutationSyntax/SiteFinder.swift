internal import SwiftSyntax

/// The walk that finds a snippet's mutation sites and evidence (`mutationSites(in:)`): the defects a
/// type, a method or a wiring can be given, each with the edits that inject it, and the protocols, methods
/// and calls that say what the defect would break. Apart from the vocabulary in `MutationSites.swift`,
/// which says what a site and its evidence are.
final class SiteFinder: SyntaxVisitor {
    let code: [UInt8]
    var sites: [MutationSite] = []
    var evidence = SnippetEvidence()

    init(code: [UInt8]) {
        self.code = code
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind {
        let names = node.inheritedTypes.map { $0.type.trimmedDescription }
        evidence.adoptedTypes.formUnion(names)
        if let owner = declaredName(of: node.parent) {
            evidence.adoptedByType[owner, default: []].formUnion(names)
            if names.contains(where: { $0.hasSuffix("Representable") }) { evidence.representables.insert(owner) }
        }
        return .visitChildren
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        if !node.attributes.contains(where: { isAttribute($0, named: "objc") }) {
            evidence.swiftProtocols.insert(node.name.text)
        }
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "selector", let argument = node.arguments.first?.expression {
            evidence.selectorMethods.insert(selectedMethod(argument))
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.declName.baseName.text == "coordinator", node.base != nil { evidence.usesCoordinator = true }
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let path = typePath(of: Syntax(node))
        if let enclosing = enclosingTypeDeclaration(of: Syntax(node)), adoptsRepresentable(enclosing) {
            evidence.usesCoordinator = true
        }
        if let inheritance = node.inheritanceClause,
            let object = inheritance.inheritedTypes.first(where: { $0.type.trimmedDescription == "NSObject" })
        {
            sites.append(
                MutationSite(
                    key: TargetKey(kind: .nsObjectRemoved, typePath: path, name: node.name.text),
                    edits: removal(of: object, in: inheritance)))
        }
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        if let enclosing = enclosingTypeDeclaration(of: Syntax(node)), adoptsRepresentable(enclosing) {
            evidence.usesCoordinator = true
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let path = typePath(of: Syntax(node))
        let name = fullName(node)
        let owner = enclosingTypeDeclaration(of: Syntax(node))
        if node.name.text == "makeCoordinator", node.signature.parameterClause.parameters.isEmpty {
            sites.append(
                MutationSite(
                    key: TargetKey(kind: .makeCoordinatorRemoved, typePath: path, name: "makeCoordinator()"),
                    edits: wholeLines(Syntax(node)).map { [$0] }))
        }
        let isUpdate = RequiredMethods.updateMethods.contains(name) && (owner.map(adoptsRepresentable) ?? true)
        if isUpdate || RequiredMethods.protocolRequiring(name) != nil {
            sites.append(
                MutationSite(
                    key: TargetKey(kind: .requiredMethodRemoved, typePath: path, name: name),
                    edits: wholeLines(Syntax(node)).map { [$0] }))
        }
        if let objc = node.attributes.first(where: { isAttribute($0, named: "objc") }),
            !(owner.map(hasObjcMembers) ?? false)
        {
            sites.append(
                MutationSite(
                    key: TargetKey(kind: .objcDropped, typePath: path, name: name),
                    edits: attributeRemoval(objc).map { [$0] }))
        }
        if RequiredMethods.makeMethods.contains(node.name.text), let body = node.body {
            for wiring in wirings(in: body) {
                sites.append(wiringRemovedSite(wiring, typePath: path))
                sites.append(wiringMovedSite(wiring, typePath: path, make: node, owner: owner))
            }
        }
        return .visitChildren
    }

    // MARK: wiring

    private struct Wiring {
        let statement: CodeBlockItemSyntax
        let property: String
    }

    /// `x.dataSource = context.coordinator` (any `…dataSource`/`…delegate` property) in a make method.
    private func wirings(in body: CodeBlockSyntax) -> [Wiring] {
        var found: [Wiring] = []
        for item in body.statements {
            guard let sequence = item.item.as(SequenceExprSyntax.self) else { continue }
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                let target = elements[0].as(MemberAccessExprSyntax.self),
                let value = elements[2].as(MemberAccessExprSyntax.self), value.declName.baseName.text == "coordinator"
            else { continue }
            let property = target.declName.baseName.text
            let lowered = property.lowercased()
            guard lowered.hasSuffix("datasource") || lowered.hasSuffix("delegate") else { continue }
            found.append(Wiring(statement: item, property: property))
        }
        return found
    }

    private func wiringRemovedSite(_ wiring: Wiring, typePath: String) -> MutationSite {
        MutationSite(
            key: TargetKey(kind: .wiringRemoved, typePath: typePath, name: wiring.property),
            edits: wholeLines(Syntax(wiring.statement)).map { [$0] })
    }

    /// The wiring deleted from make and written as the first statement of update, on update's own
    /// parameters. No edits when the type has no update method in this snippet.
    private func wiringMovedSite(
        _ wiring: Wiring, typePath: String, make: FunctionDeclSyntax, owner: Syntax?
    ) -> MutationSite {
        let key = TargetKey(kind: .wiringMovedToUpdate, typePath: typePath, name: wiring.property)
        guard let deletion = wholeLines(Syntax(wiring.statement)),
            let members = owner.flatMap(memberBlock),
            let update = members.members.compactMap({ $0.decl.as(FunctionDeclSyntax.self) })
                .first(where: { RequiredMethods.updateMethods.contains(fullName($0)) }),
            let body = update.body
        else { return MutationSite(key: key, edits: nil) }
        let parameters = Array(update.signature.parameterClause.parameters)
        guard parameters.count == 2 else { return MutationSite(key: key, edits: nil) }
        let receiver = (parameters[0].secondName ?? parameters[0].firstName).text
        let context = (parameters[1].secondName ?? parameters[1].firstName).text
        let indentation = lineIndentation(at: wiring.statement.positionAfterSkippingLeadingTrivia.utf8Offset)
        let statement = "\(receiver).\(wiring.property) = \(context).coordinator"
        let brace = body.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
        return MutationSite(
            key: key,
            edits: [deletion, CodeEdit(start: brace, end: brace, replacement: "\n" + indentation + statement)])
    }

    // MARK: edits

    /// The lines `node` occupies, when nothing else stands on them.
    private func wholeLines(_ node: Syntax) -> CodeEdit? {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        var lineStart = start
        while lineStart > 0, code[lineStart - 1] != 0x0A {
            guard code[lineStart - 1] == 0x20 || code[lineStart - 1] == 0x09 else { return nil }
            lineStart -= 1
        }
        var lineEnd = end
        while lineEnd < code.count, code[lineEnd] != 0x0A {
            guard code[lineEnd] == 0x20 || code[lineEnd] == 0x09 || code[lineEnd] == 0x0D else { return nil }
            lineEnd += 1
        }
        if lineEnd < code.count { lineEnd += 1 }
        var alternatives: [Range<Int>] = []
        // The newline before the lines instead of the one after them; then the lines' text alone,
        // leaving an empty line; then the text without its indentation.
        if lineStart > 0 { alternatives.append((lineStart - 1)..<end) }
        alternatives += [lineStart..<end, start..<end]
        return CodeEdit(start: lineStart, end: lineEnd, replacement: "", alternatives: alternatives)
    }

    /// `@objc` on its own line goes with its line; before `func` on the same line, with the blanks after it.
    private func attributeRemoval(_ attribute: AttributeListSyntax.Element) -> CodeEdit? {
        if let lines = wholeLines(Syntax(attribute)) { return lines }
        let start = attribute.positionAfterSkippingLeadingTrivia.utf8Offset
        var end = attribute.endPositionBeforeTrailingTrivia.utf8Offset
        while end < code.count, code[end] == 0x20 || code[end] == 0x09 { end += 1 }
        return CodeEdit(start: start, end: end, replacement: "")
    }

    /// `NSObject` out of an inheritance clause: with its comma when other types follow, with the colon
    /// when it stands alone.
    private func removal(of object: InheritedTypeSyntax, in clause: InheritanceClauseSyntax) -> [CodeEdit]? {
        let types = Array(clause.inheritedTypes)
        if types.count == 1 {
            let start = clause.colon.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = object.endPositionBeforeTrailingTrivia.utf8Offset
            // `class Coordinator: NSObject {`: the colon and the type go, one blank before `{` stays.
            return [CodeEdit(start: start, end: end, replacement: "")]
        }
        guard let index = types.firstIndex(where: { $0.id == object.id }) else { return nil }
        if index + 1 < types.count {
            return [
                CodeEdit(
                    start: object.positionAfterSkippingLeadingTrivia.utf8Offset,
                    end: types[index + 1].positionAfterSkippingLeadingTrivia.utf8Offset, replacement: "")
            ]
        }
        return [
            CodeEdit(
                start: types[index - 1].type.endPositionBeforeTrailingTrivia.utf8Offset,
                end: object.endPositionBeforeTrailingTrivia.utf8Offset, replacement: "")
        ]
    }

    private func lineIndentation(at offset: Int) -> String {
        var lineStart = offset
        while lineStart > 0, code[lineStart - 1] != 0x0A { lineStart -= 1 }
        var end = lineStart
        while end < code.count, code[end] == 0x20 || code[end] == 0x09 { end += 1 }
        return String(decoding: code[lineStart..<end], as: UTF8.self)
    }

    // MARK: names

    private func selectedMethod(_ expression: ExprSyntax) -> String {
        if let access = expression.as(MemberAccessExprSyntax.self) { return access.declName.baseName.text }
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let call = expression.as(FunctionCallExprSyntax.self) { return selectedMethod(call.calledExpression) }
        return expression.trimmedDescription
    }

    private func fullName(_ function: FunctionDeclSyntax) -> String {
        let labels = function.signature.parameterClause.parameters.map { $0.firstName.text + ":" }
        return function.name.text + "(" + labels.joined() + ")"
    }

    private func isAttribute(_ element: AttributeListSyntax.Element, named name: String) -> Bool {
        element.as(AttributeSyntax.self)?.attributeName.trimmedDescription == name
    }

    private func hasObjcMembers(_ declaration: Syntax) -> Bool {
        guard let group = declaration.asProtocol(WithAttributesSyntax.self) else { return false }
        return group.attributes.contains { isAttribute($0, named: "objcMembers") }
    }

    private func adoptsRepresentable(_ declaration: Syntax) -> Bool {
        guard let group = declaration.asProtocol(DeclGroupSyntax.self), let clause = group.inheritanceClause else {
            return false
        }
        return clause.inheritedTypes.contains { $0.type.trimmedDescription.hasSuffix("Representable") }
    }

    private func memberBlock(_ declaration: Syntax) -> MemberBlockSyntax? {
        declaration.asProtocol(DeclGroupSyntax.self)?.memberBlock
    }

    private func declaredName(of node: Syntax?) -> String? {
        guard let node else { return nil }
        if let declaration = node.as(ClassDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(StructDeclSyntax.self) { return declaration.name.text }
        if let declaration = node.as(ExtensionDeclSyntax.self) {
            return declaration.extendedType.trimmedDescription.split(separator: ".").last.map(String.init)
        }
        return nil
    }

    private func enclosingTypeDeclaration(of node: Syntax) -> Syntax? {
        var current = node.parent
        while let candidate = current {
            if candidate.is(ClassDeclSyntax.self) || candidate.is(StructDeclSyntax.self)
                || candidate.is(ExtensionDeclSyntax.self) || candidate.is(EnumDeclSyntax.self)
            {
                return candidate
            }
            current = candidate.parent
        }
        return nil
    }

    /// `PageViewController.Coordinator` for a member of the nested class.
    private func typePath(of node: Syntax) -> String {
        var names: [String] = []
        var current = enclosingTypeDeclaration(of: node)
        while let declaration = current {
            if let name = declaredName(of: declaration) {
                names.append(name)
            } else if let enumeration = declaration.as(EnumDeclSyntax.self) {
                names.append(enumeration.name.text)
            }
            current = enclosingTypeDeclaration(of: declaration)
        }
        return names.reversed().joined(separator: ".")
    }
}
