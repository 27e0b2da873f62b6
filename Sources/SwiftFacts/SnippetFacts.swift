// SwiftFacts owns what the rules know of a Swift snippet, extracted with SwiftSyntax once per distinct
// text and kept in the facts cache (incremental parses from the previous state).

internal import TutorialModel

/// What the rules need to know about one snippet of Swift, extracted in one SwiftSyntax pass.
///
/// Every range is a UTF-8 range in the snippet's code, so a finding maps to the document through
/// `Snippet.sourceMap`. Facts describe what the code *says*; rules decide what it means, and say
/// nothing when the code shown is not enough evidence (a fragment without the type it extends).
///
/// A class, immutable: the rules, the project view and the evaluator pass every state's facts around
/// many times, and copying a struct of a dozen arrays retained each of them every time.
public final class SnippetFacts: Sendable {
    public let types: [TypeFact]
    public let functions: [FunctionFact]
    public let assignments: [AssignmentFact]
    public let calls: [CallFact]
    public let selectors: [SelectorFact]
    public let variables: [VariableFact]
    /// `name.member` where `name` is a plain identifier (`parent.controllers`).
    public let memberReferences: [MemberReferenceFact]
    /// Parser diagnostics at error level.
    public let syntaxErrors: [SyntaxErrorFact]
    /// The file's top-level imports.
    public let imports: [ImportFact]
    /// `// tutorial-check:disable-line rule-id` comments, by 0-based line of the code.
    public let lineSuppressions: [LineSuppression]
    /// 0-based lines that stand for omitted code (`...`, `…`, `// ...`, an editor placeholder `<#…#>`):
    /// a snippet with such lines shows only part of its file, whatever else it looks like.
    public let elidedLines: [Int]
    /// UTF-8 offsets at which each line of the code starts (`LineIndex(lineFeedsIn:)`'s).
    public let lineStarts: [Int]
    /// A number the cache gives each distinct snippet (0 outside a cache), so that work depending on
    /// several snippets can be remembered under a cheap key.
    public let id: Int
    /// Positions in `types` by qualified name and in `functions` by owner type, built once per snippet:
    /// the project view looks types up for every call it resolves, and scanning every file's facts per
    /// lookup was a tenth of a lint.
    private let index: FactsIndex

    public init(
        types: [TypeFact], functions: [FunctionFact], assignments: [AssignmentFact], calls: [CallFact],
        selectors: [SelectorFact], variables: [VariableFact], memberReferences: [MemberReferenceFact],
        syntaxErrors: [SyntaxErrorFact], imports: [ImportFact] = [],
        lineSuppressions: [LineSuppression], elidedLines: [Int] = [], lineStarts: [Int], id: Int = 0
    ) {
        self.types = types
        self.functions = functions
        self.assignments = assignments
        self.calls = calls
        self.selectors = selectors
        self.variables = variables
        self.memberReferences = memberReferences
        self.syntaxErrors = syntaxErrors
        self.imports = imports
        self.lineSuppressions = lineSuppressions
        self.elidedLines = elidedLines
        self.lineStarts = lineStarts
        self.id = id
        self.index = FactsIndex(types: types, functions: functions)
    }

    private init(_ facts: SnippetFacts, id: Int) {
        types = facts.types
        functions = facts.functions
        assignments = facts.assignments
        calls = facts.calls
        selectors = facts.selectors
        variables = facts.variables
        memberReferences = facts.memberReferences
        syntaxErrors = facts.syntaxErrors
        imports = facts.imports
        lineSuppressions = facts.lineSuppressions
        elidedLines = facts.elidedLines
        lineStarts = facts.lineStarts
        index = facts.index
        self.id = id
    }

    /// The same facts under another id.
    public func identified(as id: Int) -> SnippetFacts { SnippetFacts(self, id: id) }

    /// The 0-based line of a code offset.
    public func line(of offset: Int) -> Int { LineIndex.lineNumber(containing: offset, lineStarts: lineStarts) }

    /// Whether `// tutorial-check:disable-line` on the line of `offset` names `rule` (or names no rule).
    public func isSuppressed(rule: String, at offset: Int) -> Bool {
        let line = line(of: offset)
        return lineSuppressions.contains { $0.line == line && ($0.rules.isEmpty || $0.rules.contains(rule)) }
    }

    /// The functions declared directly in the type with this qualified name.
    public func functions(of qualifiedType: String) -> [FunctionFact] {
        index.functionsByOwner[qualifiedType] ?? []
    }

    /// The type declarations and extensions with this qualified name, in source order.
    public func types(qualifiedName: String) -> [TypeFact] {
        index.typesByQualifiedName[qualifiedName] ?? []
    }

    /// Whether the snippet declares (not extends) a type or protocol with this simple name.
    public func declaresType(named name: String) -> Bool { index.declaredNames.contains(name) }
}

/// Lookups of a snippet's facts by name, in source order: the facts themselves, so that a lookup hands
/// out an array already built (the rules look the same types up many times per check, and copying the
/// facts out at each lookup, with their strings retained one by one, was a tenth of the rules' work).
private struct FactsIndex: Sendable {
    let typesByQualifiedName: [String: [TypeFact]]
    let functionsByOwner: [String: [FunctionFact]]
    let declaredNames: Set<String>

    init(types: [TypeFact], functions: [FunctionFact]) {
        var byName: [String: [TypeFact]] = [:]
        var declared = Set<String>()
        for type in types {
            byName[type.qualifiedName, default: []].append(type)
            if type.kind != .extension { declared.insert(type.name) }
        }
        var byOwner: [String: [FunctionFact]] = [:]
        for function in functions {
            if let owner = function.ownerType { byOwner[owner, default: []].append(function) }
        }
        typesByQualifiedName = byName
        functionsByOwner = byOwner
        declaredNames = declared
    }
}
