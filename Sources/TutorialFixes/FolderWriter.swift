#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import TutorialModel

/// Writes files into a folder, and only there (`report --output`'s review site; docs/security.md): each
/// folder below it (`tutorials/`) is entered without following a link, so a `tutorials` symbolic link
/// committed in a pull request cannot take the files elsewhere; each file is written to a new temporary
/// file beside it and renamed over its name, and a name that is a link (or not a regular file) is
/// refused, never written through. A file that cannot be written is named in the failures and the others
/// are still written. Only the folder itself is taken as typed (links included), as every path typed is.
public struct FolderWriter {
    /// A file not written, and why.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let file: String
        public let reason: String
        public var description: String { "\(file): not written (\(reason))" }
    }

    public let folder: String

    public init(folder: String) { self.folder = folder }

    /// Writes every file it can (`path` relative to the folder, `/`-separated); those it could not, with
    /// their reasons. Throws when the folder itself cannot be made or opened (nothing is written then).
    public func write(_ files: [(path: String, text: String)]) throws(Failure) -> [Failure] {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw Failure(file: folder, reason: "cannot create the folder: \(fileErrorText(error))")
        }
        let root = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { throw Failure(file: folder, reason: lastError()) }
        // Folders below the output folder, opened once each, by their path in it.
        var folders: [String: Int32] = ["": root]
        defer { for descriptor in folders.values { close(descriptor) } }
        var failures: [Failure] = []
        for file in files {
            let components = file.path.split(separator: "/").map(String.init)
            guard let name = components.last, !components.contains(where: { $0 == ".." || $0 == "." }) else {
                failures.append(Failure(file: file.path, reason: "not a path inside the folder"))
                continue
            }
            do {
                var parent = root
                var walked = ""
                for component in components.dropLast() {
                    walked += walked.isEmpty ? component : "/" + component
                    if let known = folders[walked] {
                        parent = known
                        continue
                    }
                    parent = try Self.enterFolder(component, in: parent, path: walked, for: file.path)
                    folders[walked] = parent
                }
                try Self.writeFile(file.text, named: name, in: parent, path: file.path)
            } catch {
                failures.append(error)
            }
        }
        return failures
    }

    /// Makes (when missing) and opens a folder inside `parent`, never through a link.
    private static func enterFolder(
        _ name: String, in parent: Int32, path: String, for file: String
    ) throws(Failure) -> Int32 {
        if mkdirat(parent, name, 0o755) != 0 && errno != EEXIST {
            throw Failure(file: file, reason: "cannot create the folder \(path): \(lastError())")
        }
        let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason =
                errno == ELOOP || errno == ENOTDIR
                ? "\(path) is a symbolic link or not a folder; files are written only inside the output folder"
                : "cannot open the folder \(path): \(lastError())"
            throw Failure(file: file, reason: reason)
        }
        return descriptor
    }

    /// A new temporary file beside the file, written and renamed over its name, which must be
    /// missing or a regular file.
    private static func writeFile(_ text: String, named name: String, in folder: Int32, path: String) throws(Failure) {
        var info = stat()
        if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw Failure(
                file: path,
                reason: "it is a symbolic link or not a regular file; files are written only inside the output folder")
        }
        let temporary = ".\(name.prefix(40)).tutorial-check-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(file: path, reason: lastError()) }
        var failure = writeAll(text, to: descriptor)
        close(descriptor)
        if failure == nil, renameat(folder, temporary, folder, name) != 0 { failure = lastError() }
        if let failure {
            unlinkat(folder, temporary, 0)
            throw Failure(file: path, reason: failure)
        }
    }
}

private func lastError() -> String { String(cString: strerror(errno)) }
