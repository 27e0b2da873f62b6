import SwiftFacts
import TutorialModel

/// A Combine subscription made with `sink` or `assign(to:on:)` whose `AnyCancellable` is dropped, while the
/// code goes on to send it values; and a key-value observation whose token is dropped before the property
/// it watches is set.
struct SubscriptionNotKept: CodeRule {
    let description = RuleDescription(
        id: "subscription-not-kept", category: .lifecycle,
        summary: "A Combine sink or a key-value observation whose token is dropped, so what is sent after it never arrives.",
        explanation: """
            `sink` and `assign(to:on:)` return an `AnyCancellable`, and a subscription lives only as long as \
            it: dropped (the call a statement of its own, or assigned to `_`), it is cancelled at once, and \
            what the publisher sends afterwards never reaches the closure. Keep it (`let cancellable = …`, a \
            property, or `.store(in: &cancellables)`). The rule speaks only where the same code then sends \
            to that publisher: `subject.send(…)` after `subject.sink { … }`, or `model.name = …` after \
            `model.$name.sink { … }`, in the same function or in the same top-level code. A publisher that \
            emits everything while it is subscribed (`Just`, `[1, 2].publisher`) or a subject nobody sends to \
            afterwards is left alone: its closure runs before the cancellable goes. Key-value observing works \
            the same way: `observe(_:options:changeHandler:)` returns an `NSKeyValueObservation` that \
            invalidates the observation when it goes, so a dropped one never sees `object.property = …` set \
            after it.
            """,
        defaultSeverity: .warning,
        triggering: [
            RuleExample(
                "A subject's sink dropped, then values sent",
                """
                let subject = PassthroughSubject<String, Never>()
                ↓subject.sink { print($0) }
                subject.send("Hello")
                """),
            RuleExample(
                "Assigned to _, through an operator",
                """
                let numbers = PassthroughSubject<Int, Never>()
                _ = ↓numbers
                    .map { $0 * 2 }
                    .sink { print($0) }
                numbers.send(21)
                """),
            RuleExample(
                "A name for the subject made by an operator",
                """
                let queries = PassthroughSubject<String, Never>()
                let debounced = queries.debounce(for: .seconds(1), scheduler: DispatchQueue.main)
                ↓debounced.sink { print($0) }
                queries.send("swift")
                """),
            RuleExample(
                "A published property's publisher, then the property set",
                """
                final class Profile: ObservableObject {
                    @Published var name = ""
                }
                let profile = Profile()
                ↓profile.$name.sink { print("Name: \\($0)") }
                profile.name = "Ada"
                """),
            RuleExample(
                "The type's own published property, inside a method",
                """
                final class Greeter: ObservableObject {
                    @Published var name = ""
                    func greet() {
                        ↓self.$name.sink { print("Hello, \\($0)") }
                        self.name = "Ada"
                    }
                }
                """),
            RuleExample(
                "Inside a method, sent through self",
                """
                final class Clock {
                    let ticks = PassthroughSubject<Date, Never>()
                    func start() {
                        ↓ticks.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
                        self.ticks.send(Date())
                    }
                }
                """),
            RuleExample(
                "A key-value observation dropped, then the property it watches set",
                """
                final class Thermostat: NSObject {
                    @objc dynamic var target = 20
                }
                let thermostat = Thermostat()
                ↓thermostat.observe(\\.target, options: [.new]) { _, change in
                    print("Target:", change.newValue ?? 0)
                }
                thermostat.target = 22
                """),
        ],
        nonTriggering: [
            RuleExample(
                "A key-value observation kept, and one whose property nobody sets afterwards",
                """
                final class Thermostat: NSObject {
                    @objc dynamic var target = 20
                    @objc dynamic var mode = 0
                }
                let thermostat = Thermostat()
                let observation = thermostat.observe(\\.target) { _, _ in print("changed") }
                thermostat.observe(\\.mode) { _, _ in print("mode") }
                thermostat.target = 22
                """),
            RuleExample(
                "The cancellable kept",
                """
                let subject = PassthroughSubject<String, Never>()
                let cancellable = subject.sink { print($0) }
                subject.send("Hello")
                """),
            RuleExample(
                "Stored in a set",
                """
                final class Feed {
                    let items = PassthroughSubject<String, Never>()
                    var cancellables = Set<AnyCancellable>()
                    func start() {
                        items.sink { print($0) }.store(in: &cancellables)
                        items.send("first")
                    }
                }
                """),
            RuleExample(
                "A publisher that emits while it is subscribed",
                """
                [1, 2, 3].publisher.sink { print($0) }
                Just(1).sink { print($0) }
                """),
            RuleExample(
                "Nothing sent afterwards: the current value arrives before the cancellable goes",
                """
                let level = CurrentValueSubject<Int, Never>(1)
                level.sink { print($0) }
                """),
            RuleExample(
                "assign(to:) onto a published property returns nothing to keep",
                """
                final class Doubler: ObservableObject {
                    @Published var doubled = 0
                    let input = PassthroughSubject<Int, Never>()
                    init() {
                        input.map { $0 * 2 }.assign(to: &$doubled)
                        input.send(1)
                    }
                }
                """),
            RuleExample(
                "Values sent in another method, which this state may not show in full",
                """
                final class Clock {
                    let ticks = PassthroughSubject<Date, Never>()
                    func start() {
                        ticks.sink { print($0) }
                    }
                    func tick() {
                        ticks.send(Date())
                    }
                }
                """),
        ])

    func check(_ context: CodeContext) -> [CodeFinding] {
        let facts = context.facts
        var findings: [CodeFinding] = []
        for call in facts.calls where call.resultDropped && call.name == "observe" {
            guard let finding = Self.droppedObservation(call, facts) else { continue }
            findings.append(finding)
        }
        for call in facts.calls where call.resultDropped && Self.returnsCancellable(call) {
            guard let publisher = call.baseText.flatMap(Self.publisherPath) else { continue }
            let source = Self.source(of: publisher, at: call, facts)
            guard
                let sent = facts.calls.first(where: { later in
                    later.function == call.function && later.range.start >= call.range.end && later.name == "send"
                        && later.baseText.flatMap(Self.publisherPath).map { Self.source(of: $0, at: later, facts) }
                            == source
                })?.baseText.map({ "what \($0).send(…) sends" })
                    ?? Self.propertySet(after: call, on: source, facts)
            else { continue }
            findings.append(
                CodeFinding(
                    subject: "\(call.enclosingType ?? "")/\(publisher)",
                    message: "the AnyCancellable that \(call.name) returns is dropped, so this subscription is "
                        + "cancelled at once: \(sent) after it never reaches the closure; keep it "
                        + "(let cancellable = …, or .store(in: &cancellables))",
                    range: call.range, resolvingTokens: ["store", "AnyCancellable"]))
        }
        return findings
    }

    /// `object.observe(\.property) { … }` dropped, then `object.property = …` in the same function or top-level
    /// code: the observation is invalidated before the change it watches.
    private static func droppedObservation(_ call: CallFact, _ facts: SnippetFacts) -> CodeFinding? {
        guard let object = call.baseText.map(withoutSelf), let keyPath = call.arguments.first,
            keyPath.label == nil, keyPath.value.text.hasPrefix("\\"),
            call.arguments.count > 1 || !call.trailingClosureLabels.isEmpty
        else { return nil }
        // `\.a.b` or `\Type.a.b`: the members after the root, the last one set on its owner.
        var members = keyPath.value.text.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
            .map(String.init)
        members.removeFirst()
        guard let property = members.popLast(), !property.isEmpty, members.allSatisfy({ !$0.isEmpty }) else {
            return nil
        }
        let owner = ([object] + members).filter { !$0.isEmpty }.joined(separator: ".")
        guard
            facts.assignments.contains(where: { assignment in
                assignment.function == call.function && assignment.range.start >= call.range.end
                    && assignment.member == property && withoutSelf(assignment.baseText ?? "") == owner
            })
        else { return nil }
        let watched = owner.isEmpty ? property : "\(owner).\(property)"
        return CodeFinding(
            subject: "\(call.enclosingType ?? "")/\(watched)",
            message: "the NSKeyValueObservation that observe returns is dropped, so the observation is invalidated "
                + "at once: setting \(watched) after it never reaches the change handler; keep it "
                + "(let observation = …, or a property)",
            range: call.range, resolvingTokens: ["NSKeyValueObservation", "observation"])
    }

    /// `sink(…)`, and `assign(to:on:)` (the `assign(to: &$property)` form returns nothing to keep).
    private static func returnsCancellable(_ call: CallFact) -> Bool {
        call.name == "sink" || (call.name == "assign" && call.arguments.map(\.label) == ["to", "on"])
    }

    /// The dotted names a subscription starts from (`subject`, `model.$name`, `self.ticks` as `ticks`),
    /// nil for a publisher made by a call or a literal (`Just(1)`, `[1, 2].publisher`).
    private static func publisherPath(_ written: String) -> String? {
        let base = written.filter { !$0.isWhitespace }
        let path = base.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == "." }
        var parts = path.split(separator: ".", omittingEmptySubsequences: false)
        // `subject.map { … }` is read up to `map`: drop the operator's name when a call follows it.
        if path.count < base.count, let last = parts.last, !last.hasPrefix("$") { parts.removeLast() }
        if parts.first == "self" { parts.removeFirst() }
        guard let first = parts.first, let head = first.first, head.isLetter || head == "_" || head == "$",
            parts.allSatisfy({ !$0.isEmpty })
        else { return nil }
        return parts.joined(separator: ".")
    }

    /// The publisher a local name stands for, followed through lets made from it by an operator:
    /// `let debounced = subject.debounce(…)` makes `debounced` another name for `subject`.
    private static func source(of path: String, at use: CallFact, _ facts: SnippetFacts) -> String {
        var path = path
        for _ in 0..<4 where !path.contains(".") {
            guard
                let variable = facts.variables.last(where: {
                    $0.name == path && $0.function == use.function && $0.range.end <= use.range.start
                }),
                let made = facts.calls.filter({
                    $0.range.end == variable.range.end && $0.range.start > variable.range.start
                }).min(by: { $0.range.start < $1.range.start }),
                let origin = made.baseText.flatMap(publisherPath), origin != path
            else { break }
            path = origin
        }
        return path
    }

    /// `profile.name = …` after a sink on `profile.$name`, in the same function or top-level code.
    private static func propertySet(after call: CallFact, on publisher: String, _ facts: SnippetFacts) -> String? {
        var parts = publisher.split(separator: ".").map(String.init)
        guard let projected = parts.popLast(), projected.hasPrefix("$"), projected.count > 1 else { return nil }
        let property = String(projected.dropFirst())
        let owner = parts.joined(separator: ".")
        let set = facts.assignments.first { assignment in
            assignment.function == call.function && assignment.range.start >= call.range.end
                && assignment.member == property && withoutSelf(assignment.baseText ?? "") == owner
        }
        return set.map { _ in "what setting \(owner.isEmpty ? property : "\(owner).\(property)") publishes" }
    }

    /// `self.ticks` as `ticks`, `self` as nothing: the same property either way.
    private static func withoutSelf(_ text: String) -> String {
        text == "self" ? "" : text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
    }
}
