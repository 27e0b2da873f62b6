import TutorialModel

/// Whether a snippet is Swift: said so, or unlabelled in a `.swift` file (its own label or the timeline's
/// inferred name). Anything else is not ours to judge.
package func isSwift(_ snippet: Snippet, fileName: String? = nil) -> Bool {
    if let language = snippet.language { return language == "swift" }
    return (snippet.fileName ?? fileName)?.lowercased().hasSuffix(".swift") ?? false
}
