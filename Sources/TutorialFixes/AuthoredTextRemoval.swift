import TutorialModel

/// Which fixes delete what the author wrote, judged from the edits and the document's structure alone
/// (never from a rule's id or a step's phrasing): `lint --fix` applies fixes in bulk, unreviewed, so it
/// only adds and mends; a deletion is offered one at a time in the editor.
///
/// An edit deletes when it
/// - removes a whole snippet (its range covers the snippet's), however the rule asked for it;
/// - removes, without replacing them, characters other than white space outside every snippet's code
///   (prose, a heading, a step label, the fences or tags around a block);
/// - in a resource file (DocC), removes the whole text the step shows.
/// Changing code inside a snippet (moving a line, adding `$`) and rewriting a label's number mend.
enum AuthoredTextRemoval {
    static func removes(_ edits: [TextEdit], otherFiles: [FileEdits], in tutorial: Tutorial) -> Bool {
        let snippets = tutorial.steps.flatMap(\.snippets).map(\.range)
        let bytes = tutorial.document.bytes
        for edit in edits where !edit.range.isEmpty {
            if snippets.contains(where: { edit.range.start <= $0.start && $0.end <= edit.range.end && !$0.isEmpty }) {
                return true
            }
            guard edit.newText.isEmpty else { continue }
            let end = min(edit.range.end, bytes.count)
            var offset = edit.range.start
            while offset < end {
                if let inside = snippets.first(where: { $0.start <= offset && offset < $0.end }) {
                    offset = inside.end
                    continue
                }
                if !isWhiteSpace(bytes[offset]) { return true }
                offset += 1
            }
        }
        for file in otherFiles {
            let length = file.expectedText.utf8.count
            let trimmed = file.expectedText.utf8.reversed().drop(while: isWhiteSpace).count
            for edit in file.edits where edit.newText.isEmpty && edit.range.start == 0 && edit.range.end >= trimmed {
                if length > 0 { return true }
            }
        }
        return false
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
