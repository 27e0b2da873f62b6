import StepDiff
import SwiftFacts
import TutorialModel
import TutorialRules

/// What one analysis of a document computed per file state, handed to the analysis of the document's
/// next version (the server's, after a keystroke): an edit changes one or two states, and every state
/// whose code did not change takes its results from here instead of scanning and hashing its text again.
///
/// A result is found by the state's place (file name, position in the file's timeline; for the code-rule
/// evaluator, the position of the check) and used only when what it was computed from compares equal
/// (the state's code, its previous state's code, the evaluator's key), so a reused result is the one a
/// fresh analysis computes. Comparing equal strings costs a memory comparison at most (the re-read model
/// shares the unchanged snippets' storage), far less than hashing them.
public struct StateResults: Sendable {
    /// Each file's states, in timeline order: their code and what the facts pass made of it. Empty when
    /// no code rule ran.
    let facts: [String: [StateFacts]]
    /// Each file's states, in timeline order: the identifiers on the lines each changes. Empty when no
    /// tutorial rule ran.
    let changedIdentifiers: [String: [StateChange]]
    /// The code-rule evaluator's checks in the order it made them.
    let evaluations: [RememberedEvaluation]
    /// The code-rule walk's checkpoints and checks, where the next version's walk resumes.
    let walk: CodeRuleWalkRecord
    /// What the tutorial rules judged step by step. Empty when no tutorial rule ran.
    let tutorialRules: TutorialRuleMemory
    /// The timelines build analysed with: a next build that compared its steps with it (`MovedSteps`) tells the
    /// tutorial rules which steps are these, moved.
    let timelinesBuild: TimelineBuild?
    /// The analysed document's bytes when no suppression comment can be in them (`DocumentSuppressions`):
    /// the next version's search for one reads only the bytes that differ from these.
    let unmarkedDocument: [UInt8]?
    /// How many results (facts, changed identifiers, checks, the tutorial rules' judgements) this analysis
    /// took from the previous one: what the tests and the bench see of the reuse.
    public let reusedCount: Int

    /// Nothing to reuse: a document's first analysis.
    public static let none = StateResults(
        facts: [:], changedIdentifiers: [:], evaluations: [], walk: .none, tutorialRules: .none, timelinesBuild: nil,
        unmarkedDocument: nil, reusedCount: 0)
}

/// A state's code and what the facts pass made of it.
struct StateFacts: Sendable {
    enum Outcome: Sendable {
        /// Not Swift: no facts looked for.
        case notSwift
        /// Code the parser would stall on (`SwiftParseLimits`): no facts.
        case unparseable
        case facts(SnippetFacts)

        var isSwift: Bool {
            if case .notSwift = self { return false }
            return true
        }
    }

    let code: String
    let outcome: Outcome

    var facts: SnippetFacts? {
        if case .facts(let facts) = outcome { return facts }
        return nil
    }
}

/// A state's code, its previous state's code (empty for the first), and the identifiers on the lines
/// whose count differs between them (`identifiersOnChangedLines`).
struct StateChange: Sendable {
    let previousCode: String
    let code: String
    let identifiers: Set<String>?
}

/// One check of the code-rule evaluator: what it depended on, and what each rule found.
struct RememberedEvaluation: Sendable {
    let key: EvaluationKey
    let found: [String: [String: CodeFinding]]
}
