import Foundation
import Reports
import StepDiff
import TutorialAnalysis
import TutorialFixes
import TutorialRules

/// `tutorial-check report [--output DIR] [--config FILE] PATH…`: the review page, each step's diff
/// beside the findings it introduced; with `--output`, a static site in DIR (an index and one page per
/// tutorial). Findings do not change the exit code: 0 when the report is written, 2 on a usage or
/// input error.
enum ReportCommand {
    static let specs = [
        OptionSpec(
            name: "output", values: [],
            help:
                "write a static site into this folder (index.html and one page per tutorial) instead of one page on stdout"
        ),
        OptionSpec(name: "config", values: [], help: "use this .tutorial-check.json instead of the nearest one"),
    ]
    static let help = CommandHelp(
        name: "report", summary: "a review page (html): each step's diff beside the findings it introduced",
        synopsis: "[options] PATH…", options: specs, operands: .paths)

    static func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        do { parsed = try parseCommand(help, arguments) } catch { return error.code }
        guard let (session, jobs) = analysisJobs(parsed) else { return .usageOrInput }
        let reviewed: [ReviewedDocument]
        do {
            reviewed = try session.analyze(jobs) { analysis in
                ReviewedDocument(
                    diff: makeDiffReport([analysis.tutorial], options: DiffOptions())[0], findings: analysis.findings,
                    buildOrder: analysis.buildOrder)
            }
        } catch {
            writeError(error.description)
            return .usageOrInput
        }
        guard let output = parsed.value("output") else {
            writeOut(renderReviewPage(reviewed))
            return .clean
        }
        for page in renderReviewSite(reviewed) {
            let path = (output as NSString).appendingPathComponent(page.path)
            do {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            } catch {
                writeError("\(output): cannot create the folder (\(error.localizedDescription))")
                return .usageOrInput
            }
            do { try AtomicWrite.write(page.html, to: path) } catch {
                writeError(error.description)
                return .usageOrInput
            }
        }
        FileHandle.standardError.write(Data("tutorial-check: review site written to \(output)/index.html\n".utf8))
        return .clean
    }
}
