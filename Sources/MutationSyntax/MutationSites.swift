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
