/// A memo's key with its hash made once, compared first: a table's probe passes other keys before it reaches
/// the key's place or an empty one, and comparing two `AnyHashable`s casts both (a miss in the rule memo of a
/// long lint cost 7,000 instructions, at every check of every state).
struct MemoKey: Hashable {
    let key: AnyHashable
    let hash: Int

    init(_ key: some Hashable) {
        self.key = AnyHashable(key)
        hash = key.hashValue
    }

    static func == (lhs: MemoKey, rhs: MemoKey) -> Bool { lhs.hash == rhs.hash && lhs.key == rhs.key }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// A snippet's code as the key of its facts, hashed once: a lookup, the check for a racing parse, the
/// insertion and every growth of the table would each hash the whole file again (a twelfth of the
/// facts pass's own work on a file followed through 25 states).
struct HashedCode: Hashable, Sendable {
    let code: String
    let hash: Int

    init(_ code: String) {
        self.code = code
        hash = code.hashValue
    }

    static func == (lhs: HashedCode, rhs: HashedCode) -> Bool { lhs.hash == rhs.hash && lhs.code == rhs.code }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
