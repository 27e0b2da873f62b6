import Foundation
import Reports
import TutorialAnalysis

/// Everything the CLI writes goes through these two, so exit paths stay uniform.
func writeOut(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}

/// A one-line message on stderr, as the exit-code contract requires. Messages name files a tutorial's
/// author chose: escaped as text output is, so a name cannot add a line (a CI log reads stderr too).
func writeError(_ text: String) {
    FileHandle.standardError.write(Data(("tutorial-check: " + OutputEscaping.terminal(text) + "\n").utf8))
}

/// Names on stderr, one line each, every document a run could not read (it is not in the output, the others
/// are): the exit code is then 2, whatever the others gave.
func exitCode<Value>(_ code: ExitCode, namingUnreadableOf run: DocumentRun<Value>) -> ExitCode {
    for error in run.unreadable { writeError(error.description) }
    return run.unreadable.isEmpty ? code : .usageOrInput
}

/// Exit codes of docs/json-output.md.
enum ExitCode: Int32 {
    case clean = 0
    case findings = 1
    case usageOrInput = 2
}
