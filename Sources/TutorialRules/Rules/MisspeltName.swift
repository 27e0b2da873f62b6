import SwiftFacts
import TutorialModel

/// A name the code uses that the tutorial declares nowhere and no framework knows, one slip away from one
/// that is declared or known (`vc.delagate`, `UIBotton`, `notification.userinfo`): a misspelling, so the
/// code does not compile.
struct MisspeltName: CollectingTutorialRule {
    let description = RuleDescription(
        id: "misspelt-name", category: .tutorial,
        summary: "A name the code uses is declared nowhere and is one letter away from a declared or known name.",
        explanation: """
            Study notes and blog posts are typed, not compiled, and a name typed with a letter missing, doubled, \
            swapped or changed (`vc.delagate`, `UIBotton`, `JSONEecoder`, `Observalbe`) or in the wrong case \
            (`notification.userinfo`, `rawvalue`) fails for every reader who copies the code. The rule reads \
            the names each Swift block uses (variables, functions, members after a dot, types, attributes) and \
            the names every Swift block of the tutorial declares. A used name is reported only on positive \
            evidence of a slip: the tutorial declares it nowhere, it is no name the Swift toolchain or the Swift \
            code of many independent projects knows (UIKit, SwiftUI, Combine and RxSwift names among them), and \
            it is one edit away from a name the tutorial declares or one that is known: one letter inserted, \
            left out, changed or two neighbours swapped, in a name of six characters or more, or the same letters \
            in another case where the name it matches is the toolchain's or the tutorial's own. Differences that \
            make other names rather than slips are not reported: a different first letter or first letter's \
            case (`Episode` and `episode`), a different last letter (`vectorA` and `vectorB`, `item` and \
            `items`) and digits (`label1`, `label2`). A name the code uses that is declared in a step the page \
            does not show is then declared nowhere; if it is one slip from another name the rule reports it, \
            the one way it can be wrong. The same line shown again by a later step is reported once, where it \
            first appears.
            """,
        defaultSeverity: .error, enabledByDefault: false, evidence: .presence,
        triggering: [
            RuleExample(
                "A property the tutorial declares, used with a letter changed",
                document: """
                    # Delegates

                    ## Step 1

                    ```swift
                    protocol DetailDelegate: AnyObject { func didSave() }

                    final class DetailViewController {
                        weak var delegate: DetailDelegate?
                    }
                    ```

                    ## Step 2

                    ```swift
                    let detail = DetailViewController()
                    detail.↓delagate = self
                    ```

                    """,
                path: "example.md"),
            RuleExample(
                "A framework's type with a letter doubled, and a member in the wrong case",
                document: """
                    # Decoding

                    ## Step 1

                    ```swift
                    let encoder = ↓JSONEecoder()
                    let data = notification.↓userinfo?["payload"] as? Data
                    ```

                    """,
                path: "example.md"),
            RuleExample(
                "A declared name used with two letters swapped, in a later step",
                document: """
                    # Counters

                    ## Step 1

                    ```swift
                    var tapCounter = 0
                    ```

                    ## Step 2

                    ```swift
                    func tapped() {
                        ↓tapCuonter += 1
                    }
                    ```

                    """,
                path: "example.md"),
        ],
        nonTriggering: [
            RuleExample(
                "Names declared in another step, and names no known or declared name is near",
                document: """
                    # Landmarks

                    ## Step 1

                    ```swift
                    struct LandmarkRow: View {
                        var landmark: Landmark
                        var body: some View { Text(landmark.name) }
                    }
                    ```

                    ## Step 2

                    ```swift
                    LandmarkRow(landmark: modelData.landmarks[0])
                    ```

                    """,
                path: "example.md"),
            RuleExample(
                "Names differing in the first letter's case, the last letter or a digit are other names",
                document: """
                    # Names

                    ## Step 1

                    ```swift
                    struct Episode { let title: String }
                    let episode = Episode(title: "Pilot")
                    let vectorA = [1, 2], vectorB = [3, 4]
                    print(vectorC, label2, episodes)
                    ```

                    """,
                path: "example.md"),
            RuleExample(
                "Argument labels and another language's block are not read",
                document: """
                    # Calls

                    ## Step 1

                    ```swift
                    configure(withTitel: "Start")
                    ```

                    ```python
                    print(notification.userinfo)
                    ```

                    """,
                path: "example.md"),
        ])

    /// A name a Swift block of the step uses, with the text of its line (the key of a line shown again).
    struct NameUse: Sendable, Hashable {
        let snippet: Int
        let name: String
        let range: CodeRange
        let line: String
    }

    /// What one step's Swift blocks declare and use: uses of known names are left out at once.
    struct StepNames: Sendable {
        let declared: Set<String>
        let uses: [NameUse]
    }

    /// Names shorter than this are never judged: at four letters one edit away is most of the language.
    static let shortestJudged = 5
    /// Names shorter than this are judged only for a difference of case.
    static let shortestJudgedForEdits = 6

    func collect(_ step: StepContent) -> StepNames {
        var declared = Set<String>()
        var uses: [NameUse] = []
        let known = KnownNames.standard
        for (index, snippet) in step.snippets.enumerated() where snippet.isSwift() {
            guard let occurrences = nameOccurrences(in: snippet.code) else { continue }
            declared.formUnion(occurrences.declared)
            let code = Array(snippet.code.utf8)
            for use in occurrences.uses where use.name.utf8.count >= Self.shortestJudged && !known.isKnown(use.name) {
                let lineStart = code[..<use.range.start].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                let lineEnd = code[use.range.start...].firstIndex(of: 0x0A) ?? code.count
                uses.append(
                    NameUse(
                        snippet: index, name: use.name, range: use.range,
                        line: String(decoding: code[lineStart..<lineEnd], as: UTF8.self)))
            }
        }
        return StepNames(declared: declared, uses: uses)
    }

    func validate(_ collected: [StepNames], context: TutorialContext) -> [DocumentFinding] {
        let declared = collected.reduce(into: Set<String>()) { $0.formUnion($1.declared) }
        let declaredByLowercase = Dictionary(grouping: declared, by: { $0.lowercased() })
        let declaredByFirst = Dictionary(grouping: declared, by: { $0.first })
        let known = KnownNames.standard
        var reported = Set<String>()
        var findings: [DocumentFinding] = []
        for (step, names) in zip(context.tutorial.steps, collected) {
            // One finding per name in a snippet: the first use stands for the rest of that listing.
            var reportedInSnippet = Set<String>()
            for use in names.uses where !declared.contains(use.name) {
                let trimmed = use.line.drop { $0 == " " || $0 == "\t" }
                guard !reported.contains("\(use.name)\n\(trimmed)"),
                    !reportedInSnippet.contains("\(use.snippet)\n\(use.name)"), let first = use.name.first
                else { continue }
                // The same letters in another case: only against names exact to their case.
                var matches = (known.exactNames(caseInsensitivelyEqualTo: use.name)
                    + (declaredByLowercase[use.name.lowercased()] ?? [])).filter { $0 != use.name && $0.first == first }
                if matches.isEmpty, use.name.utf8.count >= Self.shortestJudgedForEdits {
                    let length = use.name.utf8.count
                    let nearby = (length - 1...length + 1).flatMap { known.names(startingWith: first, length: $0) }
                        + (declaredByFirst[first] ?? [])
                    matches = nearby.filter { Self.isSlip(use.name, of: $0) }
                }
                let candidates = Array(Set(matches)).sorted()
                guard !candidates.isEmpty else { continue }
                reported.insert("\(use.name)\n\(trimmed)")
                reportedInSnippet.insert("\(use.snippet)\n\(use.name)")
                let named = candidates.prefix(3).map { "`\($0)`" }.joined(separator: " or ")
                findings.append(
                    DocumentFinding(
                        subject: use.name,
                        message: "`\(use.name)` is declared nowhere in the tutorial and is no name Swift or its "
                            + "frameworks know: a misspelling of \(named)?",
                        range: step.snippets[use.snippet].sourceMap.documentRange(
                            forCodeRange: SourceRange(start: use.range.start, end: use.range.end)),
                        step: step.id))
            }
        }
        return findings
    }

    /// Whether `typed` is one slip of the hand from `name`: one letter inserted, left out or changed, or two
    /// neighbours swapped, neither at the first letter nor at the last, and no digit in the edit.
    static func isSlip(_ typed: String, of name: String) -> Bool {
        let a = Array(typed.utf8), b = Array(name.utf8)
        guard a != b, abs(a.count - b.count) <= 1 else { return false }
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        // The edit touches the last letter (`vectorA`, `items`, `reversed`): another name, not a slip.
        guard prefix > 0, suffix > 0 else { return false }
        let editedA = a[prefix..<(a.count - suffix)], editedB = b[prefix..<(b.count - suffix)]
        guard !(editedA + editedB).contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        switch (editedA.count, editedB.count) {
        // A letter in the other case is judged against exact names only (`validate`), not as a slip.
        case (1, 1): return editedA.first.map(Self.lowercased) != editedB.first.map(Self.lowercased)
        case (1, 0), (0, 1): return true
        case (2, 2): return editedA.first == editedB.last && editedA.last == editedB.first
        default: return false
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
}
