import SwiftFacts

/// The project as the code-rule walk (`CodeRuleEvaluator`) has it at the step being checked: each file's
/// latest whole state in order of appearance, and the files a fragment has added to since. It keeps the
/// same project as the checks' memo keys name it (`EvaluationKey`) beside it, so that hundreds of checks
/// of a long tutorial share one array of entries and one sorted list of incomplete files rather than each
/// making its own.
struct WalkedProject {
    private(set) var files: [(name: String, facts: SnippetFacts)] = []
    private(set) var entries: [ProjectEntry] = []
    private(set) var incompleteFiles = Set<String>()
    /// `incompleteFiles` sorted: made again only after the set changed.
    private var sortedIncompleteFiles: [String]? = []

    /// `name` is now at `facts` (a state of it the walk reached).
    mutating func show(_ name: String, at facts: SnippetFacts) {
        if let position = files.firstIndex(where: { $0.name == name }) {
            files[position] = (name, facts)
            entries[position] = ProjectEntry(name: name, facts: facts.id)
        } else {
            files.append((name, facts))
            entries.append(ProjectEntry(name: name, facts: facts.id))
        }
    }

    /// Marks `names` incomplete (or complete again).
    mutating func markIncomplete(_ names: [String], _ incomplete: Bool) {
        let before = incompleteFiles.count
        if incomplete {
            incompleteFiles.formUnion(names)
        } else {
            incompleteFiles.subtract(names)
        }
        if incompleteFiles.count != before { sortedIncompleteFiles = nil }
    }

    /// The incomplete files in order, as a memo key holds them.
    mutating func sortedIncomplete() -> [String] {
        if let sortedIncompleteFiles { return sortedIncompleteFiles }
        let sorted = incompleteFiles.sorted()
        sortedIncompleteFiles = sorted
        return sorted
    }
}
