// Where a shown declaration goes: the strategies `placeFragment` tries in turn, first for the declaration
// of the file it replaces, then, for a new one, for the type or file it joins. Each strategy either does
// not apply (the next one is tried), decides (a place, or none), or refuses with the reason the snippet
// stays unplaced. The order is the order of trust: what the signature needs, then what the prose names,
// then the only candidate; weak evidence must be corroborated by what the declaration uses.

internal import SwiftSyntax

/// What one strategy makes of a declaration.
enum Attribution<Place> {
    /// The strategy does not apply: the next one is tried.
    case undecided
    /// The strategy decides: this place, or none (then no later strategy is tried).
    case decided(Place?)
    /// The declaration cannot be placed, for this reason.
    case refused(String)

    /// The first strategy's attribution that is not `undecided`.
    static func first<Strategy>(of strategies: [Strategy], _ attribute: (Strategy) -> Attribution) -> Attribution {
        for strategy in strategies {
            let attribution = attribute(strategy)
            if case .undecided = attribution { continue }
            return attribution
        }
        return .undecided
    }
}

/// What every strategy may consult: the snippet's declarations, the candidate files and their types, the
/// prose, and the type the signatures or prose point to.
struct PlacementScene {
    let prose: String
    let recentFiles: [String]
    /// The page names the file (`files` holds it alone): a new type may go to its top level.
    let isFileNamed: Bool
    let declarations: [ShownDeclaration]
    let files: [ParsedPlacementFile]
    let allContainers: [Container]
    let pointing: (container: Container, evidence: Evidence)?

    /// The type pointed at for one declaration. A type is never nested in itself: where a type goes is
    /// pointed at among the other types.
    func target(for declaration: ShownDeclaration) -> PlacementTarget {
        guard let name = declaration.decl.typeName else {
            return PlacementTarget(pointed: pointing?.container, evidence: pointing?.evidence)
        }
        let other = pointedContainer(
            candidates: allContainers.filter { $0.isPrimary && $0.simpleName != name },
            anchored: [], declarations: declarations.map(\.decl), prose: prose, recentFiles: recentFiles)
        return PlacementTarget(pointed: other?.container, evidence: other?.evidence)
    }

    /// Names the declaration uses that the candidate's type does not declare (the snippet's other
    /// declarations count as declared).
    func unknownNames(_ declaration: ShownDeclaration, in candidate: Container) -> Set<String> {
        guard let file = files.first(where: { $0.file.name == candidate.fileName }) else { return [] }
        return unresolvedNames(in: declaration.decl, known: file.containers, in: candidate)
            .subtracting(declarations.map(\.member.name))
    }

    /// Why the declaration cannot go into `candidate`: it uses names the type does not declare; nil when
    /// it uses none.
    func lacksNames(_ declaration: ShownDeclaration, _ candidate: Container) -> String? {
        let unknown = unknownNames(declaration, in: candidate)
        guard !unknown.isEmpty else { return nil }
        return "\(declaration.member.displayName) uses \(unknown.sorted().joined(separator: ", ")), which \(candidate.displayName) does not declare"
    }
}

/// The type pointed at for one declaration, and how.
struct PlacementTarget {
    let pointed: Container?
    let evidence: Evidence?

    /// A type the signature or the prose points to says where the declaration goes, even when another
    /// type nests one of the same name (every representable has its `Coordinator`).
    var isStrong: Bool { evidence.map { $0 != .weak } ?? false }
}

/// What the declarations placed before this one decided.
struct PlacementProgress {
    /// The file every declaration so far went to.
    let targetFile: String?
    /// Where each new member of the snippet went, by name.
    let placedMembers: [String: Container]
}

/// Ways to find the file's declaration a shown one replaces, among those of the same identity, in the
/// order tried. What the signature or prose points to decides (`makeCoordinator()` of the type the prose
/// names, not of another representable); otherwise the one declaration of that identity.
enum ReplacementStrategy: CaseIterable {
    /// The signature needs the pointed type: its declaration, or none (the declaration is new there).
    case signaturePointedType
    /// The prose names the type, and what the declaration uses is there.
    case proseNamedType
    /// The signature or prose points to a type without it: the declaration is new there.
    case newInStronglyPointedType
    /// The files have one declaration of that identity.
    case onlyMatch
    /// Several: the one of the pointed type, when what the declaration uses is there.
    case pointedAmongSeveral
    /// Several: the one type that declares what the declaration uses (`var body` is in every view).
    case onlyTypeDeclaringWhatItUses

    static func attribute(
        _ declaration: ShownDeclaration, among found: [(Container, Member)], target: PlacementTarget,
        scene: PlacementScene
    ) -> Attribution<(Container, Member)> {
        let inPointed = target.pointed.flatMap { pointed in found.first { $0.0.id == pointed.id } }
        return .first(of: allCases) { strategy in
            strategy.attribute(declaration, among: found, inPointed: inPointed, target: target, scene: scene)
        }
    }

    private func attribute(
        _ declaration: ShownDeclaration, among found: [(Container, Member)], inPointed: (Container, Member)?,
        target: PlacementTarget, scene: PlacementScene
    ) -> Attribution<(Container, Member)> {
        switch self {
        case .signaturePointedType:
            return target.evidence == .signature ? .decided(inPointed) : .undecided
        case .proseNamedType:
            guard target.evidence == .prose, let inPointed, scene.unknownNames(declaration, in: inPointed.0).isEmpty
            else { return .undecided }
            return .decided(inPointed)
        case .newInStronglyPointedType:
            return target.isStrong && inPointed == nil ? .decided(nil) : .undecided
        case .onlyMatch:
            return found.count == 1 ? .decided(found[0]) : .undecided
        case .pointedAmongSeveral:
            guard found.count > 1, let inPointed, scene.unknownNames(declaration, in: inPointed.0).isEmpty
            else { return .undecided }
            return .decided(inPointed)
        case .onlyTypeDeclaringWhatItUses:
            guard found.count > 1 else { return .undecided }
            let resolving = found.filter { !$0.0.qualifiedName.isEmpty && scene.unknownNames(declaration, in: $0.0).isEmpty }
            guard resolving.count == 1 else {
                if resolving.isEmpty, let inPointed, let problem = scene.lacksNames(declaration, inPointed.0) {
                    return .refused(problem)
                }
                return .refused(
                    "\(declaration.member.displayName) is declared more than once (\(found.map { $0.0.displayName }.joined(separator: ", ")))")
            }
            return .decided(resolving[0])
        }
    }
}

/// Ways to find where a new declaration goes, in the order tried for its kind: an extension or protocol
/// goes at the end of its file, a type is nested where something says or goes to a file's top level, a
/// member joins a type.
enum InsertionStrategy {
    /// An extension or a protocol: the end of the file that declares the extended type, else the only file.
    case endOfItsFile
    /// A type a top-level extension of the same snippet names unqualified is seen at the top level (nested,
    /// it would be `Outer.Name`): the top of the pointed, target or only file.
    case topLevelBesideItsExtension
    /// The type of a property shown with it (`var coordinates: Coordinates` and `struct Coordinates`) is
    /// nested where that property went.
    case besideThePropertyOfItsType
    /// A type the signature or prose points to, unless the new type is a preview, a view or an app (never
    /// nested: a new one is a file of its own).
    case intoStronglyPointedType
    /// A preview goes next to the view it previews: the file declaring the view, else the file named after it.
    case besideThePreviewedView
    /// The top level of the one file the page names, unless a view or an app.
    case topLevelOfTheNamedFile
    /// A file of top-level declarations only (a part of a file shown so far): the member joins them.
    case topLevelOfTheOnlyFile
    /// The pointed type; chosen on weak evidence (the only type, the recent file), the member must fit it.
    case intoPointedType

    /// The strategies for a declaration's kind, in the order tried.
    static func strategies(for decl: DeclSyntax) -> [InsertionStrategy] {
        if decl.is(ExtensionDeclSyntax.self) || decl.is(ProtocolDeclSyntax.self) { return [.endOfItsFile] }
        if decl.typeName != nil {
            return [
                .topLevelBesideItsExtension, .besideThePropertyOfItsType, .intoStronglyPointedType,
                .besideThePreviewedView, .topLevelOfTheNamedFile,
            ]
        }
        return [.topLevelOfTheOnlyFile, .intoPointedType]
    }

    static func attribute(
        _ declaration: ShownDeclaration, target: PlacementTarget, scene: PlacementScene, progress: PlacementProgress
    ) -> Attribution<Container> {
        .first(of: strategies(for: declaration.decl)) { strategy in
            strategy.attribute(declaration, target: target, scene: scene, progress: progress)
        }
    }

    private func attribute(
        _ declaration: ShownDeclaration, target: PlacementTarget, scene: PlacementScene, progress: PlacementProgress
    ) -> Attribution<Container> {
        let decl = declaration.decl
        let files = scene.files
        // Views and apps are never nested: a new one is a file of its own.
        var isView: Bool { decl.inheritedNames.contains { ["View", "App", "Scene"].contains($0) } }
        switch self {
        case .endOfItsFile:
            return .decided(fileContainer(for: decl, files: files.map(\.containers), targetFile: progress.targetFile))
        case .topLevelBesideItsExtension:
            guard let typeName = decl.typeName,
                scene.declarations.contains(where: { $0.decl.is(ExtensionDeclSyntax.self) && $0.decl.mentions(typeName) })
            else { return .undecided }
            let fileName = target.pointed?.fileName ?? progress.targetFile ?? (files.count == 1 ? files[0].file.name : nil)
            return .decided(files.first { $0.file.name == fileName }?.containers.first)
        case .besideThePropertyOfItsType:
            guard let typeName = decl.typeName else { return .undecided }
            let holders = Set(
                scene.declarations.filter { $0.decl.propertyTypeNames.contains(typeName) }
                    .compactMap { progress.placedMembers[$0.member.key]?.id })
            guard holders.count == 1, let holder = scene.allContainers.first(where: { holders.contains($0.id) }),
                !holder.qualifiedName.isEmpty
            else { return .undecided }
            return .decided(holder)
        case .intoStronglyPointedType:
            guard let pointed = target.pointed, target.isStrong, !decl.isPreview, !isView else { return .undecided }
            return .decided(pointed)
        case .besideThePreviewedView:
            guard let typeName = decl.typeName, decl.isPreview, let previewed = previewedTypeName(typeName) else {
                return .undecided
            }
            var declaring = files.filter { $0.containers.contains { $0.isPrimary && $0.simpleName == previewed } }
            if declaring.isEmpty { declaring = files.filter { $0.file.name == "\(previewed).swift" } }
            return .decided(declaring.count == 1 ? declaring[0].containers.first : nil)
        case .topLevelOfTheNamedFile:
            guard scene.isFileNamed, !isView, files.count == 1 else { return .undecided }
            return .decided(files[0].containers.first)
        case .topLevelOfTheOnlyFile:
            guard target.pointed == nil, files.count == 1, !files[0].containers.contains(where: \.isPrimary) else {
                return .undecided
            }
            return .decided(files[0].containers.first)
        case .intoPointedType:
            guard let pointed = target.pointed else { return .undecided }
            if !target.isStrong, files.contains(where: { $0.file.name == pointed.fileName }),
                let problem = Self.misfit(declaration, in: pointed, scene: scene)
            {
                return .refused(problem)
            }
            return .decided(pointed)
        }
    }

    /// Why a member cannot join a type chosen on weak evidence (the only type, the recent file); nil when
    /// nothing says it belongs to a type the tutorial never showed.
    private static func misfit(_ declaration: ShownDeclaration, in pointed: Container, scene: PlacementScene) -> String? {
        let member = declaration.member
        // The text sends the reader to another file than the recent one.
        let namedFiles = swiftFilesNamed(in: scene.prose)
        if !namedFiles.isEmpty, !namedFiles.contains(pointed.fileName) {
            return "\(member.displayName) belongs to \(namedFiles.sorted().joined(separator: ", ")), which the text names"
        }
        // An enum holds no stored property.
        if pointed.kind == "enum", declaration.decl.isStoredProperty {
            return "\(member.displayName) is a stored property and \(pointed.displayName) an enum"
        }
        // `var hikes: [Hike]` is what a model holding hikes declares, not the hike itself.
        if declaration.decl.isStoredProperty, declaration.decl.propertyTypeNames.contains(pointed.simpleName) {
            return "\(member.displayName) holds \(pointed.displayName) values, so it belongs to another type"
        }
        return scene.lacksNames(declaration, pointed)
    }
}
