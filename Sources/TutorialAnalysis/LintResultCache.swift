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

/// The result cache of `lint --cache` (as ESLint's `--cache`): a document's findings are reused while
/// nothing they were computed from has changed. The key covers the document's path and bytes, the
/// effective settings of every rule, the tool's version and executable, and every question the readers
/// asked of the file system (each DocC resource's bytes, directory listings); a mismatch anywhere is a miss.
///
/// The file is one header line (format, schema, a SHA-256 of the rest) and one line of entries. A file
/// that is not ours, is damaged, or was written by another build is ignored, never trusted: `problem`
/// then says why, in one line for stderr.
public final class LintResultCache: Sendable {
    /// The cache file's location.
    public let path: String
    /// Why the file on disk was not used, when it existed but was damaged or foreign.
    public let problem: String?
    /// The file at `path` is not a lint cache of ours (someone's file, a link, a FIFO, a device, a folder,
    /// a file it cannot read): `save` leaves it alone rather than replace it.
    private let mayReplace: Bool

    private let toolIdentity: String
    private let state: Protected<State>

    private struct State {
        var entries: [String: Entry]
        var written: [String: Entry] = [:]
        var hits = 0
        var misses = 0
    }

    private static let format = "tutorial-check lint cache"
    private static let schema = 1
    /// Entries kept for documents not linted in the latest run (other projects, removed files).
    private static let retainedEntries = 20_000

    /// `$XDG_CACHE_HOME/tutorial-check/lint-cache`, else `~/.cache/tutorial-check/lint-cache`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let cacheHome = environment["XDG_CACHE_HOME"], cacheHome.hasPrefix("/") {
            return cacheHome + "/tutorial-check/lint-cache"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.cache/tutorial-check/lint-cache"
    }

    /// Opens the cache at `path` (a missing file is an empty cache); `toolVersion` and the running
    /// executable's size and modification time identify the build that computes results.
    public init(path: String, toolVersion: String) {
        self.path = path
        toolIdentity = LintResultCache.identity(toolVersion: toolVersion)
        var problem: String?
        var entries: [String: Entry] = [:]
        var mayReplace = true
        switch LintResultCache.read(path) {
        case .absent: break
        case .refused(let reason):
            mayReplace = false
            problem = "\(path): \(reason); the lint cache is not used and the file is left alone"
        case .contents(let data):
            switch LintResultCache.decode(data, identity: toolIdentity) {
            case .success(let decoded): entries = decoded
            case .failure(.foreign):
                mayReplace = false
                problem = "\(path): not a tutorial-check lint cache; not used and not overwritten"
            case .failure(let reason): problem = "\(path): lint cache ignored: \(reason.description)"
            }
        }
        self.problem = problem
        self.mayReplace = mayReplace
        state = Protected(State(entries: entries))
    }

    enum FileContents {
        case absent
        case contents(Data)
        /// Why the file is no cache this run may read or replace.
        case refused(String)
    }

    /// What lies at `path`, read only when it is a regular file (a FIFO is never opened, so never
    /// blocks; a link is never followed: the cache replaces only a file that is its own).
    static func read(_ path: String) -> FileContents {
        if let reason = notReplaceable(path) { return .refused(reason) }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return .absent }
            return .refused("cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .refused("is not a regular file")
        }
        guard let data = FileDescriptorIO.readToEnd(descriptor) else { return .refused("cannot be read") }
        return .contents(data)
    }

    /// Why what lies at `path` may not be replaced by a cache file; nil when nothing or a regular file.
    static func notReplaceable(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return "is a symbolic link"
        case S_IFDIR: return "is a directory"
        case S_IFIFO: return "is a FIFO, not a regular file"
        case S_IFCHR, S_IFBLK: return "is a device, not a regular file"
        default: return "is not a regular file"
        }
    }

    /// How many documents were answered from the cache and how many were analysed, so far.
    public var statistics: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

    /// The findings of `document`: remembered when its key and every resource answer still hold,
    /// otherwise computed by `analyze` (given resources that record what the readers ask) and remembered.
    public func findings(
        for document: SourceDocument, configuration: Configuration, resources: any ResourceProvider,
        analyze: (any ResourceProvider) -> [Finding]
    ) -> [Finding] {
        let name = LintResultCache.entryName(document.path)
        let key = LintResultCache.key(document: document, configuration: configuration)
        if let entry = state.withLock({ $0.written[name] ?? $0.entries[name] }), entry.key == key,
            entry.probes.allSatisfy({ $0.holds(in: resources) }),
            let findings = try? entry.findings.map({ try $0.finding(documentLength: document.bytes.count) })
        {
            state.withLock {
                $0.written[name] = entry
                $0.hits += 1
            }
            return findings
        }
        let recording = RecordingResources(resources)
        let findings = analyze(recording)
        let entry = Entry(key: key, probes: recording.recorded, findings: findings.map(CachedFinding.init))
        state.withLock {
            $0.written[name] = entry
            $0.misses += 1
        }
        return findings
    }

    public struct SaveError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes the entries of this run, and as many older ones as fit, atomically (a temporary file renamed).
    public func save() throws(SaveError) {
        guard mayReplace else { return }
        // Checked again: something else may have been put there while the documents were linted.
        if let reason = LintResultCache.notReplaceable(path) {
            throw SaveError(description: "\(path): \(reason); the lint cache was not written")
        }
        // Every document answered from the file as it was: writing it again would change nothing.
        let unchanged = state.withLock { $0.misses == 0 && $0.entries.count > 0 }
        if unchanged && problem == nil { return }
        let entries = state.withLock { state -> [String: Entry] in
            var kept = state.written
            for (name, entry) in state.entries where kept[name] == nil {
                guard kept.count < LintResultCache.retainedEntries else { break }
                kept[name] = entry
            }
            return kept
        }
        guard let payload = try? JSONWriting.data(Payload(tool: toolIdentity, entries: entries), style: .storage),
            let header = try? JSONWriting.data(
                Header(format: LintResultCache.format, schema: LintResultCache.schema, payloadSHA256: sha256(payload)),
                style: .storage)
        else { throw SaveError(description: "\(path): cannot encode the lint cache") }
        let directory = PathText.deletingLastComponent(path)
        do {
            if !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            try (header + Data("\n".utf8) + payload).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw SaveError(description: "\(path): cannot write the lint cache (\(fileErrorText(error)))")
        }
    }

    // MARK: - Keys

    /// Entries are named by absolute path, so runs from different folders share them.
    private static func entryName(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The document's path (the reader and the resources it finds depend on it) and bytes, and the
    /// effective setting of every rule and whether build order is shown (the configuration as the analysis
    /// sees it).
    static func key(document: SourceDocument, configuration: Configuration) -> String {
        var hash = SHA256()
        hash.update(field: document.path)
        document.bytes.withUnsafeBufferPointer { hash.update($0) }
        hash.update(length: document.bytes.count)
        for rule in RuleRegistry.all {
            let description = rule.description
            hash.update(field: description.id)
            hash.update(field: configuration.isEnabled(description) ? "on" : "off")
            hash.update(field: configuration.rules[description.id]?.severity?.rawValue ?? "-")
            hash.update(field: description.defaultSeverity.rawValue)
        }
        hash.update(field: configuration.includeBuildOrder ? "build order" : "defects")
        return hash.finalizeHex()
    }

    /// The version and the executable's size and modification time: a rebuilt checker (rules changed
    /// without a new version number) starts from an empty cache.
    static func identity(toolVersion: String) -> String {
        var identity = "tutorial-check \(toolVersion)"
        if let executable = executablePath(),
            let attributes = try? FileManager.default.attributesOfItem(atPath: executable)
        {
            let size = (attributes[.size] as? UInt).map { Int64(truncatingIfNeeded: $0) } ?? -1
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            identity += " \(size) \(modified)"
        }
        return identity
    }

    /// The running executable's path, as `Bundle.main.executablePath` gave it on Linux (the link
    /// `/proc/self/exe` resolved).
    private static func executablePath() -> String? {
        #if canImport(FoundationEssentials)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard length > 0 else { return nil }
            return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
            return Bundle.main.executablePath
        #endif
    }

    // MARK: - The file

    private struct Header: Codable {
        let format: String
        let schema: Int
        let payloadSHA256: String
    }

    private struct Payload: Codable {
        let tool: String
        let entries: [String: Entry]
    }

    struct Entry: Codable {
        let key: String
        let probes: [ResourceProbe]
        let findings: [CachedFinding]
    }

    enum DecodeProblem: Error, CustomStringConvertible {
        case foreign
        case damaged(String)

        var description: String {
            switch self {
            case .foreign: return "not a tutorial-check lint cache"
            case .damaged(let what): return "damaged (\(what))"
            }
        }
    }

    /// The entries of a cache file written by this build; an empty cache for another build's file.
    static func decode(_ data: Data, identity: String) -> Result<[String: Entry], DecodeProblem> {
        // An empty file holds nothing to lose (created by hand, or a write cut short before any byte).
        guard !data.isEmpty else { return .success([:]) }
        guard let newline = data.firstIndex(of: 0x0A),
            let header = try? JSONDecoder().decode(Header.self, from: data[data.startIndex..<newline]),
            header.format == format
        else { return .failure(.foreign) }
        guard header.schema == schema else { return .success([:]) }
        let payload = data[data.index(after: newline)...]
        guard sha256(payload) == header.payloadSHA256 else { return .failure(.damaged("checksum mismatch")) }
        guard let decoded = try? JSONDecoder().decode(Payload.self, from: payload) else {
            return .failure(.damaged("unreadable entries"))
        }
        return .success(decoded.tool == identity ? decoded.entries : [:])
    }
}

private func sha256(_ data: Data) -> String {
    var hash = SHA256()
    data.withUnsafeBytes { hash.update($0.bindMemory(to: UInt8.self)) }
    return hash.finalizeHex()
}
