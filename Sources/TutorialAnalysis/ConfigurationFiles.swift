import Foundation
import TutorialModel
import TutorialReaders
import TutorialRules

extension Configuration {
    /// The nearest `.tutorial-check.json` in the document's folder or above, nil when there is none.
    /// Looked for from the document's real path, so a path typed through a link finds the same file.
    public static func find(forDocument documentPath: String) -> String? {
        var directory = URL(fileURLWithPath: realAbsolutePath(documentPath)).deletingLastPathComponent()
        while true {
            let candidate = directory.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return nil }
            directory = parent
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
        return exclude.contains { glob in
            globMatches(glob, relative)
                || (!glob.contains("/")
                    && globMatches(glob, relative.split(separator: "/").last.map(String.init) ?? relative))
        }
    }
}

/// `*` matches within a path component, `**` across components, `?` one character.
func globMatches(_ glob: String, _ path: String) -> Bool {
    var pattern = "^"
    var characters = Array(glob)[...]
    while let character = characters.first {
        characters = characters.dropFirst()
        switch character {
        case "*":
            if characters.first == "*" {
                characters = characters.dropFirst()
                if characters.first == "/" {
                    characters = characters.dropFirst()
                    pattern += "(?:.*/)?"
                } else {
                    pattern += ".*"
                }
            } else {
                pattern += "[^/]*"
            }
        case "?": pattern += "[^/]"
        default: pattern += NSRegularExpression.escapedPattern(for: String(character))
        }
    }
    pattern += "$"
    return path.range(of: pattern, options: .regularExpression) != nil
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
            size = (attributes[.size] as? NSNumber)?.intValue ?? -1
            modified = attributes[.modificationDate] as? Date ?? .distantPast
            inode = (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1
        }
    }

    private let entries = Protected([String: Entry]())

    /// The configuration in the file at `path`, parsed again only when the file changed.
    func load(path: String) throws(Configuration.LoadError) -> Configuration {
        let stamp = FileStamp(path: path)
        let known = entries.withLock { $0[path] }
        if let known, let stamp, known.stamp == stamp { return try known.result.get() }
        let result = Result { () throws(Configuration.LoadError) -> Configuration in try Configuration.load(path: path) }
        if let stamp { entries.withLock { $0[path] = Entry(stamp: stamp, result: result) } }
        return try result.get()
    }

    func forgetAll() { entries.withLock { $0.removeAll() } }
}
