import TutorialModel
import TutorialReaders

/// A resource provider that remembers every question a reader asked and what it was told, so a cached
/// lint result can later be checked against the same questions (a DocC resource changed, a file appeared).
final class RecordingResources: ResourceProvider {
    private let base: any ResourceProvider
    private let probes = Protected([ResourceProbe]())

    init(_ base: any ResourceProvider) { self.base = base }

    var recorded: [ResourceProbe] { probes.withLock { $0 } }

    private func record(_ probe: ResourceProbe) { probes.withLock { $0.append(probe) } }

    func resolvedPath(_ path: String) -> String? {
        let resolved = base.resolvedPath(path)
        record(ResourceProbe(question: .resolvedPath(path), answer: ResourceProbe.digest(resolved)))
        return resolved
    }

    func item(atResolved path: String, byteLimit: Int) -> ResourceItem {
        let item = base.item(atResolved: path, byteLimit: byteLimit)
        record(ResourceProbe(question: .item(path, byteLimit: byteLimit), answer: ResourceProbe.digest(item)))
        return item
    }

    func files(under directory: String, limit: Int) -> FileTreeWalk.Listing {
        let listing = base.files(under: directory, limit: limit)
        record(ResourceProbe(question: .files(directory, limit: limit), answer: ResourceProbe.digest(listing)))
        return listing
    }
}

/// One question a reader asked of its resources and a digest of the answer.
struct ResourceProbe: Codable, Hashable, Sendable {
    enum Question: Codable, Hashable, Sendable {
        case resolvedPath(String)
        case item(String, byteLimit: Int)
        case files(String, limit: Int)
    }

    let question: Question
    let answer: String

    /// Asks the same question again: whether the answer is still the same.
    func holds(in resources: any ResourceProvider) -> Bool {
        switch question {
        case .resolvedPath(let path): return ResourceProbe.digest(resources.resolvedPath(path)) == answer
        case .item(let path, let byteLimit):
            return ResourceProbe.digest(resources.item(atResolved: path, byteLimit: byteLimit)) == answer
        case .files(let directory, let limit):
            return ResourceProbe.digest(resources.files(under: directory, limit: limit)) == answer
        }
    }

    static func digest(_ text: String?) -> String {
        guard let text else { return "absent" }
        var hash = SHA256()
        hash.update(field: text)
        return hash.finalizeHex()
    }

    /// A file's bytes by their SHA-256; anything else by what it is.
    static func digest(_ item: ResourceItem) -> String {
        switch item {
        case .file(let bytes):
            var hash = SHA256()
            bytes.withUnsafeBufferPointer { hash.update($0) }
            return "file " + hash.finalizeHex()
        case .tooLarge(let byteCount): return "too large \(byteCount)"
        case .directory: return "directory"
        case .notRegular: return "not regular"
        case .missing: return "missing"
        }
    }

    static func digest(_ listing: FileTreeWalk.Listing) -> String {
        var hash = SHA256()
        for group in [listing.files, listing.linksLeavingTree] {
            hash.update(length: group.count)
            for path in group { hash.update(field: path) }
        }
        hash.update(field: listing.complete ? "complete" : "cut short")
        return hash.finalizeHex()
    }
}
