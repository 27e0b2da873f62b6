#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialAnalysis
import TutorialModel
import TutorialReaders

/// An open buffer: the client's text at one version.
public struct OpenDocument: Sendable {
    public let uri: String
    public let languageId: String
    public let version: Int
    public let document: SourceDocument

    /// Whether the server analyses this buffer as a tutorial (the others, DocC code resources, are
    /// kept only to answer readers from the editor's unsaved text).
    public var isTutorial: Bool { OpenDocument.isTutorial(languageId: languageId, path: document.path) }

    static let tutorialLanguages: Set<String> = ["markdown", "html", "plaintext", "tutorial", "docc", "text"]

    static func isTutorial(languageId: String, path: String) -> Bool {
        tutorialLanguages.contains(languageId.lowercased()) || DocumentLoader.isTutorialFile(path)
    }

    /// The format to read the buffer with: the extension first, then the language id, then the content.
    var format: DocumentFormat {
        if DocumentLoader.isTutorialFile(document.path) || document.pathExtension == "tutorial" {
            return FormatSniffer.format(of: document)
        }
        switch languageId.lowercased() {
        case "markdown": return .markdown
        case "html": return .html
        case "tutorial", "docc": return .docc
        default: return FormatSniffer.format(ofContent: document.text)
        }
    }

    /// The buffer after `changes`, applied in order; ranges are read in `encoding` against the text as it
    /// stands after the changes before them (LSP's rule), and clamp to the text.
    func applying(_ changes: [TextDocumentContentChangeEvent], version: Int, encoding: ColumnEncoding) -> OpenDocument {
        var current = document
        for change in changes {
            guard let range = change.range else {
                current = SourceDocument(path: current.path, text: change.text)
                continue
            }
            let converter = PositionConverter(index: current.lineIndex, encoding: encoding)
            current = current.replacing(converter.sourceRange(range), with: change.text)
        }
        return OpenDocument(uri: uri, languageId: languageId, version: version, document: current)
    }
}

/// Resources for DocC readers: the editor's open buffers first, then the file system, so a tutorial sees
/// the unsaved code the author is typing. Which paths may be read at all is `CatalogResources`' choice;
/// a buffer stands in for the file at its path (or at the path its links resolve to). From disk, only
/// what lies inside the client's workspace folders is read (`readableFolders`, as sent and resolved):
/// a tutorial opened from elsewhere (`file:///etc/T.tutorial` naming `passwd`) sees only the buffers.
struct OverlayResources: ResourceProvider {
    let buffers: [String: String]
    let base: any ResourceProvider
    /// The workspace folders, each as the client named it and with its links resolved; none: no disk.
    let readableFolders: [String]

    init(buffers: [String: String], base: any ResourceProvider, workspaceFolders: [String]) {
        self.buffers = buffers
        self.base = base
        var folders: [String] = []
        for folder in workspaceFolders where !folder.isEmpty {
            folders.append(folder)
            if let resolved = base.resolvedPath(folder), resolved != folder { folders.append(resolved) }
        }
        readableFolders = folders
    }

    /// Whether the disk at `path` lies inside a workspace folder.
    func isOnReadableDisk(_ path: String) -> Bool {
        readableFolders.contains { FileTreeWalk.isInside(path, $0) }
    }

    func mayRead(_ path: String) -> Bool {
        isOnReadableDisk(path) || buffers[path] != nil || buffers.keys.contains { base.resolvedPath($0) == path }
    }

    func resolvedPath(_ path: String) -> String? {
        if isOnReadableDisk(path), let resolved = base.resolvedPath(path), isOnReadableDisk(resolved) {
            return resolved
        }
        if buffers[path] != nil { return base.resolvedPath(path) ?? path }
        return nil
    }

    func item(atResolved path: String, byteLimit: Int) -> ResourceItem {
        let text = buffers[path] ?? buffers.first { base.resolvedPath($0.key) == path }?.value
        guard let text else {
            return isOnReadableDisk(path) ? base.item(atResolved: path, byteLimit: byteLimit) : .missing
        }
        return text.utf8.count > byteLimit ? .tooLarge(byteCount: text.utf8.count) : .file(Array(text.utf8))
    }

    func files(under directory: String, limit: Int) -> FileTreeWalk.Listing {
        var listing = FileTreeWalk.Listing(files: [], complete: true)
        if isOnReadableDisk(directory) {
            listing = base.files(under: directory, limit: limit)
        } else if readableFolders.contains(where: { FileTreeWalk.isInside($0, directory) }) {
            // A catalog enclosing a workspace folder: only the part inside the folder is listed.
            listing = base.files(under: directory, limit: limit)
            listing.files = listing.files.filter(isOnReadableDisk)
            listing.linksLeavingTree = listing.linksLeavingTree.filter(isOnReadableDisk)
        }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        let unsaved = buffers.keys.filter { $0.hasPrefix(prefix) && !listing.files.contains($0) }
        if !unsaved.isEmpty { listing.files = (listing.files + unsaved).sorted() }
        return listing
    }
}
