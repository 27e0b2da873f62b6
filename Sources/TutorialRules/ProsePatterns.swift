#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The prose patterns every lint of an ordinary tutorial needs, scanned by hand with exactly the result of
/// their regular expressions (ProsePatternTests compares both on generated sentences).
///
/// The first `NSRegularExpression` of a process builds ICU's static character sets, about 8 million
/// instructions (a fifth of a cold lint of a 30 KB tutorial after start-up); these patterns are all
/// ASCII classes, so a byte scan finds the same matches without it.

/// The names `[A-Za-z_][A-Za-z0-9_+\-]*\.swift(?![A-Za-z0-9_])` matches in `text`, in order.
package func swiftFileNames(in text: String) -> [String] {
    let bytes = Array(text.utf8)
    let suffix = Array(".swift".utf8)
    var names: [String] = []
    var index = 0
    while index < bytes.count {
        guard isIdentifierHead(bytes[index]) else {
            index += 1
            continue
        }
        var end = index + 1
        while end < bytes.count, isIdentifierByte(bytes[end]) || bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-") {
            end += 1
        }
        // The class cannot hold `.`, so no shorter run ends at `.swift` either.
        let nameEnd = end + suffix.count
        if nameEnd <= bytes.count, bytes[end..<nameEnd].elementsEqual(suffix),
            nameEnd == bytes.count || !isIdentifierByte(bytes[nameEnd])
        {
            names.append(String(decoding: bytes[index..<nameEnd], as: UTF8.self))
            index = nameEnd
        } else {
            // Every later start inside this run reaches the same end and fails the same way.
            index = end
        }
    }
    return names
}

/// A call named in prose: `name(label:label:)`, with ASCII or full-width parentheses.
package struct ProseCall: Equatable, Sendable {
    /// The whole match, as written.
    package let text: String
    package let name: String
}

/// The calls `([A-Za-z_][A-Za-z0-9_]*)[(（]((?:[A-Za-z_][A-Za-z0-9_]*:)*)[)）]` matches in `text`, in order.
package func proseCalls(in text: String) -> [ProseCall] {
    let bytes = Array(text.utf8)
    // The full-width parentheses in UTF-8: EF BC 88 and EF BC 89.
    func parenthesis(at index: Int, ascii: UInt8, fullWidthLast: UInt8) -> Int? {
        guard index < bytes.count else { return nil }
        if bytes[index] == ascii { return index + 1 }
        if index + 2 < bytes.count, bytes[index] == 0xEF, bytes[index + 1] == 0xBC, bytes[index + 2] == fullWidthLast {
            return index + 3
        }
        return nil
    }
    func identifierEnd(from start: Int) -> Int {
        var end = start + 1
        while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
        return end
    }
    var calls: [ProseCall] = []
    var index = 0
    while index < bytes.count {
        guard isIdentifierHead(bytes[index]) else {
            index += 1
            continue
        }
        let nameEnd = identifierEnd(from: index)
        if let labelsStart = parenthesis(at: nameEnd, ascii: UInt8(ascii: "("), fullWidthLast: 0x88) {
            // Labels end in `:`, so the repetition has one way to match: as many whole labels as follow.
            var labelsEnd = labelsStart
            while labelsEnd < bytes.count, isIdentifierHead(bytes[labelsEnd]) {
                let end = identifierEnd(from: labelsEnd)
                guard end < bytes.count, bytes[end] == UInt8(ascii: ":") else { break }
                labelsEnd = end + 1
            }
            if let end = parenthesis(at: labelsEnd, ascii: UInt8(ascii: ")"), fullWidthLast: 0x89) {
                calls.append(
                    ProseCall(
                        text: String(decoding: bytes[index..<end], as: UTF8.self),
                        name: String(decoding: bytes[index..<nameEnd], as: UTF8.self)))
                index = end
                continue
            }
        }
        // Every later start inside this name reaches the same parenthesis and fails the same way.
        index = nameEnd
    }
    return calls
}

/// Whether `text` holds a whole word that `(?i)\b(remove|removes|removing|delete|deletes|deleting)\b`
/// matches, read up to its first character beyond ASCII; nil when that character comes before such a word
/// (Unicode word boundaries and case folding are then the regular expression's business).
///
/// On ASCII text `\w` is `[A-Za-z0-9_]` and case folding maps `A-Z` to `a-z` alone, so the expression
/// matches exactly when one maximal run of word characters, lowercased, is one of the words.
package func holdsEnglishRemovalWord(_ text: String) -> Bool? {
    let words: Set<String> = ["remove", "removes", "removing", "delete", "deletes", "deleting"]
    var word: [UInt8] = []
    for byte in text.utf8 {
        guard byte < 0x80 else { return nil }
        if isIdentifierByte(byte) {
            word.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte)
            continue
        }
        if words.contains(String(decoding: word, as: UTF8.self)) { return true }
        word.removeAll(keepingCapacity: true)
    }
    return words.contains(String(decoding: word, as: UTF8.self))
}

private func isIdentifierHead(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || byte == UInt8(ascii: "_")
}

private func isIdentifierByte(_ byte: UInt8) -> Bool {
    isIdentifierHead(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
}
