// tutorial-check owns the command line: each subcommand parses its arguments, calls the library and prints;
// stdio and exit codes live here and nowhere else.

import Foundation

/// The subcommands, each a thin adapter from arguments to the library.
let commands: [(name: String, summary: String, run: ([String]) -> ExitCode)] = [
    ("outline", "print the sections, steps and snippets found in tutorials", OutlineCommand.run),
    ("diff", "show what each step changes in each file (unified, json, markdown, html)", DiffCommand.run),
    ("lsp", "serve the language server protocol on stdin/stdout", LSPCommand.run),
    ("lint", "check tutorials against the rules (text, json, sarif, github)", LintCommand.run),
    ("rules", "list the rules", RulesCommand.run),
    ("explain", "explain one rule, with examples", ExplainCommand.run),
]

let version = "0.1.0"

@MainActor
func mainUsage() -> String {
    var text = "usage: tutorial-check <command> [options] PATH…\n\ncommands:\n"
    for command in commands { text += "  \(command.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(command.summary)\n" }
    text += "\nrun 'tutorial-check <command> --help' for a command's options\n"
    return text
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first else {
    writeError("missing command (outline)")
    FileHandle.standardError.write(Data(mainUsage().utf8))
    exit(ExitCode.usageOrInput.rawValue)
}
if name == "--help" || name == "-h" || name == "help" {
    writeOut(mainUsage())
    exit(ExitCode.clean.rawValue)
}
if name == "--version" {
    writeOut("tutorial-check \(version)\n")
    exit(ExitCode.clean.rawValue)
}
guard let command = commands.first(where: { $0.name == name }) else {
    writeError("unknown command '\(name)'; try 'tutorial-check --help'")
    exit(ExitCode.usageOrInput.rawValue)
}
exit(command.run(Array(arguments.dropFirst())).rawValue)
