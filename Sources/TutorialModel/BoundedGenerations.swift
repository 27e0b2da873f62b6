/// A map bounded by the cost of what it holds (text bytes, key sizes), in two generations: when the newer
/// generation is full it becomes the older one and the previous older one is dropped; a value found in the
/// older generation moves back to the newer. So a long editing session keeps what it still uses instead of
/// starting empty, and never holds more than twice `generationCost`.
public struct BoundedGenerations<Key: Hashable, Value> {
    private var newer: [Key: (value: Value, cost: Int)] = [:]
    private var older: [Key: (value: Value, cost: Int)] = [:]
    private var newerCost = 0
    private var olderCost = 0
    public let generationCost: Int

    public init(generationCost: Int) { self.generationCost = generationCost }

    public var count: Int { newer.count + older.count }
    /// The cost of everything held.
    public var cost: Int { newerCost + olderCost }

    /// The value for `key`, moved to the newer generation when found in the older.
    public mutating func value(for key: Key) -> Value? {
        if let entry = newer[key] { return entry.value }
        guard let entry = older.removeValue(forKey: key) else { return nil }
        olderCost -= entry.cost
        insert(entry.value, for: key, cost: entry.cost)
        return entry.value
    }

    /// Whether `key` is held, without moving it.
    public func contains(_ key: Key) -> Bool { newer[key] != nil || older[key] != nil }

    public mutating func insert(_ value: Value, for key: Key, cost: Int) {
        if newerCost + cost > generationCost, !newer.isEmpty {
            older = newer
            olderCost = newerCost
            newer = [:]
            newerCost = 0
        }
        if let replaced = newer.updateValue((value, cost), forKey: key) { newerCost -= replaced.cost }
        newerCost += cost
    }

    public mutating func removeAll() {
        newer = [:]
        older = [:]
        newerCost = 0
        olderCost = 0
    }
}

extension BoundedGenerations: Sendable where Key: Sendable, Value: Sendable {}
