#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif
import TutorialModel
import TutorialReaders

/// What fixing one file did, for `lint --fix` to report.
public struct FileFixOutcome: Sendable {
    public let path: String
    /// Fixes written to the file.
    public let applied: [Fix]
    /// Fixes left out because they overlap one applied before them (the next run offers them again).
    public let skipped: [Fix]
    /// Fixes left out because they delete what the author wrote (`Fix.deletes`): quick fixes in the editor.
    public let editorOnly: [Fix]
    /// Why the file was left untouched, when it was.
    public let failure: String?
    /// The new text, when edits applied.
    public let newText: String?

    public var changed: Bool { failure == nil && !applied.isEmpty }
}

/// Applies repairs to a file on disk: all chosen edits or none, written atomically, and only if the file
/// still holds the text the fixes were computed from.
///
/// A fix writes the document itself and the DocC resources its reader read, nothing else: each
/// resource path is resolved again through `CatalogResources` just before writing, must still lead to
/// the file that was read (inside the catalog, not a link put in its place since) and is written at
/// its real path, so a link inside the catalog stays a link.
public enum FileFixer {
    public static func fix(
        _ document: SourceDocument, fixes: [Fix], write: Bool = true,
        provider: any ResourceProvider = FileSystemResources()
    ) -> FileFixOutcome {
        // A bulk fix adds and mends; a fix that deletes a snippet, a step or prose waits for the author.
        let repairs = fixes.filter { $0.kind == .repair && !$0.isEmpty && !$0.deletes }
        let editorOnly = fixes.filter { $0.kind == .repair && !$0.isEmpty && $0.deletes }
        let (taken, skipped) = EditApplication.compatible(repairs)
        func outcome(applied: [Fix], failure: String?, newText: String?) -> FileFixOutcome {
            FileFixOutcome(
                path: document.path, applied: applied, skipped: skipped, editorOnly: editorOnly, failure: failure,
                newText: newText)
        }
        func failed(_ reason: String) -> FileFixOutcome { outcome(applied: [], failure: reason, newText: nil) }
        guard !taken.isEmpty else { return outcome(applied: [], failure: nil, newText: nil) }
        let catalog = CatalogResources(documentPath: document.path, provider: provider)
        // Every new text is computed before anything is written: one edit that cannot apply leaves every
        // file as it was.
        let newText: String
        let resources: [ResourceRewrite]
        do throws(FixError) {
            newText = try EditApplication.apply(taken.flatMap(\.edits), to: document.text)
            resources = try mergedByPath(taken.flatMap(\.otherFiles)).map { files throws(FixError) in
                try rewrite(files, in: catalog)
            }
        } catch {
            return failed(error.description)
        }
        guard write else { return outcome(applied: taken, failure: nil, newText: newText) }
        // Someone may have saved the file since it was read: their text wins, the fixes are not written.
        // The document is written where its links lead (a linked tutorial stays a link).
        let limit = InputLimits.maximumDocumentBytes
        guard let documentTarget = provider.resolvedPath(document.path),
            case .file(let bytes) = provider.item(atResolved: documentTarget, byteLimit: limit)
        else {
            return failed("\(document.path): is no longer a regular file; not fixed")
        }
        let current = String(decoding: bytes, as: UTF8.self)
        guard current == document.text || stripsToSame(current, document.text) else {
            return failed("\(document.path): changed on disk since it was read; not fixed")
        }
        var documentRewrite: (target: String, onDisk: String, newText: String)?
        if newText != document.text { documentRewrite = (documentTarget, current, newText) }
        if let reason = writeAll(resources, document: documentRewrite, in: catalog) { return failed(reason) }
        return outcome(applied: taken, failure: nil, newText: newText)
    }

    /// A resource's text on disk now and its text with the fixes' edits made.
    private struct ResourceRewrite {
        let files: FileEdits
        let onDisk: String
        let newText: String
    }

    /// The edits of every fix to other files, one entry per path in the order first met; an error when two
    /// fixes expect different texts of one file.
    private static func mergedByPath(_ all: [FileEdits]) throws(FixError) -> [FileEdits] {
        var byPath: [String: FileEdits] = [:]
        var order: [String] = []
        for files in all {
            if let known = byPath[files.path] {
                guard known.expectedText == files.expectedText, known.resolvedPath == files.resolvedPath else {
                    throw FixError("\(files.path): fixes disagree about its text")
                }
                byPath[files.path] = FileEdits(
                    path: files.path, resolvedPath: files.resolvedPath, expectedText: files.expectedText,
                    edits: known.edits + files.edits)
            } else {
                byPath[files.path] = files
                order.append(files.path)
            }
        }
        return order.map { byPath[$0]! }
    }

    /// A resource's new text, from its text on disk now, which must still be the text the fixes were
    /// computed from.
    private static func rewrite(_ files: FileEdits, in catalog: CatalogResources) throws(FixError) -> ResourceRewrite {
        let onDisk = try currentText(of: files, in: catalog)
        let text = onDisk.hasPrefix("\u{FEFF}") ? String(onDisk.dropFirst()) : onDisk
        guard files.matches(text) else { throw FixError("\(files.path): changed since it was read; not fixed") }
        let length = text.utf8.count
        // A reader adds the final newline a file may lack: edits at that end clamp to the file's.
        let clamped = files.edits.map { edit in
            TextEdit(
                range: SourceRange(start: min(edit.range.start, length), end: min(edit.range.end, length)),
                newText: edit.newText)
        }
        return ResourceRewrite(files: files, onDisk: onDisk, newText: try EditApplication.apply(clamped, to: text))
    }

    /// Writes the resources, then the document (when its text changed), all or none: every file is staged
    /// before any is renamed, so one that cannot be written leaves all as they were. The reason when none
    /// was written.
    private static func writeAll(
        _ resources: [ResourceRewrite], document: (target: String, onDisk: String, newText: String)?,
        in catalog: CatalogResources
    ) -> String? {
        var staged: [AtomicWrite.Staged] = []
        do throws(FixError) {
            for resource in resources {
                // Resolved once more right before the write: a link swapped in since is refused.
                let target = try writeTarget(of: resource.files, in: catalog)
                staged.append(
                    try AtomicWrite.stage(
                        restoringBOM(of: resource.onDisk, resource.newText), for: target, previousText: resource.onDisk)
                )
            }
            if let document {
                staged.append(
                    try AtomicWrite.stage(
                        restoringBOM(of: document.onDisk, document.newText), for: document.target,
                        previousText: document.onDisk))
            }
            try AtomicWrite.commit(staged)
        } catch {
            AtomicWrite.discard(staged)
            return error.description
        }
        return nil
    }

    /// Where the edits of a resource may be written: see `CatalogResources.writeTarget`.
    private static func writeTarget(of files: FileEdits, in catalog: CatalogResources) throws(FixError) -> String {
        switch catalog.writeTarget(path: files.path, resolvedAtRead: files.resolvedPath) {
        case .success(let target): return target
        case .failure(let refusal): throw FixError(refusal.description)
        }
    }

    /// The text of a resource on disk now, read only where it may be written.
    private static func currentText(of files: FileEdits, in catalog: CatalogResources) throws(FixError) -> String {
        let target = try writeTarget(of: files, in: catalog)
        let limit = InputLimits.maximumDocumentBytes
        guard case .file(let bytes) = catalog.provider.item(atResolved: target, byteLimit: limit)
        else { throw FixError("\(files.path): cannot be read") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The loader drops a UTF-8 byte-order mark; the file on disk may still have it.
    private static func stripsToSame(_ onDisk: String, _ read: String) -> Bool {
        onDisk.hasPrefix("\u{FEFF}") && String(onDisk.dropFirst()) == read
    }

    private static func restoringBOM(of onDisk: String, _ text: String) -> String {
        onDisk.hasPrefix("\u{FEFF}") ? "\u{FEFF}" + text : text
    }
}
