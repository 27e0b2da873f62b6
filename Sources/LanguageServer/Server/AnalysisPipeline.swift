#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SwiftFacts
import TutorialAnalysis
import TutorialCompare
import TutorialModel
import TutorialReaders
import TutorialRules

/// What the editor is shown of one revision of a document: findings (the rules' and, through
/// `input-error`, the readers'), problems worth a `window/logMessage` (a broken configuration file), the
/// rule reference diagnostics link to, and the drifts from an original. Fixes are built only when a code
/// action asks.
public struct FindingsResult: Sendable {
    public let findings: [Finding]
    public let notes: [String]
    /// The rule reference the document's configuration names: diagnostics link their rule's section.
    public let rulesDocumentation: String
    /// The document held against the original its configuration names (nil when it names none).
    public let comparison: Comparison?

    public init(
        findings: [Finding], notes: [String] = [],
        rulesDocumentation: String = Configuration.projectRulesDocumentation, comparison: Comparison? = nil
    ) {
        self.findings = findings
        self.notes = notes
        self.rulesDocumentation = rulesDocumentation
        self.comparison = comparison
    }
}

/// What the server analyses with: the session whose queries (`read`, `timelines`, `changeSets`,
/// `findings`: the CLI's) hold every open document's revisions, and the server's own query, `published`,
/// what the editor is shown of a revision. Tests substitute `findings` with slow or counting variants to
/// observe scheduling.
public struct AnalysisPipeline: Sendable {
    public let session: AnalysisSession
    /// The server's query over the session's: a revision's `FindingsResult`, computed by `findings` once
    /// per revision however many requests ask.
    let published: DocumentQuery<DocumentRevision, FindingsResult>
    public var findings: @Sendable (AnalysisSession, DocumentInput) -> FindingsResult
    /// A rule's explanation in Markdown, for hovers on diagnostics; nil for unknown ids.
    public var explanation: @Sendable (String) -> String?

    public init(
        session: AnalysisSession,
        findings: @escaping @Sendable (AnalysisSession, DocumentInput) -> FindingsResult,
        explanation: @escaping @Sendable (String) -> String? = AnalysisPipeline.ruleExplanation
    ) {
        self.session = session
        published = session.database.documentQuery("published")
        self.findings = findings
        self.explanation = explanation
    }

    /// The same pipeline as `tutorial-check lint`: the session's `findings` query with the document's
    /// `.tutorial-check.json`, one facts cache for the whole session so an edit reparses only the snippets
    /// it changed, each new version re-read around its edit (`reading`).
    public static func standard(
        cache: FactsCache = FactsCache(bounds: .editing), reading: AnalysisSession.Reading = .aroundEdits
    ) -> AnalysisPipeline {
        let session = AnalysisSession(cache: cache, reading: reading, policy: .editing)
        return AnalysisPipeline(session: session) { session, input in
            session.releaseStaleFacts()
            var notes: [String] = []
            let settings: AnalysisSession.DocumentSettings
            do { settings = try session.settings(forDocument: input.document.path) } catch {
                notes.append("\(error); using the default rule settings")
                settings = .defaults
            }
            let configuration = settings.configuration
            if settings.isExcluded {
                return FindingsResult(findings: [], notes: notes, rulesDocumentation: configuration.rulesDocumentation)
            }
            let analysis = session.findings(input, configuration: configuration)
            let comparison = DriftDiagnostics.comparison(
                of: analysis.tutorial, configuration: configuration, notes: &notes)
            return FindingsResult(
                findings: analysis.findings, notes: notes, rulesDocumentation: configuration.rulesDocumentation,
                comparison: comparison)
        }
    }

    /// A rule's explanation from the registry.
    public static let ruleExplanation: @Sendable (String) -> String? = { id in
        guard let rule = RuleRegistry.rule(id) else { return nil }
        let description = rule.description
        return "**\(description.id)** (\(description.defaultSeverity.rawValue) by default)\n\n"
            + "\(description.summary)\n\n\(description.explanation)"
    }
}
