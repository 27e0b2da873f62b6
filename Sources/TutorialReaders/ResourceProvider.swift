import Foundation
import TutorialModel

/// Where readers get files other than the document itself (DocC code resources).
///
/// The CLI reads the file system; the language server answers from open buffers first.
public protocol ResourceProvider: Sendable {
    /// The text of the file at `path`, nil when it does not exist, is a directory, or is unreadable.
    func contents(ofFile path: String) -> String?
    /// Paths of the regular files under `directory`, recursively, symlink loops not followed.
    func files(under directory: String) -> [String]
    /// Whether `path` names an existing directory.
    func isDirectory(_ path: String) -> Bool
}

/// Resources read from the file system.
public struct FileSystemResources: ResourceProvider {
    public init() {}

    public func contents(ofFile path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return String(data: data, encoding: .utf8)
    }

    public func files(under directory: String) -> [String] {
        Self.regularFiles(under: directory)
    }

    public func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// No resources at all: for documents that need none, and tests.
public struct NoResources: ResourceProvider {
    public init() {}
    public func contents(ofFile path: String) -> String? { nil }
    public func files(under directory: String) -> [String] { [] }
    public func isDirectory(_ path: String) -> Bool { false }
}
