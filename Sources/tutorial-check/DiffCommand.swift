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
import TutorialModel

/// `tutorial-check diff [--format unified|json|markdown|html] [--context N] [--step S.N] [--file NAME]
/// [--ignore-indentation] [--color auto|always|never] [--quiet] PATH…`
enum DiffCommand {
    static let help = CommandHelp(
        name: "diff", summary: "show what each step changes in each file (unified, json, markdown, html)",
        synopsis: "[options] PATH…", options: specs, operands: .paths)
    static let specs = [
        OptionSpec(
            name: "format", values: ["unified", "json", "markdown", "html"],
            help: "unified (git style, default), json (the diff contract), markdown, or html (one self-contained page)"),
        OptionSpec(name: "context", values: [], help: "unchanged lines around each change (default 3)"),
        OptionSpec(name: "step", values: [], help: "only the changes step S.N makes (e.g. 2.4)"),
        OptionSpec(name: "file", values: [], help: "only the changes of one file (e.g. PageView.swift)"),
        OptionSpec(
            name: "ignore-indentation", values: nil,
            help: "treat lines that differ only in leading whitespace as unchanged"),
        OptionSpec(
            name: "color", values: ["auto", "always", "never"],
            help: "colour unified output (auto: on a terminal, unless NO_COLOR is set)"),
        EncodingOption.spec,
        ProgressLine.quietOption,
    ]

    static func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        let encoding: String?
        do {
            parsed = try parseCommand(help, arguments)
            encoding = try EncodingOption.value(parsed)
        } catch { return error.code }
        var options = DiffOptions(ignoreIndentation: parsed.has("ignore-indentation"))
        if let text = parsed.value("context") {
            guard let context = Int(text), context >= 0 else {
                writeError("option '--context' needs a number of lines, not '\(text)'")
                return .usageOrInput
            }
            options.context = context
        }
        var selection = DiffSelection(file: parsed.value("file"))
        if let text = parsed.value("step") {
            guard let step = StepID(text) else {
                writeError("option '--step' needs a step id such as 2.4, not '\(text)'")
                return .usageOrInput
            }
            selection.step = step
        }
        let run: DocumentRun<DiffReportDocument>
        let progress = ProgressLine.make("diff", parsed)
        do {
            defer { progress?.clear() }
            run = try readTutorials(parsed.positionals, fallbackEncoding: encoding, progress: progress?.documentDone) {
                makeDiffReport([$0], options: options, selection: selection)[0]
            }
        } catch {
            writeError(error.description)
            return .usageOrInput
        }
        let report = run.values
        switch parsed.value("format") ?? "unified" {
        case "json": writeOut(encodeJSON(DiffJSON(report)) + "\n")
        case "markdown": writeOut(renderMarkdownDiff(report))
        case "html": writeOut(renderHTMLDiff(report, showAllSteps: selection.step == nil && selection.file == nil))
        default: writeOut(renderUnifiedDiff(report, color: useColor(parsed.value("color") ?? "auto")))
        }
        return exitCode(.clean, namingUnreadableOf: run)
    }

    /// Colour on a terminal only, and never when NO_COLOR is set (https://no-color.org).
    static func useColor(_ setting: String) -> Bool {
        switch setting {
        case "always": return true
        case "never": return false
        default:
            if let noColor = ProcessInfo.processInfo.environment["NO_COLOR"], !noColor.isEmpty { return false }
            return isatty(STDOUT_FILENO) != 0
        }
    }
}
