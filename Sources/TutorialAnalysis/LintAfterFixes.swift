import TutorialModel
import TutorialReaders
import TutorialRules

/// What `lint --fix` learnt of a document before fixing it: the text analysed, its findings, and every
/// question its reader asked of the file system with the answer's digest. The report after the fixes
/// takes these findings again for each document whose text and answers are unchanged, and analyses
/// again only the documents a fix changed (its own text, or a DocC resource it reads).
public struct AnalysisBeforeFixes: Sendable {
    let text: String
    let findings: [Finding]
    let probes: [ResourceProbe]

    init(text: String, findings: [Finding], probes: [ResourceProbe]) {
        self.text = text
        self.findings = findings
        self.probes = probes
    }

    /// Whether these findings still describe `document` read through `resources`.
    func holds(for document: SourceDocument, in resources: any ResourceProvider) -> Bool {
        document.text == text && probes.allSatisfy { $0.holds(in: resources) }
    }
}

extension AnalysisSession {
    /// Analyses a document before its fixes, remembering what its reader asked of `resources`.
    public func analyzeBeforeFixes(
        document: SourceDocument, resources: any ResourceProvider = FileSystemResources(), configuration: Configuration
    ) -> (analysis: Analysis, kept: AnalysisBeforeFixes) {
        let recording = RecordingResources(resources)
        let analysis = analyze(document: document, resources: recording, configuration: configuration)
        return (
            analysis,
            AnalysisBeforeFixes(text: document.text, findings: analysis.findings, probes: recording.recorded)
        )
    }

    /// Lints the documents after `lint --fix`: the findings from before the fixes where they still hold,
    /// a fresh analysis elsewhere, on all cores; a document that cannot be read is named, not linted.
    public func lint(
        _ jobs: [Job], before: [String: AnalysisBeforeFixes], resources: any ResourceProvider = FileSystemResources(),
        progress: DocumentProgress? = nil
    ) -> DocumentRun<LintResult> {
        forEachDocument(jobs, progress: progress) { job, document in
            if let kept = before[job.path], kept.holds(for: document, in: resources) {
                return LintResult(document: document, findings: kept.findings)
            }
            let analysis = self.analyze(document: document, resources: resources, configuration: job.configuration)
            return LintResult(document: document, findings: analysis.findings)
        }
    }
}
