import StepDiff
import SwiftFacts
import TutorialModel
import TutorialRules

extension StepChanges {
    /// What each step changes, from the timelines; `cache` remembers each comparison of two states.
    init(tutorial: Tutorial, timelines: [FileTimeline], cache: FactsCache? = nil) {
        var touched: [StepID: Set<String>] = [:]
        var withCode = Set<StepID>()
        for timeline in timelines {
            var previous = ""
            for state in timeline.states {
                // Remembered per (previous, current) text: a keystroke re-analysis of a 1 MB tutorial then
                // compares only the states the edit changed.
                let old = previous
                let words: Set<String>?
                if let cache {
                    let key = LineChangeKey(old: old, new: state.code)
                    words = cache.remembered(key, textBytes: old.utf8.count + state.code.utf8.count) {
                        identifiersOnChangedLines(old: old, new: state.code)
                    }
                } else {
                    words = identifiersOnChangedLines(old: old, new: state.code)
                }
                if let words { touched[state.step, default: []].formUnion(words) }
                previous = state.code
            }
        }
        for step in tutorial.steps {
            // A step whose DocC resource is missing shows no code to compare with (code-file-missing says so).
            if step.snippets.contains(where: { $0.docc != nil && $0.docc?.resourcePath == nil }) { continue }
            for snippet in step.snippets where isSwift(snippet) || snippet.language == nil {
                withCode.insert(step.id)
                if snippet.kind == .fragment || snippet.fileName == nil {
                    touched[step.id, default: []].formUnion(identifiers(in: Substring(snippet.code)))
                }
            }
        }
        self.init(touchedIdentifiers: touched, stepsWithCode: withCode)
    }
}

private struct LineChangeKey: Hashable, Sendable {
    let old: String
    let new: String
}

/// The identifiers on lines whose count differs between two texts (lines added or removed), nil when
/// no line's count differs.
///
/// Lines are compared as interned bytes (hashing `Substring`s cost a tenth of a lint), split at every LF
/// that is not part of a CRLF, empty lines left out: the lines `split(separator: "\n")` gives, since a
/// CRLF is one `Character`.
private func identifiersOnChangedLines(old: String, new: String) -> Set<String>? {
    var interner = LineInterner()
    func lineCounts(_ text: String) -> [Int32: Int] {
        let bytes = Array(text.utf8)
        var lines: [Int32: Int] = [:]
        var start = 0
        for index in 0...bytes.count {
            guard index == bytes.count || (bytes[index] == 0x0A && (index == 0 || bytes[index - 1] != 0x0D))
            else { continue }
            if index > start { lines[interner.intern(bytes[start..<index]), default: 0] += 1 }
            start = index + 1
        }
        return lines
    }
    let previousLines = lineCounts(old)
    let lines = lineCounts(new)
    var changed: [Int32] = []
    for (line, count) in lines where count > previousLines[line, default: 0] { changed.append(line) }
    for (line, count) in previousLines where count > lines[line, default: 0] { changed.append(line) }
    guard !changed.isEmpty else { return nil }
    var words = Set<String>()
    for line in changed { words.formUnion(identifiers(inUTF8: interner.line(line))) }
    return words
}
