#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif
import TutorialModel
import Reports
import TutorialAnalysis
import TutorialFixes
import TutorialReaders
import TutorialRules

/// `tutorial-check lint [--format text|json|sarif|github|junit] [--strict] [--config FILE] [--fix] [--quiet] PATH…`
enum LintCommand {
    static let help = CommandHelp(
        name: "lint", summary: "check tutorials against the rules (text, json, sarif, github, junit)",
        synopsis: "[options] PATH…", options: specs, operands: .paths)
    static let specs = [
        OptionSpec(
            name: "format", values: ["text", "json", "sarif", "github", "junit"], help: "output format (default text)"),
        OptionSpec(name: "strict", values: nil, help: "exit 1 on warnings too"),
        OptionSpec(name: "config", values: [], help: "use this .tutorial-check.json instead of the nearest one"),
        OptionSpec(
            name: "include-build-order", values: nil,
            help: "also show build order (code a later step completes) as hints; by default only defects are shown"),
        OptionSpec(
            name: "fix", values: nil,
            help: "apply the rules' fixes first (atomic writes; a file is left untouched unless every edit applies), then report what remains"),
        OptionSpec(
            name: "cache", values: nil,
            help: "reuse the findings of documents unchanged since the last run (cache in $XDG_CACHE_HOME or ~/.cache)"),
        OptionSpec(name: "cache-path", values: [], help: "keep the lint cache in this file (implies --cache)"),
        EncodingOption.spec,
        ProgressLine.quietOption,
    ]

    static func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        do {
            parsed = try parseCommand(help, arguments)
        } catch { return error.code }
        if parsed.has("fix"), parsed.value("encoding") != nil {
            // Fixes are written in UTF-8: over a file read from another encoding they would change every
            // byte of it, not only the code they mend.
            writeError("--fix writes UTF-8 and cannot be combined with --encoding; convert the files to UTF-8 first")
            return .usageOrInput
        }
        // Each document takes the nearest configuration file (read once per file found); one facts cache
        // serves the fixes and the report.
        guard let (session, jobs) = analysisJobs(parsed) else { return .usageOrInput }
        let before = parsed.has("fix") ? fixDocuments(jobs, session: session) : nil
        let run: DocumentRun<LintedDocument>
        let progress = ProgressLine.make("lint", parsed)
        if let cachePath = parsed.value("cache-path") ?? (parsed.has("cache") ? LintResultCache.defaultPath() : nil) {
            run = lintWithCache(jobs, session: session, cachePath: cachePath, progress: progress)
        } else if let before {
            // Only what a fix changed is analysed again.
            run = session.lint(jobs, before: before, progress: progress?.documentDone).map(LintedDocument.init)
        } else {
            run = session.analyze(jobs, progress: progress?.documentDone) { LintedDocument($0) }
        }
        progress?.clear()
        let documents = run.values
        switch parsed.value("format") ?? "text" {
        case "json": writeOut(encodeJSON(LintJSON(documents)) + "\n")
        case "sarif": writeOut(renderLintSarif(documents, toolVersion: version) + "\n")
        case "github": writeOut(renderLintGitHub(documents))
        case "junit":
            writeOut(renderLintJUnit(documents, timestamp: Date(), hostname: ProcessInfo.processInfo.hostName))
        default: writeOut(renderLintText(documents))
        }
        let summary = LintSummary(documents)
        let found = summary.errors > 0 || (parsed.has("strict") && summary.warnings > 0)
        return exitCode(found ? .findings : .clean, namingUnreadableOf: run)
    }

    /// `--fix`: each document analysed and its fixes applied, one document at a time (a fix may write a
    /// resource another document reads), with the same fix engine as the language server's quick fixes.
    /// What changed goes to stderr, so the report on stdout stays machine-readable. Returns what each
    /// document's analysis found, for the report to reuse where no fix changed what it was made from.
    private static func fixDocuments(
        _ jobs: [AnalysisSession.Job], session: AnalysisSession
    ) -> [String: AnalysisBeforeFixes] {
        var before: [String: AnalysisBeforeFixes] = [:]
        for job in jobs {
            // An unreadable document is reported by the lint that follows.
            guard let document = try? DocumentLoader.load(job.path) else { continue }
            let (analysis, kept) = session.analyzeBeforeFixes(document: document, configuration: job.configuration)
            for line in describeFixes(fixDocument(analysis)) {
                writeAll(STDERR_FILENO, (OutputEscaping.terminal(line) + "\n"))
            }
            before[job.path] = kept
        }
        return before
    }

    /// `--cache`: findings of unchanged documents from the cache file, the others analysed; a cache file
    /// that cannot be used or written costs one line on stderr, never the lint.
    private static func lintWithCache(
        _ jobs: [AnalysisSession.Job], session: AnalysisSession, cachePath: String, progress: ProgressLine?
    ) -> DocumentRun<LintedDocument> {
        let cache = LintResultCache(path: cachePath, toolVersion: version)
        if let problem = cache.problem { writeError(problem) }
        let results = session.lint(jobs, resultCache: cache, progress: progress?.documentDone)
        do { try cache.save() } catch { writeError(error.description) }
        return results.map(LintedDocument.init)
    }
}
