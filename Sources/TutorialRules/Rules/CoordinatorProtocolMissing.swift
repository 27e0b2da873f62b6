import SwiftFacts
import TutorialModel

/// `.dataSource = context.coordinator` (or `.delegate`) while the coordinator adopts no matching protocol.
struct CoordinatorProtocolMissing: CodeRule {
    let description = RuleDescription(
        id: "coordinator-protocol-missing", category: .lifecycle,
        summary: "The coordinator is assigned as data source or delegate but adopts no such protocol.",
        explanation: """
            `pageViewController.dataSource = context.coordinator` compiles only when the coordinator adopts \
            `UIPageViewControllerDataSource` (likewise `.delegate` and a `…Delegate` protocol). A tutorial step \
            that adds the assignment before the conformance leaves the reader with code that does not build. \
            The rule concludes only when the coordinator's declaration is visible and inherits from nothing \
            that could adopt the protocol for it (`NSObject` and known protocols only).
            """,
        defaultSeverity: .error, evidence: .absence,
        triggering: [
            RuleExample(
                "A data source assigned before the conformance",
                """
                struct PageViewController: UIViewControllerRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIViewController(context: Context) -> UIPageViewController {
                        let controller = UIPageViewController()
                        controller.dataSource = ↓context.coordinator
                        return controller
                    }
                    func updateUIViewController(_ controller: UIPageViewController, context: Context) {}
                    class Coordinator: NSObject {}
                }
                """),
            RuleExample(
                "A renamed context parameter, a coordinator not named Coordinator, adopting only the data source",
                """
                struct PageViewController: UIViewControllerRepresentable {
                    func makeCoordinator() -> Pager { Pager() }
                    func makeUIViewController(context ctx: Context) -> UIPageViewController {
                        let controller = UIPageViewController()
                        controller.dataSource = ctx.coordinator
                        controller.delegate = ↓ctx.coordinator
                        return controller
                    }
                    func updateUIViewController(_ controller: UIPageViewController, context ctx: Context) {}
                }
                final class Pager: NSObject, UIPageViewControllerDataSource {}
                """),
            RuleExample(
                "Split across lines",
                """
                struct SearchField: UIViewRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIView(context: Context) -> UITextField {
                        let field = UITextField()
                        field
                            .delegate =
                            ↓context.coordinator
                        return field
                    }
                    func updateUIView(_ field: UITextField, context: Context) {}
                    class Coordinator: NSObject {}
                }
                """),
        ],
        nonTriggering: [
            RuleExample(
                "The conformance is there",
                """
                struct PageViewController: UIViewControllerRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIViewController(context: Context) -> UIPageViewController {
                        let controller = UIPageViewController()
                        controller.dataSource = context.coordinator
                        return controller
                    }
                    func updateUIViewController(_ controller: UIPageViewController, context: Context) {}
                    class Coordinator: NSObject, UIPageViewControllerDataSource {}
                }
                """),
            RuleExample(
                "The conformance is added by an extension",
                """
                struct SearchField: UIViewRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIView(context ctx: Context) -> UITextField {
                        let field = UITextField()
                        field.delegate = ctx.coordinator
                        return field
                    }
                    func updateUIView(_ field: UITextField, context: Context) {}
                    class Coordinator: NSObject {}
                }
                extension SearchField.Coordinator: UITextFieldDelegate {}
                """),
            RuleExample(
                "The coordinator inherits from a class that may adopt it",
                """
                struct MapView: UIViewRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIView(context: Context) -> MKMapView {
                        let map = MKMapView()
                        map.delegate = context.coordinator
                        return map
                    }
                    func updateUIView(_ map: MKMapView, context: Context) {}
                    class Coordinator: MapDelegateBase {}
                }
                """),
        ])

    func check(_ context: CodeContext) -> [CodeFinding] {
        var findings: [CodeFinding] = []
        for representable in context.representables {
            guard let coordinator = representable.coordinator, coordinator.primary != nil,
                coordinator.isComplete
            else {
                continue
            }
            // Conclude only when nothing inherited could bring the conformance along.
            let inherited = coordinator.inheritedNames
            let opaque = inherited.contains { name in
                name != "NSObject" && name.protocolWiringKind == nil && context.knownProtocols.entry(name) == nil
                    && !name.hasSuffix("Protocol")
            }
            guard !opaque else { continue }
            for (index, function) in context.facts.functions.enumerated() where representable.owns(function) {
                guard let contextName = function.contextParameterName else { continue }
                for assignment in context.facts.assignments {
                    guard let candidate = assignment.function,
                        candidate == index || function.range.contains(context.facts.functions[candidate].range),
                        assignment.value.coordinatorBase == contextName,
                        assignment.member == "dataSource" || assignment.member == "delegate"
                    else { continue }
                    let suffix = assignment.member == "dataSource" ? "DataSource" : "Delegate"
                    guard !inherited.contains(where: { $0.hasSuffix(suffix) }) else { continue }
                    findings.append(
                        CodeFinding(
                            subject: "\(representable.type.qualifiedName)/\(assignment.member)",
                            message:
                                "\(coordinator.name) is assigned as `.\(assignment.member)` but adopts no …\(suffix) "
                                + "protocol; this does not compile",
                            range: assignment.value.range,
                            resolvingTokens: context.knownProtocols.protocols.filter { $0.name.hasSuffix(suffix) }.map(
                                \.name)))
                }
            }
        }
        return findings
    }
}
