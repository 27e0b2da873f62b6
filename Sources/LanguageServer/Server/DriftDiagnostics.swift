import TutorialAnalysis
import TutorialCompare
import TutorialModel
import TutorialReaders
import TutorialRules

/// A copy's drifts from the original its configuration names (`"originals"` in `.tutorial-check.json`),
/// published with the copy's diagnostics: code `translation-drift`, a warning, the original's place as
/// related information, and what the original has there in `data.replacement`.
enum DriftDiagnostics {
    static let code = "translation-drift"

    /// The drifts of the document `copy` from its original, when its configuration names one; a missing or
    /// unreadable original is a note for the log, never a failure of the analysis.
    static func drifts(of copy: Tutorial, configuration: Configuration, notes: inout [String]) -> [Drift] {
        guard let originalPath = original(of: copy.document.path, in: configuration) else { return [] }
        let document: SourceDocument
        do { document = try DocumentLoader.load(originalPath) } catch {
            notes.append("\(copy.document.path): its original cannot be read: \(error.description)")
            return []
        }
        let original = readTutorial(document, resources: FileSystemResources())
        return compareTutorials(original: original, copy: copy).drifts.filter { $0.copy != nil }
    }

    /// The original's path the configuration names for `documentPath`, both relative to its folder.
    static func original(of documentPath: String, in configuration: Configuration) -> String? {
        guard !configuration.originals.isEmpty, let base = configuration.baseDirectory else { return nil }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        guard documentPath.hasPrefix(prefix),
            let original = configuration.originals[String(documentPath.dropFirst(prefix.count))]
        else { return nil }
        return original.hasPrefix("/") ? original : prefix + original
    }

    static func diagnostics(_ drifts: [Drift], converter: PositionConverter) -> [Diagnostic] {
        drifts.compactMap { drift in
            guard let copy = drift.copy else { return nil }
            var related: [DiagnosticRelatedInformation] = []
            if let original = drift.original {
                // The original's range in its own file, as the CLI reports it (1-based lines, UTF-16 columns).
                let range = Range(
                    start: Position(line: original.start.line - 1, character: original.start.column - 1),
                    end: Position(line: original.end.line - 1, character: original.end.column - 1))
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
