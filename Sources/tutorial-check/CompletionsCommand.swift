import TutorialRules

/// `tutorial-check completions bash|zsh|fish`: the shell's completion script on stdout.
enum CompletionsCommand {
    static let help = CommandHelp(
        name: "completions", summary: "print the completion script for bash, zsh or fish",
        synopsis: completionShells.joined(separator: "|"), options: [], operands: .shell)

    static func run(_ arguments: [String]) -> ExitCode {
        let shell: String
        do { shell = try parseCommand(help, arguments).positionals[0] } catch { return error.code }
        guard
            let script = renderCompletions(shell: shell, commands: Commands.all.map(\.help), ruleIDs: RuleRegistry.ids)
        else {
            writeError("no completions for '\(shell)' (\(completionShells.joined(separator: ", ")))")
            return .usageOrInput
        }
        writeOut(script)
        return .clean
    }
}

/// `tutorial-check manpage`: the man page, written from the same tables as `--help`
/// (`tutorial-check manpage > docs/tutorial-check.1`).
enum ManPageCommand {
    static let help = CommandHelp(
        name: "manpage", summary: "print the man page (roff), written from the same tables as --help",
        synopsis: "", options: [], operands: .none)

    static func run(_ arguments: [String]) -> ExitCode {
        do { _ = try parseCommand(help, arguments) } catch { return error.code }
        writeOut(renderManPage(Commands.all.map(\.help), version: version))
        return .clean
    }
}
