/// Finds the code resources a DocC tutorial names, the way DocC does: next to the tutorial, in a
/// `Resources` folder beside it, or anywhere under the enclosing `.docc` catalog (DocC addresses
/// resources by file name, wherever they lie in the catalog).
///
/// Everything goes through the `ResourceProvider`, so the language server can answer from open buffers.
struct DocCResourceResolver {
    enum Resolution: Equatable {
        /// `others`: further files of the catalog with the same name, which DocC would reject as ambiguous.
        case found(path: String, text: String, others: [String] = [])
        /// The name resolves to a folder, not a file.
        case directory(path: String)
        case missing
    }

    let resources: any ResourceProvider
    /// The folder of the tutorial document ("" for a bare file name).
    let documentDirectory: String
    /// The nearest enclosing folder whose name ends in `.docc`, if any.
    let catalog: String?
    /// Files of the catalog, listed on first need (most tutorials resolve every name next to them).
    private var catalogFiles: [String]?

    init(documentPath: String, resources: any ResourceProvider) {
        self.resources = resources
        let components = documentPath.split(separator: "/", omittingEmptySubsequences: false)
        let directory = components.dropLast().joined(separator: "/")
        self.documentDirectory = directory.isEmpty && documentPath.hasPrefix("/") ? "/" : directory
        var catalog: String?
        for end in stride(from: components.count - 1, through: 1, by: -1)
        where components[end - 1].lowercased().hasSuffix(".docc") {
            catalog = components[..<end].joined(separator: "/")
            break
        }
        self.catalog = catalog
    }

    /// Resolves a `file:` or `previousFile:` value.
    mutating func resolve(_ reference: String) -> Resolution {
        let reference = String(Substring(reference).trimmingWhitespace())
        guard !reference.isEmpty else { return .missing }
        var directory: String?
        for candidate in [join(documentDirectory, reference), join(join(documentDirectory, "Resources"), reference)] {
            if resources.isDirectory(candidate) {
                directory = directory ?? candidate
            } else if let text = resources.contents(ofFile: candidate) {
                return .found(path: candidate, text: text)
            }
        }
        if let catalog {
            if catalogFiles == nil { catalogFiles = resources.files(under: catalog) }
            let suffix = "/" + reference
            let matches = (catalogFiles ?? []).filter { $0.hasSuffix(suffix) }
            for (index, path) in matches.enumerated() {
                if let text = resources.contents(ofFile: path) {
                    var others = matches
                    others.remove(at: index)
                    return .found(path: path, text: text, others: others)
                }
            }
            if directory == nil {
                let candidate = join(catalog, reference)
                if resources.isDirectory(candidate) { directory = candidate }
            }
        }
        return directory.map { .directory(path: $0) } ?? .missing
    }

    private func join(_ directory: String, _ name: String) -> String {
        if name.hasPrefix("/") || directory.isEmpty { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
