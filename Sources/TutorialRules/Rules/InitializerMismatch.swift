import SwiftFacts
import TutorialModel

/// A call to a type declared in the tutorial matches none of its initializers.
struct InitializerMismatch: CodeRule {
    let description = RuleDescription(
        id: "initializer-mismatch", category: .lifecycle,
        summary: "A call to a tutorial-declared type matches none of its initializers.",
        explanation: """
            When a step changes a type's stored properties or initializers, every call site must follow: \
            `PageView()` does not compile once `PageView` only has `init(_ views: [Page])`. The initializers are \
            the explicit ones (in the declaration and its extensions) and, for a struct without explicit ones in \
            its declaration, the memberwise initializer: stored properties in order, those with an initial value \
            optional, property wrappers included (`@Binding var x` takes `x:`). The type may be declared in \
            another file: the project at that step is searched. A protocol the type adopts may supply \
            initializers in its extensions: those of a protocol the tutorial declares count, and a type adopting \
            a protocol from outside the tutorial (a library's, which may supply any) is left alone, unless the \
            protocol is one of the standard ones known to supply none (`View`, `Identifiable`, `Codable`, a \
            UIKit delegate…). Classes inheriting from another class, types with macros and enums are left alone.
            """,
        defaultSeverity: .warning, enabledByDefault: false, evidence: .absence,
        triggering: [
            RuleExample(
                "A call without the argument the only initializer needs",
                """
                struct PageView<Page: View>: View {
                    var viewControllers: [UIHostingController<Page>]
                    init(_ views: [Page]) { self.viewControllers = views.map { UIHostingController(rootView: $0) } }
                    var body: some View { Text("") }
                }
                struct PageView_Preview: PreviewProvider {
                    static var previews: some View { ↓PageView() }
                }
                """),
            RuleExample(
                "A memberwise initializer across files, a @Binding property added later",
                files: [
                    (
                        "PageViewController.swift",
                        "struct PageViewController: UIViewControllerRepresentable {\n    var controllers: [UIViewController]\n    @Binding var currentPage: Int\n}\n"
                    ),
                    (
                        "PageView.swift",
                        "struct PageView: View {\n    var body: some View {\n        ↓PageViewController(controllers: [])\n    }\n}\n"
                    ),
                ]),
            RuleExample(
                "Standard protocols supply no initializer: the memberwise one is still the only one",
                """
                struct Trail: Identifiable, Codable, Hashable {
                    let id: Int
                    var name: String
                }
                let trail = ↓Trail(title: "Ridge")
                """),
            RuleExample(
                "Labels in the wrong order, split across lines",
                """
                struct Card {
                    var title: String
                    var subtitle: String = ""
                }
                let card = ↓Card(
                    subtitle: "b",
                    title: "a")
                """),
        ],
        nonTriggering: [
            RuleExample(
                "The generic initializer with its array",
                """
                struct PageView<Page: View>: View {
                    var viewControllers: [UIHostingController<Page>]
                    init(_ views: [Page]) { self.viewControllers = views.map { UIHostingController(rootView: $0) } }
                    var body: some View { Text("") }
                }
                let preview = PageView(features.map { FeatureCard(landmark: $0) })
                """),
            RuleExample(
                "Memberwise with defaults, property wrappers and a coordinator not named Coordinator",
                """
                struct PageControl: UIViewRepresentable {
                    var numberOfPages: Int
                    @Binding var currentPage: Int
                    @State private var tint = Color.blue
                    func makeCoordinator() -> Target { Target(self) }
                    func makeUIView(context ctx: Context) -> UIPageControl { UIPageControl() }
                    func updateUIView(_ view: UIPageControl, context ctx: Context) {}
                    class Target: NSObject {
                        var control: PageControl
                        init(_ control: PageControl) { self.control = control }
                    }
                }
                let control = PageControl(numberOfPages: 3, currentPage: .constant(0))
                """),
            RuleExample(
                "A fragment calling a type the tutorial does not declare, and a subclass",
                fragment: """
                    class Base { init(x: Int) {} }
                    class Derived: Base {}
                    let a = Derived(x: 1)
                    let b = FeatureCard(landmark: landmark)
                    """),
            RuleExample(
                "Wrappers that initialise themselves: environment objects, focus state, namespaces",
                """
                struct LandmarkList: View {
                    @EnvironmentObject var modelData: ModelData
                    @FocusState private var focused: Bool
                    @Namespace private var namespace
                    @Environment(\\.dismiss) private var dismiss
                    var body: some View { Text("") }
                }
                struct ContentView: View {
                    var body: some View { LandmarkList() }
                }
                """),
            RuleExample(
                "A trailing closure fills a @ViewBuilder property of a generic type; an @Environment property is no argument",
                """
                struct Frame<Content: View>: View {
                    @Environment(\\.dismiss) private var dismiss
                    let title: String
                    @ViewBuilder let content: Content
                    var body: some View { content }
                }
                struct Screen: View {
                    var body: some View {
                        Frame(title: "Books") {
                            Text("List")
                        }
                    }
                }
                """),
            RuleExample(
                "A library protocol may supply an initializer in an extension the tutorial cannot see",
                """
                import ParseSwift
                struct Role: ParseRole {
                    var objectId: String?
                    var name: String?
                    var ACL: ParseACL?
                }
                let moderators = try Role(name: "Moderator", acl: acl)
                """),
            RuleExample(
                "An initializer a protocol of the tutorial supplies in its extension",
                """
                protocol Titled { init(title: String) }
                extension Titled { init(slug: String) { self.init(title: slug.capitalized) } }
                struct Tag: Titled, Hashable {
                    var title: String
                }
                let tag = Tag(slug: "swift")
                let other = Tag(title: "UI")
                """),
            RuleExample(
                "An explicit initializer in an extension keeps the memberwise one",
                """
                struct Point { var x: Double; var y: Double }
                extension Point { init(_ both: Double) { self.init(x: both, y: both) } }
                let p = Point(x: 1, y: 2)
                let q = Point(3)
                """),
        ],
        measuredPrecision: .init(value: 5.0 / 8.0, sample: 8, date: "2026-12-06", note: "Five held-out rounds: round 5 1 of 2 right, an earlier one 0 of 2, round 13 1 of 1 (a pattern calling a memberwise initializer without its label), round 134 1 of 1 (a call labelling an argument `weight:` where the initializer takes `weightInKg:`), round 330 2 of 2 (notes calling the memberwise initializer of a struct whose own `init(name:)`, written in its body, takes that initializer away; missed by the count). The wrong ones: a framework type taken for the project's own from its declaration quoted to read; a file name slip in the prose split the file's history, so the step completing the type landed in another file."))

    /// Property wrappers without `init()`: a memberwise initializer needs a value for them.
    private static let valueRequiringWrappers: Set<String> = [
        "Binding", "State", "StateObject", "ObservedObject", "Bindable", "Published", "GestureState",
    ]

    /// Attributes on a type that do not add initializers.
    private static let harmlessAttributes: Set<String> = [
        "MainActor", "available", "frozen", "objc", "objcMembers", "propertyWrapper", "resultBuilder",
        "dynamicMemberLookup", "Observable", "preconcurrency", "usableFromInline", "main",
    ]

    /// Standard protocols whose extensions supply no initializer a call to an adopter could use: adopting
    /// one of them leaves the adopter's initializers its own. Any other protocol from outside the tutorial
    /// (a library's) may supply some, so its adopters are left alone.
    private static let initializerFreeProtocols: Set<String> = [
        "View", "App", "Scene", "PreviewProvider", "ViewModifier", "Shape", "InsettableShape", "ButtonStyle",
        "PrimitiveButtonStyle", "ToggleStyle", "LabelStyle", "DynamicProperty", "EnvironmentKey", "PreferenceKey",
        "UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable", "NSViewControllerRepresentable",
        "ObservableObject", "Identifiable", "Hashable", "Equatable", "Comparable", "Codable", "Encodable", "Decodable",
        "Sendable", "CaseIterable", "CustomStringConvertible", "CustomDebugStringConvertible", "Error", "LocalizedError",
        "Animatable", "Transferable", "TimelineEntry", "Widget", "TimelineProvider", "AppIntent",
    ]

    func check(_ context: CodeContext) -> [CodeFinding] {
        var findings: [CodeFinding] = []
        for call in context.facts.calls where call.isTypeLike {
            guard let type = context.project.resolve(call.name, from: call.enclosingType), type.isComplete,
                let signatures = initializers(of: type, in: context)
            else { continue }
            let arguments = call.arguments.map(\.label)
            guard !signatures.contains(where: { matches(arguments, trailing: call.trailingClosureLabels, $0) }) else {
                continue
            }
            let written = call.name + "(" + arguments.map { ($0 ?? "_") + ":" }.joined() + ")"
            let known = signatures.map { "init(" + $0.map { ($0.label ?? "_") + ":" }.joined() + ")" }
            findings.append(
                CodeFinding(
                    subject: "\(type.qualifiedName):\(written)@\(call.enclosingType ?? "")",
                    message: "\(written) matches no initializer of "
                        + "\(type.name) (\(known.joined(separator: ", ")))",
                    range: call.range, resolvingTokens: ["init", type.name]))
        }
        return findings
    }

    /// The parameter lists of the type's initializers, nil when they cannot be known.
    private func initializers(of type: TypeView, in context: CodeContext) -> [[ParameterFact]]? {
        guard let primary = type.primary else { return nil }
        guard primary.attributes.allSatisfy({ Self.harmlessAttributes.contains($0) }) else { return nil }
        guard let supplied = protocolInitializers(of: type, primary: primary, in: context) else { return nil }
        let explicit = type.declarations.flatMap(\.initializers).map(\.parameters) + supplied
        switch primary.kind {
        case .struct:
            guard primary.initializers.isEmpty else { return explicit }
            return explicit + [memberwise(primary)]
        case .class, .actor:
            // A superclass brings initializers along; a class without one and without explicit
            // initializers has `init()` when every stored property has a value.
            if let first = primary.inherited.first?.name, !first.hasSuffix("Protocol"), first.first?.isUppercase == true
            {
                guard first == "NSObject", !primary.initializers.isEmpty else { return nil }
                return explicit
            }
            if !primary.initializers.isEmpty { return explicit }
            let stored = primary.properties.filter(\.isStoredInstance)
            guard stored.allSatisfy({ $0.hasInitialValue || $0.typeText?.hasSuffix("?") == true }) else { return nil }
            return explicit + [[]]
        default:
            return nil
        }
    }

    /// The initializers the protocols a struct adopts supply in their extensions (those the tutorial
    /// declares); nil when it adopts one from outside the tutorial that may supply some. A class's first
    /// inherited name may be its superclass, which `initializers(of:in:)` judges.
    private func protocolInitializers(of type: TypeView, primary: TypeFact, in context: CodeContext) -> [[ParameterFact]]? {
        var supplied: [[ParameterFact]] = []
        let adopted = primary.kind == .struct ? type.inheritedNames : Array(type.inheritedNames.dropFirst())
        for name in adopted {
            if let declared = context.project.resolve(name, from: nil), declared.kind == .protocol {
                guard declared.isComplete else { return nil }
                supplied += declared.declarations.filter { $0.kind == .extension }.flatMap(\.initializers).map(\.parameters)
            } else if !Self.initializerFreeProtocols.contains(name), context.knownProtocols.entry(name) == nil,
                !context.knownProtocols.isObjCProtocol(name)
            {
                return nil
            }
        }
        return supplied
    }

    /// The memberwise initializer: stored instance properties in order, optional when initialised.
    private func memberwise(_ type: TypeFact) -> [ParameterFact] {
        type.properties.filter(\.isStoredInstance).compactMap { property in
            // `let` constants with a value are not parameters; neither are lazy ones.
            if property.isLet && property.hasInitialValue { return nil }
            if property.isLazy { return nil }
            // A wrapper other than the few that must be given a value may have `init()` (`@EnvironmentObject`,
            // `@FocusState`, `@Namespace`, custom wrappers): such a parameter is taken as optional.
            let unknownWrapper = property.attributes.contains { !Self.valueRequiringWrappers.contains($0) }
            let optional =
                property.hasInitialValue || property.attributeHasArguments || unknownWrapper
                || (property.typeText?.hasSuffix("?") == true && !property.isLet)
            return ParameterFact(
                label: property.name, internalName: property.name, typeText: property.typeText ?? "",
                hasDefault: optional, isVariadic: false)
        }
    }

    /// Types no closure produces: a trailing closure cannot be such a parameter's argument.
    private static func isPlainValue(_ type: String) -> Bool {
        let base = type.hasSuffix("?") ? String(type.dropLast()) : type
        return base.hasPrefix("[") || plainValueTypes.contains(base)
    }

    private static let plainValueTypes: Set<String> = [
        "String", "Int", "Bool", "Double", "Float", "CGFloat", "Date", "URL", "UUID", "Data", "Character", "Decimal",
    ]

    /// Whether labelled arguments (and trailing closures) can bind to the parameters, in order.
    private func matches(_ labels: [String?], trailing: [String?], _ parameters: [ParameterFact]) -> Bool {
        var index = 0
        for label in labels {
            while index < parameters.count, parameters[index].label != label {
                guard parameters[index].hasDefault || parameters[index].isVariadic else { return false }
                index += 1
            }
            guard index < parameters.count else { return false }
            if parameters[index].isVariadic {
                // Further unlabelled arguments may belong to the same variadic parameter.
                continue
            }
            index += 1
        }
        var rest = Array(parameters[min(index, parameters.count)...])
        for label in trailing {
            // The first trailing closure binds to the next parameter that can take a closure; be lenient.
            if let label {
                guard let position = rest.firstIndex(where: { $0.label == label }) else { return false }
                guard rest[..<position].allSatisfy(\.hasDefault) else { return false }
                rest.removeFirst(position + 1)
            } else {
                // Else to a parameter whose type may be built by a closure: a generic `Content` filled by a
                // `@ViewBuilder` property, a type the facts do not know; never a plain value.
                guard
                    let position = rest.firstIndex(where: { !$0.hasDefault || $0.typeText.containsText("->") })
                        ?? rest.firstIndex(where: { !Self.isPlainValue($0.typeText) })
                else { return false }
                rest.removeFirst(position + 1)
            }
        }
        return rest.allSatisfy(\.hasDefault)
    }
}
