#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif
import Reports
import StepDiff
import TutorialAnalysis
import TutorialCompare
import TutorialFixes
import TutorialModel
import TutorialReaders

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
        EncodingOption.spec,
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
        let output = parsed.value("output")
        let reviewed: [ReviewedDocument]
        // Originals that could not be read: the site is written without their side-by-side pages, and says so.
        var unreadOriginals: [String] = []
        let results = session.analyze(jobs, progress: progress?.documentDone) { analysis in
            let diff = makeDiffReport(analysis)
            let shown = portablePath(ofDocument: diff.path, inputs: inputs)
            let compared =
                output == nil
                ? .success(nil)
                : sideBySide(analysis.tutorial, copyShownAs: shown, session: session, inputs: inputs)
            return (
                ReviewedDocument(
                    diff: diff.shown(as: shown), findings: analysis.findings, buildOrder: analysis.buildOrder,
                    comparison: try? compared.get()),
                compared
            )
        }
        reviewed = results.values.map(\.0)
        for case .failure(let error) in results.values.map(\.1) { unreadOriginals.append(error.description) }
        progress?.clear()
        guard let output else {
            writeOut(renderReviewPage(reviewed))
            return exitCode(.clean, namingUnreadableOf: results)
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
            return exitCode(.usageOrInput, namingUnreadableOf: results)
        }
        for error in unreadOriginals { writeError("its original cannot be read: \(error)") }
        writeError("review site written to \(output)/index.html")
        return exitCode(unreadOriginals.isEmpty ? .clean : .usageOrInput, namingUnreadableOf: results)
    }

    /// The copy held against the original its configuration (or front matter) names, for the site's
    /// side-by-side page; nil when it names none. An original that cannot be read is an input error.
    private static func sideBySide(
        _ copy: Tutorial, copyShownAs shown: String, session: AnalysisSession, inputs: [String]
    ) -> Result<SideBySide?, DocumentLoader.InputError> {
        let configuration = (try? session.configuration(forDocument: copy.document.path)) ?? .default
        guard
            let path = namedOriginal(
                of: copy, at: URL(fileURLWithPath: copy.document.path).resolvingSymlinksInPath().path,
                originals: configuration.originals,
                baseDirectory: configuration.baseDirectory)
        else { return .success(nil) }
        let document: SourceDocument
        do throws(DocumentLoader.InputError) {
            document = try DocumentLoader.load(path, fallbackEncoding: session.fallbackEncoding)
        } catch {
            return .failure(error)
        }
        return .success(
            SideBySide(
                compareTutorials(original: readTutorial(document, resources: FileSystemResources()), copy: copy),
                originalShownAs: portablePath(ofDocument: path, inputs: inputs), copyShownAs: shown))
    }
}
