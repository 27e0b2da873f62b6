import Dispatch
import TutorialModel

/// Where the analysis keeps what it computed, in the spirit of salsa (rust-analyzer): named queries, each
/// value kept under the identity of the inputs it was computed from, and one retention policy
/// (`RetentionPolicy`) saying what is kept and for how long. A query is asked for a key; it answers from
/// what it holds (a hit) or computes (a recompute), and counts both (`statistics`).
///
/// Two kinds of query:
/// - a `DocumentQuery` holds, per document, the value of the document's latest revision; it is computed at
///   most once per revision however many threads ask (later askers wait for the first), and its
///   computation is handed the value of the revision it replaces, so it can reuse that value's work;
/// - a `ContentQuery` holds values by what they were computed from (a text, a hash), shared by every
///   document, in generations bounded by cost.
///
/// Owned by an `AnalysisSession` (no process-wide state): the CLI makes one per run, the server one per
/// process.
public final class AnalysisDatabase: Sendable {
    public let policy: RetentionPolicy
    private let queries = Protected<[any StoredQuery]>([])

    public init(policy: RetentionPolicy = .run) {
        self.policy = policy
    }

    /// A new per-document query named `name` (names are unique in a database: statistics go by them).
    public func documentQuery<Key: Hashable & Sendable, Value: Sendable>(
        _ name: String, key: Key.Type = Key.self, value: Value.Type = Value.self
    ) -> DocumentQuery<Key, Value> {
        register(DocumentQuery<Key, Value>(name: name))
    }

    /// A new content-addressed query named `name`; `cost` weighs an entry (its bytes) against the policy.
    public func contentQuery<Key: Hashable & Sendable, Value: Sendable>(
        _ name: String, cost: @escaping @Sendable (Key, Value) -> Int
    ) -> ContentQuery<Key, Value> {
        register(ContentQuery<Key, Value>(name: name, policy: policy, cost: cost))
    }

    private func register<Query: StoredQuery>(_ query: Query) -> Query {
        queries.withLock { queries in
            precondition(!queries.contains { $0.name == query.name }, "two queries named \(query.name)")
            queries.append(query)
        }
        return query
    }

    /// Drops every per-document value of `document` (the server: the editor closed it; the CLI: its output
    /// is rendered).
    public func close(document: String) {
        for query in queries.withLock({ $0 }) { query.close(document: document) }
    }

    /// Drops every per-document value (the configuration changed: every revision is stale).
    public func closeAllDocuments() {
        for query in queries.withLock({ $0 }) { query.closeAllDocuments() }
    }

    /// Between two analyses: each content-addressed query closes its newer generation if it holds more than
    /// the policy's `generationBytes`, so the values the last analysis used survive one more generation.
    public func closeGeneration() {
        for query in queries.withLock({ $0 }) { query.closeGenerationIfFull() }
    }

    /// Recompute and hit counts of every query, in the order they were made.
    public var statistics: [QueryStatistics] { queries.withLock { $0 }.map(\.statistics) }

    /// The counts of the query named `name`, if the database has one.
    public func statistics(of name: String) -> QueryStatistics? {
        queries.withLock { $0 }.first { $0.name == name }?.statistics
    }
}

/// The one policy of what a database keeps, and for how long.
///
/// - Per-document queries keep each document's latest revision, and the previous one only while the
///   latest is being computed from it; a document's values go when it is closed (`close(document:)`).
/// - Content-addressed queries keep what they computed in two generations: the newer one is closed between
///   two analyses once it holds more than `generationBytes` (it becomes the older, the older is dropped),
///   and a value asked for from the older generation moves back to the newer. So a long editing session
///   keeps what it still uses and forgets the rest after two generations. During one analysis the newer
///   generation may grow to `ceilingFactor` × `generationBytes` before it is closed (a run that never pauses
///   between analyses, like a lint, is bounded there).
public struct RetentionPolicy: Sendable, Equatable {
    public var generationBytes: Int
    public var ceilingFactor: Int

    public init(generationBytes: Int, ceilingFactor: Int = 8) {
        self.generationBytes = generationBytes
        self.ceilingFactor = ceilingFactor
    }

    /// The CLI: one run, 16 MiB of content per generation.
    public static let run = RetentionPolicy(generationBytes: 16 << 20)
    /// The server: an editing session, 4 MiB of content per generation.
    public static let editing = RetentionPolicy(generationBytes: 4 << 20)
}

/// How often a query answered from what it held and how often it computed.
public struct QueryStatistics: Sendable, Equatable, CustomStringConvertible {
    public let name: String
    public var recomputes = 0
    public var hits = 0
    /// Values held now.
    public var entries = 0

    public init(name: String, recomputes: Int = 0, hits: Int = 0, entries: Int = 0) {
        self.name = name
        self.recomputes = recomputes
        self.hits = hits
        self.entries = entries
    }

    public var description: String { "\(name): \(recomputes) computed, \(hits) reused, \(entries) held" }
}

/// What the database asks of every query, whatever it holds: the retention policy's operations and its counts.
protocol StoredQuery: AnyObject, Sendable {
    var name: String { get }
    var statistics: QueryStatistics { get }
    func close(document: String)
    func closeAllDocuments()
    func closeGenerationIfFull()
}

/// A query whose values belong to one document each: the latest revision's value per document.
public final class DocumentQuery<Key: Hashable & Sendable, Value: Sendable>: StoredQuery {
    public let name: String

    /// `value` is written once, under `state`'s lock, before `done` is signalled, and read only after
    /// waiting on `done` (or under the lock once it is set): the semaphore orders the accesses, which the
    /// compiler cannot see.
    private final class Slot: @unchecked Sendable {
        let key: Key
        let done = DispatchSemaphore(value: 0)
        var value: Value?
        init(key: Key) { self.key = key }
    }

    private struct State {
        var slots: [String: Slot] = [:]
        var counts: QueryStatistics
    }

    private let state: Protected<State>

    init(name: String) {
        self.name = name
        state = Protected(State(counts: QueryStatistics(name: name)))
    }

    /// The value of `document` at `key`: the one held if it is for `key` (waiting for it if another thread
    /// is computing it), else computed on the calling thread by `compute`, which is given the value it
    /// replaces (at another key) when that one is ready.
    public func value(
        document: String, key: Key, compute: (_ replaced: (key: Key, value: Value)?) -> Value
    ) -> Value {
        let (slot, owner, replaced) = state.withLock { state -> (Slot, Bool, (key: Key, value: Value)?) in
            if let slot = state.slots[document], slot.key == key {
                state.counts.hits += 1
                return (slot, false, nil)
            }
            let replaced = state.slots[document].flatMap { old in old.value.map { (key: old.key, value: $0) } }
            let slot = Slot(key: key)
            state.slots[document] = slot
            state.counts.recomputes += 1
            return (slot, true, replaced)
        }
        if owner {
            let value = compute(replaced)
            state.withLock { _ in slot.value = value }
            slot.done.signal()
            return value
        }
        slot.done.wait()
        slot.done.signal()  // let the next waiter through
        return state.withLock { _ in slot.value! }
    }

    /// The value of `document` at `key` if one is ready, without computing (and without counting).
    public func ready(document: String, key: Key) -> Value? {
        state.withLock { state in
            guard let slot = state.slots[document], slot.key == key else { return nil }
            return slot.value
        }
    }

    var statistics: QueryStatistics {
        state.withLock { state in
            var counts = state.counts
            counts.entries = state.slots.count
            return counts
        }
    }

    func close(document: String) { state.withLock { $0.slots[document] = nil } }
    func closeAllDocuments() { state.withLock { $0.slots.removeAll() } }
    func closeGenerationIfFull() {}
}

/// A query whose values are kept by what they were computed from, shared by every document, in bounded
/// generations (`RetentionPolicy`).
public final class ContentQuery<Key: Hashable & Sendable, Value: Sendable>: StoredQuery {
    public let name: String
    private let cost: @Sendable (Key, Value) -> Int

    private struct State {
        var entries: BoundedGenerations<Key, Value>
        var counts: QueryStatistics
    }

    private let state: Protected<State>

    init(name: String, policy: RetentionPolicy, cost: @escaping @Sendable (Key, Value) -> Int) {
        self.name = name
        self.cost = cost
        state = Protected(
            State(
                entries: BoundedGenerations(generationCost: policy.generationBytes, ceilingFactor: policy.ceilingFactor),
                counts: QueryStatistics(name: name)))
    }

    /// The value for `key`: the one held, else `compute()`'s (computed outside the lock: two threads asking
    /// for the same new key at once may both compute it, and the value is the same).
    public func value(_ key: Key, compute: () -> Value) -> Value {
        let held = state.withLock { state -> Value? in
            let value = state.entries.value(for: key)
            if value != nil { state.counts.hits += 1 }
            return value
        }
        if let held { return held }
        let value = compute()
        let cost = cost(key, value)
        state.withLock { state in
            state.counts.recomputes += 1
            state.entries.insert(value, for: key, cost: cost)
        }
        return value
    }

    /// The cost of everything held (what the policy bounds).
    public var heldCost: Int { state.withLock { $0.entries.cost } }

    var statistics: QueryStatistics {
        state.withLock { state in
            var counts = state.counts
            counts.entries = state.entries.count
            return counts
        }
    }

    func close(document: String) {}
    func closeAllDocuments() {}
    func closeGenerationIfFull() { state.withLock { $0.entries.closeGenerationIfFull() } }
}
