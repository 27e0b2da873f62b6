#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif

extension String {
    /// Whether the two strings hold the same UTF-8 bytes. `==` compares canonical equivalence (`é` precomposed
    /// equals `e` and a combining accent), and what is computed from a text's bytes may differ between two
    /// such spellings; a Swift loop over the bytes (`utf8.elementsEqual`) costs about ten instructions a byte,
    /// `memcmp` a fraction of one, and nothing at all for the shared storage of an unchanged snippet.
    ///
    /// Read in place (`withContiguousStorageIfAvailable`, which any native string allows), not through `withUTF8`,
    /// which copies both strings first: the timelines and the tutorial rules compare every later step's texts at
    /// every keystroke, and the copies cost more than the comparisons.
    public func hasSameBytes(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let inPlace = utf8.withContiguousStorageIfAvailable { left in
            other.utf8.withContiguousStorageIfAvailable { right in
                left.baseAddress == right.baseAddress || left.isEmpty
                    || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
        if let inPlace, let same = inPlace { return same }
        // A string whose bytes are not stored contiguously (bridged from elsewhere).
        var left = self
        var right = other
        return left.withUTF8 { left in
            right.withUTF8 { right in left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
        }
    }
}

/// Whether two optional strings are both absent or hold the same UTF-8 bytes (`hasSameBytes`).
public func sameBytes(_ left: String?, _ right: String?) -> Bool {
    switch (left, right) {
    case (nil, nil): return true
    case (let left?, let right?): return left.hasSameBytes(as: right)
    default: return false
    }
}
