import Reports
import TutorialRules

/// `tutorial-check explain ID`: one rule's description and examples.
enum ExplainCommand {
    static func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        do { parsed = try parseArguments(arguments, specs: []) } catch {
            writeError(error.description)
            return .usageOrInput
        }
        guard parsed.positionals.count == 1, let id = parsed.positionals.first else {
            writeError("explain needs exactly one rule id; 'tutorial-check rules' lists them")
            return .usageOrInput
        }
        guard let text = renderRuleExplanation(id) else {
            writeError("unknown rule '\(id)'; 'tutorial-check rules' lists them")
            return .usageOrInput
        }
        writeOut(text)
        return .clean
    }
}
