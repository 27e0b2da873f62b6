import DiffSyntax
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StepDiff
import TutorialModel

/// One line of code as HTML: syntax classes from `spans` (offsets in the whole text), changed words
/// from `highlights` (offsets in the line) wrapped in `<span class="hl">`.
func codeHTML(_ lines: TextLines, line: Int, spans: [DiffSyntaxSpan], highlights: [Range<Int>]) -> String {
    let content = lines.contentRange(line)
    let bytes = lines.bytes
    let lineStart = content.lowerBound
    let length = content.count
    // First span that ends after the line starts (spans are sorted and do not overlap).
    var low = 0
    var high = spans.count
    while low < high {
        let middle = (low + high) / 2
        if spans[middle].end <= lineStart { low = middle + 1 } else { high = middle }
    }
    var lineSpans: [(Int, Int, String)] = []
    var spanIndex = low
    while spanIndex < spans.count, spans[spanIndex].start < content.upperBound {
        let span = spans[spanIndex]
        lineSpans.append(
            (max(span.start, lineStart) - lineStart, min(span.end, content.upperBound) - lineStart, span.cssClass))
        spanIndex += 1
    }
    var cuts = Set([0, length])
    for span in lineSpans {
        cuts.insert(span.0)
        cuts.insert(span.1)
    }
    for range in highlights where range.upperBound <= length {
        cuts.insert(range.lowerBound)
        cuts.insert(range.upperBound)
    }
    let points = cuts.sorted()
    var out = ""
    for (start, end) in zip(points, points.dropFirst()) where start < end {
        let text = htmlEscaped(String(decoding: bytes[(lineStart + start)..<(lineStart + end)], as: UTF8.self))
        let cssClass = lineSpans.first { $0.0 <= start && start < $0.1 }?.2
        var piece = cssClass.map { "<span class=\"\($0)\">\(text)</span>" } ?? text
        if highlights.contains(where: { $0.contains(start) }) { piece = "<span class=\"hl\">\(piece)</span>" }
        out += piece
    }
    return out
}
