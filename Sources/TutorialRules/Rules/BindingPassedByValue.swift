import SwiftFacts
import TutorialModel

/// A parameter declared `@Binding` receives a plain value instead of a binding.
struct BindingPassedByValue: CodeRule {
    let description = RuleDescription(
        id: "binding-passed-by-value", category: .lifecycle,
        summary: "A @Binding parameter receives a plain value (currentPage) instead of a binding ($currentPage).",
        explanation: """
            A view with `@Binding var currentPage: Int` must be given a binding: `$currentPage` from a `@State` \
            or `@Binding` property, or `.constant(1)` in a preview. Passing `currentPage` passes the current \
            value, which does not compile. The called type may be declared in another file of the tutorial: \
            the project at that step is searched. The rule judges only arguments it can see are plain values: \
            literals and properties of the calling type that are not bindings themselves.
            """,
        defaultSeverity: .error,
        triggering: [
            RuleExample(
                "A state property passed without $",
                files: [
                    (
                        "PageControl.swift",
                        "struct PageControl: View {\n    var numberOfPages: Int\n    @Binding var currentPage: Int\n    var body: some View { Text(\"\") }\n}\n"
                    ),
                    (
                        "PageView.swift",
                        """
                        struct PageView: View {
                            @State var currentPage = 0
                            var body: some View {
                                PageControl(numberOfPages: 3, currentPage: ↓currentPage)
                            }
                        }
                        """
                    ),
                ]),
            RuleExample(
                "Split across lines, through self",
                """
                struct Toggle2: View {
                    @Binding var isOn: Bool
                    var body: some View { Text("") }
                }
                struct Settings: View {
                    @State private var enabled = false
                    var body: some View {
                        Toggle2(
                            isOn:
                                ↓self.enabled
                        )
                    }
                }
                """),
            RuleExample(
                "A literal where a binding is expected, through an explicit initializer",
                """
                struct Stepper2: View {
                    @Binding var value: Int
                    init(value: Binding<Int>) { self._value = value }
                    var body: some View { Text("") }
                }
                struct Preview: View {
                    var body: some View { Stepper2(value: ↓3) }
                }
                """),
        ],
        nonTriggering: [
            RuleExample(
                "A projected binding",
                """
                struct PageControl: View {
                    @Binding var currentPage: Int
                    var body: some View { Text("") }
                }
                struct PageView: View {
                    @State var currentPage = 0
                    var body: some View { PageControl(currentPage: $currentPage) }
                }
                """),
            RuleExample(
                "A local variable holding a binding",
                """
                struct PageControl: View {
                    @Binding var currentPage: Int
                    var body: some View { Text("") }
                }
                struct Host: View {
                    let model: Model
                    var body: some View {
                        let page = Binding(get: { model.page }, set: { model.page = $0 })
                        PageControl(currentPage: page)
                    }
                }
                """),
            RuleExample(
                "A constant binding and a type the tutorial does not declare",
                """
                struct PageControl: View {
                    @Binding var currentPage: Int
                    var body: some View { Text("") }
                }
                struct Preview: View {
                    @State var on = false
                    var body: some View {
                        PageControl(currentPage: .constant(1))
                        Toggle("On", isOn: on)
                    }
                }
                """),
        ])

    /// Wrappers whose plain name reads the wrapped value, not a binding.
    private static let valueWrappers: Set<String> = [
        "State", "Binding", "Published", "AppStorage", "SceneStorage", "StateObject", "ObservedObject",
    ]

    func check(_ context: CodeContext) -> [CodeFinding] {
        var findings: [CodeFinding] = []
        let facts = context.facts
        for call in facts.calls where call.isTypeLike {
            guard let type = context.project.resolve(call.name, from: call.enclosingType), let primary = type.primary,
                primary.kind == .struct
            else { continue }
            for argument in call.arguments {
                guard let label = argument.label, takesBinding(type, primary: primary, label: label),
                    let problem = plainValue(argument.value, call: call, context: context)
                else { continue }
                var edits: [CodeEdit] = []
                if argument.value.isLiteral {
                    edits = [CodeEdit(.replace(argument.value.range, ".constant(\(argument.value.text))"))]
                } else if let name = argument.value.identifier {
                    let replacement = argument.value.text.hasPrefix("self.") ? "self.$\(name)" : "$\(name)"
                    edits = [CodeEdit(.replace(argument.value.range, replacement))]
                }
                findings.append(
                    CodeFinding(
                        subject: "\(type.qualifiedName)(\(label):)@\(call.enclosingType ?? "")",
                        message: "\(type.name)'s `\(label)` is a @Binding, but \(problem) is passed by value; "
                            + (argument.value.isLiteral
                                ? "use .constant(\(argument.value.text))"
                                : "pass $\(argument.value.identifier ?? label)"),
                        range: argument.value.range, fixTitle: "Pass a binding", edits: edits))
            }
        }
        return findings
    }

    private func takesBinding(_ type: TypeView, primary: TypeFact, label: String) -> Bool {
        if !primary.initializers.isEmpty {
            let parameters = type.declarations.flatMap(\.initializers).flatMap(\.parameters).filter {
                $0.label == label
            }
            return !parameters.isEmpty && parameters.allSatisfy { $0.typeText.hasPrefix("Binding<") }
        }
        return type.property(label)?.isBinding ?? false
    }

    /// How the argument is a plain value, or nil when it may be a binding.
    private func plainValue(_ value: ExpressionFact, call: CallFact, context: CodeContext) -> String? {
        if value.isLiteral { return "the literal \(value.text)" }
        guard let name = value.identifier, let enclosing = call.enclosingType,
            let type = context.project.type(qualifiedName: enclosing), let property = type.property(name)
        else { return nil }
        // A local or parameter of the same name shadows the property.
        let facts = context.facts
        if let function = call.function {
            let scope = facts.functions[function]
            if scope.parameters.contains(where: { $0.internalName == name }) { return nil }
            if facts.variables.contains(where: {
                $0.name == name && $0.function != nil && scope.range.contains($0.range)
            }) {
                return nil
            }
        }
        if property.attributes.contains(where: { Self.valueWrappers.contains($0) }) { return "`\(name)`" }
        if property.attributes.isEmpty, let typeText = property.typeText, !typeText.hasPrefix("Binding") {
            return "`\(name)`"
        }
        return nil
    }
}
