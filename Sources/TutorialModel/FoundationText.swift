/// Foundation's default string search and trimming, without Foundation: the CLI's modules import
/// FoundationEssentials, whose start-up does not load libFoundation.so and ICU (about 20 shared libraries
/// and relocations fewer per run), and FoundationEssentials has no `range(of:)`, `replacingOccurrences`,
/// `trimmingCharacters(in:)` or `CharacterSet`. The standard library's `contains`/`firstRange(of:)`
/// compare whole Characters, which differs (`"a\r\nb"` holds `"\n"` for Foundation, not for the standard
/// library), so outputs would change; these reproduce what Foundation on Linux answers.
///
/// Foundation's search without options (CFString's non-literal find) matches the needle's scalars where
/// the scalar after them does not attach to the last one: a combining mark (CF's non-base set, close to
/// Grapheme_Extend, with the exceptions below from CF's older Unicode data), or a Hangul vowel after a
/// leading consonant; three singletons canonically equivalent to ASCII in the text match that ASCII.
/// A needle holding anything from U+00C0 on (a file name with `é`, Chinese words) is compared
/// canonically, as Foundation compares it (`"é"` holds `"e\u{301}"`). Out of scope: needles that start
/// with a combining mark, a jamo or a joiner, which Foundation treats in ways of their own (no source
/// searches for one); a quirk of Foundation's tables that takes U+037E, U+1FEF and U+212A in the
/// text for combining marks after a letter when the needle is canonically compared; and a Hangul syllable
/// with a mark after it in the needle, which Foundation does not find spelt in jamo in the text (this
/// search does, as String equality reads them). TutorialModelTests' FoundationTextTests hold these against Foundation itself.
extension StringProtocol {
    /// Foundation's `range(of:)` (`options: .backwards` with `backwards`); nil for an empty needle.
    package func rangeOfText(_ needle: some StringProtocol, backwards: Bool = false) -> Range<Index>? {
        // Below U+00C0 nothing decomposes, so a needle of such scalars is matched scalar by scalar (the
        // three ASCII singletons aside); others are compared as Foundation compares them, canonically.
        if needle.unicodeScalars.allSatisfy({ $0.value < 0xC0 }) {
            return literalRange(of: needle.unicodeScalars.map(equivalentToASCII), backwards: backwards)
        }
        return canonicalRange(of: String(needle), backwards: backwards)
    }

    private func literalRange(of wanted: [Unicode.Scalar], backwards: Bool) -> Range<Index>? {
        guard let first = wanted.first else { return nil }
        let scalars = unicodeScalars
        func match(at start: Index) -> Range<Index>? {
            var index = start
            for scalar in wanted {
                guard index != scalars.endIndex, equivalentToASCII(scalars[index]) == scalar else { return nil }
                index = scalars.index(after: index)
            }
            if index != scalars.endIndex, attaches(scalars[index], to: wanted[wanted.count - 1]) { return nil }
            return start..<index
        }
        return firstStart(backwards: backwards, where: { equivalentToASCII(scalars[$0]) == first }, match: match)
    }

    /// A match whose text is canonically equivalent to `needle` (String equality), from a scalar
    /// boundary to a scalar boundary (Foundation never ends a match inside a precomposed character),
    /// with nothing attached after it. A precomposed text may hold the needle in fewer scalars, a
    /// decomposed one in up to four for each.
    private func canonicalRange(of needle: String, backwards: Bool) -> Range<Index>? {
        guard !needle.isEmpty else { return nil }
        let longest = needle.unicodeScalars.count * 4
        let scalars = unicodeScalars
        func match(at start: Index) -> Range<Index>? {
            var end = start
            for _ in 0..<longest {
                guard end != scalars.endIndex else { return nil }
                end = scalars.index(after: end)
                guard String(String.UnicodeScalarView(scalars[start..<end])) == needle else { continue }
                if end != scalars.endIndex, attaches(scalars[end], to: scalars[scalars.index(before: end)]) {
                    continue
                }
                return start..<end
            }
            return nil
        }
        // Text canonically equivalent to a needle that starts with a starter starts with one too.
        return firstStart(
            backwards: backwards, where: { scalars[$0].properties.canonicalCombiningClass == .notReordered },
            match: match)
    }

    private func firstStart(
        backwards: Bool, where candidate: (Index) -> Bool, match: (Index) -> Range<Index>?
    ) -> Range<Index>? {
        let scalars = unicodeScalars
        if backwards {
            var start = scalars.endIndex
            while start != scalars.startIndex {
                start = scalars.index(before: start)
                if candidate(start), let found = match(start) { return found }
            }
            return nil
        }
        var start = scalars.startIndex
        while start != scalars.endIndex {
            if candidate(start), let found = match(start) { return found }
            start = scalars.index(after: start)
        }
        return nil
    }

    /// Foundation's `contains(_:)` of a string (the answer of `range(of:)`).
    package func containsText(_ needle: some StringProtocol) -> Bool { rangeOfText(needle) != nil }

    /// Foundation's `replacingOccurrences(of:with:)`: every match, left to right, never overlapping.
    package func replacingText(_ needle: some StringProtocol, with replacement: some StringProtocol) -> String {
        var result = ""
        var rest = self[...]
        while let found = rest.rangeOfText(needle) {
            result += rest[..<found.lowerBound]
            result += replacement
            rest = rest[found.upperBound...]
        }
        result += rest
        return result
    }

    /// Foundation's `trimmingCharacters(in:)`, which looks at UTF-16 units: a scalar outside the Basic
    /// Multilingual Plane (two surrogates, members of no set) is never trimmed.
    package func trimmingScalars(in set: TextScalars) -> String {
        let scalars = unicodeScalars
        func trimmed(_ scalar: Unicode.Scalar) -> Bool { scalar.value <= 0xFFFF && set.contains(scalar) }
        var start = scalars.startIndex
        while start != scalars.endIndex, trimmed(scalars[start]) { start = scalars.index(after: start) }
        var end = scalars.endIndex
        while end != start, trimmed(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(self[start..<end])
    }
}

/// The three scalars whose canonical decomposition is a single ASCII character (GREEK QUESTION MARK,
/// GREEK VARIA, KELVIN SIGN), which Foundation's search equates with that character, in the text and in
/// the needle alike.
private func equivalentToASCII(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0x037E: ";"
    case 0x1FEF: "`"
    case 0x212A: "K"
    default: scalar
    }
}

/// Whether `next` belongs to the character `last` ends, so a match ending at `last` is no match.
private func attaches(_ next: Unicode.Scalar, to last: Unicode.Scalar) -> Bool {
    if (0x1100...0x115F).contains(last.value), (0x1160...0x11A7).contains(next.value) { return true }
    return isNonBase(next)
}

/// CF's non-base characters: Grapheme_Extend in this toolchain's Unicode data, except the ones CF's
/// data predates (or classes otherwise), measured against Foundation.
private func isNonBase(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x300 { return false }
    if (0x1F3FB...0x1F3FF).contains(value) || value == 0x1171E { return true }
    return scalar.properties.isGraphemeExtend && !notNonBase.contains(where: { $0.contains(value) })
}

private let notNonBase: [ClosedRange<UInt32>] = [
    0x897...0x897, 0xCC0...0xCC0, 0xCC7...0xCC8, 0xCCA...0xCCB, 0x1715...0x1715, 0x1734...0x1734,
    0x1ACF...0x1ADD, 0x1AE0...0x1AEB, 0x1B3B...0x1B3B, 0x1B3D...0x1B3D, 0x1B43...0x1B44, 0x1BAA...0x1BAA,
    0x1BF2...0x1BF3, 0xA953...0xA953, 0xA9C0...0xA9C0, 0x10D69...0x10D6D, 0x10EFA...0x10EFC,
    0x111C0...0x111C0, 0x11235...0x11235, 0x1134D...0x1134D, 0x113B8...0x113B8, 0x113BB...0x113C0,
    0x113C2...0x113C2, 0x113C5...0x113C5, 0x113C7...0x113C9, 0x113CE...0x113D0, 0x113D2...0x113D2,
    0x113E1...0x113E2, 0x116B6...0x116B6, 0x1193D...0x1193D, 0x11B60...0x11B60, 0x11B62...0x11B64,
    0x11B66...0x11B66, 0x11F41...0x11F41, 0x11F5A...0x11F5A, 0x1611E...0x16129, 0x1612D...0x1612F,
    0x16FF0...0x16FF1, 0x1D166...0x1D166, 0x1D16D...0x1D16D, 0x1E5EE...0x1E5EF, 0x1E6E3...0x1E6E3,
    0x1E6E6...0x1E6E6, 0x1E6EE...0x1E6EF, 0x1E6F5...0x1E6F5,
]

/// The scalars of Foundation's `CharacterSet`s the sources trim with, as CF defines them (its Unicode
/// data is older than the standard library's: U+200B still a space, Unicode 16's punctuation not yet).
package struct TextScalars: Sendable {
    private enum Base: Sendable { case none, whitespaces, whitespacesAndNewlines, punctuation }
    private let base: Base
    private var added: Set<Unicode.Scalar> = []
    private var removed: Set<Unicode.Scalar> = []

    private init(_ base: Base) { self.base = base }

    /// `CharacterSet.whitespaces`: Zs and tab.
    package static let whitespaces = TextScalars(.whitespaces)
    /// `CharacterSet.whitespacesAndNewlines`: those, U+000A–U+000D, U+0085, U+2028 and U+2029.
    package static let whitespacesAndNewlines = TextScalars(.whitespacesAndNewlines)
    /// `CharacterSet.punctuationCharacters`: the P categories.
    package static let punctuationCharacters = TextScalars(.punctuation)

    /// `CharacterSet(charactersIn:)`.
    package init(charactersIn text: String) {
        base = .none
        added = Set(text.unicodeScalars)
    }

    /// The set without `scalars` (`CharacterSet.subtracting`).
    package func subtracting(_ scalars: String) -> TextScalars {
        var copy = self
        for scalar in scalars.unicodeScalars {
            copy.added.remove(scalar)
            copy.removed.insert(scalar)
        }
        return copy
    }

    package func contains(_ scalar: Unicode.Scalar) -> Bool {
        if added.contains(scalar) { return true }
        if removed.contains(scalar) { return false }
        let value = scalar.value
        switch base {
        case .none: return false
        case .whitespaces: return isSpace(scalar)
        case .whitespacesAndNewlines:
            return isSpace(scalar) || (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
        case .punctuation:
            switch scalar.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                .finalPunctuation, .otherPunctuation:
                return !newerPunctuation.contains(value)
            default: return false
            }
        }
    }

    private func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x09 || scalar.value == 0x200B || scalar.properties.generalCategory == .spaceSeparator
    }
}

/// Punctuation in this toolchain's Unicode data that CF's does not have yet.
private let newerPunctuation: Set<UInt32> = [
    0x1B4E, 0x1B4F, 0x1B7F, 0x10D6E, 0x10ED0, 0x113D4, 0x113D5, 0x113D7, 0x113D8, 0x11BE1, 0x16D6D, 0x16D6E,
    0x16D6F, 0x1E5FF,
]
