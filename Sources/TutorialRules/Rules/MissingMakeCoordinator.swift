import SwiftFacts
import TutorialModel

/// A coordinator type is declared or `context.coordinator` is used, but there is no `makeCoordinator()`.
struct MissingMakeCoordinator: CodeRule {
    let description = RuleDescription(
        id: "missing-make-coordinator", category: .lifecycle,
        summary: "A representable declares a Coordinator or uses context.coordinator without makeCoordinator().",
        explanation: """
            SwiftUI creates a representable's coordinator by calling `makeCoordinator()`. Without it the \
            coordinator type is `Void`: a nested `Coordinator` class is never instantiated, and \
            `context.coordinator` is not the object the code expects, so the code does not compile. The rule \
            looks at the whole project (an extension in another file may declare `makeCoordinator()`) and \
            says nothing about fragments, which may leave the method out.
            """,
        defaultSeverity: .error, evidence: .absence,
        triggering: [
            RuleExample(
                "A nested Coordinator without makeCoordinator()",
                """
                struct PageViewController: UIViewControllerRepresentable {
                    func makeUIViewController(context: Context) -> UIPageViewController { UIPageViewController() }
                    func updateUIViewController(_ controller: UIPageViewController, context: Context) {}
                    class ↓Coordinator: NSObject {}
                }
                """),
            RuleExample(
                "context.coordinator used with a renamed context parameter",
                """
                struct PageControl: UIViewRepresentable {
                    func makeUIView(context ctx: Context) -> UIPageControl {
                        let control = UIPageControl()
                        control.addTarget(↓ctx.coordinator, action: #selector(Handler.changed), for: .valueChanged)
                        return control
                    }
                    func updateUIView(_ control: UIPageControl, context: Context) {}
                }
                class Handler: NSObject { @objc func changed() {} }
                """),
            RuleExample(
                "Split across lines: the coordinator in an assignment",
                """
                struct SearchField: UIViewRepresentable {
                    func makeUIView(context: Context) -> UITextField {
                        let field = UITextField()
                        field.delegate =
                            ↓context.coordinator
                        return field
                    }
                    func updateUIView(_ field: UITextField, context: Context) {}
                }
                """),
        ],
        nonTriggering: [
            RuleExample(
                "makeCoordinator() present",
                """
                struct PageViewController: UIViewControllerRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIViewController(context: Context) -> UIPageViewController { UIPageViewController() }
                    func updateUIViewController(_ controller: UIPageViewController, context: Context) {}
                    class Coordinator: NSObject {}
                }
                """),
            RuleExample(
                "makeCoordinator() in an extension in another file, a coordinator not named Coordinator",
                files: [
                    (
                        "PageControl.swift",
                        """
                        struct PageControl: UIViewRepresentable {
                            func makeUIView(context ctx: Context) -> UIPageControl {
                                let control = UIPageControl()
                                control.addTarget(ctx.coordinator, action: #selector(PageTarget.changed), for: .valueChanged)
                                return control
                            }
                            func updateUIView(_ control: UIPageControl, context: Context) {}
                        }
                        """
                    ),
                    (
                        "PageControl+Coordinator.swift",
                        """
                        extension PageControl {
                            func makeCoordinator() -> PageTarget { PageTarget() }
                        }
                        class PageTarget: NSObject { @objc func changed() {} }
                        """
                    ),
                ]),
            RuleExample(
                "A fragment showing only the Coordinator",
                fragment: """
                    class Coordinator: NSObject {
                        var parent: PageViewController
                        init(_ parent: PageViewController) { self.parent = parent }
                    }
                    """),
        ])

    func check(_ context: CodeContext) -> [CodeFinding] {
        guard !context.isFragment else { return [] }
        var findings: [CodeFinding] = []
        for representable in context.representables
        where representable.makeCoordinator == nil && representable.type.isComplete {
            let qualified = representable.type.qualifiedName
            var range: CodeRange?
            var edits: [CodeEdit] = []
            if let nested = context.facts.types.first(where: { $0.parent == qualified && $0.name == "Coordinator" }) {
                range = nested.nameRange
                edits = makeCoordinatorInsertion(for: representable, coordinator: nested, context: context)
            }
            if range == nil {
                for (index, function) in context.facts.functions.enumerated() where function.ownerType == qualified {
                    guard let contextName = function.contextParameterName else { continue }
                    let inFunction: (Int?) -> Bool = { candidate in
                        guard let candidate else { return false }
                        return candidate == index || function.range.contains(context.facts.functions[candidate].range)
                    }
                    let values =
                        context.facts.assignments.filter { inFunction($0.function) }.map(\.value)
                        + context.facts.calls.filter { inFunction($0.function) }.flatMap { $0.arguments.map(\.value) }
                    if let use = values.filter({ $0.coordinatorBase == contextName }).min(by: {
                        $0.range.start < $1.range.start
                    }) {
                        range = use.range
                        break
                    }
                }
            }
            guard let range else { continue }
            findings.append(
                CodeFinding(
                    subject: qualified,
                    message:
                        "\(representable.type.name) has a coordinator but no makeCoordinator(); SwiftUI never creates it",
                    range: range, fixTitle: edits.isEmpty ? nil : "Add makeCoordinator()", edits: edits,
                    resolvingTokens: ["makeCoordinator"]))
        }
        return findings
    }

    /// `func makeCoordinator() -> Coordinator { Coordinator(self) }` before the make method, when the
    /// coordinator's initializer shows how to call it.
    private func makeCoordinatorInsertion(
        for representable: Representable, coordinator: TypeFact, context: CodeContext
    ) -> [CodeEdit] {
        let call: String
        let initializers = coordinator.initializers.map(\.parameters)
        if initializers.isEmpty || initializers.contains(where: { $0.allSatisfy(\.hasDefault) }) {
            call = "Coordinator()"
        } else if let single = initializers.first(where: { $0.count == 1 }) {
            call = "Coordinator(\(single[0].label.map { "\($0): " } ?? "")self)"
        } else {
            return []
        }
        guard let make = representable.make,
            context.facts.functions.contains(make)
        else { return [] }
        let (line, indent) = lineAndIndent(of: make.range.start, in: context.snippet.code, facts: context.facts)
        let body = indent + "func makeCoordinator() -> Coordinator {\n" + indent + "    " + call + "\n" + indent + "}\n"
        return [CodeEdit(.insertLine(before: line, text: String(body.dropLast()) + "\n"))]
    }
}
