import Reports
import TutorialFixes
import TutorialRules

/// `tutorial-check init [--force]`: writes a commented `.tutorial-check.json` with every key and its
/// default in the current folder; an existing file is kept (exit 2) unless `--force` replaces it.
enum InitCommand {
    static let help = CommandHelp(
        name: "init", summary: "write a commented .tutorial-check.json with every setting at its default",
        synopsis: "[options]", options: specs, operands: .none)
    static let specs = [
        OptionSpec(name: "force", values: nil, help: "replace an existing .tutorial-check.json")
    ]

    static func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        do { parsed = try parseCommand(help, arguments) } catch { return error.code }
        let text = renderConfigurationTemplate(version: version)
        let path = Configuration.fileName
        do {
            if parsed.has("force") {
                try AtomicWrite.write(text, to: path)
            } else {
                try AtomicWrite.create(text, at: path)
            }
        } catch {
            writeError(error.description + (error.description.hasSuffix(": exists") ? "; --force replaces it" : ""))
            return .usageOrInput
        }
        writeError("wrote \(path): every rule at its default; 'tutorial-check rules' shows what is on here")
        return .clean
    }
}
