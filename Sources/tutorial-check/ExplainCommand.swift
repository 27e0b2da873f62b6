import Reports
import TutorialRules

/// `tutorial-check explain ID`: one rule's description and examples.
enum ExplainCommand {
    static let help = CommandHelp(
        name: "explain", summary: "explain one rule, with examples", synopsis: "RULE-ID", options: [],
        operands: .ruleID)

    static func run(_ arguments: [String]) -> ExitCode {
        let id: String
        do {
            id = try parseCommand(help, arguments).positionals[0]
        } catch { return error.code }
        guard let text = renderRuleExplanation(id) else {
            writeError("unknown rule '\(id)'; 'tutorial-check rules' lists them")
            return .usageOrInput
        }
        writeOut(text)
        return .clean
    }
}
