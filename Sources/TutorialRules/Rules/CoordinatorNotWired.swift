import SwiftFacts
import TutorialModel

/// The coordinator adopts a `…DataSource` or `…Delegate` protocol, but the object built in *make* never
/// gets `.dataSource` / `.delegate` = `context.coordinator`.
struct CoordinatorNotWired: CodeRule {
    let description = RuleDescription(
        id: "coordinator-not-wired", category: .lifecycle,
        summary: "The coordinator adopts a data source or delegate protocol, but nothing assigns it to the view.",
        explanation: """
            A coordinator that adopts `UIPageViewControllerDataSource` (or any `…DataSource` / `…Delegate`) does \
            nothing until the object built in `makeUIViewController(context:)` / `makeUIView(context:)` gets \
            `.dataSource = context.coordinator` (or `.delegate`). Without it, swiping a page view controller is \
            dead and delegate callbacks never arrive. The rule needs evidence: the representable's make method and \
            the coordinator's declaration must both be visible. The coordinator is the type `makeCoordinator()` \
            returns, or, before that method is written, the representable's nested `Coordinator`: the finding \
            belongs to the step that declared the conformance, also when `makeCoordinator()` only arrives later. \
            An assignment found only in the update method is reported by `wiring-in-update` instead.
            """,
        defaultSeverity: .warning, evidence: .absence,
        triggering: [
            RuleExample(
                "A data source never assigned",
                """
                struct PageViewController: UIViewControllerRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIViewController(context: Context) -> UIPageViewController {
                        let pageViewController = UIPageViewController()
                        return pageViewController
                    }
                    func updateUIViewController(_ controller: UIPageViewController, context: Context) {}
                    class Coordinator: NSObject, ↓UIPageViewControllerDataSource {
                        func pageViewController(_ p: UIPageViewController, viewControllerBefore v: UIViewController) -> UIViewController? { nil }
                        func pageViewController(_ p: UIPageViewController, viewControllerAfter v: UIViewController) -> UIViewController? { nil }
                    }
                }
                """),
            RuleExample(
                "A renamed context parameter and a coordinator not named Coordinator: the delegate is missing",
                """
                struct PageViewController: UIViewControllerRepresentable {
                    func makeCoordinator() -> PageCoordinator { PageCoordinator() }
                    func makeUIViewController(context ctx: Context) -> UIPageViewController {
                        let controller = UIPageViewController()
                        controller.dataSource = ctx.coordinator
                        return controller
                    }
                    func updateUIViewController(_ controller: UIPageViewController, context ctx: Context) {}
                }
                class PageCoordinator: NSObject, UIPageViewControllerDataSource, ↓UIPageViewControllerDelegate {
                }
                """),
            RuleExample(
                "Code split across lines, a text field delegate",
                """
                struct SearchField: UIViewRepresentable {
                    func makeCoordinator()
                        -> Coordinator
                    {
                        Coordinator()
                    }
                    func makeUIView(
                        context: Context
                    ) -> UITextField {
                        let field = UITextField()
                        return field
                    }
                    func updateUIView(_ field: UITextField, context: Context) {}
                    final class Coordinator:
                        NSObject,
                        ↓UITextFieldDelegate
                    {}
                }
                """),
            RuleExample(
                "The conformance is declared before makeCoordinator() arrives: reported where it was declared",
                steps: [
                    .init([
                        .init(
                            "PageViewController.swift",
                            """
                            struct PageViewController: UIViewControllerRepresentable {
                                func makeUIViewController(context: Context) -> UIPageViewController { UIPageViewController() }
                                func updateUIViewController(_ controller: UIPageViewController, context: Context) {}
                                class Coordinator: NSObject, ↓UIPageViewControllerDataSource {}
                            }
                            """)
                    ]),
                    .init([
                        .init(
                            "PageViewController.swift",
                            """
                            struct PageViewController: UIViewControllerRepresentable {
                                func makeCoordinator() -> Coordinator { Coordinator() }
                                func makeUIViewController(context: Context) -> UIPageViewController { UIPageViewController() }
                                func updateUIViewController(_ controller: UIPageViewController, context: Context) {}
                                class Coordinator: NSObject, UIPageViewControllerDataSource {}
                            }
                            """)
                    ]),
                ]),
        ],
        nonTriggering: [
            RuleExample(
                "Wired in make",
                """
                struct PageViewController: UIViewControllerRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIViewController(context: Context) -> UIPageViewController {
                        let pageViewController = UIPageViewController()
                        pageViewController.dataSource = context.coordinator
                        return pageViewController
                    }
                    func updateUIViewController(_ controller: UIPageViewController, context: Context) {}
                    class Coordinator: NSObject, UIPageViewControllerDataSource {}
                }
                """),
            RuleExample(
                "A renamed context parameter, the assignment split across lines",
                """
                struct SearchField: UIViewRepresentable {
                    func makeCoordinator() -> FieldCoordinator { FieldCoordinator() }
                    func makeUIView(context ctx: Context) -> UITextField {
                        let field = UITextField()
                        field.delegate =
                            ctx.coordinator
                        return field
                    }
                    func updateUIView(_ field: UITextField, context ctx: Context) {}
                }
                final class FieldCoordinator: NSObject, UITextFieldDelegate {}
                """),
            RuleExample(
                "A fragment without the make method: no evidence, no finding",
                fragment: """
                    class Coordinator: NSObject, UIPageViewControllerDataSource {
                        var parent: PageViewController
                        init(_ parent: PageViewController) { self.parent = parent }
                    }
                    """),
            RuleExample(
                "The coordinator wires itself",
                """
                struct MapView: UIViewRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIView(context: Context) -> MKMapView {
                        let map = MKMapView()
                        context.coordinator.attach(to: map)
                        return map
                    }
                    func updateUIView(_ map: MKMapView, context: Context) {}
                    class Coordinator: NSObject, MKMapViewDelegate {
                        func attach(to map: MKMapView) { map.delegate = self }
                    }
                }
                """),
        ])

    func check(_ context: CodeContext) -> [CodeFinding] {
        guard !context.isFragment else { return [] }
        var findings: [CodeFinding] = []
        for representable in context.representables {
            // Before makeCoordinator() is written, the nested `Coordinator` is the one it will return.
            let nested =
                representable.makeCoordinator == nil ? representable.nestedCoordinator(in: context.project) : nil
            guard let make = representable.make,
                let coordinator = representable.coordinator ?? nested,
                coordinator.primary != nil, coordinator.isComplete, representable.type.isComplete
            else { continue }
            let contextName = make.contextParameterName ?? "context"
            let wiring = assignments(
                in: context.project, ownedBy: [representable.type.qualifiedName, coordinator.qualifiedName])
            var reported = Set<String>()
            for adopted in coordinator.inherited {
                guard let kind = adopted.name.protocolWiringKind, !reported.contains(kind),
                    !context.project.declaresType(named: adopted.name)
                else { continue }
                let assigned = wiring.filter { $0.assignment.member.wiringKind == kind && !$0.assignment.value.isNil }
                // Wired only in update: `wiring-in-update` tells the author where it belongs.
                guard assigned.isEmpty else { continue }
                reported.insert(kind)
                // The conformance may be declared by an extension: any local declaration of the coordinator.
                let local = context.facts.types.filter { $0.qualifiedName == coordinator.qualifiedName }
                    .flatMap(\.inherited).first { $0.name == adopted.name }
                var edits: [CodeEdit] = []
                if let object = builtObject(in: make, facts: context.facts) {
                    let (line, indent) = lineAndIndent(
                        of: object.range.start, in: context.snippet.code, facts: context.facts)
                    let end = context.facts.line(of: object.range.end)
                    _ = line
                    edits = [
                        CodeEdit(
                            .insertLine(
                                before: end + 1, text: "\(indent)\(object.name).\(kind) = \(contextName).coordinator"))
                    ]
                }
                findings.append(
                    CodeFinding(
                        subject: "\(representable.type.qualifiedName)/\(kind)",
                        message:
                            "\(coordinator.name) adopts \(adopted.name), but nothing in \(representable.type.name) sets "
                            + "`.\(kind) = \(contextName).coordinator`; assign it in \(representable.makeSignature)",
                        range: local?.range ?? make.nameRange,
                        fixTitle: "Set .\(kind) = \(contextName).coordinator in \(representable.makeName)",
                        edits: edits,
                        resolvingTokens: [kind]))
            }
        }
        return findings
    }
}
