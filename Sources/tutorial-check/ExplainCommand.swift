#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif
import Reports
import TutorialRules

/// `tutorial-check explain ID`: one rule's description and examples, its measured precision when known,
/// and the address of its section in the rule reference (the one the current folder's configuration
/// names, else the project's docs/rules.md online).
enum ExplainCommand {
    static let help = CommandHelp(
        name: "explain", summary: "explain one rule, with examples and a link to its reference", synopsis: "RULE-ID",
        options: [], operands: .ruleID)

    static func run(_ arguments: [String]) -> ExitCode {
        let id: String
        do {
            id = try parseCommand(help, arguments).positionals[0]
        } catch { return error.code }
        // A configuration file that cannot be read does not stop an explanation: the project's link is used.
        let here = try? Configuration.find(
            forDocument: FileManager.default.currentDirectoryPath + "/" + Configuration.fileName)
        let documentation =
            here.flatMap { try? Configuration.load(path: $0) }?.rulesDocumentation
            ?? Configuration.projectRulesDocumentation
        guard let text = renderRuleExplanation(id, documentation: documentation) else {
            writeError("unknown rule '\(id)'; 'tutorial-check rules' lists them")
            return .usageOrInput
        }
        writeOut(text)
        return .clean
    }
}
