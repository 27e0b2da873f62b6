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
    /// from changed (see `LintResultCache`), else analysed and remembered; the first input error, in job
    /// order, wins.
    public func lint(
        _ jobs: [Job], resultCache: LintResultCache, resources: any ResourceProvider = FileSystemResources(),
        progress: DocumentProgress? = nil
    ) throws(DocumentLoader.InputError) -> [LintResult] {
        try forEachDocument(jobs, progress: progress) { job, document in
            let findings = resultCache.findings(for: document, configuration: job.configuration, resources: resources) {
                recording in
                self.analyze(document: document, resources: recording, configuration: job.configuration).findings
            }
            return LintResult(document: document, findings: findings)
        }
    }
}
