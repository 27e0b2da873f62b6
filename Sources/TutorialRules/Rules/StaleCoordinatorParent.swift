import SwiftFacts
import TutorialModel

/// The coordinator keeps a copy of the representable and reads non-binding properties through it,
/// while *update* never refreshes `context.coordinator.parent = self`.
struct StaleCoordinatorParent: CodeRule {
    let description = RuleDescription(
        id: "stale-coordinator-parent", category: .lifecycle,
        summary: "The coordinator reads plain properties through a parent copy that update never refreshes.",
        explanation: """
            A coordinator created with `Coordinator(self)` keeps a *copy* of the representable, taken once. \
            Bindings inside it stay live, but plain properties (`parent.controllers`) keep their first value \
            unless the update method refreshes the copy with `context.coordinator.parent = self`. Many correct \
            tutorials never change those properties, so the rule is a hint and off by default.
            """,
        defaultSeverity: .hint, enabledByDefault: false, evidence: .absence,
        triggering: [
            RuleExample(
                "Controllers read through a parent copy",
                """
                struct PageViewController: UIViewControllerRepresentable {
                    var controllers: [UIViewController]
                    func makeCoordinator() -> Coordinator { Coordinator(self) }
                    func makeUIViewController(context: Context) -> UIPageViewController { UIPageViewController() }
                    func updateUIViewController(_ controller: UIPageViewController, context: Context) {}
                    class Coordinator: NSObject {
                        var parent: PageViewController
                        init(_ parent: PageViewController) { self.parent = parent }
                        func first() -> UIViewController? { ↓parent.controllers.first }
                    }
                }
                """),
            RuleExample(
                "A coordinator not named Coordinator, a parent named otherwise",
                """
                struct PageControl: UIViewRepresentable {
                    var numberOfPages: Int
                    func makeCoordinator() -> Target { Target(self) }
                    func makeUIView(context ctx: Context) -> UIPageControl { UIPageControl() }
                    func updateUIView(_ view: UIPageControl, context ctx: Context) {}
                }
                class Target: NSObject {
                    var control: PageControl
                    init(_ control: PageControl) { self.control = control }
                    @objc func changed() { print(↓control.numberOfPages) }
                }
                """),
            RuleExample(
                "Split across lines; update refreshes something else",
                """
                struct MapView: UIViewRepresentable {
                    var region: Region
                    func makeCoordinator() -> Coordinator { Coordinator(self) }
                    func makeUIView(context: Context) -> MKMapView { MKMapView() }
                    func updateUIView(_ map: MKMapView, context: Context) { context.coordinator.count += 1 }
                    class Coordinator: NSObject {
                        var parent: MapView
                        var count = 0
                        init(_ parent: MapView) { self.parent = parent }
                        func center() -> Region {
                            ↓parent
                                .region
                        }
                    }
                }
                """),
        ],
        nonTriggering: [
            RuleExample(
                "update refreshes the parent, with a renamed context parameter",
                """
                struct PageViewController: UIViewControllerRepresentable {
                    var controllers: [UIViewController]
                    func makeCoordinator() -> Coordinator { Coordinator(self) }
                    func makeUIViewController(context: Context) -> UIPageViewController { UIPageViewController() }
                    func updateUIViewController(_ controller: UIPageViewController, context ctx: Context) {
                        ctx.coordinator.parent = self
                    }
                    class Coordinator: NSObject {
                        var parent: PageViewController
                        init(_ parent: PageViewController) { self.parent = parent }
                        func first() -> UIViewController? { parent.controllers.first }
                    }
                }
                """),
            RuleExample(
                "Only bindings are read through the parent",
                """
                struct PageControl: UIViewRepresentable {
                    @Binding var currentPage: Int
                    func makeCoordinator() -> Coordinator { Coordinator(self) }
                    func makeUIView(context: Context) -> UIPageControl { UIPageControl() }
                    func updateUIView(_ view: UIPageControl, context: Context) {}
                    class Coordinator: NSObject {
                        var control: PageControl
                        init(_ control: PageControl) { self.control = control }
                        @objc func changed(sender: UIPageControl) { control.currentPage = sender.currentPage }
                    }
                }
                """),
            RuleExample(
                "A fragment without the update method",
                fragment: """
                    class Coordinator: NSObject {
                        var parent: PageViewController
                        func first() -> UIViewController? { parent.controllers.first }
                    }
                    """),
        ],
        measuredPrecision: .init(
            value: 0.0, sample: 4, date: "2026-12-03",
            note: "Round 6's held-out part: one camera coordinator in four translations of one page, reading a callback closure from the copy it was made with; the closure writes the hosting view's state, so the stale copy does no harm there."))

    func check(_ context: CodeContext) -> [CodeFinding] {
        guard !context.isFragment else { return [] }
        var findings: [CodeFinding] = []
        for representable in context.representables {
            guard let update = representable.update, let coordinator = representable.coordinator,
                coordinator.primary != nil, coordinator.isComplete
            else { continue }
            let parents = coordinator.properties.filter { property in
                property.isStoredInstance && property.typeText.map { $0 == representable.type.name } == true
            }
            let updateContext = update.contextParameterName ?? "context"
            let refreshed = assignments(in: context.project, ownedBy: [representable.type.qualifiedName]).contains {
                located in
                located.method?.name == update.name && located.assignment.baseText == "\(updateContext).coordinator"
                    && parents.contains { $0.name == located.assignment.member }
            }
            guard !refreshed else { continue }
            for parent in parents {
                let read = context.facts.memberReferences.first { reference in
                    guard reference.base == parent.name, let function = reference.function,
                        enclosingMethod(of: function, in: context.facts)?.ownerType == coordinator.qualifiedName,
                        let property = representable.type.property(reference.member)
                    else { return false }
                    return property.isStoredInstance && !property.isBinding
                        && !property.attributes.contains {
                            $0 == "ObservedObject" || $0 == "StateObject" || $0 == "Environment"
                        }
                }
                guard let read else { continue }
                findings.append(
                    CodeFinding(
                        subject: "\(coordinator.qualifiedName).\(parent.name)",
                        message: "\(coordinator.name) reads \(parent.name).\(read.member) from a copy of "
                            + "\(representable.type.name) taken once; refresh it in \(representable.updateName) with "
                            + "`\(updateContext).coordinator.\(parent.name) = self`",
                        range: read.range, resolvingTokens: [parent.name]))
            }
        }
        return findings
    }
}
