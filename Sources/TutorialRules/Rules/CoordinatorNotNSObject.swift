import SwiftFacts
import TutorialModel

/// The coordinator adopts an Objective-C protocol but does not inherit from `NSObject`.
struct CoordinatorNotNSObject: CodeRule {
    let description = RuleDescription(
        id: "coordinator-not-nsobject", category: .lifecycle,
        summary: "The coordinator adopts a UIKit data source or delegate protocol without inheriting from NSObject.",
        explanation: """
            UIKit data sources and delegates refine `NSObjectProtocol`, so a coordinator adopting them must be \
            a class inheriting from `NSObject` (`class Coordinator: NSObject, UITableViewDataSource`). A plain \
            class or a struct does not compile. The coordinator is whatever `makeCoordinator()` returns, or the \
            nested `Coordinator` type; the rule says nothing when the class inherits from another class of \
            the tutorial or an unknown one.
            """,
        defaultSeverity: .error, evidence: .absence,
        triggering: [
            RuleExample(
                "A plain class",
                """
                struct PageViewController: UIViewControllerRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIViewController(context: Context) -> UIPageViewController { UIPageViewController() }
                    func updateUIViewController(_ controller: UIPageViewController, context: Context) {}
                    class ↓Coordinator: UIPageViewControllerDataSource {}
                }
                """),
            RuleExample(
                "A coordinator not named Coordinator, split across lines",
                """
                struct SearchField: UIViewRepresentable {
                    func makeCoordinator() -> FieldHandler { FieldHandler() }
                    func makeUIView(context ctx: Context) -> UITextField { UITextField() }
                    func updateUIView(_ field: UITextField, context ctx: Context) {}
                }
                final class
                    ↓FieldHandler:
                    UITextFieldDelegate
                {}
                """),
            RuleExample(
                "A struct coordinator",
                """
                struct MapView: UIViewRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIView(context: Context) -> MKMapView { MKMapView() }
                    func updateUIView(_ map: MKMapView, context: Context) {}
                    struct ↓Coordinator: MKMapViewDelegate {}
                }
                """),
        ],
        nonTriggering: [
            RuleExample(
                "Inherits from NSObject",
                """
                struct PageViewController: UIViewControllerRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIViewController(context: Context) -> UIPageViewController { UIPageViewController() }
                    func updateUIViewController(_ controller: UIPageViewController, context: Context) {}
                    class Coordinator: NSObject, UIPageViewControllerDataSource {}
                }
                """),
            RuleExample(
                "Inherits from another class of the tutorial",
                """
                class BaseCoordinator: NSObject {}
                struct SearchField: UIViewRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIView(context: Context) -> UITextField { UITextField() }
                    func updateUIView(_ field: UITextField, context: Context) {}
                    class Coordinator: BaseCoordinator, UITextFieldDelegate {}
                }
                """),
            RuleExample(
                "A fragment: a coordinator adopting no Objective-C protocol",
                fragment: """
                    class Coordinator {
                        var parent: PageViewController
                        init(_ parent: PageViewController) { self.parent = parent }
                    }
                    """),
        ])

    func check(_ context: CodeContext) -> [CodeFinding] {
        var findings: [CodeFinding] = []
        var checked = Set<String>()
        for representable in representables(in: context) {
            guard
                let coordinator = representable.coordinator(in: context.project)
                    ?? representable.nestedCoordinator(in: context.project),
                let primary = coordinator.primary, coordinator.isComplete, !checked.contains(coordinator.qualifiedName)
            else { continue }
            checked.insert(coordinator.qualifiedName)
            // Ranges must be in the checked snippet.
            guard
                let local = context.facts.types.first(where: {
                    $0.qualifiedName == coordinator.qualifiedName && $0.kind != .extension
                })
            else { continue }
            let inherited = coordinator.inheritedNames
            guard let objcProtocol = inherited.first(where: { context.knownProtocols.isObjCProtocol($0) }) else {
                continue
            }
            if primary.kind == .class || primary.kind == .actor {
                // Every inherited name must be a protocol we recognise: anything else may be an NSObject subclass.
                let allProtocols = inherited.allSatisfy { name in
                    context.knownProtocols.isObjCProtocol(name) || context.knownProtocols.entry(name) != nil
                }
                guard allProtocols, !inherited.contains("NSObject") else { continue }
            } else if primary.kind != .struct && primary.kind != .enum {
                continue
            }
            findings.append(
                CodeFinding(
                    subject: coordinator.qualifiedName,
                    message:
                        "\(coordinator.name) adopts \(objcProtocol), an Objective-C protocol, so it must be a class "
                        + "inheriting from NSObject",
                    range: local.nameRange, resolvingTokens: ["NSObject"]))
        }
        return findings
    }
}
