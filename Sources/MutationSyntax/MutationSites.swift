// MutationSyntax owns what the mutants find in Swift code with SwiftParser: the places a lifecycle defect
// can be injected, the edits that inject it, and what a snippet shows that the defect needs to matter.
// SwiftSyntax is imported `internal`ly and the module built with library evolution, as SwiftFacts is.

internal import SwiftParser
internal import SwiftSyntax
internal import TutorialModel

/// The lifecycle defects a mutant injects, each the mistake one rule exists for.
public enum MutationKind: String, CaseIterable, Sendable, Codable {
    /// `x.dataSource = context.coordinator` (or a delegate) dropped from the make method.
    case wiringRemoved = "wiring-removed"
    /// `@objc` dropped from a method a `#selector` names.
    case objcDropped = "objc-dropped"
    case makeCoordinatorRemoved = "make-coordinator-removed"
    /// `NSObject` dropped from the inheritance of a coordinator adopting an Objective-C protocol.
    case nsObjectRemoved = "nsobject-removed"
    /// An update method, or a method a UIKit data source requires, removed.
    case requiredMethodRemoved = "required-method-removed"
    /// The wiring moved from the make method into the update method.
    case wiringMovedToUpdate = "wiring-moved-to-update"

    /// The rule that must report the defect.
    public var expectedRule: String {
        switch self {
        case .wiringRemoved: "coordinator-not-wired"
        case .objcDropped: "selector-target-mismatch"
        case .makeCoordinatorRemoved: "missing-make-coordinator"
        case .nsObjectRemoved: "coordinator-not-nsobject"
        case .requiredMethodRemoved: "missing-required-method"
        case .wiringMovedToUpdate: "wiring-in-update"
        }
    }
}

/// A replacement in a snippet's code, in UTF-8 offsets of the code.
public struct CodeEdit: Hashable, Sendable {
    public let start: Int
    public let end: Int
    public let replacement: String
    /// Other ranges whose replacement gives the same code, or code differing only by a blank line, in
    /// order of preference: a page whose reader drops some bytes of the code (the newlines of a text
    /// document's blank lines) maps only some of them exactly back to the page.
    public var alternatives: [Range<Int>] = []

    /// The first of the ranges whose ends `isExact` accepts, as an edit; nil when none is.
    public func choosing(_ isExact: (Int) -> Bool) -> CodeEdit? {
        for range in [start..<end] + alternatives where isExact(range.lowerBound) && isExact(range.upperBound) {
            return CodeEdit(start: range.lowerBound, end: range.upperBound, replacement: replacement)
        }
        return nil
    }
}

/// What a mutation removes, named so that the same thing is recognised in every step that shows it:
/// the enclosing type's path (empty when a fragment shows the member alone) and the member's name.
public struct TargetKey: Hashable, Sendable {
    public let kind: MutationKind
    public let typePath: String
    public let name: String

    /// The same thing seen in another snippet: equal names, and type paths equal or unknown in one of them.
    public func matches(_ other: TargetKey) -> Bool {
        kind == other.kind && name == other.name
            && (typePath == other.typePath || typePath.isEmpty || other.typePath.isEmpty)
    }

    public var description: String { typePath.isEmpty ? name : "\(typePath).\(name)" }
}

/// One place in a snippet where a mutation applies, with the edits that inject the defect there.
public struct MutationSite: Sendable {
    public let key: TargetKey
    /// Nil when the thing is there but cannot be removed exactly (it shares its line with other code).
    public let edits: [CodeEdit]?
}

/// What a snippet shows that a defect needs before a rule can see it (`SnippetEvidence.holds`).
public struct SnippetEvidence: Sendable {
    /// Every type named in an inheritance clause (classes, structures, extensions).
    var adoptedTypes: Set<String> = []
    /// Inheritance per declared or extended type name (last path component).
    var adoptedByType: [String: Set<String>] = [:]
    /// Method base names a `#selector(…)` names.
    var selectorMethods: Set<String> = []
    /// `….coordinator` is read, or a representable declares a nested type.
    var usesCoordinator = false
    /// Types declared adopting a `…Representable` protocol.
    var representables: Set<String> = []
    /// Protocols declared here without `@objc`: Swift protocols, which need no `NSObject`.
    public var swiftProtocols: Set<String> = []

    /// Whether the defect of `key` is visible to a reader of a state showing this snippet.
    /// `swiftProtocols`: the protocols the whole tutorial declares without `@objc`.
    public func holds(for key: TargetKey, swiftProtocols: Set<String>) -> Bool {
        switch key.kind {
        case .wiringRemoved:
            let suffix = wiringProtocolSuffix(key.name)
            return adoptedTypes.contains { $0.hasSuffix(suffix) }
        case .objcDropped: return selectorMethods.contains(baseName(key.name))
        case .makeCoordinatorRemoved: return usesCoordinator
        case .nsObjectRemoved:
            let typeName = key.name.split(separator: ".").last.map(String.init) ?? key.name
            return (adoptedByType[typeName] ?? []).contains {
                isObjectiveCProtocolName($0) && !swiftProtocols.contains($0)
            }
        case .requiredMethodRemoved:
            guard let owner = RequiredMethods.protocolRequiring(key.name) else {
                // An update method: the representable must be there to miss it.
                guard let type = key.typePath.split(separator: ".").last else { return !representables.isEmpty }
                return representables.contains(String(type))
            }
            return adoptedTypes.contains(owner)
        case .wiringMovedToUpdate: return true
        }
    }
}

/// Protocols whose methods a mutation removes, and the representables' update methods. Our own table of
/// UIKit's requirements, kept apart from the rules' so the mutants test the rules against UIKit, not
/// against themselves.
enum RequiredMethods {
    static let byProtocol: [String: [String]] = [
        "UIPageViewControllerDataSource": [
            "pageViewController(_:viewControllerBefore:)", "pageViewController(_:viewControllerAfter:)",
        ],
        "UITableViewDataSource": ["tableView(_:numberOfRowsInSection:)", "tableView(_:cellForRowAt:)"],
        "UICollectionViewDataSource": [
            "collectionView(_:numberOfItemsInSection:)", "collectionView(_:cellForItemAt:)",
        ],
        "UIPickerViewDataSource": ["numberOfComponents(in:)", "pickerView(_:numberOfRowsInComponent:)"],
        "UISearchResultsUpdating": ["updateSearchResults(for:)"],
    ]
    static let updateMethods: Set<String> = [
        "updateUIView(_:context:)", "updateUIViewController(_:context:)", "updateNSView(_:context:)",
        "updateNSViewController(_:context:)",
    ]
    static let makeMethods: Set<String> = ["makeUIView", "makeUIViewController", "makeNSView", "makeNSViewController"]

    static func protocolRequiring(_ method: String) -> String? {
        byProtocol.first { $0.value.contains(method) }?.key
    }
}

/// `dataSource` → `DataSource`: the protocol a wiring property expects ends with its name capitalised.
func wiringProtocolSuffix(_ property: String) -> String {
    property.prefix(1).uppercased() + property.dropFirst()
}

/// UIKit's data sources and delegates are Objective-C protocols (they refine `NSObjectProtocol`).
func isObjectiveCProtocolName(_ name: String) -> Bool {
    name.hasSuffix("Delegate") || name.hasSuffix("DataSource") || name == "UISearchResultsUpdating"
}

func baseName(_ name: String) -> String {
    name.split(separator: "(", maxSplits: 1).first.map(String.init) ?? name
}

/// The mutation sites and evidence of one snippet's code, found with SwiftParser, and whether the code
/// reads as a whole file: it parses, and no line stands for elided code. Code the parser must not be given
/// (`SwiftParseLimits`) has no sites, no evidence, and is no whole file.
public func mutationSites(in code: String) -> (sites: [MutationSite], evidence: SnippetEvidence, isWhole: Bool) {
    guard SwiftParseLimits.unparseableReason(code) == nil else { return ([], SnippetEvidence(), false) }
    let tree = Parser.parse(source: code)
    let finder = SiteFinder(code: Array(code.utf8))
    finder.walk(tree)
    let elided = code.split(separator: "\n").contains(where: standsForElidedCode)
    return (finder.sites, finder.evidence, !tree.hasError && !elided)
}

/// A line of dots or ellipses alone (`...`, `…`, `⋮`), bare or in a comment (`// ...`): the author left
/// code out. Recognised by shape, in any language.
func standsForElidedCode(_ line: Substring) -> Bool {
    var content = line.trimmingPrefix(while: { $0 == " " || $0 == "\t" })
    let isComment = content.hasPrefix("//") || content.hasPrefix("/*")
    if isComment { content = content.drop(while: { $0 == "/" || $0 == "*" }) }
    let dots: Set<Character> = [".", "…", "⋮", "⋯", "·"]
    let meaningful = content.filter { !$0.isWhitespace && $0 != "*" && $0 != "/" }
    if meaningful.isEmpty { return false }
    if meaningful.allSatisfy(dots.contains) { return true }
    return isComment && (content.contains("...") || content.contains("…"))
}

private final class SiteFinder: SyntaxVisitor {
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
