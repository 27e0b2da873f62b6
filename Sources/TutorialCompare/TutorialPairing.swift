import TutorialModel

/// Everything one `compare` run held side by side: the comparisons of the tutorials paired, and the
/// tutorials (with steps) that found no partner on the other side.
public struct ComparisonRun: Sendable {
    public let comparisons: [Comparison]
    /// Paths of the original's tutorials no copy was found for.
    public let unpairedOriginal: [String]
    /// Paths of the copy's tutorials no original was found for.
    public let unpairedCopy: [String]

    public init(comparisons: [Comparison], unpairedOriginal: [String] = [], unpairedCopy: [String] = []) {
        self.comparisons = comparisons
        self.unpairedOriginal = unpairedOriginal
        self.unpairedCopy = unpairedCopy
    }
}

/// Compares what was read from the original's path with what was read from the copy's: two files are one
/// pair whatever their names; two catalogs or folders pair their tutorials by the path under the root
/// given, then by title. Pages without steps (articles, tables of contents) are left out.
public func compareDocuments(
    original: [Tutorial], originalRoot: String, copy: [Tutorial], copyRoot: String,
    options: CompareOptions = CompareOptions()
) -> ComparisonRun {
    let originals = original.filter { !$0.steps.isEmpty }
    var copies = copy.filter { !$0.steps.isEmpty }
    if originals.count == 1, copies.count == 1 {
        return ComparisonRun(comparisons: [compareTutorials(original: originals[0], copy: copies[0], options: options)])
    }
    var pairs: [(Tutorial, Tutorial)] = []
    var unpaired: [Tutorial] = []
    for tutorial in originals {
        let relative = relativePath(tutorial.document.path, under: originalRoot)
        if let index = copies.firstIndex(where: { relativePath($0.document.path, under: copyRoot) == relative })
            ?? copies.firstIndex(where: { $0.title != nil && $0.title == tutorial.title })
        {
            pairs.append((tutorial, copies.remove(at: index)))
        } else {
            unpaired.append(tutorial)
        }
    }
    return ComparisonRun(
        comparisons: pairs.map { compareTutorials(original: $0.0, copy: $0.1, options: options) },
        unpairedOriginal: unpaired.map(\.document.path), unpairedCopy: copies.map(\.document.path))
}

private func relativePath(_ path: String, under root: String) -> String {
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
}
