import Foundation
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
/// a buffer stands in for the file at its path (or at the path its links resolve to).
struct OverlayResources: ResourceProvider {
    let buffers: [String: String]
    let base: any ResourceProvider

    func resolvedPath(_ path: String) -> String? {
        base.resolvedPath(path) ?? (buffers[path] != nil ? path : nil)
    }

    func item(atResolved path: String, byteLimit: Int) -> ResourceItem {
        let text = buffers[path] ?? buffers.first { base.resolvedPath($0.key) == path }?.value
        guard let text else { return base.item(atResolved: path, byteLimit: byteLimit) }
        return text.utf8.count > byteLimit ? .tooLarge(byteCount: text.utf8.count) : .file(Array(text.utf8))
    }

    func files(under directory: String, limit: Int) -> FileTreeWalk.Listing {
        var listing = base.files(under: directory, limit: limit)
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        let unsaved = buffers.keys.filter { $0.hasPrefix(prefix) && !listing.files.contains($0) }
        if !unsaved.isEmpty { listing.files = (listing.files + unsaved).sorted() }
        return listing
    }
}
