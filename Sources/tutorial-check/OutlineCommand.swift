import Reports
import TutorialModel
import TutorialAnalysis

/// `tutorial-check outline [--format text|json] PATH…`
enum OutlineCommand {
    static let help = CommandHelp(
        name: "outline", summary: "print the sections, steps and snippets found in tutorials",
        synopsis: "[options] PATH…", options: specs, operands: .paths)
    static let specs = [
        OptionSpec(name: "format", values: ["text", "json"], help: "text (a tree) or json (the outline contract)"),
        EncodingOption.spec,
    ]

    static func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        let encoding: String?
        do {
            parsed = try parseCommand(help, arguments)
            encoding = try EncodingOption.value(parsed)
        } catch { return error.code }
        let run: DocumentRun<Tutorial>
        do { run = try readTutorials(parsed.positionals, fallbackEncoding: encoding) } catch {
            writeError(error.description)
            return .usageOrInput
        }
        if parsed.value("format") == "json" {
            writeOut(encodeJSON(OutlineJSON(run.values)) + "\n")
        } else {
            writeOut(renderOutlineText(run.values))
        }
        return exitCode(.clean, namingUnreadableOf: run)
    }
}
