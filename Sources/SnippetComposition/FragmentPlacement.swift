// SnippetComposition owns what a snippet that shows part of a file means for the file: elision markers,
// merging elided code with the previous state, placing declarations and statements (with SwiftSyntax).

internal import SwiftSyntax

/// A file's latest state, where a fragment may be placed.
public struct PlacementFile: Sendable {
    public let name: String
    public let code: String

    public init(name: String, code: String) {
        self.name = name
        self.code = code
    }
}

/// Where a partial snippet went: the file and its composed new state, or why it could not be placed.
public enum PlacementOutcome: Sendable {
    case placed(fileName: String, code: TracedText, summary: String)
    case unplaced(String)
}

/// Places a snippet that shows a few declarations (a method, a nested type, an extension; the rest of
/// the file left out) into the latest state of the file it belongs to, with SwiftSyntax.
///
/// A declaration with the same identity as one of the file (`func name(labels:)`, `init(labels:)`,
/// `var name`, a type's or extension's name) replaces it, merged with it where the snippet elides code;
/// a new one goes at the end of the type the snippet points to: the type whose member it replaced, else
/// the one its signature needs (a representable's `make…`/`update…`, a data source or delegate method
/// whose first parameter names the delegating class), else the type the prose names, else the only type
/// of the most recent file. Every choice must be unique; anything else leaves the snippet unplaced, with
/// the reason. A delegate or data source method whose step's text adopts its protocol
/// (`…UIPageViewControllerDelegate…`) adds that conformance to the type's header, which the snippet does
/// not show.
///
/// - Parameters:
///   - shown: the snippet's code (its bytes traced for the source map).
///   - files: the latest state of every file that may hold it (one when the page names the file); those
///     too large or deep to parse (`SwiftParseLimits`) are passed over.
///   - recentFiles: file names, the most recently shown first.
///   - isFileNamed: the page names the file (`files` holds it alone): a new type may go to its top level.
public func placeFragment(
    shown code: String, prose: String, files: [PlacementFile], recentFiles: [String], isFileNamed: Bool = false,
    trees: SyntaxTrees
) -> PlacementOutcome {
    let shown = TracedText(shown: code)
    guard let fragmentTree = trees.tree(blankingElisions(in: code)) else { return .unplaced("too large or deep to parse") }
    guard !fragmentTree.hasError else { return .unplaced("does not parse as Swift declarations") }
    // Statements (a body shown alone) rewrite a block of the file rather than join a type.
    if fragmentTree.statements.contains(where: { $0.item.as(DeclSyntax.self).map(\.isLocalLooking) ?? true }) {
        return placeStatements(shown: shown, tree: fragmentTree, files: files, trees: trees)
    }
    let declarations: [ShownDeclaration]
    switch shownDeclarations(in: fragmentTree, bytes: shown.bytes) {
    case .success(let shown): declarations = shown
    case .failure(let refusal): return .unplaced(refusal.reason)
    }
    guard !declarations.isEmpty else { return .unplaced("declares nothing") }
    guard !files.isEmpty else { return .unplaced("no earlier state of a file to place it in") }
    let parsedFiles = files.filter { $0.name.hasSuffix(".swift") }.compactMap { ParsedPlacementFile($0, trees: trees) }
    guard parsedFiles.contains(where: { !$0.containers.isEmpty }) else {
        return .unplaced("no earlier state of a Swift file to place it in")
    }
    var placer = FragmentPlacer(
        shown: shown, prose: prose, recentFiles: recentFiles, isFileNamed: isFileNamed, trees: trees,
        declarations: declarations, files: parsedFiles)
    for index in declarations.indices {
        if let reason = placer.place(index) { return .unplaced(reason) }
    }
    return placer.composed()
}

/// A declaration the snippet shows, with its identity and bytes.
struct ShownDeclaration {
    let decl: DeclSyntax
    let member: Member
}

/// Why a snippet's declarations cannot be placed at all.
struct PlacementRefusal: Error {
    let reason: String
}

/// The declarations the snippet shows, imports left out; a refusal when one has no name to place it by or
/// no body (a protocol's requirement shown for reference).
private func shownDeclarations(
    in tree: SourceFileSyntax, bytes: [UInt8]
) -> Result<[ShownDeclaration], PlacementRefusal> {
    var declarations: [ShownDeclaration] = []
    for item in tree.statements {
        guard case .decl(let decl) = item.item else { continue }
        if decl.is(ImportDeclSyntax.self) { continue }
        guard let member = Member(decl, in: bytes) else {
            return .failure(PlacementRefusal(reason: "shows a declaration with no name to place it by"))
        }
        // `optional func searchBar(_:textDidChange:)` as a protocol declares it: shown for reference.
        if decl.as(FunctionDeclSyntax.self).map({ $0.body == nil }) ?? decl.as(InitializerDeclSyntax.self).map({ $0.body == nil }) ?? false {
            return .failure(
                PlacementRefusal(
                    reason: "declares \(member.displayName) without a body, as a protocol requires it: shown for reference"))
        }
        declarations.append(ShownDeclaration(decl: decl, member: member))
    }
    return .success(declarations)
}

/// A candidate file's latest state, parsed, with the types and top level it declares.
struct ParsedPlacementFile {
    let file: PlacementFile
    let bytes: [UInt8]
    let hadErrors: Bool
    let containers: [Container]

    /// Nil when the file is too large or deep to parse (`SwiftParseLimits`).
    init?(_ file: PlacementFile, trees: SyntaxTrees) {
        guard let tree = trees.tree(file.code) else { return nil }
        self.file = file
        bytes = Array(file.code.utf8)
        hadErrors = tree.hasError
        containers = SnippetComposition.containers(in: tree, bytes: bytes, file: file.name)
    }
}

/// Places a snippet's declarations one after the other, each by the strategies of
/// `PlacementStrategies.swift`, gathering the edits to the one file they all go to.
private struct FragmentPlacer {
    let shown: TracedText
    let trees: SyntaxTrees
    let scene: PlacementScene
    /// Each declaration's matches (same identity) in the candidate files.
    let matches: [[(Container, Member)]]
    private var edits: [Edit] = []
    private var targetFile: String?
    private var summary: [String] = []
    private var adoptions = Set<String>()

    init(
        shown: TracedText, prose: String, recentFiles: [String], isFileNamed: Bool, trees: SyntaxTrees,
        declarations: [ShownDeclaration], files: [ParsedPlacementFile]
    ) {
        self.shown = shown
        self.trees = trees
        let allContainers = files.flatMap(\.containers)
        // `var body: some Scene` is not the `var body: some Commands` of a command set: the opaque types
        // must agree.
        let matches = declarations.map { declaration in
            allContainers.flatMap { container in
                container.members.filter { member in
                    member.key == declaration.member.key
                        && (member.opaqueType == nil || declaration.member.opaqueType == nil
                            || member.opaqueType == declaration.member.opaqueType)
                }.map { (container, $0) }
            }
        }
        self.matches = matches
        let anchored = Set(zip(declarations, matches).compactMap { $0.1.count == 1 ? $0.1[0].0.id : nil })
        let pointing = pointedContainer(
            candidates: allContainers.filter(\.isPrimary), anchored: allContainers.filter { anchored.contains($0.id) },
            declarations: declarations.map(\.decl), prose: prose, recentFiles: recentFiles)
        scene = PlacementScene(
            prose: prose, recentFiles: recentFiles, isFileNamed: isFileNamed, declarations: declarations,
            files: files, allContainers: allContainers, pointing: pointing)
    }

    /// Places the declaration at `index`: replacing its match, else as a new declaration; the reason
    /// when it cannot be placed.
    mutating func place(_ index: Int) -> String? {
        let declaration = scene.declarations[index]
        let target = scene.target(for: declaration)
        let found = matches[index]
        switch ReplacementStrategy.attribute(declaration, among: found, target: target, scene: scene) {
        case .refused(let reason): return reason
        case .decided(let chosen?): return replace(chosen, by: declaration, at: index, target: target)
        case .decided(nil), .undecided: break
        }
        let text = shown.slice(declaration.member.range)
        guard !ElidedCode.containsElision(text.string) else {
            return "\(declaration.member.displayName) is new but leaves code out"
        }
        switch InsertionStrategy.attribute(declaration, target: target, scene: scene, progress: progress) {
        case .refused(let reason): return reason
        case .decided(let container?): return insert(declaration, at: index, into: container)
        case .decided(nil), .undecided:
            return "\(declaration.member.displayName) is new and no single type or file it belongs to is known"
        }
    }

    /// What the declarations placed so far decided, which the next ones follow.
    private var progress: PlacementProgress { PlacementProgress(targetFile: targetFile, placedMembers: placedMembers) }
    /// Where each new member of the snippet went, by name.
    private var placedMembers: [String: Container] = [:]

    /// Replaces the file's declaration `old` in `container` by the shown one, merged with it where the
    /// snippet leaves code out.
    private mutating func replace(
        _ chosen: (Container, Member), by declaration: ShownDeclaration, at index: Int, target: PlacementTarget
    ) -> String? {
        let (container, old) = chosen
        let member = declaration.member
        let text = shown.slice(member.range)
        guard !old.sharesLine else { return "\(old.displayName) shares a line with other code" }
        guard let file = scene.files.first(where: { $0.file.name == container.fileName }) else { return nil }
        // Matched by its name alone (`var body` is in every view) or by a type the prose names: it must
        // use nothing the type lacks.
        if target.evidence != .signature, !container.qualifiedName.isEmpty,
            let problem = scene.lacksNames(declaration, container)
        {
            return problem
        }
        // A type shown again shows what changed in it: members it leaves out are kept, as if elided.
        let shownText = declaration.decl.asProtocol((any DeclGroupSyntax).self).map {
            withElisionBetweenMembers($0, text: text, offset: member.range.lowerBound)
        } ?? text
        var new = reindented(shownText, from: member.indent, to: old.indent)
        if ElidedCode.containsElision(text.string) || shownText.count != text.count {
            let previous = TracedText(untraced: file.bytes[old.range])
            guard let merged = mergeElidedSwift(previous: previous, shown: new, trees: trees) else {
                return "leaves code out of \(old.displayName) in a way that does not match its previous state"
            }
            // The merge ends every line; the replaced range ends at the last token.
            new = merged
            new.removeFinalNewline()
        }
        edits.append(Edit(range: old.range, text: new, order: index))
        summary.append("\(member.displayName) replaced in \(container.displayName)")
        adoptNamedConformance(declaration.decl, into: container)
        guard targetFile == nil || targetFile == container.fileName else {
            return "its declarations belong to different files"
        }
        targetFile = container.fileName
        return nil
    }

    /// Adds the shown declaration at the end of `container` (a type, or a file's top level).
    private mutating func insert(_ declaration: ShownDeclaration, at index: Int, into container: Container) -> String? {
        let member = declaration.member
        guard let offset = container.insertionOffset else {
            return "\(member.displayName) is new and no single type or file it belongs to is known"
        }
        // A second declaration of the same name would not compile: the one there is another one.
        if let other = container.members.first(where: { $0.key == member.key && !container.qualifiedName.isEmpty }) {
            return "\(container.displayName) declares another \(other.displayName)\(other.opaqueType.map { ": " + $0 } ?? "")"
        }
        guard targetFile == nil || targetFile == container.fileName,
            let file = scene.files.first(where: { $0.file.name == container.fileName })
        else { return "its declarations belong to different files" }
        targetFile = container.fileName
        var insertion = TracedText()
        let before = offset > 0 ? lineBefore(offset, in: file.bytes) : nil
        if container.qualifiedName.isEmpty {
            if file.bytes.last != 0x0A, !file.bytes.isEmpty { insertion.appendUntraced([0x0A]) }
            if !file.bytes.isEmpty { insertion.appendUntraced([0x0A]) }
        } else if !container.members.isEmpty, let before, !before.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            insertion.appendUntraced([0x0A])
        }
        insertion.append(reindented(shown.slice(member.range), from: member.indent, to: container.memberIndent))
        insertion.appendUntraced([0x0A])
        edits.append(Edit(range: offset..<offset, text: insertion, order: index))
        placedMembers[member.key] = container
        summary.append("\(member.displayName) added to \(container.displayName)")
        adoptNamedConformance(declaration.decl, into: container)
        return nil
    }

    /// The conformance the prose gives the type a method joins, written into the type's header.
    private mutating func adoptNamedConformance(_ decl: DeclSyntax, into container: Container) {
        guard
            let name = conformanceNamedInProse(
                for: decl, prose: scene.prose, container: container, all: scene.allContainers),
            let offset = container.conformanceOffset, adoptions.insert(container.id + name).inserted
        else { return }
        let written = (container.inherited.isEmpty ? ": " : ", ") + name
        edits.append(Edit(range: offset..<offset, text: TracedText(untraced: written.utf8), order: -1))
        summary.append("\(container.displayName) adopts \(name), as the step's text says")
    }

    /// The target file with every edit made, checked to parse where the file did.
    func composed() -> PlacementOutcome {
        guard let targetFile, let file = scene.files.first(where: { $0.file.name == targetFile }) else {
            return .unplaced("no file to place it in")
        }
        guard let composed = applying(edits, to: file.bytes) else { return .unplaced("shows the same declaration twice") }
        if !file.hadErrors, trees.tree(composed.string)?.hasError ?? true {
            return .unplaced("placed in \(targetFile), it would not parse")
        }
        return .placed(fileName: targetFile, code: composed, summary: summary.joined(separator: "; "))
    }
}

/// A replacement of a file's bytes by placed code; `order` keeps the snippet's order among edits at one offset.
private struct Edit {
    let range: Range<Int>
    let text: TracedText
    let order: Int
}

/// The file with the edits made, in offset order; nil when two of them overlap.
private func applying(_ edits: [Edit], to bytes: [UInt8]) -> TracedText? {
    var composed = TracedText()
    var cursor = 0
    let previous = TracedText(untraced: bytes)
    for edit in edits.sorted(by: { ($0.range.lowerBound, $0.order) < ($1.range.lowerBound, $1.order) }) {
        guard edit.range.lowerBound >= cursor else { return nil }
        composed.append(previous, cursor..<edit.range.lowerBound)
        composed.append(edit.text)
        cursor = edit.range.upperBound
    }
    composed.append(previous, cursor..<previous.count)
    return composed
}

/// A type's text with an elision marker line before each member and before the closing brace (untraced,
/// never output: the merge consumes them), so merging it with the type's previous text keeps the members
/// it does not show. Unchanged when a member shares a line with other code.
func withElisionBetweenMembers(_ group: some DeclGroupSyntax, text: TracedText, offset: Int) -> TracedText {
    let bytes = text.bytes
    var cuts: [(at: Int, indent: [UInt8])] = []
    for member in group.memberBlock.members {
        let start = member.decl.positionAfterSkippingLeadingTrivia.utf8Offset - offset
        guard start >= 0, start <= bytes.count else { return text }
        let memberLine = lineStart(of: start, in: bytes)
        guard bytes[memberLine..<start].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return text }
        // Before the comments attached to it, too.
        var cut = memberLine
        while cut > 0 {
            let previous = lineStart(of: cut - 1, in: bytes)
            let line = bytes[previous..<(cut - 1)].trimmedBytes
            guard line.starts(with: Array("//".utf8)) || line.starts(with: Array("/*".utf8)) else { break }
            cut = previous
        }
        cuts.append((cut, Array(bytes[memberLine..<start])))
    }
    let brace = group.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset - offset
    guard brace >= 0, brace <= bytes.count else { return text }
    let braceLine = lineStart(of: brace, in: bytes)
    guard bytes[braceLine..<brace].allSatisfy({ $0 == 0x20 || $0 == 0x09 }), braceLine > 0 else { return text }
    cuts.append((braceLine, cuts.last?.indent ?? Array(bytes[braceLine..<brace]) + Array("    ".utf8)))
    var result = TracedText()
    var cursor = 0
    for cut in cuts where cut.at >= cursor {
        result.append(text, cursor..<cut.at)
        result.appendUntraced(cut.indent + Array("// ...\n".utf8))
        cursor = cut.at
    }
    result.append(text, cursor..<bytes.count)
    return result
}

/// The code with bare elision lines and elided bodies blanked out (same length), so the parser sees
/// declarations and empty bodies where the page shows `…`.
func blankingElisions(in code: String) -> String {
    guard ElidedCode.containsElision(code) else { return code }
    var lines: [String] = []
    for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
        if ElidedCode.isMarkerLine(line), !line.containsText("//"), !line.containsText("/*") {
            lines.append(String(repeating: " ", count: line.utf8.count))
        } else if let header = ElidedCode.elidedBodyHeader(line) {
            let rest = line.utf8.count - header.utf8.count
            lines.append(String(header) + String(repeating: " ", count: max(0, rest - 1)) + "}")
        } else {
            lines.append(String(line))
        }
    }
    return lines.joined(separator: "\n")
}
