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
        let repairs = fixes.filter { $0.kind == .repair && !$0.isEmpty }
        let (taken, skipped) = EditApplication.compatible(repairs)
        func failed(_ reason: String) -> FileFixOutcome {
            FileFixOutcome(path: document.path, applied: [], skipped: skipped, failure: reason, newText: nil)
        }
        guard !taken.isEmpty else {
            return FileFixOutcome(path: document.path, applied: [], skipped: skipped, failure: nil, newText: nil)
        }
        // Every new text is computed before anything is written: one edit that cannot apply leaves every
        // file as it was.
        let newText: String
        var resources: [(path: String, onDisk: String, newText: String)] = []
        do throws(FixError) {
            newText = try EditApplication.apply(taken.flatMap(\.edits), to: document.text)
            var byPath: [String: FileEdits] = [:]
            var order: [String] = []
            for files in taken.flatMap(\.otherFiles) {
                if let known = byPath[files.path] {
                    guard known.expectedText == files.expectedText else {
                        throw FixError("\(files.path): fixes disagree about its text")
                    }
                    byPath[files.path] = FileEdits(
                        path: files.path, expectedText: files.expectedText, edits: known.edits + files.edits)
                } else {
                    byPath[files.path] = files
                    order.append(files.path)
                }
            }
            for path in order {
                let files = byPath[path]!
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw FixError("\(path): cannot be read")
                }
                let onDisk = String(decoding: data, as: UTF8.self)
                let text = onDisk.hasPrefix("\u{FEFF}") ? String(onDisk.dropFirst()) : onDisk
                guard files.matches(text) else { throw FixError("\(path): changed since it was read; not fixed") }
                let length = text.utf8.count
                // A reader adds the final newline a file may lack: edits at that end clamp to the file's.
                let clamped = files.edits.map { edit in
                    TextEdit(
                        range: SourceRange(start: min(edit.range.start, length), end: min(edit.range.end, length)),
                        newText: edit.newText)
                }
                resources.append((path, onDisk, try EditApplication.apply(clamped, to: text)))
            }
        } catch {
            return failed(error.description)
        }
        guard write else {
            return FileFixOutcome(path: document.path, applied: taken, skipped: skipped, failure: nil, newText: newText)
        }
        // Someone may have saved the file since it was read: their text wins, the fixes are not written.
        let current = FileManager.default.contents(atPath: document.path).map { String(decoding: $0, as: UTF8.self) }
        guard let current, current == document.text || stripsToSame(current, document.text) else {
            return failed("\(document.path): changed on disk since it was read; not fixed")
        }
        do {
            for resource in resources {
                try AtomicWrite.write(restoringBOM(of: resource.onDisk, resource.newText), to: resource.path)
            }
            if newText != document.text {
                try AtomicWrite.write(restoringBOM(of: current, newText), to: document.path)
            }
        } catch {
            return failed(error.description)
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
