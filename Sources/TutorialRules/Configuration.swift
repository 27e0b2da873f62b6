import Foundation
import TutorialModel

/// Rule settings from `.tutorial-check.json`: rules on or off, severities, documents to skip.
///
/// ```json
/// {"rules": {"stale-coordinator-parent": "hint", "prose-code-mismatch": "off", "step-numbering": "error"},
///  "exclude": ["drafts/**", "*.draft.md"],
///  "rulesDocumentation": "https://docs.example.org/tutorial-check/rules.md"}
/// ```
/// A rule's value is `"off"`, `"on"` (default severity) or a severity; `{"enabled": …, "severity": …}`
/// works too. `exclude` globs are matched against document paths relative to the file's folder.
/// `rulesDocumentation` is the page editors open for a finding's rule (its section `#rule-id`): the
/// project's docs/rules.md unless a team publishes its own copy.
public struct Configuration: Sendable, Equatable {
    public struct RuleSetting: Sendable, Equatable {
        public var enabled: Bool?
        public var severity: Severity?

        public init(enabled: Bool? = nil, severity: Severity? = nil) {
            self.enabled = enabled
            self.severity = severity
        }
    }

    public var rules: [String: RuleSetting]
    public var exclude: [String]
    /// The rule reference that diagnostics link to, without the `#rule-id` fragment.
    public var rulesDocumentation: String = Configuration.projectRulesDocumentation
    /// The folder the configuration file is in: `exclude` globs are relative to it.
    public var baseDirectory: String?
    /// The file it was read from, if any.
    public var path: String?
    /// Copies of tutorials and the originals they render (`"originals": {"zh/Page.md": "en/Page.md"}`),
    /// both relative to the configuration's folder: the language server reports where a copy's code drifted
    /// from its original (`tutorial-check compare`).
    public var originals: [String: String] = [:]

    public init(
        rules: [String: RuleSetting] = [:], exclude: [String] = [], baseDirectory: String? = nil, path: String? = nil
    ) {
        self.rules = rules
        self.exclude = exclude
        self.baseDirectory = baseDirectory
        self.path = path
    }

    public static let `default` = Configuration()

    /// docs/rules.md in the project's repository, where every rule has a section named by its id.
    public static let projectRulesDocumentation =
        "https://github.com/tutorial-check/tutorial-check/blob/main/docs/rules.md"

    /// The address of a rule's section in the rule reference.
    public func documentation(ofRule id: String) -> String {
        Self.documentation(ofRule: id, in: rulesDocumentation)
    }

    /// The address of a rule's section in the rule reference at `reference`.
    public static func documentation(ofRule id: String, in reference: String) -> String { "\(reference)#\(id)" }

    /// Only the given rules, each enabled (even those off by default): what the rule example test uses.
    public static func only(_ ids: [String]) -> Configuration {
        var configuration = Configuration()
        for id in RuleRegistry.ids { configuration.rules[id] = RuleSetting(enabled: ids.contains(id)) }
        return configuration
    }

    public func isEnabled(_ rule: RuleDescription) -> Bool { rules[rule.id]?.enabled ?? rule.enabledByDefault }

    public func severity(of rule: RuleDescription) -> Severity { rules[rule.id]?.severity ?? rule.defaultSeverity }

    /// The severity of a finding that carries its own (a reader's diagnostic): the configured one first.
    public func severity(of rule: RuleDescription, ownSeverity: Severity?) -> Severity {
        rules[rule.id]?.severity ?? ownSeverity ?? rule.defaultSeverity
    }

    public struct LoadError: Error, CustomStringConvertible {
        public let description: String
    }

    public static let fileName = ".tutorial-check.json"

    /// Reads a configuration file; unknown rule ids and bad values are errors (a typo must not silently
    /// re-enable a rule the user meant to turn off).
    public static func load(path: String) throws(LoadError) -> Configuration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(description: "\(path): cannot be read")
        }
        return try parse(data, path: path)
    }

    public static func parse(_ data: Data, path: String) throws(LoadError) -> Configuration {
        guard let object = try? JSONSerialization.jsonObject(with: data), let root = object as? [String: Any] else {
            throw LoadError(description: "\(path): not a JSON object")
        }
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        var configuration = Configuration(baseDirectory: directory.isEmpty ? "/" : directory, path: path)
        for key in root.keys where !["rules", "exclude", "rulesDocumentation", "originals"].contains(key) {
            throw LoadError(
                description:
                    "\(path): unknown key '\(key)' (expected 'rules', 'exclude', 'rulesDocumentation' and 'originals')")
        }
        if let originals = root["originals"] {
            guard let table = originals as? [String: String] else {
                throw LoadError(description: "\(path): 'originals' must map each copy's path to its original's path")
            }
            configuration.originals = table
        }
        if let rules = root["rules"] {
            guard let table = rules as? [String: Any] else {
                throw LoadError(description: "\(path): 'rules' must be an object")
            }
            for (id, value) in table {
                guard RuleRegistry.ids.contains(id) else {
                    throw LoadError(description: "\(path): unknown rule '\(id)'")
                }
                configuration.rules[id] = try setting(value, id: id, path: path)
            }
        }
        if let documentation = root["rulesDocumentation"] {
            guard let address = documentation as? String, let url = URL(string: address),
                ["https", "http", "file"].contains(url.scheme?.lowercased() ?? ""), url.fragment == nil
            else {
                throw LoadError(
                    description: "\(path): 'rulesDocumentation' must be the http(s) or file address of a page, without #")
            }
            configuration.rulesDocumentation = address
        }
        if let exclude = root["exclude"] {
            guard let globs = exclude as? [String] else {
                throw LoadError(description: "\(path): 'exclude' must be an array of glob strings")
            }
            configuration.exclude = globs
        }
        return configuration
    }

    private static func setting(_ value: Any, id: String, path: String) throws(LoadError) -> RuleSetting {
        if let flag = value as? Bool { return RuleSetting(enabled: flag) }
        if let text = value as? String {
            switch text {
            case "off": return RuleSetting(enabled: false)
            case "on": return RuleSetting(enabled: true)
            default:
                guard let severity = Severity(rawValue: text) else {
                    throw LoadError(
                        description:
                            "\(path): rule '\(id)': '\(text)' is not off, on, error, warning, information or hint")
                }
                return RuleSetting(enabled: true, severity: severity)
            }
        }
        if let object = value as? [String: Any] {
            var setting = RuleSetting()
            if let enabled = object["enabled"] {
                guard let flag = enabled as? Bool else {
                    throw LoadError(description: "\(path): rule '\(id)': 'enabled' must be true or false")
                }
                setting.enabled = flag
            }
            if let severity = object["severity"] {
                guard let text = severity as? String, let parsed = Severity(rawValue: text) else {
                    throw LoadError(description: "\(path): rule '\(id)': bad severity")
                }
                setting.severity = parsed
                if setting.enabled == nil { setting.enabled = true }
            }
            return setting
        }
        throw LoadError(description: "\(path): rule '\(id)': expected \"off\", \"on\", a severity or an object")
    }
}
