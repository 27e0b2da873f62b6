import Foundation
import TutorialModel
import TutorialReaders

/// Turns the paths a user gives into documents, with the input errors of the CLI contract (exit code 2).
public enum DocumentLoader {
    /// Extensions walked in directories (product.md).
    public static let tutorialExtensions: Set<String> = ["md", "markdown", "html", "htm", "tutorial", "txt"]

    public struct InputError: Error, Equatable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Expands directories (recursively, sorted, symlink loops not followed) into tutorial files.
    public static func expand(_ paths: [String]) throws(InputError) -> [String] {
        var result: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(path: path, reason: "no such file or directory")
            }
            if isDirectory.boolValue {
                let found = FileSystemResources.regularFiles(under: path).filter { isTutorialFile($0) }
                if found.isEmpty { throw InputError(path: path, reason: "no tutorial files (.md, .markdown, .html, .htm, .tutorial, .txt) found") }
                result.append(contentsOf: found)
            } else {
                result.append(path)
            }
        }
        return result
    }

    public static func isTutorialFile(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return tutorialExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// Reads a file as UTF-8 text; binary data and invalid UTF-8 are input errors, not crashes.
    public static func load(_ path: String) throws(InputError) -> SourceDocument {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError(path: path, reason: "no such file or directory")
        }
        guard !isDirectory.boolValue else { throw InputError(path: path, reason: "is a directory") }
        // Refused before reading, so a huge file costs no memory (InputLimits).
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
            size.intValue > InputLimits.maximumDocumentBytes
        {
            throw InputError(path: path, reason: InputLimits.tooLargeMessage(byteCount: size.intValue))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(path: path, reason: "cannot be read")
        }
        return try decode(data, path: path)
    }

    /// Decodes bytes as UTF-8 (a UTF-8 byte-order mark is dropped), refusing binary data.
    public static func decode(_ data: Data, path: String) throws(InputError) -> SourceDocument {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw InputError(path: path, reason: "is UTF-16 encoded; convert it to UTF-8")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.contains(0) { throw InputError(path: path, reason: "is binary data, not a text document") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InputError(path: path, reason: "is not valid UTF-8")
        }
        return SourceDocument(path: path, text: text)
    }
}
