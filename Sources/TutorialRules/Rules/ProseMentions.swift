#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialModel

/// The instruction of a step: its title, or the first line of its prose when it has no title. Rules
/// that compare prose with code read only this sentence: explanations further down name APIs freely.
func instruction(of step: StepContent) -> String {
    if !step.title.isEmpty { return step.title }
    return step.prose.split(separator: "\n").first.map(String.init) ?? ""
}

/// The first sentence of a text (up to `.`, `!` or `?` before a space, or `。！？`): Apple-style steps
/// instruct in their first sentence and explain in the ones after, where APIs are named in passing.
func firstSentence(of text: String) -> String {
    // ASCII text (most instructions) by bytes, as the characters below would read it: a sentence ends at
    // whitespace after `.`, `!` or `?` (the full-width enders are not ASCII).
    let utf8 = text.utf8
    var previousByte: UInt8 = 0
    var index = utf8.startIndex
    while index < utf8.endIndex {
        let byte = utf8[index]
        guard byte < 0x80 else { return firstSentenceByCharacters(of: text) }
        if byte.isASCIIBlank, previousByte == 0x2E || previousByte == 0x21 || previousByte == 0x3F {
            return String(text[..<index])
        }
        previousByte = byte
        index = utf8.index(after: index)
    }
    return text
}

private func firstSentenceByCharacters(of text: String) -> String {
    var previous: Character?
    var end = text.endIndex
    for index in text.indices {
        let character = text[index]
        if "。！？".contains(character) {
            end = text.index(after: index)
            break
        }
        if character.isWhitespace, let last = previous, ".!?".contains(last) {
            end = index
            break
        }
        previous = character
    }
    return String(text[..<end])
}

/// Whether `text`'s UTF-8 holds `needle`'s bytes: a literal search, which must hold for Foundation's
/// `contains` (a search by canonical equivalence) to find a needle with no canonically equivalent
/// spelling, and costs far less.
func containsUTF8(_ needle: String, in text: String) -> Bool {
    let target = Array(needle.utf8)
    guard let first = target.first else { return true }
    let bytes = text.utf8
    var index = bytes.startIndex
    while let found = bytes[index...].firstIndex(of: first) {
        if bytes[found...].starts(with: target) { return true }
        index = bytes.index(after: found)
    }
    return false
}

/// Where `needle` first occurs in the step's prose in the document (before its first snippet), so the
/// finding lands on the words the author wrote; nil when the page spells it differently (entities).
func proseRange(of needle: String, in step: Step, document: SourceDocument) -> SourceRange? {
    let bytes = document.bytes
    let target = Array(needle.utf8)
    guard !target.isEmpty else { return nil }
    let end = step.snippets.map(\.range.start).min() ?? step.range.end
    var start = step.range.start
    while start + target.count <= min(end, bytes.count) {
        if bytes[start] == target[0], bytes[start..<(start + target.count)].elementsEqual(target) {
            return SourceRange(start: start, end: start + target.count)
        }
        start += 1
    }
    return nil
}
