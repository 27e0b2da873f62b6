import Reports
import TutorialModel
import TutorialAnalysis

/// `tutorial-check outline [--format text|json] PATH…`
enum OutlineCommand {
    static let specs = [
        OptionSpec(name: "format", values: ["text", "json"], help: "text (a tree) or json (the outline contract)")
    ]

    static func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        do {
            parsed = try parseCommand("outline", synopsis: "[options] PATH…", arguments, specs: specs, paths: .atLeastOne)
        } catch { return error.code }
        let tutorials: [Tutorial]
        do { tutorials = try readTutorials(parsed.positionals) } catch {
            writeError(error.description)
            return .usageOrInput
        }
        if parsed.value("format") == "json" {
            writeOut(encodeJSON(OutlineJSON(tutorials)) + "\n")
        } else {
            writeOut(renderOutlineText(tutorials))
        }
        return .clean
    }
}
