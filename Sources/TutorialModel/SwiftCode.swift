/// Whether code is Swift: the one answer for the readers, the timeline, the facts, the rules, the
/// comparison and the reports, so a snippet is never placed into a Swift file's timeline and then judged
/// not Swift by the facts pass, or coloured otherwise in a report.
public enum SwiftCode {
    /// Language words that say nothing of the code's language: a page that marks a Swift file's block
    /// `text` still shows Swift, which its file name tells.
    static let plainTextLanguages: Set<String> = ["text", "txt", "plain", "plaintext"]

    /// A language word naming Swift says so, another language word says not. Without one (or with a
    /// plain-text word), a file name ending in `.swift`, in any case, says so and any other name says not;
    /// with no name either, `unlabelled` decides: the timeline places an unlabelled block of a Swift
    /// tutorial among its Swift files, and a block nothing labels is compared as Swift.
    public static func isSwift(language: String?, fileName: String?, unlabelled: Bool) -> Bool {
        if let verdict = languageSaysSwift(language) { return verdict }
        guard let fileName else { return language == nil && unlabelled }
        return fileNameSaysSwift(fileName)
    }

    /// What a language word alone says: whether it names Swift; nil without one, or for a plain-text word.
    static func languageSaysSwift(_ language: String?) -> Bool? {
        guard let language, !plainTextLanguages.contains(language) else { return nil }
        return language == "swift"
    }

    /// Whether a file name ends in `.swift`, in any case.
    static func fileNameSaysSwift(_ fileName: String) -> Bool { fileName.lowercased().hasSuffix(".swift") }
}

extension Snippet {
    /// `SwiftCode.isSwift` of the snippet's language and its own file name, or `fileName` (the timeline's
    /// name for it) when it has none; what the snippet's own words say was judged when it was made.
    public func isSwift(inFile fileName: String? = nil, unlabelledIsSwift: Bool = false) -> Bool {
        if let verdict = languageSaysSwift { return verdict }
        if let verdict = fileNameSaysSwift { return verdict }
        guard let fileName else { return language == nil && unlabelledIsSwift }
        return SwiftCode.fileNameSaysSwift(fileName)
    }
}
