internal import SwiftSyntax
internal import TutorialModel

/// Code that tutorials leave out: a line such as `// ...`, `…`, `/* ... */`, `// existing code` (or its
/// Korean, Chinese and Japanese forms) standing for unchanged lines, and a declaration whose body is
/// shown as `{ ... }`. Such a snippet is partial: the lines it stands for are still in the file.
public enum ElidedCode {
    /// Words a comment uses for code left out, once dots, ellipses and brackets are removed.
    static let phrases: Set<String> = [
        "existing code", "the existing code", "rest of the code", "rest of code", "other code", "unchanged",
        "unchanged code", "more code", "omitted", "snip", "same as before", "previous code",
        "기존 코드", "기존코드", "기존 코드 생략", "생략", "중략", "이전 코드", "나머지 코드",
        "省略", "省略代码", "其他代码", "其余代码", "原有代码", "现有代码", "之前的代码", "已有代码", "代码省略",
        "既存のコード", "既存コード", "省略されたコード", "略",
    ]

    /// Characters that draw dots: ASCII and ideographic full stops, ellipses (horizontal, midline,
    /// vertical), middle dots.
    static let dotLike: Set<Character> = [".", "…", "⋯", "⋮", "︙", "。", "·", "・", "‥"]

    /// Whether a line (without its ending) stands for code left out.
    public static func isMarkerLine<Line: StringProtocol>(_ line: Line) -> Bool {
        var text = Substring(line).trimmed
        var isComment = false
        if text.hasPrefix("//") {
            text = text.dropFirst(2)
            isComment = true
        } else if text.hasPrefix("/*"), text.hasSuffix("*/"), text.count >= 4 {
            text = text.dropFirst(2).dropLast(2)
            isComment = true
        }
        let hasDots = text.containsText("...") || text.containsText("…") || text.containsText("⋯") || text.containsText("。。。")
        let rest = text.filter { !dotLike.contains($0) && !"()（）[]".contains($0) }
            .split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
        // A line of dots alone, however many (`.`, `⋮`, a column of them), is no Swift: code left out.
        if rest.isEmpty { return hasDots || text.contains(where: dotLike.contains) }
        return isComment && phrases.contains(rest)
    }

    /// The header of a declaration written with an elided body (`func update() { ... }` gives
    /// `func update() {`, up to and with the brace); nil for any other line.
    public static func elidedBodyHeader(_ line: Substring) -> Substring? {
        let text = line.trimmed
        guard text.hasSuffix("}"), let open = text.lastIndex(of: "{") else { return nil }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard isMarkerLine(inside), !inside.trimmed.isEmpty else { return nil }
        let header = line[line.startIndex...line.index(open, offsetBy: 0)]
        return header.trimmed.count > 1 ? header : nil
    }

    /// Whether any line of `code` stands for code left out (a marker line or an elided body).
    public static func containsElision(_ code: String) -> Bool { !markerLines(in: code).isEmpty }

    /// Lines (0-based) of `code` that stand for code left out.
    public static func markerLines(in code: String) -> [Int] {
        // One scan of the bytes picks the lines that could be markers (a comment, dots or an ellipsis first,
        // or a brace at the end): the server runs this on every snippet at every keystroke.
        var result: [Int] = []
        let bytes = Array(code.utf8)
        // Line ends found by `ByteSearch` (memchr), the lines read through the buffer: a bounds-checked
        // loop over every byte cost twice as much, at every state of every file.
        bytes.withUnsafeBufferPointer { buffer in
            var line = 0
            var start = 0
            while start <= buffer.count {
                let end = ByteSearch.index(of: 0x0A, in: buffer, from: start) ?? buffer.count
                var first = start
                while first < end, buffer[first] == 0x20 || buffer[first] == 0x09 { first += 1 }
                var last = end
                while last > first, buffer[last - 1] == 0x20 || buffer[last - 1] == 0x09 || buffer[last - 1] == 0x0D {
                    last -= 1
                }
                if first < last {
                    let lead = buffer[first]
                    // `/`, `.`, and the lead bytes of the other dots (`…⋯⋮‥` E2, `。・` E3, `︙` EF, `·` C2).
                    let couldBeMarker =
                        lead == 0x2F || lead == 0x2E || lead == 0xE2 || lead == 0xE3 || lead == 0xEF || lead == 0xC2
                        || buffer[last - 1] == 0x7D
                    let lineBytes = bytes[start..<end]
                    // Most such lines are code (`.padding()`, `}`): the byte tests below rule them out before
                    // the Character-level judgement, which was a tenth of a lint of a long file's states.
                    if couldBeMarker && (couldBeMarkerLine(lineBytes) || couldHaveElidedBody(lineBytes)) {
                        let text = Substring(String(decoding: lineBytes, as: UTF8.self))
                        if isMarkerLine(text) || elidedBodyHeader(text) != nil { result.append(line) }
                    }
                }
                line += 1
                start = end + 1
            }
        }
        return result
    }

    /// False only when `isMarkerLine` is false for the line: no `/` (so no comment) and a printable ASCII
    /// character other than the dots and brackets a marker may hold (so something is left once they are
    /// removed). A non-ASCII byte proves nothing (`…`, `（`, ideographic spaces).
    public static func couldBeMarkerLine(_ line: ArraySlice<UInt8>) -> Bool {
        var hasOtherCharacter = false
        for byte in line {
            switch byte {
            case 0x2F: return true
            case 0x2E, 0x28, 0x29, 0x5B, 0x5D: continue
            case 0x21...0x7E: hasOtherCharacter = true
            default: continue
            }
        }
        return !hasOtherCharacter
    }

    /// False only when `elidedBodyHeader` is nil for the line: no `{`, or nothing after the first `{` that
    /// a marker needs (a `/` of a comment, dots, or a non-ASCII byte that may be an ellipsis).
    public static func couldHaveElidedBody(_ line: ArraySlice<UInt8>) -> Bool {
        guard let open = line.firstIndex(of: 0x7B) else { return false }
        return line[(open + 1)...].contains { $0 == 0x2F || $0 == 0x2E || $0 >= 0x80 }
    }
}

/// Merges a text that elides code (marker lines, elided bodies) with the previous text it continues: the
/// shown lines are kept, and each marker is replaced by the previous lines it stands for.
///
/// The two are aligned as a line diff is, with one more move: a marker absorbs a run of previous lines
/// indented at least as deep as the marker. An alignment scores exact lines highest, then a shown line
/// that rewrites a similar previous one, then absorbed lines; previous lines neither matched nor absorbed
/// are deleted as in any diff. Nil when nothing anchors the shown text in the previous one (no line but
/// braces in common), or when the texts are too large to align.
public func mergeElided(previous: TracedText, shown: TracedText, anchoringPunctuation: Bool = true) -> TracedText? {
    let items = elisionItems(of: shown)
    let old = previous.lineRanges
    guard items.count * old.count <= 2_000_000 else { return nil }
    var alignment = ElisionAlignment(
        items: items, shown: shown, previous: previous, anchoringPunctuation: anchoringPunctuation)
    alignment.score()
    return alignment.merged()
}

/// A line of a text that elides code, as the merge aligns it.
private enum ElisionItem {
    case line(Range<Int>)
    /// A marker standing for lines indented at least this deep.
    case marker(indent: Int)
    /// The closing brace of an elided body, written by us.
    case closing(indent: Int)
}

/// The shown text's lines as items: an elided body (`func f() { ... }`) is its header, a marker one level
/// deeper, and its closing brace.
private func elisionItems(of shown: TracedText) -> [ElisionItem] {
    var items: [ElisionItem] = []
    for range in shown.lineRanges {
        let line = Substring(String(decoding: shown.bytes[range], as: UTF8.self))
        let indent = indentation(of: shown.bytes[range])
        if ElidedCode.isMarkerLine(line) {
            items.append(.marker(indent: indent))
        } else if let header = ElidedCode.elidedBodyHeader(line) {
            items.append(.line(range.lowerBound..<(range.lowerBound + header.utf8.count)))
            items.append(.marker(indent: indent + 1))
            items.append(.closing(indent: indent))
        } else {
            items.append(.line(range))
        }
    }
    return items
}

/// The moves of the merge's alignment, in order of preference where two score the same.
private enum ElisionMove {
    /// A shown line is a previous line (its text equal): an anchor.
    case exact
    /// A shown line rewrites a similar previous line.
    case similar
    /// A shown line the previous text lacks.
    case insert
    /// A marker that stands for no more previous lines.
    case skipMarker
    /// A marker takes the previous line as one of those it stands for.
    case absorb
    /// A previous line neither matched nor absorbed: gone, as in any diff.
    case delete
}

/// The alignment of the shown items with the previous lines: a table of the best score of aligning
/// `items[i...]` with `old[j...]` (exact lines score highest, then similar ones, then absorbed ones), filled
/// from the ends, then walked from the start along the preferred best moves.
private struct ElisionAlignment {
    let items: [ElisionItem]
    let shown: TracedText
    let previous: TracedText
    let anchoringPunctuation: Bool
    let old: [Range<Int>]
    let keys: [ArraySlice<UInt8>?]
    let indents: [Int]
    let oldKeys: [ArraySlice<UInt8>]
    let oldIndents: [Int]
    /// table[i * (old.count + 1) + j]: the best score aligning items[i...] with old[j...].
    private var table: [Int32]

    static let exact = 100
    static let similar = 50
    static let absorbed = 1

    init(items: [ElisionItem], shown: TracedText, previous: TracedText, anchoringPunctuation: Bool) {
        self.items = items
        self.shown = shown
        self.previous = previous
        self.anchoringPunctuation = anchoringPunctuation
        old = previous.lineRanges
        oldKeys = old.map { previous.bytes[$0].trimmedBytes }
        oldIndents = old.map { indentation(of: previous.bytes[$0]) }
        keys = items.map { item in
            switch item {
            case .line(let range): return shown.bytes[range].trimmedBytes
            case .closing: return Array("}".utf8)[...]
            case .marker: return nil
            }
        }
        indents = items.map { item -> Int in
            switch item {
            case .line(let range): return indentation(of: shown.bytes[range])
            case .closing(let indent), .marker(let indent): return indent
            }
        }
        table = [Int32](repeating: 0, count: (items.count + 1) * (old.count + 1))
    }

    private func at(_ i: Int, _ j: Int) -> Int { Int(table[i * (old.count + 1) + j]) }

    /// The moves possible from (i, j) with the score each leads to, in order of preference.
    private func moves(_ i: Int, _ j: Int) -> [(move: ElisionMove, score: Int)] {
        let (n, m) = (items.count, old.count)
        var result: [(ElisionMove, Int)] = []
        if i < n, let key = keys[i] {
            if j < m {
                // A line of closing punctuation (`}`, `})`) anchors only at its own depth: matched by its
                // text alone, the brace of an inner body would take the place of the type's.
                if key == oldKeys[j], !isPunctuationLine(key) || indents[i] == oldIndents[j] {
                    // Blank lines are everywhere: they anchor nothing.
                    let value = key.isEmpty ? Self.absorbed : isPunctuationLine(key) && !anchoringPunctuation ? 0 : Self.exact
                    result.append((.exact, value + at(i + 1, j + 1)))
                } else if !isPunctuationLine(key), areSimilar(key, oldKeys[j]) {
                    result.append((.similar, Self.similar + at(i + 1, j + 1)))
                }
            }
            result.append((.insert, at(i + 1, j)))
        }
        if i < n, case .marker(let indent) = items[i] {
            // On a tie a later marker takes the lines: what the snippet shows stays where it shows it.
            result.append((.skipMarker, at(i + 1, j)))
            if j < m, oldKeys[j].isEmpty || oldIndents[j] >= indent {
                result.append((.absorb, Self.absorbed + at(i, j + 1)))
            }
        }
        if j < m { result.append((.delete, at(i, j + 1))) }
        return result
    }

    /// Fills the table from the ends of both texts.
    mutating func score() {
        let (n, m) = (items.count, old.count)
        guard n > 0 || m > 0 else { return }
        for i in stride(from: n, through: 0, by: -1) {
            for j in stride(from: m, through: 0, by: -1) where i < n || j < m {
                table[i * (m + 1) + j] = Int32(moves(i, j).map(\.score).max() ?? 0)
            }
        }
    }

    /// The merged text along the preferred best moves; nil when no line of content anchors it.
    func merged() -> TracedText? {
        let (n, m) = (items.count, old.count)
        var result = TracedText()
        var anchors = 0
        var i = 0
        var j = 0
        while i < n || j < m {
            let best = at(i, j)
            guard let move = moves(i, j).first(where: { $0.score == best })?.move else { break }
            switch move {
            case .exact, .similar, .insert:
                switch items[i] {
                case .line(let range):
                    result.append(shown, range)
                    result.appendUntraced([0x0A])
                    if move == .exact, let key = keys[i], !key.isEmpty, !isPunctuationLine(key) { anchors += 1 }
                case .closing(let indent):
                    if move == .insert {
                        result.appendUntraced(Array(repeating: 0x20, count: indent) + Array("}\n".utf8))
                    } else {
                        result.append(previous, old[j])
                        result.appendUntraced([0x0A])
                    }
                case .marker: break
                }
                i += 1
                if move != .insert { j += 1 }
            case .absorb:
                result.append(previous, old[j])
                result.appendUntraced([0x0A])
                j += 1
            case .skipMarker: i += 1
            case .delete: j += 1
            }
        }
        return anchors > 0 ? result : nil
    }
}

/// Swift code that elides code merged with the previous text it continues, as `mergeElided` does; when
/// that merge does not parse where the previous text did, the merge in which lines of closing
/// punctuation anchor nothing. A brace at the same depth may close another body than the one it seems
/// to (`var body { … }` replaced by `func makeUIView { … }`): matching them splits a body in two.
public func mergeElidedSwift(previous: TracedText, shown: TracedText, trees: SyntaxTrees) -> TracedText? {
    guard let merged = mergeElided(previous: previous, shown: shown) else { return nil }
    // Code not parsed (`SwiftParseLimits`) counts as code with errors.
    guard trees.tree(merged.string)?.hasError ?? true, !(trees.tree(previous.string)?.hasError ?? true),
        let structural = mergeElided(previous: previous, shown: shown, anchoringPunctuation: false),
        !(trees.tree(structural.string)?.hasError ?? true)
    else { return merged }
    return structural
}

/// Whether a trimmed line is only brackets and separators (`}`, `})`, `];`): it says nothing of what a
/// block holds, so it anchors no alignment and counts as no line of content.
func isPunctuationLine(_ line: some Collection<UInt8>) -> Bool {
    !line.isEmpty && line.allSatisfy { "{}()[];,".utf8.contains($0) }
}

/// Whether a shown line rewrites a previous one: most of the longer line is a common prefix and suffix.
private func areSimilar(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
    guard let first = a.first, first == b.first else { return false }
    let common = ByteSearch.commonPrefixSuffixLength(a, b)
    return Double(common.prefix + common.suffix) >= 0.6 * Double(max(a.count, b.count))
}

/// Leading spaces (a tab counts four) of a line.
func indentation(of line: ArraySlice<UInt8>) -> Int {
    var count = 0
    for byte in line {
        if byte == 0x20 {
            count += 1
        } else if byte == 0x09 {
            count += 4
        } else {
            break
        }
    }
    return count
}

extension ArraySlice where Element == UInt8 {
    /// Without leading and trailing spaces, tabs and carriage returns.
    var trimmedBytes: ArraySlice<UInt8> {
        var slice = self
        while let first = slice.first, first == 0x20 || first == 0x09 || first == 0x0D { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 || last == 0x0D { slice = slice.dropLast() }
        return slice
    }
}

extension Substring {
    fileprivate var trimmed: Substring {
        var result = self
        while let first = result.first, first.isWhitespace { result = result.dropFirst() }
        while let last = result.last, last.isWhitespace { result = result.dropLast() }
        return result
    }
}
