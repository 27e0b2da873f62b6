#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialModel
import TutorialRules

/// The suppression comments of a document:
/// `<!-- tutorial-check-disable rule-id -->` … `<!-- tutorial-check-enable rule-id -->` (no ids: every rule)
/// and `<!-- tutorial-check-disable-next-step rule-id -->`.
struct DocumentSuppressions {
    /// Disabled byte ranges per rule id ("" for every rule).
    private var regions: [(rule: String, range: SourceRange)] = []
    /// Steps disabled per rule id ("" for every rule).
    private var steps: [(rule: String, step: StepID)] = []
    /// The document's bytes when `tutorial-check-` does not occur in them (then no comment was parsed), for the
    /// next version's `unmarked`.
    private(set) var unmarked: [UInt8]?

    /// `unmarked`: the bytes of another version of the document (the previous analysis's) in which no
    /// suppression comment can be (its `unmarked`); then only the bytes that differ are searched.
    init(_ tutorial: Tutorial, unmarked: [UInt8]? = nil) {
        let bytes = tutorial.document.bytes
        guard Self.mentionsMarker(bytes, unmarked: unmarked) else {
            self.unmarked = bytes
            return
        }
        // Only past the byte search: an edited document's text is made as a string only when asked for.
        let text = tutorial.document.text
        var open: [String: Int] = [:]
        var searchFrom = text.utf8.startIndex
        let stepStarts = tutorial.steps.map { ($0.id, $0.range.start) }
        while let found = text[searchFrom...].rangeOfText("<!--") {
            guard let close = text[found.upperBound...].rangeOfText("-->") else { break }
            let body = text[found.upperBound..<close.lowerBound].trimmingScalars(in: .whitespacesAndNewlines)
            let commentStart = text.utf8.distance(from: text.utf8.startIndex, to: found.lowerBound)
            let commentEnd = text.utf8.distance(from: text.utf8.startIndex, to: close.upperBound)
            searchFrom = close.upperBound
            var words = body.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" }).map(
                String.init)
            guard let directive = words.first else { continue }
            words.removeFirst()
            let ids = words.isEmpty ? [""] : words
            switch directive {
            case "tutorial-check-disable":
                for id in ids where open[id] == nil { open[id] = commentStart }
            case "tutorial-check-enable":
                let closing = words.isEmpty ? Array(open.keys) : ids
                for id in closing {
                    if let start = open.removeValue(forKey: id) {
                        regions.append((id, SourceRange(start: start, end: commentEnd)))
                    }
                }
            case "tutorial-check-disable-next-step":
                if let next = stepStarts.first(where: { $0.1 >= commentEnd }) {
                    for id in ids { steps.append((id, next.0)) }
                }
            default: continue
            }
        }
        for (id, start) in open { regions.append((id, SourceRange(start: start, end: bytes.count))) }
    }

    private static let marker = Array("tutorial-check-".utf8)
    /// Where the marker's first `-` is: the byte searched for, rarer in prose and code than its first letter `t`.
    private static let markerDash = marker.firstIndex(of: UInt8(ascii: "-"))!

    /// Whether `tutorial-check-` occurs in the document at all (most documents have no suppression
    /// comment, and then none is parsed). A byte search (`ByteSearch`), as Foundation's `String.contains`
    /// cost more than reading the document, and a Swift loop over every byte under the sanitizers took
    /// most of a minute on a document of 16 MiB (which is over the size limit and gets a single finding).
    static func mentionsMarker(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { ByteSearch.contains(marker, anchor: markerDash, in: $0) }
    }

    /// Whether `tutorial-check-` occurs in `bytes`, given another text `unmarked` in which it does not: an
    /// occurrence in the new text must overlap the bytes the two do not share (one wholly inside their common
    /// beginning or end would be the other text's), so only those and the marker's length around them are
    /// searched. After a keystroke in a 1 MB document, comparing the texts a page at a time costs a third of
    /// searching all of it.
    static func mentionsMarker(_ bytes: [UInt8], unmarked: [UInt8]?) -> Bool {
        guard let unmarked else { return mentionsMarker(bytes) }
        let (prefix, suffix) = ByteSearch.commonPrefixSuffixLength(unmarked[...], bytes[...])
        let start = max(0, prefix - (marker.count - 1))
        let end = min(bytes.count, bytes.count - suffix + (marker.count - 1))
        guard start < end else { return false }
        return bytes.withUnsafeBufferPointer { whole in
            ByteSearch.contains(marker, anchor: markerDash, in: UnsafeBufferPointer(rebasing: whole[start..<end]))
        }
    }

    func suppresses(_ finding: Finding) -> Bool {
        for region in regions where region.rule.isEmpty || region.rule == finding.rule {
            if region.range.contains(finding.range.start) { return true }
        }
        if let step = finding.step {
            for entry in steps where (entry.rule.isEmpty || entry.rule == finding.rule) && entry.step == step {
                return true
            }
        }
        return false
    }
}
