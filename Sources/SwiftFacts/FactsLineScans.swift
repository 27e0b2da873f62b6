internal import Foundation
internal import SnippetComposition
internal import TutorialModel

/// Lines that stand for omitted code (`ElidedCode`: `// ...`, `…`, `// existing code`, `{ ... }` bodies
/// and their Korean, Chinese and Japanese forms), or an editor placeholder.
func elidedLines(in code: String) -> [Int] {
    var result = ElidedCode.markerLines(in: code)
    // Byte search first (Foundation's `contains` was a seventh of a lint); the lines are judged below.
    if ByteSearch.contains(placeholderOpening, anchor: 1, in: code) {
        for (line, text) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where text.contains("<#") && text.contains("#>") && !result.contains(line) {
            result.append(line)
        }
        result.sort()
    }
    return result
}

/// Finds `tutorial-check:disable-line` in line comments by scanning the text, so suppressions work
/// even in code that does not parse.
func lineSuppressions(in code: String, lineStarts: [Int]) -> [LineSuppression] {
    let marker = "tutorial-check:disable-line"
    // A byte search first: `String.contains(String)` goes through Foundation's locale-aware search, which
    // cost as much as a tenth of the whole facts extraction, for a marker almost no snippet has.
    guard ByteSearch.contains(suppressionMarker, anchor: suppressionMarkerDash, in: code) else { return [] }
    var result: [LineSuppression] = []
    for (line, text) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        guard let comment = text.range(of: "//"), let found = text.range(of: marker),
            comment.lowerBound < found.lowerBound
        else { continue }
        let rules = text[found.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            .map(String.init).filter { !$0.isEmpty }
        result.append(LineSuppression(line: line, rules: rules))
    }
    return result
}

/// An editor placeholder's opening, searched by its `#` (rarer in code than `<`).
private let placeholderOpening = Array("<#".utf8)
private let suppressionMarker = Array("tutorial-check:disable-line".utf8)
/// The marker's first `-`: the byte searched for, rarer in code than its first letter `t`.
private let suppressionMarkerDash = suppressionMarker.firstIndex(of: UInt8(ascii: "-"))!
