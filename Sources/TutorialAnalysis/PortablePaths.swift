#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialModel
import TutorialRules

/// How a report names a document so that the same tutorials name it the same way on every machine: a
/// review site built in CI and one built on a laptop have the same page names and show the same paths.
///
/// A document inside a git work tree (a folder above it holds `.git`, a folder or a worktree's file) is
/// named relative to that root (`Tutorials/docc/Pages.docc/Pages.tutorial`). Elsewhere it is named from
/// the input it was found under: below a folder given on the command line, the folder's own name and the
/// path under it (`tutorials/pages.md`); a file given by itself, its file name. Never an absolute path.
public func portablePath(ofDocument path: String, inputs: [String]) -> String {
    let document = Configuration.realAbsolutePath(path)
    if let root = repositoryRoot(containing: document), let relative = relativePath(document, under: root) {
        return relative
    }
    for input in inputs {
        let folder = Configuration.realAbsolutePath(input)
        if let relative = relativePath(document, under: folder) {
            let name = PathText.lastComponent(folder)
            return name == "/" || name.isEmpty ? relative : name + "/" + relative
        }
    }
    return PathText.lastComponent(document)
}

/// The nearest folder at or above `path`'s folder that holds a `.git` entry, nil when there is none.
func repositoryRoot(containing path: String) -> String? {
    var folder = PathText.deletingLastComponent(path)
    while !folder.isEmpty {
        if Configuration.holdsRepository(folder) { return folder }
        let parent = PathText.deletingLastComponent(folder)
        if parent == folder { return nil }
        folder = parent
    }
    return nil
}

/// `path` relative to `folder` when it lies strictly below it.
private func relativePath(_ path: String, under folder: String) -> String? {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return path.hasPrefix(prefix) && path.count > prefix.count ? String(path.dropFirst(prefix.count)) : nil
}
