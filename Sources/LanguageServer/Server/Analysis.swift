import Foundation
import TutorialModel
import TutorialReaders

/// A finding as the server shows it: the rule evaluator's findings and the readers' diagnostics alike.
public struct ServerFinding: Hashable, Sendable {
    public enum Severity: String, Hashable, Sendable { case error, warning, information, hint }

    public let rule: String
    public let severity: Severity
    public let message: String
    /// Where the squiggle goes, in the analysed document (UTF-8 offsets).
    public let range: SourceRange
    /// The step that introduced the problem.
    public let step: StepID?
    /// The later step that fixed it, when one did.
    public let resolvedAt: StepID?

    public init(
        rule: String, severity: Severity, message: String, range: SourceRange, step: StepID?, resolvedAt: StepID?
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.range = range
        self.step = step
        self.resolvedAt = resolvedAt
    }
}

/// The cheap half of an analysis: the model, which symbols, folding, hover, code lenses and step diffs
/// need. Computed per document version; the expensive half (rules) runs separately.
public struct DocumentModel: Sendable {
    public let tutorial: Tutorial

    public init(tutorial: Tutorial) { self.tutorial = tutorial }
}

/// The pipeline functions the server calls. The standard one is the CLI's pipeline; tests substitute
/// slow or counting variants to observe scheduling.
public struct AnalysisPipeline: Sendable {
    public var model: @Sendable (SourceDocument, DocumentFormat, any ResourceProvider) -> DocumentModel
    public var findings: @Sendable (DocumentModel) -> [ServerFinding]
    /// A rule's explanation in Markdown, for hovers on diagnostics; nil for unknown ids.
    public var explanation: @Sendable (String) -> String?

    public init(
        model: @escaping @Sendable (SourceDocument, DocumentFormat, any ResourceProvider) -> DocumentModel,
        findings: @escaping @Sendable (DocumentModel) -> [ServerFinding],
        explanation: @escaping @Sendable (String) -> String?
    ) {
        self.model = model
        self.findings = findings
        self.explanation = explanation
    }

    /// The same pipeline as `tutorial-check lint`.
    public static let standard = AnalysisPipeline(
        model: { document, format, resources in
            DocumentModel(tutorial: readTutorial(document, format: format, resources: resources))
        },
        findings: { model in
            model.tutorial.diagnostics.map { diagnostic in
                ServerFinding(
                    rule: diagnostic.code, severity: ServerFinding.Severity(rawValue: diagnostic.severity.rawValue) ?? .error,
                    message: diagnostic.message, range: diagnostic.range, step: diagnostic.step, resolvedAt: nil)
            }
        },
        explanation: { _ in nil })
}

/// What an analysis depends on besides the document's identity: its version and the generation of the
/// configuration and resources it read.
struct AnalysisKey: Hashable, Sendable {
    let version: Int
    let generation: Int
}

/// Computes a value once per key, however many threads ask at the same time; later askers wait for the
/// first. Only the latest key per document is kept, so memory follows the open documents.
final class ComputeOnce<Value: Sendable>: @unchecked Sendable {
    typealias Key = AnalysisKey

    private final class Slot: @unchecked Sendable {
        let key: Key
        let done = DispatchSemaphore(value: 0)
        var value: Value?
        init(key: Key) { self.key = key }
    }

    private let slots = Protected([String: Slot]())

    /// The value for `uri` at `key`, computing it on the calling thread when nobody has.
    func value(uri: String, key: Key, compute: () -> Value) -> Value {
        let (slot, owner) = slots.withLock { slots -> (Slot, Bool) in
            if let slot = slots[uri], slot.key == key { return (slot, false) }
            let slot = Slot(key: key)
            slots[uri] = slot
            return (slot, true)
        }
        if owner {
            let value = compute()
            slots.withLock { _ in slot.value = value }
            slot.done.signal()
            return value
        }
        slot.done.wait()
        slot.done.signal()  // let the next waiter through
        return slots.withLock { _ in slot.value! }
    }

    /// The value for `uri` if one is ready at `key`, without computing.
    func ready(uri: String, key: Key) -> Value? {
        slots.withLock { slots in
            guard let slot = slots[uri], slot.key == key else { return nil }
            return slot.value
        }
    }

    func forget(uri: String) { slots.withLock { $0[uri] = nil } }
    func forgetAll() { slots.withLock { $0.removeAll() } }
}
