import TutorialModel
import TutorialRules

/// `tutorial-check rules`: one line per rule, from the rule descriptions: its id, its default, what
/// `configuration` makes of it (`here: off`, `here: error`: the settings of the folder it was run in),
/// and its summary.
public func renderRuleList(configuration: Configuration = .default) -> String {
    let rules = RuleRegistry.all.map(\.description)
    let severities = rules.map { $0.defaultSeverity.rawValue + ($0.enabledByDefault ? "" : ", off by default") }
    let here = rules.map { "here: " + (configuration.isEnabled($0) ? configuration.severity(of: $0).rawValue : "off") }
    let idWidth = rules.map(\.id.count).max() ?? 0
    let severityWidth = severities.map(\.count).max() ?? 0
    let hereWidth = here.map(\.count).max() ?? 0
    var out = ""
    for (index, rule) in rules.enumerated() {
        out +=
            FoundationFormat.padded(rule.id, toLength: idWidth) + "  "
            + FoundationFormat.padded(severities[index], toLength: severityWidth) + "  "
            + FoundationFormat.padded(here[index], toLength: hereWidth) + "  \(rule.summary)\n"
    }
    return out
}

/// `tutorial-check explain ID`: the rule's description with its examples, its measured precision when
/// there is one, and the address of its section in the rule reference (`documentation`, the project's
/// docs/rules.md unless configured); nil for an unknown id.
public func renderRuleExplanation(_ id: String, documentation: String = Configuration.projectRulesDocumentation)
    -> String?
{
    RuleRegistry.rule(id).map { renderRuleExplanation($0.description, documentation: documentation) }
}

/// One rule's explanation (`renderRuleExplanation(_:documentation:)`).
public func renderRuleExplanation(_ rule: RuleDescription, documentation: String) -> String {
    var out =
        "\(rule.id) (\(rule.category.rawValue), default \(rule.defaultSeverity.rawValue)"
        + (rule.enabledByDefault ? "" : ", off by default") + ")\n\n"
    out += rule.summary + "\n\n" + rule.explanation + "\n"
    if let precision = rule.measuredPrecision { out += "\n" + precisionSentence(precision) + "\n" }
    out += "\nReference: \(Configuration.documentation(ofRule: rule.id, in: documentation))\n"
    func examples(_ title: String, _ list: [RuleExample]) {
        out += "\n\(title) (↓ marks where a finding starts):\n"
        for example in list {
            out += "\n  — \(example.note ?? "example")\n"
            for text in exampleTexts(example) {
                out += text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(
                    separator: "\n")
                out += "\n"
            }
        }
    }
    examples("Reported", rule.triggering)
    examples("Not reported", rule.nonTriggering)
    return out
}

/// A rule's measured precision, in words.
private func precisionSentence(_ precision: RuleDescription.MeasuredPrecision) -> String {
    "Measured precision: \(Int((precision.value * 100).rounded()))% of \(precision.sample) findings on the "
        + "\(precision.part.rawValue) part of the real-world set were right (\(precision.date), docs/real-world.md)."
        + (precision.note.map { " \($0)" } ?? "")
}

/// The summary table's cell: the measured precision and its sample, or a dash.
private func precisionCell(_ precision: RuleDescription.MeasuredPrecision?) -> String {
    guard let precision else { return "—" }
    return FoundationFormat.fixed(precision.value, fractionDigits: 2) + " of \(precision.sample) (\(precision.part.rawValue))"
}

/// docs/rules.md: the rule reference, generated from the same descriptions (a test keeps it current).
public func renderRulesMarkdown() -> String {
    let rules = RuleRegistry.all.map(\.description)
    var out = "# Rule reference\n\n"
    out += "<!-- Generated from the rule descriptions in Sources/TutorialRules/Rules; do not edit by hand. -->\n"
    out += "<!-- Regenerate with: tutorial-check rules --format markdown > docs/rules.md -->\n\n"
    out +=
        "Configure rules in `.tutorial-check.json` (`{\"rules\": {\"id\": \"off\" | \"on\" | severity}, "
        + "\"exclude\": [globs]}`), or suppress them in a document with `<!-- tutorial-check-disable id -->` … "
        + "`<!-- tutorial-check-enable id -->`, `<!-- tutorial-check-disable-next-step id -->`, or in code with "
        + "`// tutorial-check:disable-line id`.\n\n"
    out +=
        "Each rule's real-world precision is measured on the held-out part of the real-world set "
        + "([real-world.md](real-world.md)); a rule under 0.90 there is off by default until it reaches it.\n\n"
    out += "| id | category | default | real-world precision | summary |\n| --- | --- | --- | --- | --- |\n"
    for rule in rules {
        let severity = rule.defaultSeverity.rawValue + (rule.enabledByDefault ? "" : ", off by default")
        out +=
            "| [`\(rule.id)`](#\(rule.id)) | \(rule.category.rawValue) | \(severity) | "
            + "\(precisionCell(rule.measuredPrecision)) | \(rule.summary) |\n"
    }
    for rule in rules {
        out += "\n## \(rule.id)\n\n"
        out +=
            "Default severity: **\(rule.defaultSeverity.rawValue)**"
            + (rule.enabledByDefault ? "" : " (off by default)")
            + ".\n\n\(rule.summary)\n\n\(rule.explanation)\n"
        if let precision = rule.measuredPrecision { out += "\n" + precisionSentence(precision) + "\n" }
        func examples(_ title: String, _ list: [RuleExample]) {
            out += "\n### \(title)\n"
            for example in list {
                out += "\n\(example.note ?? "Example"):\n"
                let language = example.document.map { exampleLanguage($0.path) } ?? "swift"
                for text in exampleTexts(example) {
                    // Longer than any run of backticks in the example, so the example's own fences stay inside.
                    let fence = String(repeating: "`", count: max(3, longestBacktickRun(text) + 1))
                    out += "\n\(fence)\(language)\n\(text)\n\(fence)\n"
                }
            }
        }
        examples("Reported (↓ marks where the finding starts)", rule.triggering)
        examples("Not reported", rule.nonTriggering)
    }
    return out
}

/// The longest run of backticks in `text`.
private func longestBacktickRun(_ text: String) -> Int {
    var longest = 0
    var run = 0
    for byte in text.utf8 {
        run = byte == UInt8(ascii: "`") ? run + 1 : 0
        longest = max(longest, run)
    }
    return longest
}

/// The fence language of a document example, from its path's extension.
private func exampleLanguage(_ path: String) -> String {
    if path.hasSuffix(".md") { return "markdown" }
    if path.hasSuffix(".html") { return "html" }
    return "text"
}

/// An example's snippets as text, each with its step label, prose and file name as comments; a
/// document example is its whole text.
private func exampleTexts(_ example: RuleExample) -> [String] {
    if let document = example.document {
        var text = document.text
        if text.hasSuffix("\n") { text.removeLast() }
        return ["<!-- \(document.path) -->\n" + text]
    }
    var texts: [String] = []
    for (index, step) in example.steps.enumerated() {
        for snippet in step.snippets {
            var header: [String] = []
            if example.steps.count > 1 || step.label != nil { header.append("// \(step.label ?? "Step \(index + 1)")") }
            if !step.prose.isEmpty { header.append("// " + step.prose.replacingText("\n", with: " ")) }
            let kind = snippet.kind == .fragment ? " (fragment)" : ""
            if let name = snippet.fileName { header.append("// \(name)\(kind)") }
            var code = snippet.code
            if code.hasSuffix("\n") { code.removeLast() }
            texts.append((header + [code]).joined(separator: "\n"))
        }
        if step.snippets.isEmpty {
            texts.append("// \(step.label ?? "Step \(index + 1)")" + (step.prose.isEmpty ? "" : "\n// \(step.prose)"))
        }
    }
    return texts
}
