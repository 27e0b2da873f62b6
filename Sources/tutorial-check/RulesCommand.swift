import Reports

/// `tutorial-check rules [--format text|markdown]`: the rule catalog (markdown is docs/rules.md).
enum RulesCommand {
    static let help = CommandHelp(
        name: "rules", summary: "list the rules", synopsis: "[options]", options: specs, operands: .none)
    static let specs = [
        OptionSpec(name: "format", values: ["text", "markdown"], help: "text (one line per rule) or markdown")
    ]

    static func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        do { parsed = try parseCommand(help, arguments) } catch {
            return error.code
        }
        writeOut(parsed.value("format") == "markdown" ? renderRulesMarkdown() : renderRuleList())
        return .clean
    }
}
