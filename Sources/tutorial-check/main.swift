// tutorial-check owns the command line: each subcommand parses its arguments, calls the library and prints;
// stdio and exit codes live here and nowhere else.

#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif
import TutorialModel

let version = "0.1.0"

@MainActor
func mainUsage() -> String {
    var text = "usage: tutorial-check <command> [options] PATH…\n\ncommands:\n"
    for command in Commands.all {
        text += "  \(FoundationFormat.padded(command.help.name, toLength: 12)) \(command.help.summary)\n"
    }
    text += "\nrun 'tutorial-check <command> --help' for a command's options\n"
    return text
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first else {
    writeError("missing command (outline)")
    writeAll(STDERR_FILENO, mainUsage())
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
guard let command = Commands.all.first(where: { $0.help.name == name }) else {
    writeError("unknown command '\(name)'; try 'tutorial-check --help'")
    exit(ExitCode.usageOrInput.rawValue)
}
exit(command.run(Array(arguments.dropFirst())).rawValue)
