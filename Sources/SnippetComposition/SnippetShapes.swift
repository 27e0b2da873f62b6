// What a snippet's code looks like on its own: types only, imports, member or statement fragments.

internal import SwiftSyntax

/// The suffixes that name a SwiftUI preview type (`LandmarkRow_Previews`, `MapView_Preview`,
/// `ContentViewPreviews`), the longest first so the name before it is the previewed view's.
private let previewSuffixes = ["_Previews", "_Preview", "Previews"]

/// Whether a type's name is a preview's: the one test of a preview by name for placement and timelines.
package func isPreviewTypeName(_ name: String) -> Bool {
    previewSuffixes.contains { name.hasSuffix($0) }
}

/// The view a preview type is named after: `LandmarkRow` for `LandmarkRow_Previews`; nil for other names.
public func previewedTypeName(_ name: String) -> String? {
    for suffix in previewSuffixes where name.hasSuffix(suffix) && name.count > suffix.count {
        return String(name.dropLast(suffix.count))
    }
    return nil
}

/// ASCII words of the prose (type names are ASCII even in CJK prose).
func proseWords(_ prose: String) -> Set<String> {
    var words = Set<String>()
    var current = ""
    for scalar in prose.unicodeScalars {
        if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" {
            current.unicodeScalars.append(scalar)
        } else if !current.isEmpty {
            words.insert(current)
            current = ""
        }
    }
    if !current.isEmpty { words.insert(current) }
    return words
}

/// The Swift files the prose names (`Landmark.swift` in `Landmark.swift에서 …`, `Open Row.swift.`).
func swiftFilesNamed(in prose: String) -> Set<String> {
    var names = Set<String>()
    var word = ""
    func finish() {
        while word.hasSuffix(".") { word.removeLast() }
        if word.hasSuffix(".swift"), word.count > 6 { names.insert(word) }
        word = ""
    }
    for scalar in prose.unicodeScalars {
        if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "." {
            word.unicodeScalars.append(scalar)
        } else {
            finish()
        }
    }
    finish()
    return names
}

/// `text` (a declaration shown at `from` indentation) with every line moved to `to` indentation.
func reindented(_ text: TracedText, from: [UInt8], to: [UInt8]) -> TracedText {
    var result = TracedText()
    for (index, range) in text.lineRanges.enumerated() {
        if index > 0 { result.appendUntraced([0x0A]) }
        let line = text.bytes[range]
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        // Every line loses the declaration's own indentation (as far as it has it).
        var start = range.lowerBound
        var removed = 0
        while removed < from.count, start < range.upperBound, text.bytes[start] == from[removed] {
            start += 1
            removed += 1
        }
        result.appendUntraced(to)
        result.append(text, start..<range.upperBound)
    }
    return result
}

func lineStart(of offset: Int, in bytes: [UInt8]) -> Int {
    var start = min(offset, bytes.count)
    while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
    return start
}

/// The bytes of the line before the one starting at `offset`.
func lineBefore(_ offset: Int, in bytes: [UInt8]) -> ArraySlice<UInt8> {
    guard offset > 0 else { return [] }
    let start = lineStart(of: offset - 1, in: bytes)
    return bytes[start..<(offset - 1)]
}

/// The names of the types a Swift file declares at its top level (extensions left out), in order.
public func topLevelTypeNames(in code: String, trees: SyntaxTrees) -> [String] {
    trees.tree(code)?.statements.compactMap { $0.item.as(DeclSyntax.self)?.typeName } ?? []
}

/// Whether the code declares types (and extensions) only at its top level: a file, not a script.
public func declaresTypesOnly(_ code: String, trees: SyntaxTrees) -> Bool {
    guard let items = trees.tree(code)?.statements else { return false }
    return !items.isEmpty
        && items.allSatisfy { item in
            guard let decl = item.item.as(DeclSyntax.self) else { return false }
            return decl.typeName != nil || decl.is(ExtensionDeclSyntax.self) || decl.is(ImportDeclSyntax.self)
        }
}

/// Whether the code imports a module at its top level.
public func importsModule(_ code: String, trees: SyntaxTrees) -> Bool {
    trees.tree(code)?.statements.contains { $0.item.as(DeclSyntax.self)?.is(ImportDeclSyntax.self) ?? false } ?? false
}

/// What a snippet holds at its top level, as the parser reads it (elisions blanked out).
public enum FragmentShape: Sendable {
    case declarations
    case statements
    case mixed
    /// It does not parse (or is not parsed: `SwiftParseLimits`).
    case invalid
}

/// The shape of a snippet's code.
public func fragmentShape(_ code: String, trees: SyntaxTrees) -> FragmentShape {
    guard let tree = trees.tree(blankingElisions(in: code)), !tree.hasError else { return .invalid }
    let declarations = tree.statements.filter { $0.item.is(DeclSyntax.self) }.count
    if declarations == tree.statements.count { return .declarations }
    return declarations == 0 ? .statements : .mixed
}
