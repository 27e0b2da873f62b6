import StepDiff
import SwiftFacts
import TutorialModel
import TutorialRules

/// What each step changes, from the timelines, and per file what each state changes (for the next
/// analysis). Each comparison of two states looks only at the lines between the texts' common beginning
/// and end, which costs less than hashing both texts to remember it; a state whose code and previous
/// state's code equal those of the same state in `previous` (the analysis of the document's previous
/// version) is not compared again (`reused` counts those).
func stepChanges(_ tutorial: Tutorial, timelines: [FileTimeline], previous: [String: [StateChange]] = [:])
    -> (changes: StepChanges, byFile: [String: [StateChange]], reused: Int)
{
    // Sized for every step at once, and steps, states and snippets read in place (not copied out of their arrays): at
    // a keystroke this pass reads every state of a long tutorial, where the copies and regrowing tables cost
    // more than the comparisons.
    var touched: [StepID: Set<String>] = [:]
    touched.reserveCapacity(tutorial.steps.count)
    var withCode = Set<StepID>(minimumCapacity: tutorial.steps.count)
    var byFile: [String: [StateChange]] = [:]
    var reused = 0
    for timeline in timelines {
        let earlier = previous[timeline.fileName] ?? []
        let states = timeline.states
        var changes: [StateChange] = []
        changes.reserveCapacity(states.count)
        var previousCode = ""
        for position in states.indices {
            let code = states[position].code
            let change: StateChange
            if position < earlier.count, earlier[position].code == code, earlier[position].previousCode == previousCode {
                change = earlier[position]
                reused += 1
            } else {
                change = StateChange(
                    previousCode: previousCode, code: code,
                    identifiers: identifiersOnChangedLines(old: previousCode, new: code))
            }
            if let words = change.identifiers { add(words, to: &touched[states[position].step, default: []]) }
            changes.append(change)
            previousCode = code
        }
        byFile[timeline.fileName] = changes
    }
    tutorial.steps.withUnsafeBufferPointer { steps in
        for step in steps.indices {
            steps[step].snippets.withUnsafeBufferPointer { snippets in
                // A step whose DocC resource is missing shows no code to compare with (code-file-missing says so).
                if snippets.indices.contains(where: { snippets[$0].isDocCCodeWithoutResource }) {
                    return
                }
                var showsCode = false
                for index in snippets.indices where snippets[index].isSwift() || snippets[index].language == nil {
                    showsCode = true
                    if snippets[index].kind == .fragment || snippets[index].fileName == nil {
                        add(identifiers(in: Substring(snippets[index].code)), to: &touched[steps[step].id, default: []])
                    }
                }
                if showsCode { withCode.insert(steps[step].id) }
            }
        }
    }
    return (StepChanges(touchedIdentifiers: touched, stepsWithCode: withCode), byFile, reused)
}

/// Adds `words` to a step's identifiers: a step's first set is taken as it is (no copy, no hashing again), as
/// most steps change one state.
private func add(_ words: Set<String>, to identifiers: inout Set<String>) {
    if identifiers.isEmpty { identifiers = words } else { identifiers.formUnion(words) }
}

/// The identifiers on lines whose count differs between two texts (lines added or removed), nil when
/// no line's count differs.
///
/// Lines are compared as interned bytes (hashing `Substring`s cost a tenth of a lint), split at every LF
/// that is not part of a CRLF, empty lines left out: the lines `split(separator: "\n")` gives, since a
/// CRLF is one `Character`. Lines of the texts' common beginning and end count the same on both sides,
/// so only the lines between them are counted.
func identifiersOnChangedLines(old: String, new: String) -> Set<String>? {
    let oldBytes = Array(old.utf8)
    let newBytes = Array(new.utf8)
    let (oldMiddle, newMiddle) = differingLines(oldBytes, newBytes)
    // Lines only added (a file's first state, an inserted member) or only removed: each of them is changed,
    // and the identifiers of all their bytes are theirs (a line break is in no identifier), no count needed.
    if oldMiddle.isEmpty || newMiddle.isEmpty {
        let lines = oldMiddle.isEmpty ? newBytes[newMiddle] : oldBytes[oldMiddle]
        guard hasNonEmptyLine(lines) else { return nil }
        var words = Set<String>()
        formIdentifiers(inUTF8: lines, into: &words)
        return words
    }
    var interner = LineInterner()
    func lineCounts(_ bytes: ArraySlice<UInt8>) -> [Int32: Int] {
        var lines: [Int32: Int] = [:]
        var start = bytes.startIndex
        for index in bytes.startIndex...bytes.endIndex {
            // A slice starts at a line start: the byte before it, if any, is an LF.
            guard
                index == bytes.endIndex
                    || (bytes[index] == 0x0A && (index == bytes.startIndex || bytes[index - 1] != 0x0D))
            else { continue }
            if index > start { lines[interner.intern(bytes[start..<index]), default: 0] += 1 }
            start = index + 1
        }
        return lines
    }
    let previousLines = lineCounts(oldBytes[oldMiddle])
    let lines = lineCounts(newBytes[newMiddle])
    var changed: [Int32] = []
    for (line, count) in lines where count > previousLines[line, default: 0] { changed.append(line) }
    for (line, count) in previousLines where count > lines[line, default: 0] { changed.append(line) }
    guard !changed.isEmpty else { return nil }
    var words = Set<String>()
    for line in changed { formIdentifiers(inUTF8: interner.line(line), into: &words) }
    return words
}

/// Whether `bytes` (which start at a line start) hold a line that is not empty: a byte other than an LF
/// that splits lines (one that is no CRLF's), as `identifiersOnChangedLines` splits them.
private func hasNonEmptyLine(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.indices.contains { index in
        bytes[index] != 0x0A || (index != bytes.startIndex && bytes[index - 1] == 0x0D)
    }
}

/// The byte ranges of the two texts left once the lines both begin and end with are set aside: each
/// starts where a line starts in both (offset 0, or after an LF that is no CRLF's) and ends after such an
/// LF or at the end, so the lines inside are those of the whole texts.
func differingLines(_ old: [UInt8], _ new: [UInt8]) -> (old: Range<Int>, new: Range<Int>) {
    func isLineBreak(_ bytes: [UInt8], _ index: Int) -> Bool {
        bytes[index] == 0x0A && (index == 0 || bytes[index - 1] != 0x0D)
    }
    let (prefix, suffix) = ByteSearch.commonPrefixSuffixLength(old[...], new[...])
    // Back to the start of a line (the bytes before `prefix` are the same in both texts).
    var start = prefix
    while start > 0, !isLineBreak(old, start - 1) { start -= 1 }
    // Forward to just after a line break inside the common end, whose preceding byte is common too.
    var oldEnd = old.count - suffix
    var newEnd = new.count - suffix
    while oldEnd < old.count {
        if oldEnd > old.count - suffix, isLineBreak(old, oldEnd), isLineBreak(new, newEnd) { break }
        oldEnd += 1
        newEnd += 1
    }
    if oldEnd < old.count {
        oldEnd += 1
        newEnd += 1
    }
    return (start..<max(start, oldEnd), start..<max(start, newEnd))
}
