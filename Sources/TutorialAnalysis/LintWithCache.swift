import Dispatch
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
        _ jobs: [Job], resultCache: LintResultCache, resources: any ResourceProvider = FileSystemResources()
    ) throws(DocumentLoader.InputError) -> [LintResult] {
        let results = ResultSlots<Result<LintResult, DocumentLoader.InputError>>(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let job = jobs[index]
            do throws(DocumentLoader.InputError) {
                let document = try DocumentLoader.load(job.path)
                let findings = resultCache.findings(
                    for: document, configuration: job.configuration, resources: resources
                ) { recording in
                    analyze(document: document, resources: recording, configuration: job.configuration).findings
                }
                results.set(index, .success(LintResult(document: document, findings: findings)))
            } catch {
                results.set(index, .failure(error))
            }
        }
        var values: [LintResult] = []
        for result in results.values {
            switch result {
            case .success(let value): values.append(value)
            case .failure(let error): throw error
            case nil: continue
            }
        }
        return values
    }
}
