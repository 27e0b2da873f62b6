import Foundation
import TutorialModel

/// What fixing one file did, for `lint --fix` to report.
public struct FileFixOutcome: Sendable {
    public let path: String
    /// Fixes written to the file.
    public let applied: [Fix]
    /// Fixes left out because they overlap one applied before them (the next run offers them again).
    public let skipped: [Fix]
    /// Why the file was left untouched, when it was.
    public let failure: String?
    /// The new text, when edits applied.
    public let newText: String?

    public var changed: Bool { failure == nil && !applied.isEmpty }
}

/// Applies repairs to a file on disk: all chosen edits or none, written atomically, and only if the file
/// still holds the text the fixes were computed from.
public enum FileFixer {
    public static func fix(_ document: SourceDocument, fixes: [Fix], write: Bool = true) -> FileFixOutcome {
        let repairs = fixes.filter { $0.kind == .repair && !$0.edits.isEmpty }
        let (taken, skipped) = EditApplication.compatible(repairs)
        guard !taken.isEmpty else {
            return FileFixOutcome(path: document.path, applied: [], skipped: skipped, failure: nil, newText: nil)
        }
        let newText: String
        do {
            newText = try EditApplication.apply(taken.flatMap(\.edits), to: document.text)
        } catch {
            return FileFixOutcome(
                path: document.path, applied: [], skipped: skipped, failure: error.description, newText: nil)
        }
        guard write else {
            return FileFixOutcome(path: document.path, applied: taken, skipped: skipped, failure: nil, newText: newText)
        }
        // Someone may have saved the file since it was read: their text wins, the fixes are not written.
        let current = FileManager.default.contents(atPath: document.path).map { String(decoding: $0, as: UTF8.self) }
        guard let current, current == document.text || stripsToSame(current, document.text) else {
            return FileFixOutcome(
                path: document.path, applied: [], skipped: skipped,
                failure: "\(document.path): changed on disk since it was read; not fixed", newText: nil)
        }
        do {
            try AtomicWrite.write(restoringBOM(of: current, newText), to: document.path)
        } catch {
            return FileFixOutcome(
                path: document.path, applied: [], skipped: skipped, failure: error.description, newText: nil)
        }
        return FileFixOutcome(path: document.path, applied: taken, skipped: skipped, failure: nil, newText: newText)
    }

    /// The loader drops a UTF-8 byte-order mark; the file on disk may still have it.
    private static func stripsToSame(_ onDisk: String, _ read: String) -> Bool {
        onDisk.hasPrefix("\u{FEFF}") && String(onDisk.dropFirst()) == read
    }

    private static func restoringBOM(of onDisk: String, _ text: String) -> String {
        onDisk.hasPrefix("\u{FEFF}") ? "\u{FEFF}" + text : text
    }
}
