// The scopes a fragment can be placed in (files, types, extensions) and the evidence that points to one.

internal import SwiftSyntax
internal import SyntaxNames

/// A scope declarations live in: a file's top level, a type, or an extension.
struct Container {
    let fileName: String
    /// `PageViewController.Coordinator`; empty for the file's top level.
    let qualifiedName: String
    let simpleName: String
    /// A type's own declaration (not an extension, not the file).
    let isPrimary: Bool
    /// `struct`, `class`, `enum`, `actor`, `protocol`, `extension`; empty for the file.
    let kind: String
    /// Names in its inheritance clause.
    let inherited: [String]
    /// Where a protocol the type comes to adopt is written: after the last inherited type (`, P`), or
    /// after the name and generic parameters when it inherits nothing (`: P`); nil for the file and
    /// for extensions.
    let conformanceOffset: Int?
    let members: [Member]
    /// Indentation for a new member.
    let memberIndent: [UInt8]
    /// Where a new member goes (the start of the closing brace's line; the file's end); nil when the
    /// brace shares its line with code.
    let insertionOffset: Int?

    var id: String { fileName + "#" + qualifiedName + "#" + (isPrimary ? "" : "extension") }
    var displayName: String { qualifiedName.isEmpty ? fileName : qualifiedName }
}

/// The scopes of a parsed file: its top level, then every type and extension, nested ones included.
func containers(in tree: SourceFileSyntax, bytes: [UInt8], file: String) -> [Container] {
    var result: [Container] = []
    let topLevel = tree.statements.compactMap { $0.item.as(DeclSyntax.self) }
    result.append(
        Container(
            fileName: file, qualifiedName: "", simpleName: "", isPrimary: false, kind: "", inherited: [],
            conformanceOffset: nil, members: topLevel.compactMap { Member($0, in: bytes) }, memberIndent: [], insertionOffset: bytes.count))
    func visit(_ decls: [DeclSyntax], parent: String) {
        for decl in decls {
            guard let group = decl.asProtocol((any DeclGroupSyntax).self) else { continue }
            let isExtension = decl.is(ExtensionDeclSyntax.self)
            let simpleName: String
            if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
                simpleName = extensionDecl.extendedType.trimmedDescription
            } else if let name = decl.typeName {
                simpleName = name
            } else {
                continue
            }
            let qualified = parent.isEmpty || isExtension ? simpleName : parent + "." + simpleName
            let memberDecls = group.memberBlock.members.map(\.decl)
            let members = memberDecls.compactMap { Member($0, in: bytes) }
            let groupStart = decl.positionAfterSkippingLeadingTrivia.utf8Offset
            let groupIndent = Array(bytes[lineStart(of: groupStart, in: bytes)..<groupStart])
            let memberIndent = members.first { !$0.sharesLine }?.indent ?? groupIndent + Array("    ".utf8)
            let brace = group.memberBlock.rightBrace
            let braceOffset = brace.positionAfterSkippingLeadingTrivia.utf8Offset
            let braceLine = lineStart(of: braceOffset, in: bytes)
            let insertion =
                brace.presence == .present && bytes[braceLine..<braceOffset].allSatisfy { $0 == 0x20 || $0 == 0x09 } ? braceLine : nil
            let inheritedTypes = group.inheritanceClause?.inheritedTypes
            let conformanceOffset: Int? =
                isExtension
                ? nil
                : (inheritedTypes?.last?.type.endPositionBeforeTrailingTrivia
                    ?? decl.genericParameterClause?.endPositionBeforeTrailingTrivia
                    ?? decl.nameToken?.endPositionBeforeTrailingTrivia)?.utf8Offset
            result.append(
                Container(
                    fileName: file, qualifiedName: qualified, simpleName: simpleName, isPrimary: !isExtension,
                    kind: (group as any DeclGroupSyntax).introducer.text,
                    inherited: inheritedTypes?.map { simpleTypeName($0.type) } ?? [],
                    conformanceOffset: conformanceOffset, members: members, memberIndent: memberIndent, insertionOffset: insertion))
            visit(memberDecls, parent: qualified)
        }
    }
    visit(topLevel, parent: "")
    return result
}

/// Methods of `UIViewRepresentable`/`UIViewControllerRepresentable` and their AppKit forms.
private let representableMethods: Set<String> = [
    "makeUIView", "updateUIView", "makeUIViewController", "updateUIViewController", "dismantleUIView",
    "dismantleUIViewController", "makeNSView", "updateNSView", "makeNSViewController", "updateNSViewController",
    "dismantleNSView", "dismantleNSViewController", "makeCoordinator", "sizeThatFits",
]

/// How a type was found for a fragment's new members.
enum Evidence {
    /// The signatures need it (a representable's methods, a delegate's).
    case signature
    /// The prose names it.
    case prose
    /// A replaced sibling, the recent file, the only type: to be corroborated.
    case weak
}

/// The one type new members of the fragment go into, and how it was found; nil when no single one is
/// pointed at.
func pointedContainer(
    candidates: [Container], anchored: [Container], declarations: [DeclSyntax], prose: String, recentFiles: [String]
) -> (container: Container, evidence: Evidence)? {
    var remaining = candidates
    func narrow(_ keep: (Container) -> Bool) -> Bool {
        let subset = remaining.filter(keep)
        guard !subset.isEmpty else { return false }
        remaining = subset
        return remaining.count == 1
    }
    // What the signatures need.
    var needsRepresentable = false
    var delegatingClasses = Set<String>()
    var returnedTypes = Set<String>()
    var needsView = false
    for decl in declarations {
        if let function = decl.as(FunctionDeclSyntax.self) {
            if representableMethods.contains(function.name.text) { needsRepresentable = true }
            if let name = delegatingClassName(function) { delegatingClasses.insert(name) }
            if function.name.text == "makeCoordinator", let returned = function.signature.returnClause?.type,
                !declarations.contains(where: { $0.typeName == simpleTypeName(returned) })
            {
                returnedTypes.insert(simpleTypeName(returned))
            }
        }
        if let variable = decl.as(VariableDeclSyntax.self), variable.bindings.count == 1,
            variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
            variable.bindings.first?.typeAnnotation?.type.trimmedDescription == "some View"
        {
            needsView = true
        }
    }
    if needsRepresentable, narrow({ $0.inherited.contains { $0.hasSuffix("Representable") } }) {
        return (remaining[0], .signature)
    }
    if !returnedTypes.isEmpty,
        narrow({ container in container.members.contains { returnedTypes.contains(String($0.key.dropFirst(5))) && $0.key.hasPrefix("type ") } })
    {
        return (remaining[0], .signature)
    }
    if !delegatingClasses.isEmpty,
        narrow({ container in
            container.inherited.contains { name in delegatingClasses.contains { name.hasPrefix($0) && name != $0 } }
        })
    {
        return (remaining[0], .signature)
    }
    // Every view has a body: the only view is weak evidence, to be corroborated.
    if needsView, narrow({ $0.inherited.contains("View") }) { return (remaining[0], .weak) }
    // The prose names the type.
    let words = proseWords(prose)
    if narrow({ words.contains($0.simpleName) }) { return (remaining[0], .prose) }
    // Members shown together belong together: a replaced sibling decides.
    if anchored.count == 1, !anchored[0].qualifiedName.isEmpty { return (anchored[0], .weak) }
    // The file the reader is working in.
    if let recent = recentFiles.first(where: { name in remaining.contains { $0.fileName == name } }),
        narrow({ $0.fileName == recent })
    {
        return (remaining[0], .weak)
    }
    // Previews are not where a tutorial adds members.
    if narrow({ container in !container.inherited.contains("PreviewProvider") && !isPreviewTypeName(container.simpleName) }) {
        return (remaining[0], .weak)
    }
    // A top-level type rather than one nested in it.
    if narrow({ !$0.qualifiedName.containsText(".") }) { return (remaining[0], .weak) }
    return nil
}

/// The framework class a delegate or data source method is about, named by its first parameter
/// (`UIPageViewController` for `pageViewController(_ controller: UIPageViewController, …)`).
func delegatingClassName(_ function: FunctionDeclSyntax) -> String? {
    guard let first = function.signature.parameterClause.parameters.first else { return nil }
    let name = simpleTypeName(first.type)
    return ["UI", "NS", "MK", "WK"].contains(where: name.hasPrefix) ? name : nil
}

/// The protocol a delegate or data source method's step says its type comes to adopt: the prose names
/// `<the method's class>Delegate` (or `DataSource`), which the type adopts neither in its declaration nor
/// in an extension. Translations of Apple's tutorials show the method alone and leave the conformance to
/// the sentence ("make the coordinator conform to UIPageViewControllerDelegate and add this method").
func conformanceNamedInProse(for decl: DeclSyntax, prose: String, container: Container, all: [Container]) -> String? {
    guard let function = decl.as(FunctionDeclSyntax.self), container.isPrimary, container.conformanceOffset != nil,
        let delegating = delegatingClassName(function)
    else { return nil }
    let words = proseWords(prose)
    let named = [delegating + "Delegate", delegating + "DataSource"].filter { words.contains($0) }
    guard named.count == 1, let name = named.first else { return nil }
    // Its extensions name it as written: `Coordinator`, `TaskTable.Coordinator`.
    let adopted = all.filter { other in
        other.id == container.id
            || (!other.isPrimary && [container.simpleName, container.qualifiedName].contains(other.simpleName))
    }
    return adopted.contains { $0.inherited.contains(name) } ? nil : name
}

/// The one file whose latest state has a declaration of the same identity as the snippet's only
/// declaration and shares at least half of its body's lines (its first line, blank lines and lines of
/// brackets aside): the step rewrites that declaration, whichever file an earlier step named. Nil when
/// no file or more than one does.
public func fileRewrittenBy(shown code: String, files: [PlacementFile], trees: SyntaxTrees) -> String? {
    guard let tree = trees.tree(blankingElisions(in: code)), !tree.hasError, tree.statements.count == 1, case .decl(let decl) = tree.statements.first?.item,
        let member = Member(decl, in: Array(code.utf8))
    else { return nil }
    let shown = significantBodyLines(Array(code.utf8)[member.range])
    guard shown.count >= 2 else { return nil }
    var rewritten = Set<String>()
    for file in files where file.name.hasSuffix(".swift") {
        let bytes = Array(file.code.utf8)
        guard let tree = trees.tree(file.code) else { continue }
        for container in containers(in: tree, bytes: bytes, file: file.name) {
            for old in container.members where old.key == member.key
                && (old.opaqueType == nil || member.opaqueType == nil || old.opaqueType == member.opaqueType)
            {
                let before = Set(significantBodyLines(bytes[old.range]))
                if shown.filter(before.contains).count * 2 >= shown.count { rewritten.insert(file.name) }
            }
        }
    }
    return rewritten.count == 1 ? rewritten.first : nil
}

/// A declaration's lines after its first, trimmed, without blank lines and lines of brackets only.
private func significantBodyLines(_ bytes: ArraySlice<UInt8>) -> [String] {
    String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst()
        .map { String($0.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()) }
        .filter { line in !line.isEmpty && !isPunctuationLine(line.utf8) }
}

/// Names a declaration uses bare (`isFeatured`, not `x.isFeatured` nor a call) that it does not declare
/// itself and that neither the type nor the top level of its file declares: evidence that the member
/// belongs to another type.
func unresolvedNames(in decl: DeclSyntax, known containers: [Container], in type: Container) -> Set<String> {
    final class Collector: SyntaxVisitor {
        var used = Set<String>()
        var declared = Set<String>()
        /// `#if os(macOS)`: platform names are no references.
        var conditions: [Range<AbsolutePosition>] = []
        override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
            if let condition = node.condition { conditions.append(condition.position..<condition.endPosition) }
            return .visitChildren
        }
        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if conditions.contains(where: { $0.contains(node.position) }) { return .visitChildren }
            let name = node.baseName.text
            let isMemberName = node.parent?.as(MemberAccessExprSyntax.self)?.declName.id == node.id
            let isCalled = node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
            // `\.selectedLandmark` names a property of some other type.
            if node.parent?.is(KeyPathPropertyComponentSyntax.self) ?? false { return .visitChildren }
            if !isMemberName, !isCalled, let first = name.first, first.isLowercase || first == "$" || first == "_" {
                used.insert(name.hasPrefix("$") ? String(name.dropFirst()) : name)
            }
            return .visitChildren
        }
        override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
            declared.insert(node.identifier.text)
            return .visitChildren
        }
        override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
            declared.insert(node.firstName.text)
            if let second = node.secondName { declared.insert(second.text) }
            return .visitChildren
        }
        override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
            declared.insert(node.name.text)
            return .visitChildren
        }
        override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
            declared.insert(node.firstName.text)
            if let second = node.secondName { declared.insert(second.text) }
            return .visitChildren
        }
    }
    let collector = Collector(viewMode: .sourceAccurate)
    collector.walk(decl)
    var known = collector.declared
    known.formUnion(["self", "super", "newValue", "oldValue", "error", "context", "coordinator"])
    for container in containers where container.id == type.id || container.qualifiedName.isEmpty
        || container.simpleName == type.simpleName
    {
        for member in container.members { known.insert(member.name) }
    }
    return collector.used.subtracting(known).filter { !$0.hasPrefix("$") && !$0.allSatisfy(\.isNumber) && $0.first != "_" }
}

/// The top level of the file an extension (or protocol) goes to: the file that declares the extended
/// type, or the only file; nil when that is not one file.
func fileContainer(for decl: DeclSyntax, files: [[Container]], targetFile: String?) -> Container? {
    let topLevels = files.compactMap(\.first)
    if let targetFile { return topLevels.first { $0.fileName == targetFile } }
    if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
        let extended = simpleTypeName(extensionDecl.extendedType)
        let declaring = files.filter { $0.contains { $0.isPrimary && $0.simpleName == extended } }
        if declaring.count == 1 { return declaring[0].first }
    }
    return topLevels.count == 1 ? topLevels[0] : nil
}

extension DeclSyntax {
    /// The name of a type declaration (struct, class, enum, actor, protocol), nil for anything else.
    var typeName: String? {
        if let decl = self.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = self.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = self.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = self.as(ActorDeclSyntax.self) { return decl.name.text }
        if let decl = self.as(ProtocolDeclSyntax.self) { return decl.name.text }
        return nil
    }

    /// The name token of a type declaration.
    var nameToken: TokenSyntax? {
        if let decl = self.as(StructDeclSyntax.self) { return decl.name }
        if let decl = self.as(ClassDeclSyntax.self) { return decl.name }
        if let decl = self.as(EnumDeclSyntax.self) { return decl.name }
        if let decl = self.as(ActorDeclSyntax.self) { return decl.name }
        if let decl = self.as(ProtocolDeclSyntax.self) { return decl.name }
        return nil
    }

    /// The generic parameters of a type declaration (`<Page: View>`).
    var genericParameterClause: GenericParameterClauseSyntax? {
        if let decl = self.as(StructDeclSyntax.self) { return decl.genericParameterClause }
        if let decl = self.as(ClassDeclSyntax.self) { return decl.genericParameterClause }
        if let decl = self.as(EnumDeclSyntax.self) { return decl.genericParameterClause }
        if let decl = self.as(ActorDeclSyntax.self) { return decl.genericParameterClause }
        return nil
    }

    /// A stored instance property: a `var`/`let` without accessors that is not `static`.
    var isStoredProperty: Bool {
        guard let variable = self.as(VariableDeclSyntax.self) else { return false }
        if variable.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }) { return false }
        return variable.bindings.allSatisfy { $0.accessorBlock == nil }
    }

    /// Whether the declaration uses the identifier `name` anywhere in its text.
    func mentions(_ name: String) -> Bool {
        tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(name) }
    }

    /// The type names a property's annotation uses (`Hike` for `var hikes: [Hike]`).
    var propertyTypeNames: Set<String> {
        guard let variable = self.as(VariableDeclSyntax.self) else { return [] }
        var names = Set<String>()
        for binding in variable.bindings {
            guard let type = binding.typeAnnotation?.type else { continue }
            for token in type.tokens(viewMode: .sourceAccurate) {
                if case .identifier(let name) = token.tokenKind { names.insert(name) }
            }
        }
        return names
    }

    /// `let x = f()` with no attribute, modifier, type or accessor: as likely a statement of a method as
    /// a property, so no evidence of a member.
    var isLocalLooking: Bool {
        guard let variable = self.as(VariableDeclSyntax.self), variable.attributes.isEmpty, variable.modifiers.isEmpty
        else { return false }
        return variable.bindings.allSatisfy { $0.typeAnnotation == nil && $0.accessorBlock == nil }
    }

    /// The names in a type's inheritance clause.
    var inheritedNames: [String] {
        self.asProtocol((any DeclGroupSyntax).self)?.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
    }

    /// A SwiftUI preview type (`PreviewProvider`, `…_Previews`): it stays at a file's top level.
    var isPreview: Bool {
        guard let name = typeName else { return false }
        return inheritedNames.contains("PreviewProvider") || isPreviewTypeName(name)
    }
}
