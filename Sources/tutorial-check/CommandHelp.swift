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
    }

    let name: String
    let summary: String
    let synopsis: String
    let options: [OptionSpec]
    let operands: Operands

    /// The options `--help` lists: the command's own and `--help` itself.
    var allOptions: [OptionSpec] { options + [OptionSpec(name: "help", values: nil, help: "show this help")] }
}

/// The shells `tutorial-check completions` writes scripts for.
let completionShells = ["bash", "zsh", "fish"]
