/// A map bounded by the cost of what it holds (text bytes, key sizes), in two generations: when the newer
/// generation is closed it becomes the older one and the previous older one is dropped; a value found in
/// the older generation moves back to the newer. So a long editing session keeps what it still uses
/// instead of starting empty.
///
/// A generation is closed between two analyses (`closeGenerationIfFull`) once it holds more than
/// `generationCost`, so nothing an analysis uses is dropped while it runs: a document with more code than
/// one generation would otherwise lose, at every keystroke, what it looked up first and parse it again.
/// A caller that never says when an analysis starts (a lint) is bounded by `insert` itself, at `ceiling`.
///
/// Inlinable, so that each client's use is specialized for its key and value: unspecialized, a lookup went
/// through the generic dictionary's witnesses (3,000 instructions, for every state of every file checked).
public struct BoundedGenerations<Key: Hashable, Value> {
    @usableFromInline var newer: [Key: (value: Value, cost: Int)] = [:]
    @usableFromInline var older: [Key: (value: Value, cost: Int)] = [:]
    @usableFromInline var newerCost = 0
    @usableFromInline var olderCost = 0
    /// What a generation holds before it is closed between analyses.
    public private(set) var generationCost: Int
    /// Where `insert` closes the newer generation by itself.
    @usableFromInline var ceiling: Int
    private let ceilingFactor: Int

    /// `ceilingFactor`: how many times `generationCost` the newer generation may reach while an analysis
    /// runs; 1 for what must stay within its bound even then.
    public init(generationCost: Int, ceilingFactor: Int = 8) {
        self.generationCost = generationCost
        self.ceilingFactor = ceilingFactor
        ceiling = Self.ceiling(of: generationCost, factor: ceilingFactor)
    }

    /// Another bound for the generations to come (between two analyses): what is held stays until the
    /// generations close as usual.
    public mutating func setGenerationCost(_ cost: Int) {
        generationCost = cost
        ceiling = Self.ceiling(of: cost, factor: ceilingFactor)
    }

    private static func ceiling(of cost: Int, factor: Int) -> Int { cost > Int.max / factor ? Int.max : cost * factor }

    @inlinable
    public var count: Int { newer.count + older.count }
    /// The cost of everything held.
    @inlinable
    public var cost: Int { newerCost + olderCost }

    /// The value for `key`, moved to the newer generation when found in the older.
    @inlinable
    public mutating func value(for key: Key) -> Value? {
        if let entry = newer[key] { return entry.value }
        // A lint never closes a generation: no second hash of a miss's key in an empty table.
        guard !older.isEmpty, let entry = older.removeValue(forKey: key) else { return nil }
        olderCost -= entry.cost
        insert(entry.value, for: key, cost: entry.cost)
        return entry.value
    }

    @inlinable
    public mutating func insert(_ value: Value, for key: Key, cost: Int) {
        if newerCost + cost > ceiling, !newer.isEmpty { closeGeneration() }
        if let replaced = newer.updateValue((value, cost), forKey: key) { newerCost -= replaced.cost }
        newerCost += cost
    }

    /// Closes the newer generation if it holds more than `generationCost` (between two analyses).
    @inlinable
    public mutating func closeGenerationIfFull() {
        if newerCost > generationCost { closeGeneration() }
    }

    @usableFromInline
    mutating func closeGeneration() {
        older = newer
        olderCost = newerCost
        newer = [:]
        newerCost = 0
    }

    @inlinable
    public mutating func removeAll() {
        newer = [:]
        older = [:]
        newerCost = 0
        olderCost = 0
    }
}

extension BoundedGenerations: Sendable where Key: Sendable, Value: Sendable {}
