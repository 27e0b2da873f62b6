import TutorialModel

/// How a diff is computed and shown.
public struct DiffOptions: Sendable, Hashable {
    /// Unchanged lines shown around each change (git's `-U`, default 3).
    public var context: Int
    /// Treat lines that differ only in leading spaces and tabs as equal (shown as context, new text).
    public var ignoreIndentation: Bool

    /// Options; a negative context counts as 0.
    public init(context: Int = 3, ignoreIndentation: Bool = false) {
        self.context = max(0, context)
        self.ignoreIndentation = ignoreIndentation
    }
}

/// What a hunk line is: unchanged context, added, or removed (the JSON `kind`).
public enum DiffLineKind: String, Sendable, Hashable, Codable {
    case context, added, removed
}

/// One line of a hunk.
public struct DiffLine: Sendable, Hashable {
    /// Context, added or removed.
    public let kind: DiffLineKind
    /// The line without its ending (for context lines, the new side's text).
    public let text: String
    /// How the line ends (`.none` for a last line without newline).
    public let ending: LineEnding
    /// 0-based line number in the old text (context and removed lines).
    public let oldLine: Int?
    /// 0-based line number in the new text (context and added lines).
    public let newLine: Int?
    /// For a modified line (a removed line and the added line it became), the UTF-8 byte ranges of
    /// `text` that changed; empty for lines shown whole.
    public let highlights: [Range<Int>]

    /// A hunk line; `highlights` are byte ranges of `text`.
    public init(
        kind: DiffLineKind, text: String, ending: LineEnding, oldLine: Int?, newLine: Int?,
        highlights: [Range<Int>] = []
    ) {
        self.kind = kind
        self.text = text
        self.ending = ending
        self.oldLine = oldLine
        self.newLine = newLine
        self.highlights = highlights
    }
}

/// A group of nearby changes with the unchanged lines around them, numbered as git numbers them.
public struct Hunk: Sendable, Hashable {
    /// 1-based first old line; for an empty old side, the line before the change (0 at the top).
    public let oldStart: Int
    /// Number of old lines the hunk spans (context and removed).
    public let oldLines: Int
    /// 1-based first new line; for an empty new side, the line before the change.
    public let newStart: Int
    /// Number of new lines the hunk spans (context and added).
    public let newLines: Int
    /// Context, removed and added lines in display order.
    public let lines: [DiffLine]
    /// The hunk's lines in the old and new texts, as UTF-8 byte ranges (empty where a side has none).
    public let oldCodeRange: SourceRange
    /// The hunk's lines in the new text.
    public let newCodeRange: SourceRange

    /// Added lines in this hunk.
    public var added: Int { lines.lazy.filter { $0.kind == .added }.count }
    /// Removed lines in this hunk.
    public var removed: Int { lines.lazy.filter { $0.kind == .removed }.count }
}

/// A byte-level edit from the old text to the new one: the old bytes `old` became the new bytes
/// `new`. Edits are sorted and do not overlap; they are what an incremental parser needs.
public struct ByteEdit: Sendable, Hashable {
    /// The replaced bytes of the old text.
    public let old: SourceRange
    /// The replacing bytes of the new text.
    public let new: SourceRange
}

/// The diff of two texts: their lines, the runs of shared and changed lines, and the hunks.
public struct TextDiff: Sendable {
    /// The old text, split into lines.
    public let old: TextLines
    /// The new text, split into lines.
    public let new: TextLines
    /// The options the diff was computed with.
    public let options: DiffOptions
    /// Shared and changed runs covering both texts, in order.
    public let runs: [DiffRun]
    /// The changes with `options.context` lines around them.
    public let hunks: [Hunk]

    /// Added lines in the whole diff.
    public var added: Int { runs.reduce(0) { $0 + ($1.isChange ? $1.new.count : 0) } }
    /// Removed lines in the whole diff.
    public var removed: Int { runs.reduce(0) { $0 + ($1.isChange ? $1.old.count : 0) } }
    /// No line was added or removed (with `ignoreIndentation`, up to indentation).
    public var isEmpty: Bool { !runs.contains { $0.isChange } }

    /// Diffs two texts.
    public init(old: String, new: String, options: DiffOptions = DiffOptions()) {
        self.init(old: TextLines(old), new: TextLines(new), options: options)
    }

    /// Diffs two texts already split into lines.
    public init(old: TextLines, new: TextLines, options: DiffOptions = DiffOptions()) {
        self.old = old
        self.new = new
        self.options = options
        var interner = LineInterner(ignoringIndentation: options.ignoreIndentation)
        let oldIDs = interner.intern(old)
        let newIDs = interner.intern(new)
        var exact: (old: [Int32], new: [Int32])? = nil
        if options.ignoreIndentation {
            var exactInterner = LineInterner()
            exact = (exactInterner.intern(old), exactInterner.intern(new))
        }
        let runs = diffRuns(
            old: oldIDs, new: newIDs, flags: lineDiff(old: oldIDs, new: newIDs), exactOld: exact?.old,
            exactNew: exact?.new)
        self.runs = runs
        self.hunks = makeHunks(runs: runs, old: old, new: new, context: options.context)
    }

    /// The byte edits turning the old text into the new one, one per change, always exact (computed
    /// anew without `ignoreIndentation` when that option hid indentation changes).
    public func byteEdits() -> [ByteEdit] {
        let exactRuns =
            options.ignoreIndentation ? TextDiff(old: old, new: new, options: DiffOptions(context: 0)).runs : runs
        return exactRuns.filter(\.isChange).map { run in
            ByteEdit(
                old: SourceRange(
                    start: old.offset(ofLine: run.old.lowerBound), end: old.offset(ofLine: run.old.upperBound)),
                new: SourceRange(
                    start: new.offset(ofLine: run.new.lowerBound), end: new.offset(ofLine: run.new.upperBound)))
        }
    }
}

/// Groups change runs closer than twice the context into hunks, as `diff -U` does.
private func makeHunks(runs: [DiffRun], old: TextLines, new: TextLines, context: Int) -> [Hunk] {
    var hunks: [Hunk] = []
    let changeIndices = runs.indices.filter { runs[$0].isChange }
    var groupStart = 0
    while groupStart < changeIndices.count {
        var groupEnd = groupStart
        while groupEnd + 1 < changeIndices.count {
            let gap = runs[changeIndices[groupEnd] + 1]
            guard gap.old.count <= 2 * context else { break }
            groupEnd += 1
        }
        let first = changeIndices[groupStart]
        let last = changeIndices[groupEnd]
        var lines: [DiffLine] = []
        func addContext(_ run: DiffRun, _ range: Range<Int>) {
            for offset in range {
                let oldLine = run.old.lowerBound + offset
                let newLine = run.new.lowerBound + offset
                lines.append(
                    DiffLine(
                        kind: .context, text: new.content(newLine), ending: new.ending(newLine), oldLine: oldLine,
                        newLine: newLine))
            }
        }
        var oldFirst = runs[first].old.lowerBound
        var newFirst = runs[first].new.lowerBound
        if first > 0 {
            let before = runs[first - 1]
            let shown = min(context, before.old.count)
            addContext(before, (before.old.count - shown)..<before.old.count)
            oldFirst -= shown
            newFirst -= shown
        }
        for index in first...last {
            let run = runs[index]
            if run.isChange {
                lines += changeLines(run, old: old, new: new)
            } else {
                addContext(run, 0..<run.old.count)
            }
        }
        var oldEnd = runs[last].old.upperBound
        var newEnd = runs[last].new.upperBound
        if last + 1 < runs.count {
            let after = runs[last + 1]
            let shown = min(context, after.old.count)
            addContext(after, 0..<shown)
            oldEnd += shown
            newEnd += shown
        }
        let oldCount = oldEnd - oldFirst
        let newCount = newEnd - newFirst
        hunks.append(
            Hunk(
                oldStart: oldCount == 0 ? oldFirst : oldFirst + 1, oldLines: oldCount,
                newStart: newCount == 0 ? newFirst : newFirst + 1, newLines: newCount, lines: lines,
                oldCodeRange: SourceRange(start: old.offset(ofLine: oldFirst), end: old.offset(ofLine: oldEnd)),
                newCodeRange: SourceRange(start: new.offset(ofLine: newFirst), end: new.offset(ofLine: newEnd))))
        groupStart = groupEnd + 1
    }
    return hunks
}

/// The removed lines of a change, then its added lines (git's order), modified pairs highlighted.
private func changeLines(_ run: DiffRun, old: TextLines, new: TextLines) -> [DiffLine] {
    var oldHighlights: [Int: [Range<Int>]] = [:]
    var newHighlights: [Int: [Range<Int>]] = [:]
    if !run.old.isEmpty, !run.new.isEmpty {
        let pairs = pairModifiedLines(
            removed: run.old.map { old.bytes[old.contentRange($0)] },
            added: run.new.map { new.bytes[new.contentRange($0)] })
        for pair in pairs {
            oldHighlights[run.old.lowerBound + pair.removed] = pair.change.old
            newHighlights[run.new.lowerBound + pair.added] = pair.change.new
        }
    }
    var lines: [DiffLine] = []
    for line in run.old {
        lines.append(
            DiffLine(
                kind: .removed, text: old.content(line), ending: old.ending(line), oldLine: line, newLine: nil,
                highlights: oldHighlights[line] ?? []))
    }
    for line in run.new {
        lines.append(
            DiffLine(
                kind: .added, text: new.content(line), ending: new.ending(line), oldLine: nil, newLine: line,
                highlights: newHighlights[line] ?? []))
    }
    return lines
}

/// Applies hunks to the old text as `patch` would: copies the lines between hunks, checks every
/// context and removed line against the old text, and writes context and added lines.
/// Returns nil when the hunks do not fit the text. With `ignoringIndentation`, lines are checked up to
/// indentation (and the result equals the new text up to indentation).
public func applyHunks(_ hunks: [Hunk], to oldText: String, ignoringIndentation: Bool = false) -> String? {
    let old = TextLines(oldText)
    var output: [UInt8] = []
    output.reserveCapacity(old.bytes.count)
    var cursor = 0
    func matches(_ line: DiffLine) -> Bool {
        guard cursor < old.count else { return false }
        if ignoringIndentation {
            return old.content(cursor).drop { $0 == " " || $0 == "\t" } == line.text.drop { $0 == " " || $0 == "\t" }
        }
        return old.content(cursor) == line.text && old.ending(cursor) == line.ending
    }
    for hunk in hunks {
        let first = hunk.oldLines == 0 ? hunk.oldStart : hunk.oldStart - 1
        guard first >= cursor, first <= old.count else { return nil }
        output += old.bytes[old.offset(ofLine: cursor)..<old.offset(ofLine: first)]
        cursor = first
        for line in hunk.lines {
            switch line.kind {
            case .context:
                guard matches(line) else { return nil }
                cursor += 1
                output += Array(line.text.utf8) + Array(line.ending.rawValue.utf8)
            case .removed:
                guard matches(line) else { return nil }
                cursor += 1
            case .added:
                output += Array(line.text.utf8) + Array(line.ending.rawValue.utf8)
            }
        }
    }
    output += old.bytes[old.offset(ofLine: cursor)..<old.bytes.count]
    return String(decoding: output, as: UTF8.self)
}
