import Reports

/// `tutorial-check rules [--format text|markdown]`: the rule catalog (markdown is docs/rules.md).
enum RulesCommand {
    static let specs = [
        OptionSpec(name: "format", values: ["text", "markdown"], help: "text (one line per rule) or markdown")
    ]

    static func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        do { parsed = try parseArguments(arguments, specs: specs) } catch {
            writeError(error.description)
            return .usageOrInput
        }
        guard parsed.positionals.isEmpty else {
            writeError("rules takes no PATH")
            return .usageOrInput
        }
        writeOut(parsed.value("format") == "markdown" ? renderRulesMarkdown() : renderRuleList())
        return .clean
    }
}
