import TutorialAnalysis
import TutorialCompare
import TutorialModel
import TutorialReaders
import TutorialRules

/// A copy's drifts from the original its configuration names (`"originals"` in `.tutorial-check.json`),
/// published with the copy's diagnostics: code `translation-drift`, a warning, the original's place as
/// related information, and what the original has there in `data.replacement`. Hovering a drift shows the
/// original's code of that step; a quick fix takes the original's code.
enum DriftDiagnostics {
    static let code = "translation-drift"

    /// The drifts of the document `copy` from its original, when its configuration (or its front matter) names
    /// one; a missing or unreadable original is a note for the log, never a failure of the analysis. The last
    /// comparison of each copy is kept with the texts it was made from, and the original's reading with its
    /// text: an analysis that changed neither text compares nothing again, and an edit of the copy reads
    /// only the original's file, not its tutorial, again.
    static func comparison(of copy: Tutorial, configuration: Configuration, notes: inout [String]) -> Comparison? {
        guard let originalPath = original(of: copy, in: configuration) else { return nil }
        let document: SourceDocument
        do { document = try DocumentLoader.load(originalPath) } catch {
            notes.append("\(copy.document.path): its original cannot be read: \(error.description)")
            return nil
        }
        return cache.withLock { cache -> Comparison in
            let copyPath = copy.document.path
            if let kept = cache.comparisons[copyPath], kept.original.document.path == document.path,
                kept.original.document.text == document.text, kept.copy.document.text == copy.document.text
            {
                return kept
            }
            let original: Tutorial
            if let read = cache.originals[document.path], read.document.text == document.text {
                original = read
            } else {
                original = readTutorial(document, resources: FileSystemResources())
                cache.originals[document.path] = original
            }
            let comparison = compareTutorials(original: original, copy: copy)
            cache.comparisons[copyPath] = comparison
            return comparison
        }
    }

    /// The originals read and the last comparison of each copy, by path.
    private struct Kept {
        var originals: [String: Tutorial] = [:]
        var comparisons: [String: Comparison] = [:]
    }
    private static let cache = Protected(Kept())

    /// The drifts an editor can show: those with a place in the copy.
    static func shown(_ comparison: Comparison?) -> [Drift] { comparison?.drifts.filter { $0.copy != nil } ?? [] }

    private static func touches(_ drift: Drift, _ range: SourceRange) -> Bool {
        guard let place = drift.copy?.documentRange else { return false }
        return place.overlaps(range) || place.contains(range.start)
            || (place.isEmpty || range.isEmpty) && place.start <= range.end && range.start <= place.end
    }

    /// The hover at `offset` with, for each drift there, the original's code of its step added.
    static func hover(adding hover: Hover?, at offset: Int, comparison: Comparison?, converter: PositionConverter)
        -> Hover?
    {
        guard let comparison else { return hover }
        var parts: [String] = []
        for drift in shown(comparison) where touches(drift, .empty(at: offset)) {
            var text = "**\(code)** (\(drift.kind.rawValue)): \(drift.message)"
            if let place = drift.original, let step = comparison.original.step(place.step) {
                let snippets = step.snippets.filter { place.file == nil || $0.fileName == nil || $0.fileName == place.file }
                text += "\n\nThe original's step \(place.step)"
                for snippet in snippets { text += ":\n\n```\(snippet.language ?? "")\n\(snippet.code)```" }
            }
            if !parts.contains(text) { parts.append(text) }
        }
        guard !parts.isEmpty else { return hover }
        let value = ([hover?.contents.value].compactMap { $0 } + parts).joined(separator: "\n\n---\n\n")
        return Hover(contents: MarkupContent(kind: .markdown, value: value), range: hover?.range)
    }

    /// "Take the original's code" for each drift the request's range touches whose code is in the document.
    static func actions(for request: CodeActionRequest, snapshot: LanguageServer.Snapshot, comparison: Comparison?)
        -> [CodeAction]
    {
        let converter = snapshot.converter
        let requested = converter.sourceRange(request.range)
        let diagnostics = Self.diagnostics(comparison, converter: converter)
        var actions: [CodeAction] = []
        for (drift, diagnostic) in zip(shown(comparison), diagnostics) {
            guard let place = drift.copy, let replacement = drift.replacement,
                place.path == snapshot.open.document.path, touches(drift, requested)
            else { continue }
            let edit = TextEdit(range: converter.range(place.documentRange), newText: replacement)
            actions.append(
                CodeAction(
                    title: "Take the original's code (step \(drift.original?.step.description ?? place.step.description))",
                    kind: "quickfix", diagnostics: [diagnostic], isPreferred: nil,
                    edit: WorkspaceEdit(changes: [snapshot.open.uri: [edit]])))
        }
        return actions
    }

    /// The original's path the configuration (or the copy's front matter) names for the copy.
    static func original(of copy: Tutorial, in configuration: Configuration) -> String? {
        namedOriginal(of: copy, originals: configuration.originals, baseDirectory: configuration.baseDirectory)
    }

    /// The original's range in its own file, in the encoding the client negotiated, as the copy's ranges are:
    /// the original document's own line index, or a DocC resource file's, read for it.
    private static func originalRange(_ place: DriftPlace, of comparison: Comparison, encoding: ColumnEncoding)
        -> Range
    {
        let document = comparison.original.document
        let index: LineIndex? =
            place.path == document.path
            ? document.lineIndex : (try? DocumentLoader.load(place.path)).map { LineIndex($0.text) }
        guard let index, place.range.end <= index.bytes.count else {
            // Unreadable now: the positions the comparison computed (1-based lines, UTF-16 columns).
            return Range(
                start: Position(line: place.start.line - 1, character: place.start.column - 1),
                end: Position(line: place.end.line - 1, character: place.end.column - 1))
        }
        return PositionConverter(index: index, encoding: encoding).range(place.range)
    }

    static func diagnostics(_ comparison: Comparison?, converter: PositionConverter) -> [Diagnostic] {
        guard let comparison else { return [] }
        return shown(comparison).compactMap { drift in
            guard let copy = drift.copy else { return nil }
            var related: [DiagnosticRelatedInformation] = []
            if let original = drift.original {
                let range = originalRange(original, of: comparison, encoding: converter.encoding)
                related.append(
                    DiagnosticRelatedInformation(
                        location: Location(uri: DocumentURI.uri(ofPath: original.path), range: range),
                        message: "the original's step \(original.step)"
                            + (original.text.isEmpty ? "" : ": \(original.text)")))
            }
            var data: [String: JSONValue] = ["kind": .string(drift.kind.rawValue), "step": .string(copy.step.description)]
            if let replacement = drift.replacement { data["replacement"] = .string(replacement) }
            return Diagnostic(
                range: converter.range(copy.documentRange), severity: .warning, code: code,
                source: DiagnosticConversion.source, message: "\(drift.kind.rawValue): \(drift.message)",
                relatedInformation: related.isEmpty ? nil : related, data: .object(data))
        }
    }
}
