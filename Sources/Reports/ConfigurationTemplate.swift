import TutorialRules

/// `tutorial-check init`: a `.tutorial-check.json` with every key the configuration reader knows, each
/// rule on or off as by default (`"on"`: at its default severity, which its comment names, so a later
/// version's defaults still apply), and comments saying what each does. It is JSON with comments (JSONC,
/// read by `Configuration.parse`), and linting with it behaves as linting with no file at all.
public func renderConfigurationTemplate(version: String) -> String {
    let rules = RuleRegistry.all.map(\.description)
    var out = """
        // tutorial-check configuration, written by `tutorial-check init` (tutorial-check \(version)).
        // Each document is checked with the nearest .tutorial-check.json in its folder or above it.
        // JSON with comments: // and /* */ comments and a comma before } or ] are allowed.
        {
          // Each rule: "off", "on" (at its default severity, named in the comment above it) or a severity:
          // "error", "warning", "information", "hint". Every rule is listed as it is by default.
          // `tutorial-check explain RULE` shows what a rule reports; `tutorial-check rules`, what is on here.
          "rules": {

        """
    for (index, rule) in rules.enumerated() {
        let value = rule.enabledByDefault ? "on" : "off"
        let severity = rule.defaultSeverity.rawValue + (rule.enabledByDefault ? "" : " when on")
        out += "    // \(severity): \(rule.summary)\n"
        out += "    \"\(rule.id)\": \"\(value)\"\(index == rules.count - 1 ? "" : ",")\n"
    }
    out += """
          },
          // Documents to skip: globs matched against paths relative to this file's folder (`*` within one
          // folder, `**` across folders, `?` one character), e.g. ["drafts/**", "*.draft.md"].
          "exclude": [],
          // The rule reference that editors link each finding to (the rule's section, #rule-id).
          "rulesDocumentation": "\(Configuration.projectRulesDocumentation)",
          // Build order (code shown before it is complete, finished by a later step of the same file) is no
          // defect and is not shown; true shows it as hints, as `lint --include-build-order` does.
          "includeBuildOrder": false,
          // For `tutorial-check compare` and the editor's drift diagnostics: each copy's path (a translation,
          // a new revision) mapped to its original's, relative to this file's folder, e.g.
          // {"zh/uikit.md": "en/uikit.md"}.
          "originals": {}
        }

        """
    return out
}
