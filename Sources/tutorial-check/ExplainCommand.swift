import Reports
import TutorialRules

/// `tutorial-check explain ID`: one rule's description and examples.
enum ExplainCommand {
    static func run(_ arguments: [String]) -> ExitCode {
        let id: String
        do {
            id = try parseCommand(
                "explain", synopsis: "RULE-ID", arguments, specs: [],
                paths: .exactlyOne("rule id; 'tutorial-check rules' lists them")
            ).positionals[0]
        } catch { return error.code }
        guard let text = renderRuleExplanation(id) else {
            writeError("unknown rule '\(id)'; 'tutorial-check rules' lists them")
            return .usageOrInput
        }
        writeOut(text)
        return .clean
    }
}
