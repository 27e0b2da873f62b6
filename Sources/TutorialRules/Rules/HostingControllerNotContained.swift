import SwiftFacts
import TutorialModel

/// `addSubview(host.view)` for a `UIHostingController` without `addChild(host)` and `host.didMove(toParent:)`.
struct HostingControllerNotContained: CodeRule {
    let description = RuleDescription(
        id: "hosting-controller-not-contained", category: .lifecycle,
        summary: "A UIHostingController's view is added without addChild and didMove(toParent:).",
        explanation: """
            A `UIHostingController` embedded in a UIKit screen is a child view controller: call \
            `addChild(host)`, add `host.view` as a subview, then `host.didMove(toParent: self)`. Adding only \
            the view leaves the SwiftUI content outside the view controller hierarchy: toolbars, keyboard \
            shortcuts, safe areas and representables inside it misbehave. A host held in a local variable is \
            checked within its function; one held in a property, across the type (whole files only). A host \
            passed to another function is left alone.
            """,
        defaultSeverity: .warning, evidence: .absence,
        triggering: [
            RuleExample(
                "Only the view is added",
                """
                class ViewController: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        let host = UIHostingController(rootView: ContentView())
                        ↓view.addSubview(host.view)
                    }
                }
                """),
            RuleExample(
                "addChild without didMove(toParent:), split across lines",
                """
                class ViewController: UIViewController {
                    override func viewDidLoad() {
                        let hosting = UIHostingController(
                            rootView: ContentView()
                        )
                        addChild(hosting)
                        ↓view
                            .addSubview(
                                hosting.view
                            )
                    }
                }
                """),
            RuleExample(
                "The host's view taken into a local first",
                """
                class ViewController: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        let host = UIHostingController(rootView: ContentView())
                        let content = host.view!
                        content.translatesAutoresizingMaskIntoConstraints = false
                        ↓view.addSubview(content)
                    }
                }
                """),
            RuleExample(
                "A host held in a property",
                """
                class ViewController: UIViewController {
                    let host = UIHostingController(rootView: ContentView())
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        ↓view.addSubview(host.view)
                    }
                }
                """),
        ],
        nonTriggering: [
            RuleExample(
                "Full containment",
                """
                class ViewController: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        let host = UIHostingController(rootView: ContentView())
                        addChild(host)
                        view.addSubview(host.view)
                        host.didMove(toParent: self)
                    }
                }
                """),
            RuleExample(
                "The host's view taken into a local, with full containment",
                """
                class ViewController: UIViewController {
                    override func viewDidLoad() {
                        let host = UIHostingController(rootView: ContentView())
                        addChild(host)
                        let content: UIView = host.view
                        view.addSubview(content)
                        host.didMove(toParent: self)
                    }
                }
                """),
            RuleExample(
                "The host is handed to a helper that does the containment",
                """
                class ViewController: UIViewController {
                    override func viewDidLoad() {
                        let host = UIHostingController(rootView: ContentView())
                        view.addSubview(host.view)
                        embed(host)
                    }
                }
                """),
            RuleExample(
                "A fragment with a property host: the rest of the type is not shown",
                fragment: """
                    override func viewDidLoad() {
                        view.addSubview(host.view)
                    }
                    """),
        ],
        measuredPrecision: .init(
            value: 1.0, sample: 1, date: "2026-12-02",
            note: "Round 5's held-out part: a hosting controller kept in a local whose view is added without addChild."))

    func check(_ context: CodeContext) -> [CodeFinding] {
        var findings: [CodeFinding] = []
        let facts = context.facts
        for call in facts.calls where call.name == "addSubview" || call.name == "addArrangedSubview" {
            guard let argument = call.arguments.first?.value.text else { continue }
            var trimmed = argument.replacingText("!", with: "").replacingText("?", with: "")
                .replacingText("self.", with: "")
            // The view taken into a local first (`let content = host.view!`, then `addSubview(content)`).
            if !trimmed.containsText("."),
                let alias = facts.variables.last(where: {
                    $0.name == trimmed && $0.function != nil && $0.function == call.function
                        && $0.range.start < call.range.start
                }), let chain = alias.memberChain
            {
                trimmed = chain
            }
            guard trimmed.hasSuffix(".view") else { continue }
            let host = String(trimmed.dropLast(".view".count))
            guard !host.containsText("."), !host.isEmpty else { continue }
            // Where the host lives decides how far to look for its containment calls.
            let local = facts.variables.first { variable in
                variable.name == host && variable.function != nil && variable.function == call.function
                    && variable.typeName == "UIHostingController"
            }
            let scope: [CallFact]
            if local != nil {
                scope = facts.calls.filter { $0.function == call.function }
            } else {
                guard !context.isFragment, let type = call.enclosingType,
                    facts.variables.contains(where: {
                        $0.name == host && $0.function == nil && $0.enclosingType == type
                            && $0.typeName == "UIHostingController"
                    })
                else { continue }
                scope = facts.calls.filter { $0.enclosingType == type }
            }
            let mentions: (CallFact) -> Bool = { other in
                other.arguments.contains { $0.value.text == host || $0.value.text == "self.\(host)" }
            }
            // Handed elsewhere: that code may contain it.
            if scope.contains(where: {
                mentions($0) && $0.name != "addChild" && $0.name != "addSubview" && $0.name != "addArrangedSubview"
            }) {
                continue
            }
            let addsChild = scope.contains { $0.name == "addChild" && mentions($0) }
            let didMove = scope.contains { other in
                other.name == "didMove" && (other.baseText == host || other.baseText == "self.\(host)")
            }
            guard !(addsChild && didMove) else { continue }
            let missing = [addsChild ? nil : "addChild(\(host))", didMove ? nil : "\(host).didMove(toParent: self)"]
                .compactMap { $0 }
            findings.append(
                CodeFinding(
                    subject: "\(call.enclosingType ?? "")/\(host)",
                    message: "\(host).view is added as a subview without \(missing.joined(separator: " and ")); "
                        + "the hosting controller is not a child view controller",
                    range: call.range, resolvingTokens: ["addChild", "didMove"]))
        }
        return findings
    }
}
