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

    func contents(ofFile path: String) -> String? {
        let text = base.contents(ofFile: path)
        record(ResourceProbe(kind: .contents, path: path, answer: ResourceProbe.digest(text)))
        return text
    }

    func files(under directory: String) -> [String] {
        let files = base.files(under: directory)
        record(ResourceProbe(kind: .files, path: directory, answer: ResourceProbe.digest(files)))
        return files
    }

    func isDirectory(_ path: String) -> Bool {
        let answer = base.isDirectory(path)
        record(ResourceProbe(kind: .isDirectory, path: path, answer: answer ? "yes" : "no"))
        return answer
    }
}

/// One question a reader asked of its resources and a digest of the answer.
struct ResourceProbe: Codable, Hashable, Sendable {
    enum Kind: String, Codable, Sendable { case contents, files, isDirectory }
    let kind: Kind
    let path: String
    let answer: String

    /// Asks the same question again: whether the answer is still the same.
    func holds(in resources: any ResourceProvider) -> Bool {
        switch kind {
        case .contents: return ResourceProbe.digest(resources.contents(ofFile: path)) == answer
        case .files: return ResourceProbe.digest(resources.files(under: path)) == answer
        case .isDirectory: return (resources.isDirectory(path) ? "yes" : "no") == answer
        }
    }

    static func digest(_ text: String?) -> String {
        guard let text else { return "absent" }
        var hash = SHA256()
        hash.update(field: text)
        return hash.finalizeHex()
    }

    static func digest(_ files: [String]) -> String {
        var hash = SHA256()
        hash.update(length: files.count)
        for file in files { hash.update(field: file) }
        return hash.finalizeHex()
    }
}
