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
    var declarations: [(decl: DeclSyntax, member: Member)] = []
    let fragmentBytes = shown.bytes
    // Statements (a body shown alone) rewrite a block of the file rather than join a type.
    if fragmentTree.statements.contains(where: { $0.item.as(DeclSyntax.self).map(\.isLocalLooking) ?? true }) {
        return placeStatements(shown: shown, tree: fragmentTree, files: files, trees: trees)
    }
    for item in fragmentTree.statements {
        guard case .decl(let decl) = item.item else { continue }
        if decl.is(ImportDeclSyntax.self) { continue }
        guard let member = Member(decl, in: fragmentBytes) else {
            return .unplaced("shows a declaration with no name to place it by")
        }
        // `optional func searchBar(_:textDidChange:)` as a protocol declares it: shown for reference.
        if decl.as(FunctionDeclSyntax.self).map({ $0.body == nil }) ?? decl.as(InitializerDeclSyntax.self).map({ $0.body == nil }) ?? false {
            return .unplaced("declares \(member.displayName) without a body, as a protocol requires it: shown for reference")
        }
        declarations.append((decl, member))
    }
    guard !declarations.isEmpty else { return .unplaced("declares nothing") }
    guard !files.isEmpty else { return .unplaced("no earlier state of a file to place it in") }

    // The candidate files, parsed.
    var parsedFiles: [(file: PlacementFile, bytes: [UInt8], hadErrors: Bool, containers: [Container])] = []
    for file in files where file.name.hasSuffix(".swift") {
        guard let tree = trees.tree(file.code) else { continue }
        let bytes = Array(file.code.utf8)
        parsedFiles.append((file, bytes, tree.hasError, containers(in: tree, bytes: bytes, file: file.name)))
    }
    let allContainers = parsedFiles.flatMap(\.containers)
    guard !allContainers.isEmpty else { return .unplaced("no earlier state of a Swift file to place it in") }

    // Each declaration's matches (same identity) in the candidate files. `var body: some Scene` is not
    // the `var body: some Commands` of a command set: the opaque types must agree.
    let matches = declarations.map { declaration in
        allContainers.flatMap { container in
            container.members.filter { member in
                member.key == declaration.member.key
                    && (member.opaqueType == nil || declaration.member.opaqueType == nil
                        || member.opaqueType == declaration.member.opaqueType)
            }.map { (container, $0) }
        }
    }
    let anchored = Set(zip(declarations, matches).compactMap { $0.1.count == 1 ? $0.1[0].0.id : nil })
    let pointing = pointedContainer(
        candidates: allContainers.filter(\.isPrimary), anchored: allContainers.filter { anchored.contains($0.id) },
        declarations: declarations.map(\.decl), prose: prose, recentFiles: recentFiles)
    let pointed = pointing?.container
    // A type the signature or the prose points to says where a nested type goes, even when another type
    // nests one of the same name (every representable has its `Coordinator`).
    let isStrong = pointing.map { $0.evidence != .weak } ?? false

    var edits: [Edit] = []
    var targetFile: String?
    var summary: [String] = []
    var adoptions = Set<String>()
    /// Where each new member of the snippet went, by name.
    var placedMembers: [String: Container] = [:]
    /// The conformance the prose gives the type a method joins, written into the type's header.
    func adoptNamedConformance(_ decl: DeclSyntax, into container: Container) {
        guard let name = conformanceNamedInProse(for: decl, prose: prose, container: container, all: allContainers),
            let offset = container.conformanceOffset, adoptions.insert(container.id + name).inserted
        else { return }
        let written = (container.inherited.isEmpty ? ": " : ", ") + name
        edits.append(Edit(range: offset..<offset, text: TracedText(untraced: written.utf8), order: -1))
        summary.append("\(container.displayName) adopts \(name), as the step's text says")
    }
    for (index, (declaration, found)) in zip(declarations, matches).enumerated() {
        let member = declaration.member
        let text = shown.slice(member.range)
        let hasElision = ElidedCode.containsElision(text.string)
        // A type is never nested in itself: where a type goes is pointed at among the other types.
        var pointed = pointed
        var isStrong = isStrong
        var evidence = pointing?.evidence
        if let name = declaration.decl.typeName {
            let other = pointedContainer(
                candidates: allContainers.filter { $0.isPrimary && $0.simpleName != name },
                anchored: [], declarations: declarations.map(\.decl), prose: prose, recentFiles: recentFiles)
            pointed = other?.container
            isStrong = other.map { $0.evidence != .weak } ?? false
            evidence = other?.evidence
        }
        // What the signature or prose points to decides (`makeCoordinator()` of the type the prose names,
        // not of another representable); otherwise the one declaration of that identity.
        /// Names the declaration uses that the candidate's type does not declare.
        func unknownNames(in candidate: Container) -> Set<String> {
            guard let file = parsedFiles.first(where: { $0.file.name == candidate.fileName }) else { return [] }
            return unresolvedNames(in: declaration.decl, known: file.containers, in: candidate)
                .subtracting(declarations.map(\.member.name))
        }
        /// Why the declaration cannot go into `candidate`: it uses names the type does not declare; nil
        /// when it uses none.
        func lacksNames(_ candidate: Container) -> String? {
            let unknown = unknownNames(in: candidate)
            guard !unknown.isEmpty else { return nil }
            return "\(member.displayName) uses \(unknown.sorted().joined(separator: ", ")), which \(candidate.displayName) does not declare"
        }
        let inPointed = pointed.flatMap { pointed in found.first { $0.0.id == pointed.id } }
        var chosen: (Container, Member)?
        if evidence == .signature {
            chosen = inPointed
        } else if evidence == .prose, let inPointed, unknownNames(in: inPointed.0).isEmpty {
            // The prose names the type, and what the member uses is there.
            chosen = inPointed
        } else if isStrong, inPointed == nil {
            chosen = nil
        } else if found.count == 1 {
            chosen = found[0]
        } else if found.count > 1 {
            if let inPointed, unknownNames(in: inPointed.0).isEmpty {
                chosen = inPointed
            } else {
                // `var body` is in every view: the one type that declares what it uses.
                let resolving = found.filter { !$0.0.qualifiedName.isEmpty && unknownNames(in: $0.0).isEmpty }
                guard resolving.count == 1 else {
                    if resolving.isEmpty, let inPointed, let problem = lacksNames(inPointed.0) { return .unplaced(problem) }
                    return .unplaced(
                        "\(member.displayName) is declared more than once (\(found.map { $0.0.displayName }.joined(separator: ", ")))")
                }
                chosen = resolving[0]
            }
        }
        if let (container, old) = chosen {
            guard !old.sharesLine else { return .unplaced("\(old.displayName) shares a line with other code") }
            guard let file = parsedFiles.first(where: { $0.file.name == container.fileName }) else { continue }
            // Matched by its name alone (`var body` is in every view) or by a type the prose names: it must
            // use nothing the type lacks.
            if evidence != .signature, !container.qualifiedName.isEmpty, let problem = lacksNames(container) {
                return .unplaced(problem)
            }
            // A type shown again shows what changed in it: members it leaves out are kept, as if elided.
            let shownText = declaration.decl.asProtocol((any DeclGroupSyntax).self).map {
                withElisionBetweenMembers($0, text: text, offset: member.range.lowerBound)
            } ?? text
            var new = reindented(shownText, from: member.indent, to: old.indent)
            if hasElision || shownText.count != text.count {
                let previous = TracedText(untraced: file.bytes[old.range])
                guard let merged = mergeElidedSwift(previous: previous, shown: new, trees: trees) else {
                    return .unplaced("leaves code out of \(old.displayName) in a way that does not match its previous state")
                }
                // The merge ends every line; the replaced range ends at the last token.
                new = merged
                new.removeFinalNewline()
            }
            edits.append(Edit(range: old.range, text: new, order: index))
            summary.append("\(member.displayName) replaced in \(container.displayName)")
            adoptNamedConformance(declaration.decl, into: container)
            guard targetFile == nil || targetFile == container.fileName else {
                return .unplaced("its declarations belong to different files")
            }
            targetFile = container.fileName
            continue
        }
        guard !hasElision else { return .unplaced("\(member.displayName) is new but leaves code out") }
        // A new declaration: an extension or a type goes at the end of its file, a member into a type.
        let container: Container?
        if declaration.decl.is(ExtensionDeclSyntax.self) || declaration.decl.is(ProtocolDeclSyntax.self) {
            container = fileContainer(for: declaration.decl, files: parsedFiles.map(\.containers), targetFile: targetFile)
        } else if let typeName = declaration.decl.typeName {
            // A new type is nested where the prose or signature says; a preview goes next to the view it
            // previews; anything else only to the top level of the one file the snippet may belong to.
            let previewed = declaration.decl.isPreview ? previewedTypeName(typeName) : nil
            // Views and apps are never nested: a new one is a file of its own.
            let isView = declaration.decl.inheritedNames.contains { ["View", "App", "Scene"].contains($0) }
            // A top-level extension of the same snippet that names the type unqualified sees it at the
            // top level: nested, it would be `Outer.Name`.
            let namedByExtension = declarations.contains { other in
                other.decl.is(ExtensionDeclSyntax.self) && other.decl.mentions(typeName)
            }
            // The type of a property shown with it (`var coordinates: Coordinates` and `struct
            // Coordinates`) is nested where that property went.
            let holders = Set(
                declarations.filter { $0.decl.propertyTypeNames.contains(typeName) }.compactMap { placedMembers[$0.member.key]?.id })
            if namedByExtension {
                let fileName = pointed?.fileName ?? targetFile ?? (parsedFiles.count == 1 ? parsedFiles[0].file.name : nil)
                container = parsedFiles.first { $0.file.name == fileName }?.containers.first
            } else if holders.count == 1, let holder = allContainers.first(where: { holders.contains($0.id) }),
                !holder.qualifiedName.isEmpty
            {
                container = holder
            } else if let pointed, isStrong, !declaration.decl.isPreview, !isView {
                container = pointed
            } else if let previewed {
                // The file declaring the view, else the file named after it.
                var declaring = parsedFiles.filter { $0.containers.contains { $0.isPrimary && $0.simpleName == previewed } }
                if declaring.isEmpty { declaring = parsedFiles.filter { $0.file.name == "\(previewed).swift" } }
                container = declaring.count == 1 ? declaring[0].containers.first : nil
            } else if isFileNamed, !isView, parsedFiles.count == 1 {
                container = parsedFiles[0].containers.first
            } else {
                container = nil
            }
        } else if pointed == nil, parsedFiles.count == 1, !parsedFiles[0].containers.contains(where: \.isPrimary) {
            // A file of top-level declarations only (a part of a file shown so far): the member joins them.
            container = parsedFiles[0].containers.first
        } else if let pointed {
            // Chosen on weak evidence (the only type, the recent file): the member must use nothing the
            // type lacks, or it belongs to a type the tutorial never showed.
            if !isStrong, parsedFiles.contains(where: { $0.file.name == pointed.fileName }) {
                // The text sends the reader to another file than the recent one.
                let namedFiles = swiftFilesNamed(in: prose)
                if !namedFiles.isEmpty, !namedFiles.contains(pointed.fileName) {
                    return .unplaced(
                        "\(member.displayName) belongs to \(namedFiles.sorted().joined(separator: ", ")), which the text names")
                }
                // An enum holds no stored property.
                if pointed.kind == "enum", declaration.decl.isStoredProperty {
                    return .unplaced("\(member.displayName) is a stored property and \(pointed.displayName) an enum")
                }
                // `var hikes: [Hike]` is what a model holding hikes declares, not the hike itself.
                if declaration.decl.isStoredProperty, declaration.decl.propertyTypeNames.contains(pointed.simpleName) {
                    return .unplaced(
                        "\(member.displayName) holds \(pointed.displayName) values, so it belongs to another type")
                }
                if let problem = lacksNames(pointed) { return .unplaced(problem) }
            }
            container = pointed
        } else {
            container = nil
        }
        guard let container, let offset = container.insertionOffset else {
            return .unplaced("\(member.displayName) is new and no single type or file it belongs to is known")
        }
        // A second declaration of the same name would not compile: the one there is another one.
        if let other = container.members.first(where: { $0.key == member.key && !container.qualifiedName.isEmpty }) {
            return .unplaced(
                "\(container.displayName) declares another \(other.displayName)\(other.opaqueType.map { ": " + $0 } ?? "")")
        }
        guard targetFile == nil || targetFile == container.fileName,
            let file = parsedFiles.first(where: { $0.file.name == container.fileName })
        else { return .unplaced("its declarations belong to different files") }
        targetFile = container.fileName
        var insertion = TracedText()
        let before = offset > 0 ? lineBefore(offset, in: file.bytes) : nil
        if container.qualifiedName.isEmpty {
            if file.bytes.last != 0x0A, !file.bytes.isEmpty { insertion.appendUntraced([0x0A]) }
            if !file.bytes.isEmpty { insertion.appendUntraced([0x0A]) }
        } else if !container.members.isEmpty, let before, !before.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            insertion.appendUntraced([0x0A])
        }
        insertion.append(reindented(text, from: member.indent, to: container.memberIndent))
        insertion.appendUntraced([0x0A])
        edits.append(Edit(range: offset..<offset, text: insertion, order: index))
        placedMembers[member.key] = container
        summary.append("\(member.displayName) added to \(container.displayName)")
        adoptNamedConformance(declaration.decl, into: container)
    }
    guard let targetFile, let file = parsedFiles.first(where: { $0.file.name == targetFile }) else {
        return .unplaced("no file to place it in")
    }
    guard let composed = applying(edits, to: file.bytes) else { return .unplaced("shows the same declaration twice") }
    if !file.hadErrors, trees.tree(composed.string)?.hasError ?? true {
        return .unplaced("placed in \(targetFile), it would not parse")
    }
    return .placed(fileName: targetFile, code: composed, summary: summary.joined(separator: "; "))
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
        if ElidedCode.isMarkerLine(line), !line.contains("//"), !line.contains("/*") {
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
