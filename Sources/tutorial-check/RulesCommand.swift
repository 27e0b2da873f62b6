#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif
import Reports
import TutorialAnalysis
import TutorialRules

/// `tutorial-check rules [--format text|markdown] [--config FILE]`: the rule catalog (markdown is
/// docs/rules.md); the text lists what is on in the current folder, by the configuration lint would use.
enum RulesCommand {
    static let help = CommandHelp(
        name: "rules", summary: "list the rules, with which are on here", synopsis: "[options]", options: specs,
        operands: .none)
    static let specs = [
        OptionSpec(name: "format", values: ["text", "markdown"], help: "text (one line per rule) or markdown"),
        OptionSpec(
            name: "config", values: [], help: "show the settings of this .tutorial-check.json, not the nearest one"),
    ]

    static func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        do { parsed = try parseCommand(help, arguments) } catch {
            return error.code
        }
        if parsed.value("format") == "markdown" {
            writeOut(renderRulesMarkdown())
            return .clean
        }
        guard let configuration = configurationHere(parsed) else { return .usageOrInput }
        writeOut(renderRuleList(configuration: configuration))
        return .clean
    }

    /// `--config FILE`, else the `.tutorial-check.json` a document in the current folder would take, else
    /// the defaults; nil, with the message written, when the file cannot be used.
    static func configurationHere(_ parsed: ParsedArguments) -> Configuration? {
        do throws(Configuration.LoadError) {
            var path = parsed.value("config")
            if path == nil {
                path = try Configuration.find(
                    forDocument: FileManager.default.currentDirectoryPath + "/" + Configuration.fileName)
            }
            guard let path else { return .default }
            return try Configuration.load(path: path)
        } catch {
            writeError(error.description)
            return nil
        }
    }
}
