// TutorialFixes owns fixes as all-or-nothing sets of edits (repairs and suppressions), and applying them
// to files atomically for `lint --fix` and the server's code actions.

import TutorialModel

/// Edits of another file than the analysed document (a DocC code resource), valid for `expectedText`.
public struct FileEdits: Hashable, Sendable {
    public let path: String
    /// Where the reader read the file (links resolved); the edits apply only while `path` leads there.
    public let resolvedPath: String?
    /// The file's text the edits were computed for; a file holding anything else is not edited.
    public let expectedText: String
    public let edits: [TextEdit]

    public init(path: String, resolvedPath: String? = nil, expectedText: String, edits: [TextEdit]) {
        self.path = path
        self.resolvedPath = resolvedPath
        self.expectedText = expectedText
        self.edits = edits
    }

    /// Whether `text` is what the edits were computed for (a reader adds a final newline a file may lack).
    public func matches(_ text: String) -> Bool { text == expectedText || text + "\n" == expectedText }
}

/// One fix as a user picks it: a title, the rule it answers, and every edit it makes, all or nothing.
public struct Fix: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// Mends the code (or the page) so the problem is gone.
        case repair
        /// Silences the rule with a suppression comment.
        case suppression
    }

    public let title: String
    public let rule: String
    public let kind: Kind
    /// Edits of the analysed document, in any order; they must not overlap.
    public let edits: [TextEdit]
    /// Edits of other files (DocC code resources), one entry per file.
    public let otherFiles: [FileEdits]
    /// Whether the fix deletes what the author wrote: a snippet, a step or prose (`AuthoredTextRemoval`).
    /// Such a fix is an editor quick fix only, which the author reviews one at a time; `lint --fix`
    /// never applies it, whatever the rule and the phrasing of the step.
    public let deletes: Bool

    public init(
        title: String, rule: String, kind: Kind, edits: [TextEdit], otherFiles: [FileEdits] = [], deletes: Bool = false
    ) {
        self.title = title
        self.rule = rule
        self.kind = kind
        self.edits = edits
        self.otherFiles = otherFiles
        self.deletes = deletes
    }

    /// Whether the fix changes anything at all.
    public var isEmpty: Bool { edits.isEmpty && otherFiles.allSatisfy(\.edits.isEmpty) }
}

/// Why a set of edits cannot be applied; the document is then left as it was.
public struct FixError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Applies edits to a text: all of them or none.
public enum EditApplication {
    /// The edits sorted, checked (inside the text, on character boundaries, not overlapping; insertions at
    /// the same offset keep their given order) and applied.
    public static func apply(_ edits: [TextEdit], to text: String) throws(FixError) -> String {
        let bytes = Array(text.utf8)
        let ordered = try validated(edits, length: bytes.count, bytes: bytes)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + ordered.reduce(0) { $0 + $1.newText.utf8.count })
        var cursor = 0
        for edit in ordered {
            result.append(contentsOf: bytes[cursor..<edit.range.start])
            result.append(contentsOf: edit.newText.utf8)
            cursor = edit.range.end
        }
        result.append(contentsOf: bytes[cursor...])
        return String(decoding: result, as: UTF8.self)
    }

    /// The edits in application order, or the reason they cannot all apply.
    public static func validated(_ edits: [TextEdit], length: Int, bytes: [UInt8]) throws(FixError)
        -> [TextEdit]
    {
        let ordered = edits.enumerated().sorted { lhs, rhs in
            (lhs.element.range.start, lhs.element.range.end, lhs.offset) < (
                rhs.element.range.start, rhs.element.range.end, rhs.offset
            )
        }.map(\.element)
        var previousEnd = 0
        for edit in ordered {
            guard edit.range.end <= length else {
                throw FixError("an edit at \(edit.range) lies outside the document (\(length) bytes)")
            }
            for offset in [edit.range.start, edit.range.end] where offset < length && bytes[offset] & 0xC0 == 0x80 {
                throw FixError("an edit at \(edit.range) splits a character")
            }
            guard edit.range.start >= previousEnd else {
                throw FixError("edits at \(edit.range) overlap an earlier edit ending at \(previousEnd)")
            }
            previousEnd = edit.range.end
        }
        return ordered
    }

    /// Fixes that can be applied together, first come first served: a fix overlapping one already taken is
    /// left out whole (it is offered again once the document is re-analysed).
    public static func compatible(_ fixes: [Fix]) -> (taken: [Fix], skipped: [Fix]) {
        var taken: [Fix] = []
        var skipped: [Fix] = []
        // Ranges already edited, per file ("" is the analysed document).
        var occupied: [String: [SourceRange]] = [:]
        for fix in fixes {
            let ranges = [("", fix.edits.map(\.range))] + fix.otherFiles.map { ($0.path, $0.edits.map(\.range)) }
            let clashes = ranges.contains { path, edits in
                edits.contains { edit in occupied[path, default: []].contains { clash(edit, $0) } }
            }
            if clashes {
                skipped.append(fix)
            } else {
                taken.append(fix)
                for (path, edits) in ranges { occupied[path, default: []].append(contentsOf: edits) }
            }
        }
        return (taken, skipped)
    }

    /// Whether two edits touch the same bytes: replacements that overlap, or an insertion strictly inside a
    /// replaced range. Insertions at the same offset do not clash; they apply in order.
    static func clash(_ lhs: SourceRange, _ rhs: SourceRange) -> Bool {
        switch (lhs.isEmpty, rhs.isEmpty) {
        case (false, false): return lhs.overlaps(rhs)
        case (true, false): return rhs.start < lhs.start && lhs.start < rhs.end
        case (false, true): return lhs.start < rhs.start && rhs.start < lhs.end
        case (true, true): return false
        }
    }
}
