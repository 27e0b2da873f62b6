import TutorialModel

// The keys of the code rules' remembered checks, and what tells a regression from build order.

/// What a code rule evaluation depends on: the checked snippet, the project's snippets, the rules run.
struct EvaluationKey: Hashable, Sendable {
    let facts: Int
    let fileName: String?
    let project: [ProjectEntry]
    let incomplete: [String]
    let currentIsComplete: Bool
    let partial: Bool
    let rules: [String]
    /// Hashed once: the memo's lookup, its insertion and every growth of its table hash the key. Only the
    /// integers are hashed (the facts ids, the counts, the rule ids' hash made once per analysis): equal keys
    /// still hash alike, and each check of a long tutorial no longer hashes dozens of file names.
    private let hash: Int

    init(
        facts: Int, fileName: String?, project: [ProjectEntry], incomplete: [String], currentIsComplete: Bool,
        partial: Bool, rules: [String], rulesHash: Int
    ) {
        self.facts = facts
        self.fileName = fileName
        self.project = project
        self.incomplete = incomplete
        self.currentIsComplete = currentIsComplete
        self.partial = partial
        self.rules = rules
        var hasher = Hasher()
        hasher.combine(facts)
        hasher.combine(fileName)
        hasher.combine(project.count)
        for entry in project { hasher.combine(entry.facts) }
        hasher.combine(incomplete.count)
        hasher.combine(currentIsComplete)
        hasher.combine(partial)
        hasher.combine(rulesHash)
        hash = hasher.finalize()
    }

    static func == (lhs: EvaluationKey, rhs: EvaluationKey) -> Bool {
        lhs.facts == rhs.facts && lhs.hash == rhs.hash && lhs.fileName == rhs.fileName && lhs.project == rhs.project
            && lhs.incomplete == rhs.incomplete && lhs.currentIsComplete == rhs.currentIsComplete
            && lhs.partial == rhs.partial && lhs.rules == rhs.rules
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    /// Its size for the cache's bound: the project and incomplete files are the bulk of it (the rule ids
    /// are one array shared by every key).
    var cost: Int { 1 + project.count + incomplete.count }
}

struct ProjectEntry: Hashable, Sendable {
    let name: String
    let facts: Int
}

/// A text's lines without their indentation, leaving out blank lines and lines of punctuation alone
/// (`}`, `})`), which any edit moves around.
func meaningfulLines(of code: String) -> Set<Substring> {
    var lines = Set<Substring>()
    for line in code.split(separator: "\n") {
        var text = line
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        if text.contains(where: { $0.isLetter || $0.isNumber }) { lines.insert(text) }
    }
    return lines
}
