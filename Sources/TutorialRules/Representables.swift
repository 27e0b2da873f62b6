import SwiftFacts
import TutorialModel

/// A SwiftUI representable found in a snippet, with what the lifecycle rules ask of it.
struct Representable {
    enum Flavor {
        case view, viewController

        var makeSuffix: String { self == .view ? "View" : "ViewController" }
    }

    let type: TypeView
    /// The declaration in the checked snippet (ranges point into it).
    let declaration: TypeFact
    let flavor: Flavor
    /// `UI` or `NS`.
    let platform: String

    /// `make…` and `update…` of the platform and flavor (`makeUIView`), made once per protocol (`protocols`).
    let makeName: String
    let updateName: String
    var makeSignature: String { "\(makeName)(context:)" }
    var updateSignature: String { "\(updateName)(_:context:)" }

    /// The lifecycle methods, found once per representable (it is found once per check, and the eight
    /// lifecycle rules ask for these again and again).
    let make: FunctionFact?
    let update: FunctionFact?
    let makeCoordinator: FunctionFact?
    /// The coordinator type: whatever `makeCoordinator()` returns, resolved in the project once (five
    /// lifecycle rules ask for it, and each resolution builds and looks up the names it may stand for).
    let coordinator: TypeView?

    init(type: TypeView, declaration: TypeFact, adopting adopted: Adopted, in project: ProjectView) {
        self.type = type
        self.declaration = declaration
        flavor = adopted.flavor
        platform = adopted.platform
        makeName = adopted.makeName
        updateName = adopted.updateName
        // Searched in place: a representable is found in every check of every state, and filtering the
        // functions by name first copied each match into an array of its own.
        make = type.functions.first {
            $0.kind == .function && $0.name == adopted.makeName && $0.contextParameterName != nil
        }
        update = type.functions.first {
            $0.kind == .function && $0.name == adopted.updateName && $0.contextParameterName != nil
        }
        let makeCoordinator = type.functions.first {
            $0.kind == .function && $0.name == "makeCoordinator" && $0.parameters.isEmpty
        }
        self.makeCoordinator = makeCoordinator
        coordinator = makeCoordinator?.returnTypeText.flatMap { project.resolve($0, from: type.qualifiedName) }
    }

    /// A representable protocol, with the names of the methods it requires.
    struct Adopted {
        let name: String
        let platform: String
        let flavor: Flavor
        let makeName: String
        let updateName: String

        init(_ name: String, _ platform: String, _ flavor: Flavor) {
            self.name = name
            self.platform = platform
            self.flavor = flavor
            makeName = "make\(platform)\(flavor.makeSuffix)"
            updateName = "update\(platform)\(flavor.makeSuffix)"
        }
    }

    static let protocols: [Adopted] = [
        Adopted("UIViewRepresentable", "UI", .view), Adopted("UIViewControllerRepresentable", "UI", .viewController),
        Adopted("NSViewRepresentable", "NS", .view), Adopted("NSViewControllerRepresentable", "NS", .viewController),
    ]


    /// The nested type a representable declares as its coordinator by name, when there is no makeCoordinator.
    func nestedCoordinator(in project: ProjectView) -> TypeView? {
        project.type(qualifiedName: type.qualifiedName + ".Coordinator")
    }

    /// Whether a function belongs to this representable (its own methods and its extensions').
    func owns(_ function: FunctionFact) -> Bool { function.ownerType == type.qualifiedName }
}

/// Each type of `facts` that adopts a representable protocol in `project`, once.
func findRepresentables(in facts: SnippetFacts, project: ProjectView) -> [Representable] {
    var seen: [String] = []  // a type or two per snippet: no set to make and hash at every check
    var result: [Representable] = []
    // The declarations read in place, by index: a copy of each (a loop's element) retains all its fields.
    let types = facts.types
    for index in types.indices where types[index].kind != .protocol {
        let qualifiedName = types[index].qualifiedName
        guard !seen.contains(qualifiedName), let view = project.type(qualifiedName: qualifiedName) else { continue }
        let inherited = view.inherited
        for entry in Representable.protocols where inherited.contains(where: { $0.name == entry.name }) {
            seen.append(qualifiedName)
            // Ranges must point into the checked snippet: prefer its declaration that adopts the protocol.
            let local =
                types.first {
                    $0.qualifiedName == qualifiedName && $0.inherited.contains { $0.name == entry.name }
                } ?? types[index]
            result.append(Representable(type: view, declaration: local, adopting: entry, in: project))
            break
        }
    }
    return result
}

/// Functions of `facts` declared in the type (or its extensions) with this qualified name.
func localFunctions(of qualifiedName: String, in facts: SnippetFacts) -> [(index: Int, function: FunctionFact)] {
    facts.functions.enumerated().filter { $0.element.ownerType == qualifiedName }.map { ($0.offset, $0.element) }
}

/// Whether the function at `index` is, or is nested in, one of `owners`' methods: closures and local
/// functions inside a method record their own context, so walk outwards by range.
func enclosingMethod(of index: Int?, in facts: SnippetFacts) -> FunctionFact? {
    guard let index else { return nil }
    var function = facts.functions[index]
    var hops = 0
    while function.ownerType == nil, hops < facts.functions.count {
        hops += 1
        guard
            let outer = facts.functions.last(where: {
                $0.range.contains(function.range) && $0 != function && $0.ownerType != nil
            })
        else { return function }
        function = outer
    }
    return function
}

extension String {
    /// `delegate`, `navigationDelegate` → delegate; `dataSource` → data source; else nil.
    var wiringKind: String? {
        let lower = lowercased()
        if lower.hasSuffix("datasource") { return "dataSource" }
        if lower.hasSuffix("delegate") { return "delegate" }
        return nil
    }

    /// The wiring kind a protocol asks for by its name.
    var protocolWiringKind: String? {
        if hasSuffix("DataSource") { return "dataSource" }
        if hasSuffix("Delegate") { return "delegate" }
        return nil
    }
}

/// The 0-based code line holding `offset`, and the indentation of that line.
func lineAndIndent(of offset: Int, in code: String, facts: SnippetFacts) -> (line: Int, indent: String) {
    let line = facts.line(of: offset)
    let start = facts.lineStarts[line]
    let bytes = Array(code.utf8)
    var end = start
    while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
    return (line, String(decoding: bytes[start..<end], as: UTF8.self))
}

/// An assignment somewhere in the project, with the method it sits in.
struct LocatedAssignment {
    let assignment: AssignmentFact
    let method: FunctionFact?
    /// Whether it is in the checked snippet (its ranges are then usable).
    let isLocal: Bool
}

/// Assignments in methods of the given types, across the project.
func assignments(in project: ProjectView, ownedBy owners: Set<String>) -> [LocatedAssignment] {
    var result: [LocatedAssignment] = []
    for (position, facts) in project.allFacts.enumerated() {
        let isLocal = position == 0 && project.current != nil
        for assignment in facts.assignments {
            let method = enclosingMethod(of: assignment.function, in: facts)
            guard let owner = method?.ownerType, owners.contains(owner) else { continue }
            result.append(LocatedAssignment(assignment: assignment, method: method, isLocal: isLocal))
        }
    }
    return result
}

/// The UIKit object a make method builds: its first local variable initialised by a call.
func builtObject(in make: FunctionFact, facts: SnippetFacts) -> VariableFact? {
    guard let index = facts.functions.firstIndex(of: make) else { return nil }
    return facts.variables.first { variable in
        variable.function == index && (variable.typeName?.first?.isUppercase ?? false)
    }
}
