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
            nested `Coordinator` type, and any other type adopting such a protocol is held to the same (a \
            gesture recognizer's coordinator, a scene delegate); the rule says nothing when the class inherits \
            from another class of the tutorial or an unknown one.
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
                "A gesture recognizer's coordinator, and a scene delegate",
                """
                struct TwoFingerTap: UIGestureRecognizerRepresentable {
                    func makeUIGestureRecognizer(context: Context) -> UITapGestureRecognizer {
                        let recognizer = UITapGestureRecognizer()
                        recognizer.delegate = context.coordinator
                        return recognizer
                    }
                    func makeCoordinator(converter: CoordinateSpaceConverter) -> Coordinator { Coordinator() }
                    final class ↓Coordinator: UIGestureRecognizerDelegate {}
                }
                class ↓SceneDelegate: UIWindowSceneDelegate {
                    var window: UIWindow?
                }
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
                "A scene delegate inheriting from UIResponder, a view controller adopting a delegate",
                """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                }
                class ListController: UIViewController, UITableViewDelegate {}
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
        // A type or two per snippet: an array, not a set made and hashed at every check.
        var checked: [String] = []
        // The representables' coordinators, then every other type the snippet declares: any class adopting a
        // UIKit delegate (a gesture recognizer's coordinator, a scene delegate) needs NSObject just the same.
        let coordinators = context.representables.compactMap {
            $0.coordinator ?? $0.nestedCoordinator(in: context.project)
        }
        let declared = context.facts.types.compactMap {
            $0.kind == .class || $0.kind == .struct ? context.project.type(qualifiedName: $0.qualifiedName) : nil
        }
        for coordinator in coordinators + declared {
            guard let primary = coordinator.primary, coordinator.isComplete, !checked.contains(coordinator.qualifiedName)
            else { continue }
            checked.append(coordinator.qualifiedName)
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
