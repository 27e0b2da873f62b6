import SwiftFacts
import TutorialModel

/// `.delegate` / `.dataSource = context.coordinator` or `addTarget(context.coordinator, …)` in *update*.
struct WiringInUpdate: CodeRule {
    let description = RuleDescription(
        id: "wiring-in-update", category: .lifecycle,
        summary: "The coordinator is wired in the update method, which runs on every state change.",
        explanation: """
            `updateUIView(_:context:)` / `updateUIViewController(_:context:)` runs every time SwiftUI state \
            changes. Assigning `.delegate` or `.dataSource = context.coordinator`, or calling \
            `addTarget(context.coordinator, …)` there repeats the wiring on every update (and adds a new \
            target each time); it belongs in the make method, which runs once. The context parameter may have \
            any internal name (`context ctx: Context`).
            """,
        defaultSeverity: .warning,
        triggering: [
            RuleExample(
                "A data source assigned in update",
                """
                struct PageViewController: UIViewControllerRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIViewController(context: Context) -> UIPageViewController { UIPageViewController() }
                    func updateUIViewController(_ controller: UIPageViewController, context: Context) {
                        ↓controller.dataSource = context.coordinator
                    }
                    class Coordinator: NSObject, UIPageViewControllerDataSource {}
                }
                """),
            RuleExample(
                "A target added in update, with a renamed context parameter",
                """
                struct PageControl: UIViewRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIView(context: Context) -> UIPageControl { UIPageControl() }
                    func updateUIView(_ control: UIPageControl, context ctx: Context) {
                        ↓control.addTarget(ctx.coordinator, action: #selector(Coordinator.changed), for: .valueChanged)
                    }
                    class Coordinator: NSObject { @objc func changed() {} }
                }
                """),
            RuleExample(
                "A delegate split across lines, the coordinator not named Coordinator",
                """
                struct SearchField: UIViewRepresentable {
                    func makeCoordinator() -> FieldDelegate { FieldDelegate() }
                    func makeUIView(context: Context) -> UITextField { UITextField() }
                    func updateUIView(_ field: UITextField, context: Context) {
                        ↓field
                            .delegate = context
                            .coordinator
                    }
                }
                class FieldDelegate: NSObject, UITextFieldDelegate {}
                """),
        ],
        nonTriggering: [
            RuleExample(
                "Wired in make, updated in update",
                """
                struct PageViewController: UIViewControllerRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIViewController(context: Context) -> UIPageViewController {
                        let controller = UIPageViewController()
                        controller.dataSource = context.coordinator
                        return controller
                    }
                    func updateUIViewController(_ controller: UIPageViewController, context: Context) {
                        controller.setViewControllers([], direction: .forward, animated: true)
                    }
                    class Coordinator: NSObject, UIPageViewControllerDataSource {}
                }
                """),
            RuleExample(
                "Refreshing the coordinator's parent in update is the right thing to do",
                """
                struct PageControl: UIViewRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIView(context: Context) -> UIPageControl { UIPageControl() }
                    func updateUIView(_ control: UIPageControl, context ctx: Context) {
                        ctx.coordinator.parent = self
                    }
                    class Coordinator: NSObject { var parent: PageControl? }
                }
                """),
            RuleExample(
                "A fragment showing only update, assigning something else",
                fragment: """
                    func updateUIView(_ view: MKMapView, context: Context) {
                        view.delegate = nil
                    }
                    """),
        ])

    func check(_ context: CodeContext) -> [CodeFinding] {
        var findings: [CodeFinding] = []
        let facts = context.facts
        for (index, function) in facts.functions.enumerated() {
            guard function.name.hasPrefix("update"),
                function.name.hasSuffix("View") || function.name.hasSuffix("ViewController"),
                let contextName = function.contextParameterName
            else { continue }
            let owner = function.ownerType ?? "?"
            let inFunction: (Int?) -> Bool = { candidate in
                guard let candidate else { return false }
                return candidate == index || function.range.contains(facts.functions[candidate].range)
            }
            for assignment in facts.assignments where inFunction(assignment.function) {
                guard let kind = assignment.member.wiringKind, assignment.value.coordinatorBase == contextName else {
                    continue
                }
                findings.append(
                    CodeFinding(
                        subject: "\(owner)/\(assignment.member)",
                        message:
                            "`.\(assignment.member) = \(contextName).coordinator` in \(function.name) runs on every "
                            + "state change; set the \(kind == "dataSource" ? "data source" : "delegate") once in "
                            + "make\(function.name.dropFirst("update".count))(context:)",
                        range: assignment.range, fixTitle: "Move the assignment into the make method",
                        edits: moveEdits(assignment, owner: function.ownerType, context: context)))
            }
            for call in facts.calls where call.name == "addTarget" && inFunction(call.function) {
                guard call.arguments.first?.value.coordinatorBase == contextName else { continue }
                findings.append(
                    CodeFinding(
                        subject: "\(owner)/addTarget",
                        message:
                            "`addTarget(\(contextName).coordinator, …)` in \(function.name) adds another target on "
                            + "every state change; add it once in make\(function.name.dropFirst("update".count))(context:)",
                        range: call.range))
            }
        }
        return findings
    }

    /// Deletes the assignment's line in update and assigns the object built in make instead, when the
    /// assignment stands alone on its line and make is in the same snippet.
    private func moveEdits(_ assignment: AssignmentFact, owner: String?, context: CodeContext) -> [CodeEdit] {
        let facts = context.facts
        let line = facts.line(of: assignment.range.start)
        guard facts.line(of: assignment.range.end) == line, let owner,
            let make = facts.functions.first(where: {
                $0.ownerType == owner && $0.name.hasPrefix("make") && $0.name != "makeCoordinator"
                    && $0.contextParameterName != nil
            }),
            let contextName = make.contextParameterName, let object = builtObject(in: make, facts: facts)
        else { return [] }
        let (_, indent) = lineAndIndent(of: object.range.start, in: context.snippet.code, facts: facts)
        let after = facts.line(of: object.range.end) + 1
        return [
            CodeEdit(
                .insertLine(
                    before: after, text: "\(indent)\(object.name).\(assignment.member) = \(contextName).coordinator")),
            CodeEdit(.deleteLine(line)),
        ]
    }
}
