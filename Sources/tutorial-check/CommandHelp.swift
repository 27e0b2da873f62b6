/// The subcommands, each a thin adapter from arguments to the library, in the order `--help` lists them.
enum Commands {
    static let all: [(help: CommandHelp, run: @Sendable ([String]) -> ExitCode)] = [
        (OutlineCommand.help, OutlineCommand.run),
        (DiffCommand.help, DiffCommand.run),
        (CompareCommand.help, CompareCommand.run),
        (LSPCommand.help, LSPCommand.run),
        (LintCommand.help, LintCommand.run),
        (InitCommand.help, InitCommand.run),
        (RulesCommand.help, RulesCommand.run),
        (ExplainCommand.help, ExplainCommand.run),
        (ReportCommand.help, ReportCommand.run),
        (CompletionsCommand.help, CompletionsCommand.run),
        (ManPageCommand.help, ManPageCommand.run),
    ]
}

/// What a command accepts, said once: its `--help` text, the man page and the shell completions are
/// all written from these values, so none of them can drift from what the parser accepts.
struct CommandHelp: Sendable {
    /// What follows the options.
    enum Operands: Sendable {
        case none
        /// Tutorial files or directories, at least one.
        case paths
        /// Exactly one rule id.
        case ruleID
        /// Exactly one shell name (`completions`).
        case shell
        /// Exactly two tutorial files or catalogs: an original and its copy (`compare`).
        case originalAndCopy
    }

    let name: String
    let summary: String
    let synopsis: String
    let options: [OptionSpec]
    let operands: Operands

    /// `lint [options] PATH…`: the command and its synopsis.
    var invocation: String { synopsis.isEmpty ? name : "\(name) \(synopsis)" }

    /// The options `--help` lists: the command's own and `--help` itself.
    var allOptions: [OptionSpec] { options + [OptionSpec(name: "help", values: nil, help: "show this help")] }
}

/// The shells `tutorial-check completions` writes scripts for.
let completionShells = ["bash", "zsh", "fish"]
