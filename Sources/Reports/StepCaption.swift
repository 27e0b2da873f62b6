#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialModel

/// What the HTML pages call a step in their contents and headings: its label when it has one (`Step 3`),
/// else its first sentence, shortened on a word boundary with an ellipsis, as DocC's own pages name a
/// step by its text; `Step N` only for a step with neither.
func stepCaption(_ step: Step) -> String {
    if let label = step.label { return label }
    let caption = firstSentence(step.title.isEmpty ? step.prose : step.title, limit: 64)
    return caption.isEmpty ? "Step \(step.id.step)" : caption
}

/// The first sentence of a text (up to `.`, `!` or `?` before a space or the end, or `。！？`), without
/// its full stop, cut to at most `limit` characters: on the last space that keeps at least half of them,
/// else (CJK, one long word) at the limit, and ended with `…`.
func firstSentence(_ text: String, limit: Int) -> String {
    let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    let characters = Array(line.trimmingScalars(in: .whitespaces))
    var end = characters.count
    for (index, character) in characters.enumerated() {
        if "。！？".contains(character) {
            end = index + 1
            break
        }
        if ".!?".contains(character), index + 1 == characters.count || characters[index + 1] == " " {
            // `e.g.` and `i.e.` end no sentence.
            let word = String(characters[..<index]).split(separator: " ").last.map { $0.lowercased() } ?? ""
            if character == ".", ["e.g", "i.e", "etc", "vs", "cf"].contains(word) { continue }
            end = character == "." ? index : index + 1
            break
        }
    }
    var sentence = Array(characters[..<end])
    if sentence.last == "。" { sentence.removeLast() }
    guard sentence.count > limit else { return String(sentence) }
    var cut = limit - 1
    if let space = sentence[..<cut].lastIndex(of: " "), space >= limit / 2 { cut = space }
    return String(sentence[..<cut]).trimmingScalars(in: .whitespaces) + "…"
}
