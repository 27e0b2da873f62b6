#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import LanguageServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `tutorial-check lsp`: the language server on stdin/stdout. The only place the server meets stdio.
enum LSPCommand {
    static let help = CommandHelp(
        name: "lsp", summary: "serve the language server protocol on stdin/stdout", synopsis: "[--stdio]",
        options: specs, operands: .none)
    static let specs = [
        OptionSpec(name: "stdio", values: nil, help: "talk over stdin/stdout (the default and only transport)")
    ]

    static func run(_ arguments: [String]) -> ExitCode {
        do { _ = try parseCommand(help, arguments) } catch {
            return error.code
        }
        // A client that goes away must end the server through end-of-file, not kill it with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let connection = StreamConnection(input: STDIN_FILENO, output: STDOUT_FILENO)
        let server = LanguageServer(connection: connection, options: .init(version: version))
        // The spec's exit codes: 0 after shutdown then exit, 1 for exit (or end of input) without shutdown.
        exit(server.run())
    }
}
