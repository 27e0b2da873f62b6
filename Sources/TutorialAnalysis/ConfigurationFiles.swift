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
import TutorialRules

extension Configuration {
    /// The nearest `.tutorial-check.json` in the document's folder or above, nil when there is none.
    /// Looked for from the document's real path, so a path typed through a link finds the same file. The
    /// walk stops at the repository root (the folder holding `.git`): a file above the checkout (a
    /// shared home, `/`) does not configure it. A configuration file that is a symbolic link is read only
    /// when it leads to a file inside the repository (without one, inside its own folder); one leading
    /// out is an error, not silently skipped: the settings the author meant would be lost unseen.
    public static func find(forDocument documentPath: String) throws(LoadError) -> String? {
        var directory = URL(fileURLWithPath: realAbsolutePath(documentPath)).deletingLastPathComponent().path
        while true {
            let candidate = directory == "/" ? "/" + fileName : directory + "/" + fileName
            var info = stat()
            if lstat(candidate, &info) == 0 {
                if info.st_mode & S_IFMT == S_IFLNK { try checkLink(candidate, folder: directory) }
                return candidate
            }
            if holdsRepository(directory) { return nil }
            let parent = PathText.deletingLastComponent(directory)
            if parent == directory || parent.isEmpty { return nil }
            directory = parent
        }
    }

    /// Whether `directory` holds `.git` (a folder, or the file of a worktree or submodule).
    static func holdsRepository(_ directory: String) -> Bool {
        var info = stat()
        return lstat((directory == "/" ? "" : directory) + "/.git", &info) == 0
    }

    /// A linked configuration file must lead inside the repository holding it (or its own folder).
    private static func checkLink(_ candidate: String, folder: String) throws(LoadError) {
        var tree = folder
        var walk = folder
        while true {
            if holdsRepository(walk) {
                tree = walk
                break
            }
            let parent = PathText.deletingLastComponent(walk)
            if parent == walk || parent.isEmpty { break }
            walk = parent
        }
        let treeName = tree == folder && !holdsRepository(folder) ? "its folder \(tree)" : "the repository \(tree)"
        guard let target = FileTreeWalk.realPath(candidate) else {
            throw LoadError(description: "\(candidate): is a symbolic link to nothing; fix or remove it")
        }
        guard FileTreeWalk.isInside(target, FileTreeWalk.realPath(tree) ?? tree) else {
            throw LoadError(
                description:
                    "\(candidate): is a symbolic link to \(target), outside \(treeName); a configuration file is "
                    + "read only inside it")
        }
    }

    /// The absolute path with links resolved (as typed, standardised, when nothing is there), so a path
    /// typed through a link matches the same globs.
    static func realAbsolutePath(_ path: String) -> String {
        URL(fileURLWithPath: FileTreeWalk.realPath(path) ?? path).standardizedFileURL.path
    }

    /// Whether an `exclude` glob matches the document (paths relative to the configuration's folder).
    public func excludes(documentPath: String) -> Bool {
        guard !exclude.isEmpty else { return false }
        let absolute = Self.realAbsolutePath(documentPath)
        var relative = absolute
        if let base = baseDirectory.map(Self.realAbsolutePath), absolute.hasPrefix(base + "/") {
            relative = String(absolute.dropFirst(base.count + 1))
        }
        let fileName = relative.split(separator: "/").last.map(String.init) ?? relative
        return excludePatterns.contains { glob in
            glob.matches(relative) || (!glob.source.containsText("/") && glob.matches(fileName))
        }
    }
}

/// The configuration files read so far, each parsed once and read again only when it changed on disk
/// (its size or modification time): the CLI reads each once per run, the server once per change.
final class ConfigurationFiles: Sendable {
    private struct Entry {
        let stamp: FileStamp
        let result: Result<Configuration, Configuration.LoadError>
    }

    private struct FileStamp: Equatable {
        let size: Int
        let modified: Date
        let inode: Int

        init?(path: String) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            size = (attributes[.size] as? UInt).map { Int(truncatingIfNeeded: $0) } ?? -1
            modified = attributes[.modificationDate] as? Date ?? .distantPast
            inode = (attributes[.systemFileNumber] as? UInt64).map { Int(truncatingIfNeeded: $0) } ?? -1
        }
    }

    private let entries = Protected([String: Entry]())

    /// The configuration in the file at `path`, parsed again only when the file changed.
    func load(path: String) throws(Configuration.LoadError) -> Configuration {
        let stamp = FileStamp(path: path)
        let known = entries.withLock { $0[path] }
        if let known, let stamp, known.stamp == stamp { return try known.result.get() }
        let result = Result { () throws(Configuration.LoadError) -> Configuration in
            try Configuration.load(path: path)
        }
        if let stamp { entries.withLock { $0[path] = Entry(stamp: stamp, result: result) } }
        return try result.get()
    }

    func forgetAll() { entries.withLock { $0.removeAll() } }
}
