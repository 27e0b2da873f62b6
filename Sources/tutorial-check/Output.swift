#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif
import TutorialModel
import Reports
import TutorialAnalysis

/// Everything the CLI writes goes through these two, so exit paths stay uniform.
func writeOut(_ text: String) {
    writeAll(STDOUT_FILENO, text)
}

/// A one-line message on stderr, as the exit-code contract requires. Messages name files a tutorial's
/// author chose: escaped as text output is, so a name cannot add a line (a CI log reads stderr too).
func writeError(_ text: String) {
    writeAll(STDERR_FILENO, ("tutorial-check: " + OutputEscaping.terminal(text) + "\n"))
}

/// Writes all of `text` to `descriptor`, directly (unbuffered), as `FileHandle.write` did; a write that
/// fails stops the process as it did (a broken pipe has already ended it through SIGPIPE).
func writeAll(_ descriptor: Int32, _ text: String) {
    guard FileDescriptorIO.write(descriptor, text.utf8) else {
        fatalError("Write failure: \(String(cString: strerror(errno)))")
    }
}

/// Names on stderr, one line each, every document a run could not read (it is not in the output, the others
/// are): the exit code is then 2, whatever the others gave.
func exitCode<Value>(_ code: ExitCode, namingUnreadableOf run: DocumentRun<Value>) -> ExitCode {
    for error in run.unreadable { writeError(error.description + EncodingOption.hint(forReason: error.reason)) }
    return run.unreadable.isEmpty ? code : .usageOrInput
}

/// Exit codes of docs/json-output.md.
enum ExitCode: Int32 {
    case clean = 0
    case findings = 1
    case usageOrInput = 2
}
