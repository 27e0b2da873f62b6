import SwiftFacts
import TutorialModel

/// The project as the reader has it at one step: the latest state of every file shown so far.
///
/// Cross-file rules (an initializer called in `PageView.swift` and declared in `PageViewController.swift`)
/// look types up here. Only whole-file states join the project: a fragment is no evidence of what a
/// file does not contain.
public struct ProjectView: Sendable {
    /// File name → facts of its latest state at this step, in the order files first appeared.
    public let files: [(name: String, facts: SnippetFacts)]
    /// The facts being checked, looked up first (a fragment, or the file's own state).
    public let current: SnippetFacts?
    /// The file `current` is a state of (its older state in `files` is ignored), nil for fragments.
    public let currentFileName: String?
    /// Whether `current` shows everything it declares (a whole file, nothing left out).
    public let currentIsComplete: Bool
    /// Files a fragment has added to since their latest whole state: what they lack is no evidence.
    public let incompleteFiles: Set<String>
    /// Each type looked up so far, found or not: the rules of one check look the same types up many
    /// times (every call they resolve, every representable's coordinator), and merging the files'
    /// declarations again at each lookup was a sixth of the rules' work.
    private let lookedUp = Protected<[String: TypeView?]>([:])

    public init(
        files: [(name: String, facts: SnippetFacts)], current: SnippetFacts?, currentFileName: String?,
        currentIsComplete: Bool = true, incompleteFiles: Set<String> = []
    ) {
        self.files = files
        self.current = current
        self.currentFileName = currentFileName
        self.currentIsComplete = currentIsComplete
        self.incompleteFiles = incompleteFiles
    }

    /// The checked facts first, then every other file's.
    public var allFacts: [SnippetFacts] { sources.map(\.facts) }

    /// `sources` one by one, without building the array (type lookups run for every call checked).
    private func forEachSource(_ body: (SnippetFacts, Bool) -> Void) {
        if let current { body(current, currentIsComplete && !(currentFileName.map(incompleteFiles.contains) ?? false)) }
        for file in files where file.name != currentFileName { body(file.facts, !incompleteFiles.contains(file.name)) }
    }

    /// Every source of declarations with whether it is known in full.
    private var sources: [(facts: SnippetFacts, complete: Bool)] {
        var result: [(facts: SnippetFacts, complete: Bool)] = []
        if let current {
            let complete = currentIsComplete && !(currentFileName.map(incompleteFiles.contains) ?? false)
            result.append((current, complete))
        }
        for file in files where file.name != currentFileName {
            result.append((file.facts, !incompleteFiles.contains(file.name)))
        }
        return result
    }

    /// Every declaration and extension of the type with this qualified name, merged.
    public func type(qualifiedName: String) -> TypeView? {
        if let known = lookedUp.withLock({ $0[qualifiedName] }) { return known }
        let found = mergedType(qualifiedName: qualifiedName)
        lookedUp.withLock { $0[qualifiedName] = found }
        return found
    }

    private func mergedType(qualifiedName: String) -> TypeView? {
        var declarations: [TypeFact] = []
        var functions: [FunctionFact] = []
        var complete = true
        // Each snippet's facts are indexed by name: a lookup costs one probe per file, not a scan. A type
        // that one file alone declares takes that file's arrays as they are.
        forEachSource { facts, known in
            let types = facts.types(qualifiedName: qualifiedName)
            let owned = facts.functions(of: qualifiedName)
            if declarations.isEmpty { declarations = types } else { declarations.append(contentsOf: types) }
            if functions.isEmpty { functions = owned } else { functions.append(contentsOf: owned) }
            if !(types.isEmpty && owned.isEmpty) && !known { complete = false }
        }
        guard !declarations.isEmpty else { return nil }
        return TypeView(
            qualifiedName: qualifiedName, declarations: declarations, functions: functions, isComplete: complete)
    }

    /// Resolves a type name as written inside `enclosing` (nested types first, then outwards).
    public func resolve(_ name: String, from enclosing: String?) -> TypeView? {
        // The enclosing names are the enclosing name's prefixes before each dot, longest first (rules
        // resolve names for every call they check: splitting and joining was a twentieth of a lint).
        if let enclosing, !hasEmptyComponent(enclosing) {
            var scope = Substring(enclosing)
            while true {
                if let found = type(qualifiedName: String(scope) + "." + name) { return found }
                guard let dot = scope.lastIndex(of: ".") else { return type(qualifiedName: name) }
                scope = scope[..<dot]
            }
        }
        var scope = enclosing.map { $0.split(separator: ".").map(String.init) } ?? []
        while true {
            let candidate = (scope + [name]).joined(separator: ".")
            if let found = type(qualifiedName: candidate) { return found }
            if scope.isEmpty { return nil }
            scope.removeLast()
        }
    }

    /// Whether a dotted name is empty or has an empty component (`A..B`, `.A`, `A.`), compared as bytes
    /// (`String.contains` goes through Foundation's locale-aware search).
    private func hasEmptyComponent(_ name: String) -> Bool {
        var previous = UInt8(ascii: ".")
        for byte in name.utf8 {
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return true }
            previous = byte
        }
        return previous == UInt8(ascii: ".")
    }

    /// Whether any file of the project declares a type or protocol with this simple name.
    public func declaresType(named name: String) -> Bool {
        if let current, current.declaresType(named: name) { return true }
        return files.contains { $0.name != currentFileName && $0.facts.declaresType(named: name) }
    }
}

/// A type seen through all its declarations and extensions in the project.
public struct TypeView: Sendable {
    public let qualifiedName: String
    public let declarations: [TypeFact]
    /// Functions declared in the type and its extensions.
    public let functions: [FunctionFact]
    /// Whether every snippet that declares or extends the type is known in full: rules that conclude
    /// from something missing (an initializer, a method, a conformance) need this.
    public let isComplete: Bool

    /// The primary declaration (not an extension), when the project shows it.
    public var primary: TypeFact? { declarations.first { $0.kind != .extension } }
    public var name: String { declarations.first?.name ?? qualifiedName }
    public var kind: TypeFact.Kind? { primary?.kind }

    /// Inherited types and protocols from the declaration and every extension (a type declared once: its
    /// declaration's array as it is, not a copy, since the rules ask for them at every check).
    public var inherited: [InheritedType] {
        declarations.count == 1 ? declarations[0].inherited : declarations.flatMap(\.inherited)
    }
    public var inheritedNames: [String] { inherited.map(\.name) }
    public func adopts(_ name: String) -> Bool { inheritedNames.contains(name) }

    public var properties: [PropertyFact] { declarations.flatMap(\.properties) }
    public func property(_ name: String) -> PropertyFact? { properties.first { $0.name == name } }

    public func methods(named name: String) -> [FunctionFact] {
        functions.filter { $0.kind == .function && $0.name == name }
    }

    public func method(named name: String) -> FunctionFact? { methods(named: name).first }

    /// Attributes of the primary declaration.
    public var attributes: [String] { primary?.attributes ?? [] }
}
