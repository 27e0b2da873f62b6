import Foundation
import Reports
import StepDiff
import TutorialAnalysis
import TutorialFixes
import TutorialRules

/// `tutorial-check report [--output DIR] [--config FILE] [--quiet] PATH…`: the review page, each step's
/// diff beside the findings it introduced; with `--output`, a static site in DIR (an index and one page
/// per tutorial). Documents are named by their portable path (relative to the repository or to the
/// folder given), so the same tutorials give the same site on every machine. Findings do not change
/// the exit code: 0 when the report is written, 2 on a usage or input error, and 2 when a page of the
/// site could not be written (each named on stderr, the others written: a partial site is still an error).
enum ReportCommand {
    static let specs = [
        OptionSpec(
            name: "output", values: [],
            help:
                "write a static site into this folder (index.html and one page per tutorial) instead of one page on stdout"
        ),
        OptionSpec(name: "config", values: [], help: "use this .tutorial-check.json instead of the nearest one"),
        ProgressLine.quietOption,
    ]
    static let help = CommandHelp(
        name: "report", summary: "a review page (html): each step's diff beside the findings it introduced",
        synopsis: "[options] PATH…", options: specs, operands: .paths)

    static func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        do { parsed = try parseCommand(help, arguments) } catch { return error.code }
        guard let (session, jobs) = analysisJobs(parsed) else { return .usageOrInput }
        let inputs = parsed.positionals
        let progress = ProgressLine.make("report", parsed)
        let reviewed: [ReviewedDocument]
        do {
            reviewed = try session.analyze(jobs, progress: progress?.documentDone) { analysis in
                let diff = makeDiffReport(analysis)
                return ReviewedDocument(
                    diff: diff.shown(as: portablePath(ofDocument: diff.path, inputs: inputs)),
                    findings: analysis.findings, buildOrder: analysis.buildOrder)
            }
        } catch {
            progress?.clear()
            writeError(error.description)
            return .usageOrInput
        }
        progress?.clear()
        guard let output = parsed.value("output") else {
            writeOut(renderReviewPage(reviewed))
            return .clean
        }
        let pages = renderReviewSite(reviewed)
        let failures: [FolderWriter.Failure]
        do { failures = try FolderWriter(folder: output).write(pages.map { ($0.path, $0.html) }) } catch {
            writeError(error.description)
            return .usageOrInput
        }
        for failure in failures { writeError("\(output)/\(failure.description)") }
        guard failures.isEmpty else {
            writeError(
                "review site written to \(output)/index.html without \(failures.count) of its \(pages.count) pages")
            return .usageOrInput
        }
        writeError("review site written to \(output)/index.html")
        return .clean
    }
}
