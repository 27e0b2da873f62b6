import StepDiff
import TutorialModel

/// A DocC `@Code(file:)` or `previousFile:` that does not exist, or a `name:` without an extension.
struct CodeFileMissing: StepStructureRule {
    let description = RuleDescription(
        id: "code-file-missing", category: .tutorial,
        summary: "A DocC @Code resource is missing, or its name has no extension.",
        explanation: """
            DocC reads each step's code from a resource file next to the tutorial (`@Code(name: "PageView.swift", \
            file: "01-pageview.swift")`, with `previousFile:` for the diff base). A missing file builds an empty \
            step; a `name:` without an extension over Swift code leaves DocC unable to tell the language (over \
            another resource, like terminal output in `run.console.1.txt`, the name is only the tab's label). \
            A resource is a name looked up inside the tutorial's `.docc` catalog, as DocC does: a name that is \
            an absolute path, climbs out of the catalog with `..` or leads through a link to a file outside it \
            is never read, and the message says so (docs/security.md), as it does for a resource that is not \
            UTF-8 text or a malformed argument (`previousFile: file: a.swift`).
            """,
        defaultSeverity: .error,
        triggering: [
            RuleExample(
                "A missing file: resource",
                steps: [
                    .init([
                        .init(
                            "PageView.swift", "↓struct PageView {}\n", doccResource: "01-pageview.swift",
                            resourceMissing: true)
                    ])
                ]),
            RuleExample(
                "A name without an extension",
                steps: [.init([.init("PageView", "↓struct PageView {}\n", doccResource: "01-pageview.swift")])]),
            RuleExample(
                "A missing resource in a later step",
                steps: [
                    .init([.init("A.swift", "let a = 1\n", doccResource: "01-a.swift")]),
                    .init([.init("A.swift", "↓let a = 2\n", doccResource: "02-a.swift", resourceMissing: true)]),
                ]),
        ],
        nonTriggering: [
            RuleExample(
                "Resources present, names with extensions",
                steps: [.init([.init("PageView.swift", "struct PageView {}\n", doccResource: "01-pageview.swift")])]),
            RuleExample(
                "Not DocC: a file name is not required to have an extension",
                steps: [.init([.init("Podfile", "pod 'Alamofire'\n")])]),
            RuleExample(
                "A terminal tab: a name without extension over a text resource",
                steps: [.init([.init("console", "$ swift run\nHello\n", doccResource: "run.console.1.txt")])]),
            RuleExample(
                "Several steps with their resources",
                steps: [
                    .init([.init("A.swift", "let a = 1\n", doccResource: "01-a.swift")]),
                    .init([.init("A.swift", "let a = 2\n", doccResource: "02-a.swift")]),
                ]),
        ],
        measuredPrecision: .init(value: 1.0, sample: 1, date: "2026-12-02", part: .tuning, note: "No finding on the held-out part."))

    func findings(_ tutorial: Tutorial, timelines: [FileTimeline], changeSets: [ChangeSet]?) -> [DocumentFinding] {
        // What the DocC reader reported: a missing `file:` or `previousFile:` resource.
        var reported: [SourceRange] = []
        var findings: [DocumentFinding] = []
        for diagnostic in tutorial.diagnostics where diagnostic.problem.ruleID == description.id {
            reported.append(diagnostic.range)
            findings.append(
                DocumentFinding(
                    subject: diagnostic.message, message: diagnostic.message, range: diagnostic.range,
                    step: diagnostic.step))
        }
        // Only steps showing a DocC resource are looked at, and the others not copied out of their array to be
        // passed over: at every keystroke in a long Markdown tutorial, this rule walked every step for nothing.
        let steps = tutorial.steps
        for position in steps.indices where steps[position].snippets.contains(where: \.isDocCCode) {
            let step = steps[position]
            // The reader may already have said so, on the directive or on its `name:` argument.
            for snippet in step.snippets
            where snippet.docc != nil
                && !reported.contains(where: { snippet.range.contains($0) || $0.contains(snippet.range) })
            {
                // Over a resource that is not Swift (`console` over terminal output), the name is a tab label.
                guard let name = snippet.fileName, !name.containsText("."), let docc = snippet.docc,
                    !docc.resource.containsText(".") || docc.resource.lowercased().hasSuffix(".swift")
                else { continue }
                findings.append(
                    DocumentFinding(
                        subject: "name:\(name)",
                        message: "@Code name '\(name)' has no extension: DocC cannot tell the file's language",
                        range: snippet.range, step: step.id))
            }
        }
        return findings
    }
}
