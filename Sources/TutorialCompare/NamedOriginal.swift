import TutorialModel
import TutorialReaders

/// The original a copy names, for the editor's drift diagnostics and the review site's side-by-side pages: by
/// the configuration's `"originals"` (copy path → original path, both relative to the configuration's folder),
/// else by the copy's Markdown front matter (`original: ../en/page.md`, relative to the copy's folder); an
/// absolute path stays as it is. `path` is the copy's absolute path when its document's is relative (the CLI's
/// inputs), as the configuration's folder is absolute. Nil when nothing names one.
public func namedOriginal(
    of copy: Tutorial, at path: String? = nil, originals: [String: String], baseDirectory: String?
) -> String? {
    let documentPath = path ?? copy.document.path
    if !originals.isEmpty, let base = baseDirectory {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        if documentPath.hasPrefix(prefix), let original = originals[String(documentPath.dropFirst(prefix.count))] {
            return original.hasPrefix("/") ? original : prefix + original
        }
    }
    guard copy.format == .markdown, let named = markdownFrontMatterValue("original", in: copy.document) else {
        return nil
    }
    if named.hasPrefix("/") { return named }
    let folder = copy.document.path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "/")
    return folder.isEmpty ? named : folder + "/" + named
}
