#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif
import Reports
import TutorialAnalysis
import TutorialCompare
import TutorialModel

/// `tutorial-check compare [--format text|json|markdown|html] [--include-translated] [--strict] ORIGINAL COPY`
enum CompareCommand {
    static let help = CommandHelp(
        name: "compare",
        summary: "hold a translation or new revision against its original, step by step by code (text, json, markdown, html)",
        synopsis: "[options] ORIGINAL COPY", options: specs, operands: .originalAndCopy)
    static let specs = [
        OptionSpec(
            name: "format", values: ["text", "json", "markdown", "html"],
            help: "text (default), json (docs/json-output.md), markdown (for a pull request), or html (side by side)"),
        OptionSpec(
            name: "include-translated", values: nil,
            help: "also show code whose comments, strings or spacing differ (translated legitimately)"),
        OptionSpec(name: "strict", values: nil, help: "exit with 1 when the copy's code drifted"),
    ]

    static func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        do { parsed = try parseCommand(help, arguments) } catch { return error.code }
        let (originalPath, copyPath) = (parsed.positionals[0], parsed.positionals[1])
        let original: [Tutorial]
        let copy: [Tutorial]
        do {
            original = try readTutorials([originalPath]).valuesOrFirstError()
            copy = try readTutorials([copyPath]).valuesOrFirstError()
        } catch {
            writeError(error.description)
            return .usageOrInput
        }
        let run = compareDocuments(
            original: original, originalRoot: originalPath, copy: copy, copyRoot: copyPath,
            options: CompareOptions(includeTranslated: parsed.has("include-translated")))
        guard !run.comparisons.isEmpty else {
            writeError("compare found no tutorial with steps to pair in '\(originalPath)' and '\(copyPath)'")
            return .usageOrInput
        }
        switch parsed.value("format") ?? "text" {
        case "json": writeOut(encodeJSON(CompareJSON(run)) + "\n")
        case "markdown": writeOut(renderCompareMarkdown(run))
        case "html": writeOut(renderCompareHTML(run))
        default: writeOut(renderCompareText(run))
        }
        let drifted = run.comparisons.contains { comparison in
            comparison.drifts.contains { $0.kind != .translated }
        }
        return parsed.has("strict") && drifted ? .findings : .clean
    }
}
