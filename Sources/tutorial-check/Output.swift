import Foundation

/// Everything the CLI writes goes through these two, so exit paths stay uniform.
func writeOut(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}

/// A one-line message on stderr, as the exit-code contract requires.
func writeError(_ text: String) {
    FileHandle.standardError.write(Data(("tutorial-check: " + text + "\n").utf8))
}

/// Exit codes of docs/json-output.md.
enum ExitCode: Int32 {
    case clean = 0
    case findings = 1
    case usageOrInput = 2
}
