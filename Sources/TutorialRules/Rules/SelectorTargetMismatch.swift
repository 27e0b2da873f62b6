import SwiftFacts
import TutorialModel

/// `addTarget(T, action: #selector(C.m(sender:)), for:)` where `C.m` does not exist, is not `@objc`,
/// or `T` is not an instance of `C`.
struct SelectorTargetMismatch: CodeRule {
    let description = RuleDescription(
        id: "selector-target-mismatch", category: .lifecycle,
        summary: "A #selector names a missing or non-@objc method, or the target is not an instance of its type.",
        explanation: """
            Target-action wiring is checked by the Objective-C runtime, late: `#selector(Coordinator.update(sender:))` \
            needs a method with exactly those labels marked `@objc`, and the target passed to `addTarget` must be \
            an instance of the type that declares it (`context.coordinator`, not `self` inside a struct). The \
            method is looked up in the type the selector names (nested types first), across the project; a class \
            with an unknown superclass may inherit the method, and is left alone.
            """,
        defaultSeverity: .error, evidence: .absence,
        triggering: [
            RuleExample(
                "The method is not @objc",
                """
                struct PageControl: UIViewRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIView(context: Context) -> UIPageControl {
                        let control = UIPageControl()
                        control.addTarget(context.coordinator, action: ↓#selector(Coordinator.changed(sender:)), for: .valueChanged)
                        return control
                    }
                    func updateUIView(_ control: UIPageControl, context: Context) {}
                    class Coordinator: NSObject { func changed(sender: UIPageControl) {} }
                }
                """),
            RuleExample(
                "The labels do not match, a renamed context parameter and a coordinator not named Coordinator",
                """
                struct PageControl: UIViewRepresentable {
                    func makeCoordinator() -> Target { Target() }
                    func makeUIView(context ctx: Context) -> UIPageControl {
                        let control = UIPageControl()
                        control.addTarget(
                            ctx.coordinator,
                            action: ↓#selector(Target.changed(_:)),
                            for: .valueChanged)
                        return control
                    }
                    func updateUIView(_ control: UIPageControl, context ctx: Context) {}
                }
                class Target: NSObject { @objc func changed(sender: UIPageControl) {} }
                """),
            RuleExample(
                "self inside a struct as the target",
                """
                struct PageControl: UIViewRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIView(context: Context) -> UIPageControl {
                        let control = UIPageControl()
                        control.addTarget(↓self, action: #selector(Coordinator.changed), for: .valueChanged)
                        return control
                    }
                    func updateUIView(_ control: UIPageControl, context: Context) {}
                    class Coordinator: NSObject { @objc func changed() {} }
                }
                """),
        ],
        nonTriggering: [
            RuleExample(
                "The coordinator as target of its own @objc method",
                """
                struct PageControl: UIViewRepresentable {
                    func makeCoordinator() -> Coordinator { Coordinator() }
                    func makeUIView(context: Context) -> UIPageControl {
                        let control = UIPageControl()
                        control.addTarget(
                            context.coordinator,
                            action: #selector(Coordinator.updateCurrentPage(sender:)),
                            for: .valueChanged)
                        return control
                    }
                    func updateUIView(_ control: UIPageControl, context: Context) {}
                    class Coordinator: NSObject { @objc func updateCurrentPage(sender: UIPageControl) {} }
                }
                """),
            RuleExample(
                "A view controller targeting itself; the method comes from an unknown superclass",
                """
                class ListViewController: UITableViewController {
                    override func viewDidLoad() {
                        let refresh = UIRefreshControl()
                        refresh.addTarget(self, action: #selector(reload), for: .valueChanged)
                    }
                }
                """),
            RuleExample(
                "A fragment naming a type the tutorial does not show",
                fragment: """
                    control.addTarget(handler, action: #selector(Handler.tapped(_:)), for: .touchUpInside)
                    """),
        ])

    /// Superclasses known not to declare action methods a selector could name.
    private static let plainSuperclasses: Set<String> = ["NSObject"]

    func check(_ context: CodeContext) -> [CodeFinding] {
        var findings: [CodeFinding] = []
        let facts = context.facts
        for selector in facts.selectors {
            let type: TypeView?
            if let name = selector.typeName {
                type = context.project.resolve(name, from: selector.enclosingType)
            } else {
                type = selector.enclosingType.flatMap { context.project.type(qualifiedName: $0) }
            }
            guard let type, let primary = type.primary, primary.kind == .class, type.isComplete else { continue }
            let labels = selector.labels
            let candidates = type.methods(named: selector.methodName).filter { method in
                guard let labels else { return true }
                return method.parameters.map { $0.label ?? "_" } == labels
            }
            let written = selector.methodName + (labels.map { "(" + $0.map { $0 + ":" }.joined() + ")" } ?? "")
            if candidates.isEmpty {
                // An unknown superclass (or one from the tutorial) may declare it.
                if let first = type.inheritedNames.first, !Self.plainSuperclasses.contains(first),
                    !context.knownProtocols.isObjCProtocol(first), context.knownProtocols.entry(first) == nil
                {
                    continue
                }
                findings.append(
                    CodeFinding(
                        subject: "\(type.qualifiedName).\(written)/missing",
                        message: "#selector names \(type.name).\(written), but \(type.name) has no such method",
                        range: selector.range, resolvingTokens: [selector.methodName]))
                continue
            }
            let exposed = candidates.contains { $0.isObjC || $0.isOverride } || type.attributes.contains("objcMembers")
            if !exposed {
                findings.append(
                    CodeFinding(
                        subject: "\(type.qualifiedName).\(written)/objc",
                        message: "\(type.name).\(written) is not @objc; a #selector needs an Objective-C method",
                        range: selector.range, resolvingTokens: [selector.methodName]))
            }
            if let target = target(of: selector, in: facts),
                let problem = mismatch(target: target.value, call: target.call, type: type, context: context)
            {
                findings.append(
                    CodeFinding(
                        subject: "\(type.qualifiedName).\(written)/target", message: problem, range: target.value.range)
                )
            }
        }
        return findings
    }

    /// The target argument of the call that passes this selector as its action.
    private func target(of selector: SelectorFact, in facts: SnippetFacts) -> (value: ExpressionFact, call: CallFact)? {
        for call in facts.calls {
            guard let action = call.arguments.firstIndex(where: { $0.value.range == selector.range }) else { continue }
            if let labelled = call.argument(labelled: "target") { return (labelled.value, call) }
            if call.name == "addTarget", action > 0, call.arguments[0].label == nil {
                return (call.arguments[0].value, call)
            }
            return nil
        }
        return nil
    }

    private func mismatch(target: ExpressionFact, call: CallFact, type: TypeView, context: CodeContext) -> String? {
        guard let enclosing = call.enclosingType.flatMap({ context.project.type(qualifiedName: $0) }) else {
            return nil
        }
        if target.isSelf {
            guard let kind = enclosing.kind else { return nil }
            if kind == .struct || kind == .enum {
                return
                    "the target is `self`, a \(kind.rawValue) value, not an instance of \(type.name); pass the coordinator"
            }
            if enclosing.qualifiedName != type.qualifiedName, !enclosing.inheritedNames.contains(type.name),
                enclosing.inheritedNames.first.map({ context.project.declaresType(named: $0) }) != true
            {
                return "the target is `self`, a \(enclosing.name), but the action is a method of \(type.name)"
            }
            return nil
        }
        if let base = target.coordinatorBase {
            guard let function = call.function,
                context.facts.functions[function].contextParameterName == base
                    || enclosingMethod(of: function, in: context.facts)?.contextParameterName == base
            else { return nil }
            let representable = context.representables.first { $0.type.qualifiedName == enclosing.qualifiedName }
            guard let coordinator = representable?.coordinator else { return nil }
            if coordinator.qualifiedName != type.qualifiedName, !coordinator.inheritedNames.contains(type.name) {
                return
                    "the target is \(base).coordinator, a \(coordinator.name), but the action is a method of \(type.name)"
            }
        }
        return nil
    }
}
