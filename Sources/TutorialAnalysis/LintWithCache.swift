import TutorialModel
import TutorialReaders
import TutorialRules

/// A linted document as reports need it: what `lint` prints, whether computed or remembered.
public struct LintResult: Sendable {
    public let document: SourceDocument
    public let findings: [Finding]
}

extension AnalysisSession {
    /// Loads and lints documents on all cores, each answered by `resultCache` when nothing it was computed
    /// from changed (see `LintResultCache`), else analysed and remembered; a document that cannot be read
    /// is named, not linted.
    public func lint(
        _ jobs: [Job], resultCache: LintResultCache, resources: any ResourceProvider = FileSystemResources(),
        progress: DocumentProgress? = nil
    ) -> DocumentRun<LintResult> {
        forEachDocument(jobs, progress: progress) { job, document in
            let findings = resultCache.findings(for: document, configuration: job.configuration, resources: resources) {
                recording in
                self.analyze(document: document, resources: recording, configuration: job.configuration).findings
            }
            return LintResult(document: document, findings: findings)
        }
    }
}
