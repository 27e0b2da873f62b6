#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialModel

/// What lies at a resolved path, as `CatalogResources` needs to know it.
public enum ResourceItem: Sendable, Equatable {
    /// A regular file and its bytes.
    case file([UInt8])
    /// A regular file over the byte limit, left unread.
    case tooLarge(byteCount: Int)
    case directory
    /// A device, a FIFO, a socket: never opened for its content.
    case notRegular
    case missing
}

/// The file system as the readers see it, through primitives only: every decision about which
/// path may be read (inside the catalog, no escaping links) is taken by `CatalogResources`, the one
/// resolver, so the CLI, the language server (open buffers first), the bench and the fuzz targets
/// share it.
public protocol ResourceProvider: Sendable {
    /// `path` with `.`, `..` and every symbolic link resolved, absolute for the file system; nil when
    /// nothing lies there. Providers without links (memory) answer with the path itself.
    func resolvedPath(_ path: String) -> String?
    /// What lies at a path `resolvedPath` returned; a file's bytes when it has at most `byteLimit`.
    func item(atResolved path: String, byteLimit: Int) -> ResourceItem
    /// The regular files under a resolved directory, as `FileTreeWalk` lists them (sorted, each real
    /// directory once, links leading outside `directory` not followed, at most `limit` entries).
    func files(under directory: String, limit: Int) -> FileTreeWalk.Listing
    /// Whether the provider lets anything at `path` (as typed below a resolved root, or resolved) be
    /// read: the language server's provider answers no outside its workspace folders for what the
    /// editor did not send. `CatalogResources` asks before it resolves or reads a resource.
    func mayRead(_ path: String) -> Bool
}

extension ResourceProvider {
    public func mayRead(_ path: String) -> Bool { true }
}

/// Resources read from the file system.
public struct FileSystemResources: ResourceProvider {
    public init() {}

    public func resolvedPath(_ path: String) -> String? { FileTreeWalk.realPath(path) }

    public func item(atResolved path: String, byteLimit: Int) -> ResourceItem {
        FileTreeWalk.item(at: path, byteLimit: byteLimit)
    }

    public func files(under directory: String, limit: Int) -> FileTreeWalk.Listing {
        FileTreeWalk.regularFiles(under: directory, limit: limit)
    }
}

/// Files held in memory (tests, fuzz targets, open editor buffers): a path maps to its text, and a
/// folder exists when some file lies under it. There are no links, so a path resolves to itself.
public struct MemoryResources: ResourceProvider {
    public let files: [String: String]

    public init(_ files: [String: String]) { self.files = files }

    public func resolvedPath(_ path: String) -> String? {
        files[path] != nil || isDirectory(path) ? path : nil
    }

    public func item(atResolved path: String, byteLimit: Int) -> ResourceItem {
        if let text = files[path] {
            return text.utf8.count > byteLimit ? .tooLarge(byteCount: text.utf8.count) : .file(Array(text.utf8))
        }
        return isDirectory(path) ? .directory : .missing
    }

    public func files(under directory: String, limit: Int) -> FileTreeWalk.Listing {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        let found = files.keys.filter { $0.hasPrefix(prefix) }.sorted()
        return FileTreeWalk.Listing(files: Array(found.prefix(limit)), complete: found.count <= limit)
    }

    private func isDirectory(_ path: String) -> Bool {
        let prefix = path.hasSuffix("/") ? path : path + "/"
        return path == "/" || files.keys.contains { $0.hasPrefix(prefix) }
    }
}

/// No resources at all: for documents that need none, and tests.
public struct NoResources: ResourceProvider {
    public init() {}
    public func resolvedPath(_ path: String) -> String? { nil }
    public func item(atResolved path: String, byteLimit: Int) -> ResourceItem { .missing }
    public func files(under directory: String, limit: Int) -> FileTreeWalk.Listing {
        FileTreeWalk.Listing(files: [], complete: true)
    }
}
