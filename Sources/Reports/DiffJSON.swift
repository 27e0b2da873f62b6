import StepDiff
import TutorialModel

/// `tutorial-check diff --format json`: the contract of docs/json-output.md (docs/schemas/diff.schema.json),
/// `{"documents":[{"path","changes":[{"file","from","to","added","removed","hunks":[{"oldStart","oldLines",
/// "newStart","newLines","lines":[{"kind","text"}]}]}]}]}`.
///
/// Compatible extensions (extra keys only): per change `base` (`"none"`, `"previous"` or the DocC
/// `previousFile:` resource), `noChange`, `snippet` (index of the snippet in its step) and `range`
/// (the snippet in the document); per hunk `range` (its new side in the document); per line
/// `oldLine`/`newLine` (1-based, in the states), `highlights` (changed parts of a modified line, 1-based
/// UTF-16 columns of `text`, end exclusive) and `noNewlineAtEnd` (only when true); per change `composed`
/// (only for a state composed from a partial snippet: what was done, in words); per document `fragments`,
/// the snippets in no change set: `{"file": null|"X.swift", "step", "snippet", "range", "reason"}`.
public struct DiffJSON: Encodable, Sendable {
    /// One input document and its change sets.
    public struct Document: Encodable, Sendable {
        public let path: String
        public let changes: [Change]
        public let fragments: [Fragment]
    }

    /// A snippet that is no state of any file: where it is and why.
    public struct Fragment: Encodable, Sendable {
        @ExplicitNull public var file: String?
        public let step: String
        public let snippet: Int
        public let range: JSONRange
        public let reason: String
    }

    /// One change set: the contract's keys, then the extensions.
    public struct Change: Encodable, Sendable {
        public let file: String
        @ExplicitNull public var from: String?
        public let to: String
        public let added: Int
        public let removed: Int
        public let hunks: [HunkJSON]
        public let base: String
        public let noChange: Bool
        public let snippet: Int
        public let range: JSONRange
        /// Left out unless the state was composed.
        public let composed: String?
    }

    /// One hunk: git's numbers, its lines, and its new side's range in the document.
    public struct HunkJSON: Encodable, Sendable {
        public let oldStart: Int
        public let oldLines: Int
        public let newStart: Int
        public let newLines: Int
        public let lines: [Line]
        public let range: JSONRange
    }

    /// One hunk line; the optional extensions are left out when empty.
    public struct Line: Encodable, Sendable {
        public let kind: String
        public let text: String
        public let oldLine: Int?
        public let newLine: Int?
        public let highlights: [ColumnSpan]?
        public let noNewlineAtEnd: Bool?
    }

    /// A changed part of a line: 1-based UTF-16 columns, `end` exclusive.
    public struct ColumnSpan: Encodable, Sendable, Equatable {
        public let start: Int
        public let end: Int
    }

    /// Every input document, in the order given.
    public let documents: [Document]

    /// The JSON form of a diff report.
    public init(_ report: [DiffReportDocument]) {
        documents = report.map { document in
            let index = document.tutorial.document.lineIndex
            return Document(
                path: document.path,
                changes: document.changes.map { change in
                    let base: String
                    switch change.base {
                    case .none: base = "none"
                    case .previousState: base = "previous"
                    case .resource(let name): base = name
                    }
                    return Change(
                        file: change.fileName, from: change.from?.step.description, to: change.to.step.description,
                        added: change.added, removed: change.removed,
                        hunks: change.hunks.map { HunkJSON($0, index: index) }, base: base, noChange: change.isNoChange,
                        snippet: change.to.snippetIndex, range: JSONRange(change.to.snippet.range, in: index),
                        composed: change.to.composition?.summary)
                },
                fragments: document.unplaced.map { fragment in
                    Fragment(
                        file: fragment.fileName, step: fragment.step.description, snippet: fragment.snippetIndex,
                        range: JSONRange(fragment.snippet.range, in: index), reason: fragment.reason)
                })
        }
    }
}

extension DiffJSON.HunkJSON {
    init(_ documentHunk: DocumentHunk, index: LineIndex) {
        let hunk = documentHunk.hunk
        oldStart = hunk.oldStart
        oldLines = hunk.oldLines
        newStart = hunk.newStart
        newLines = hunk.newLines
        range = JSONRange(documentHunk.newDocumentRange, in: index)
        lines = hunk.lines.map { line in
            DiffJSON.Line(
                kind: line.kind.rawValue, text: line.text, oldLine: line.oldLine.map { $0 + 1 },
                newLine: line.newLine.map { $0 + 1 },
                highlights: line.highlights.isEmpty ? nil : line.highlights.map { utf16Span($0, in: line.text) },
                noNewlineAtEnd: line.ending == .none ? true : nil)
        }
    }
}

/// A UTF-8 byte range of a line as 1-based UTF-16 columns (end exclusive), the CLI's column unit.
func utf16Span(_ range: Range<Int>, in text: String) -> DiffJSON.ColumnSpan {
    let utf8 = text.utf8
    func column(_ offset: Int) -> Int {
        let index = utf8.index(utf8.startIndex, offsetBy: min(offset, utf8.count))
        return text.utf16.distance(from: text.utf16.startIndex, to: index) + 1
    }
    return DiffJSON.ColumnSpan(start: column(range.lowerBound), end: column(range.upperBound))
}
