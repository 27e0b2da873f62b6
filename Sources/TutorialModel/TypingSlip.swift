/// One slip of the hand between a word as typed and the word meant: one letter inserted, left out or changed,
/// or two neighbours swapped, with no digit in the edit (`label12` for `label22` is another word). The readers
/// judge a fence's language by it, the `misspelt-name` rule the names code uses.
public enum TypingSlip {
    /// Whether `typed` is one slip from `word`. `atEnds`: whether an edit may touch the first or the last
    /// letter; a name edited there is most often another name (`vectorA`, `episodes`), a language tag seldom.
    /// A letter changed only in case is no slip: whoever asks judges case alone.
    public static func isSlip(_ typed: String, of word: String, atEnds: Bool) -> Bool {
        let a = Array(typed.utf8), b = Array(word.utf8)
        guard a != b, abs(a.count - b.count) <= 1 else { return false }
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        guard atEnds || (prefix > 0 && suffix > 0) else { return false }
        let editedA = a[prefix..<(a.count - suffix)], editedB = b[prefix..<(b.count - suffix)]
        guard !(editedA + editedB).contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        switch (editedA.count, editedB.count) {
        case (1, 1): return editedA.first?.asciiLowercased != editedB.first?.asciiLowercased
        case (1, 0), (0, 1): return true
        case (2, 2): return editedA.first == editedB.last && editedA.last == editedB.first
        default: return false
        }
    }
}
