/// Whether a snippet is Swift: the one answer for the timeline, the facts, the rules and the reports,
/// so a snippet is never placed into a Swift file's timeline and then judged not Swift by the facts pass
/// or coloured otherwise in a report.
extension Snippet {
    /// Said so by its language; else, unlabelled, its own file name or `fileName` (the timeline's name
    /// for it) ends in `.swift`, in any case. With no language and no name at all: `unlabelledIsSwift`,
    /// which the timeline sets, as a snippet of a Swift tutorial may be placed among its Swift files.
    public func isSwift(inFile fileName: String? = nil, unlabelledIsSwift: Bool = false) -> Bool {
        if let language { return language == "swift" }
        guard let name = self.fileName ?? fileName else { return unlabelledIsSwift }
        return name.lowercased().hasSuffix(".swift")
    }
}
