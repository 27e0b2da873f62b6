#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialModel

/// Whether a step's instruction asks the reader to change code: the positive evidence a prose rule needs
/// before it says the code disagrees with the prose.
///
/// Tutorials show unchanged code for many reasons no list of phrasings covers (opening, running, looking
/// further down a file, recapping the whole file), so nothing is inferred from what a step does *not* say.
/// Evidence is an edit verb where the language puts the verb of an instruction:
/// - English: the first word of a clause (after `and`, `then`, `now`, `next`, `let's`, `we`, `you`, … and a
///   comma), in its base form: `Add a property`, `In PageView.swift, add…`, `Next, we replace…` (`Return to
///   X.swift` goes back to a file; `we need to add…` announces);
/// - Korean and Japanese, verb last: the sentence's final predicate (`…를 추가합니다`, `…を追加します`),
///   not a verb inside a relative clause (`추가한 코드를 확인합니다`, `追加したコードを確認します`);
/// - Chinese: an edit verb not used as an attribute or a completed action (`添加的代码`, `已经添加了`).
/// The instruction is the step's title and the first paragraph of its prose; the rest explains.
enum StepInstruction {
    /// Whether `step` asks for a change of code.
    static func asksForEdit(_ step: Step) -> Bool {
        asksForEdit(text(of: step))
    }

    /// The step's title and the first paragraph of its prose (more than `instruction(of:)`, the title alone
    /// when there is one: a Markdown heading may say only where the step is, its paragraph what to do).
    static func text(of step: Step) -> String {
        let firstParagraph = step.prose.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init)
        return [step.title, firstParagraph ?? ""].filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// Whether `text` asks for a change of code, in any of the languages above.
    static func asksForEdit(_ text: String) -> Bool {
        sentences(of: text).contains { sentence in
            instructingClauses(of: englishClauses(of: sentence)).contains(where: startsWithEditVerb)
                || ProseExpressions.endsWithKoreanPredicate(sentence) || ProseExpressions.endsWithJapanesePredicate(sentence)
                || chineseInstructs(sentence)
        }
    }

    /// Whether a Chinese sentence asks for an edit: an edit verb not announced as a possibility or a plan
    /// in its clause (`我们就可以创建一个新的save()方法`: we can create; `需要添加`: needs adding).
    private static func chineseInstructs(_ sentence: Substring) -> Bool {
        let text = String(sentence)
        for start in ProseExpressions.chineseEditStarts(in: text) {
            let clause = text[..<start].split(whereSeparator: { "，,、".contains($0) }).last ?? ""
            if !chineseModals.contains(where: { clause.containsText($0) }) { return true }
        }
        return false
    }

    /// Chinese words that make the verb after them a possibility, a plan or a need, not an instruction.
    /// (`将` alone marks the object of an instruction, `将X替换为Y`, and is no modal.)
    private static let chineseModals = ["可以", "可能", "能够", "就能", "才能", "会", "需要", "打算", "准备"]

    // MARK: - Sentences and clauses

    private static func sentences(of text: String) -> [Substring] {
        text.split(whereSeparator: { ".!?\n。！？；;:：".contains($0) }).map { $0.trimmingScalars(in: .whitespaces)[...] }
            .filter { !$0.isEmpty }
    }

    /// A sentence's clauses: split at commas and at `and`/`then` joining two instructions.
    private static func englishClauses(of sentence: Substring) -> [Substring] {
        let parts = sentence.split(whereSeparator: { $0 == "," || $0 == "，" || $0 == "、" })
        return parts.flatMap { part -> [Substring] in
            var clauses: [Substring] = []
            var current: [Substring] = []
            for word in part.split(separator: " ") {
                if ["and", "then"].contains(word.lowercased()), !current.isEmpty {
                    clauses.append(current.joined(separator: " ")[...])
                    current = []
                }
                current.append(word)
            }
            if !current.isEmpty { clauses.append(current.joined(separator: " ")[...]) }
            return clauses
        }
    }

    /// The clauses that may instruct: a modal (`you could query by name, and add a limit`) makes the clauses
    /// after it possibilities too, and after running the app (`Run the app, then add a few items`) the clauses
    /// that follow act in the running app, not on its code.
    private static func instructingClauses(of clauses: [Substring]) -> [Substring] {
        var result: [Substring] = []
        for clause in clauses {
            let words = clause.split(separator: " ").map { $0.lowercased().trimmingScalars(in: .punctuationCharacters) }
            if words.contains(where: modalVerbs.contains) { break }
            result.append(clause)
            if let verb = words.first(where: { !clauseOpeners.contains($0) }), runVerbs.contains(verb) { break }
        }
        return result
    }

    /// Whether `text` has an English clause that runs something (`run`, `build`, `launch`, `execute`…): a step
    /// that runs a command or the app, whose file names say where, not what to edit.
    static func runsSomething(_ text: String) -> Bool {
        sentences(of: text).contains { sentence in
            englishClauses(of: sentence).contains { clause in
                let words = clause.split(separator: " ").map { $0.lowercased().trimmingScalars(in: .punctuationCharacters) }
                return words.first(where: { !clauseOpeners.contains($0) }).map { runVerbs.contains($0) || $0 == "execute" } ?? false
            }
        }
    }

    /// Modal verbs: what follows them in a sentence is possible, not asked for.
    private static let modalVerbs: Set<String> = ["could", "can", "might", "may", "would", "can't", "cannot"]

    /// Verbs that run or use the app: the clauses after them in a sentence act in it.
    private static let runVerbs: Set<String> = ["run", "launch", "build", "tap", "click", "press", "try", "preview", "start"]

    /// Words that may open a clause before its verb (`Next, add…`, `Now let's add…`, `We'll replace…`).
    /// Modal verbs (`we need to add`, `you can add`, `we'll add`) announce an edit rather than ask for it: a
    /// clause opened by one is no instruction.
    private static let clauseOpeners: Set<String> = [
        "and", "then", "now", "next", "first", "finally", "also", "lastly", "please", "so", "let's", "lets", "let",
        "us", "we", "you", "i", "just", "simply", "second", "third", "afterwards",
    ]

    /// English edit verbs in the base form an instruction uses.
    private static let englishEditVerbs: Set<String> = [
        "add", "insert", "append", "prepend", "replace", "change", "modify", "update", "edit", "remove", "delete",
        "implement", "declare", "define", "rename", "move", "wrap", "extract", "refactor", "fix", "introduce", "set",
        "assign", "write", "create", "conform", "adopt", "override", "import", "pass", "embed", "convert",
        "initialize", "instantiate", "call", "give", "put", "place", "attach", "connect", "bind", "annotate", "mark",
        "apply", "paste", "hook", "wire", "register", "store", "extend", "compose", "include",
        "swap", "split", "combine", "rewrite", "adjust", "configure", "make", "drop", "erase", "inject",
    ]

    private static func startsWithEditVerb(_ clause: Substring) -> Bool {
        let words = clause.split(separator: " ").map { word in
            word.lowercased().replacingText("’", with: "'").trimmingScalars(
                in: .punctuationCharacters.subtracting("'"))
        }
        guard let verbIndex = words.firstIndex(where: { !clauseOpeners.contains($0) }) else { return false }
        // "In PageView.swift, add…" is split at the comma; "In the file add…" is not an instruction we read.
        let verb = words[verbIndex]
        guard englishEditVerbs.contains(verb) else { return false }
        // `Make sure…`, `Set up the simulator`: checks and setup, not edits of code.
        let next = verbIndex + 1 < words.count ? words[verbIndex + 1] : ""
        if verb == "make", ["sure", "certain"].contains(next) { return false }
        return true
    }
}
