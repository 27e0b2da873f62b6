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

/// Turns the paths a user gives into documents, with the input errors of the CLI contract (exit code 2).
public enum DocumentLoader {
    public struct InputError: Error, Equatable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Expands directories (recursively, sorted, symlink loops not followed) into tutorial files. A
    /// directory holding more entries than one walk visits (`walkLimit`) is an input error: checking
    /// the documents found first and passing over the rest in silence would let CI pass unchecked files.
    public static func expand(
        _ paths: [String], walkLimit: Int = InputLimits.maximumWalkedEntries
    ) throws(InputError) -> [String] {
        var result: [String] = []
        for path in paths {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(path: path, reason: "no such file or directory")
            }
            if isDirectory {
                // A DocC catalog's tutorials in the order of its table of contents, the rest sorted.
                let listing = FileTreeWalk.regularFiles(under: path, limit: walkLimit)
                guard listing.complete else {
                    throw InputError(
                        path: path,
                        reason: "holds more than \(walkLimit) files and folders, the most one walk visits; name the folders to check inside it")
                }
                let walked = listing.files.filter { isTutorialFile($0) }
                let found = DocCCatalogPages.orderedByTableOfContents(walked) { try? load($0) }
                if found.isEmpty {
                    throw InputError(path: path, reason: "no tutorial files (\(TutorialFileExtensions.listed)) found")
                }
                result.append(contentsOf: found)
            } else {
                result.append(path)
            }
        }
        return result
    }

    /// Whether a directory walk takes the file: its extension is one of `TutorialFileExtensions`.
    public static func isTutorialFile(_ path: String) -> Bool { TutorialFileExtensions.format(ofPath: path) != nil }

    /// Reads a file as UTF-8 text (or, where its bytes are not UTF-8, as `fallbackEncoding` when given);
    /// binary data and undecodable bytes are input errors, not crashes.
    public static func load(_ path: String, fallbackEncoding: String? = nil) throws(InputError) -> SourceDocument {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError(path: path, reason: "no such file or directory")
        }
        guard !isDirectory else { throw InputError(path: path, reason: "is a directory") }
        // Refused before reading, so a huge file costs no memory (InputLimits). The size from `stat`, of the
        // file a link leads to (reading follows links too), without what FileManager's attributes also look
        // up: the owner's user and group names (the password and group databases) and extended attributes.
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_size) > InputLimits.maximumDocumentBytes {
            throw InputError(path: path, reason: InputLimits.tooLargeMessage(byteCount: Int(info.st_size)))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(path: path, reason: "cannot be read")
        }
        return try decode(data, path: path, fallbackEncoding: fallbackEncoding)
    }

    /// Decodes bytes as UTF-8 (a UTF-8 byte-order mark is dropped), or by the encoding an HTML page declares,
    /// refusing binary data: the decoding of DocC resources (`UTF8Text`) and a page's declaration.
    public static func decode(_ data: Data, path: String, fallbackEncoding: String? = nil) throws(InputError)
        -> SourceDocument
    {
        switch UTF8Text.decodeDocument([UInt8](data), fallback: fallbackEncoding) {
        case .success(let text): return SourceDocument(path: path, text: text)
        case .failure(let problem): throw InputError(path: path, reason: problem.reason)
        }
    }
}
