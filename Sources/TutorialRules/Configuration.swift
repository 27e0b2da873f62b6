#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif
import TutorialModel

/// Rule settings from `.tutorial-check.json`: rules on or off, severities, documents to skip.
///
/// ```json
/// {"rules": {"stale-coordinator-parent": "hint", "prose-code-mismatch": "off", "step-numbering": "error"},
///  "exclude": ["drafts/**", "*.draft.md"],
///  "rulesDocumentation": "https://docs.example.org/tutorial-check/rules.md", "includeBuildOrder": false}
/// ```
/// A rule's value is `"off"`, `"on"` (default severity) or a severity; `{"enabled": …, "severity": …}`
/// works too. `exclude` globs are matched against document paths relative to the file's folder.
/// `rulesDocumentation` is the page editors open for a finding's rule (its section `#rule-id`): the
/// project's docs/rules.md unless a team publishes its own copy. `includeBuildOrder` shows build order (a
/// problem a later step of the same file completes) as hints, as `lint --include-build-order` does.
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
    /// Globs of documents to skip; compiled once here, not once per document (`excludePatterns`).
    public var exclude: [String] { didSet { excludePatterns = exclude.map(GlobPattern.init) } }
    /// `exclude`, compiled.
    public private(set) var excludePatterns: [GlobPattern]
    /// The rule reference that diagnostics link to, without the `#rule-id` fragment.
    public var rulesDocumentation: String = Configuration.projectRulesDocumentation
    /// Whether build order (code a later step completes) is shown, as `hint` findings; off, the default,
    /// only defects are: problems still there at the end of a file, and regressions.
    public var includeBuildOrder = false
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
        excludePatterns = exclude.map(GlobPattern.init)
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
        public init(description: String) { self.description = description }
    }

    public static let fileName = ".tutorial-check.json"

    /// A configuration file is a few lines; a larger one is refused before it is read.
    public static let maximumBytes = 1 << 20
    /// At most this many `exclude` globs, each at most `maximumGlobCharacters` long: every document's path
    /// is matched against each.
    public static let maximumGlobs = 256
    public static let maximumGlobCharacters = 1_024

    /// Reads a configuration file; unknown rule ids and bad values are errors (a typo must not silently
    /// re-enable a rule the user meant to turn off). Only a regular file of at most `maximumBytes` is
    /// read (a FIFO is never opened for reading, so never blocks).
    public static func load(path: String) throws(LoadError) -> Configuration {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw LoadError(description: "\(path): cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw LoadError(description: "\(path): is not a regular file")
        }
        guard Int(info.st_size) <= maximumBytes else {
            throw LoadError(description: "\(path): \(tooLarge(Int(info.st_size)))")
        }
        // Read one byte past the limit: a file that grew since `fstat` is still refused.
        guard let data = FileDescriptorIO.read(descriptor, upToCount: maximumBytes + 1) else {
            throw LoadError(description: "\(path): cannot be read")
        }
        guard data.count <= maximumBytes else { throw LoadError(description: "\(path): \(tooLarge(data.count))") }
        return try parse(data, path: path)
    }

    private static func tooLarge(_ count: Int) -> String {
        let mebibytes = Double(count) / Double(1 << 20)
        return "is \((mebibytes * 10).rounded() / 10) MiB, over the limit of 1 MiB for a configuration file"
    }


    /// JSON with `//` and `/* */` comments and trailing commas (`JSONComments`), as `tutorial-check init`
    /// writes it.
    public static func parse(_ data: Data, path: String) throws(LoadError) -> Configuration {
        guard let data = JSONComments.blanked(data) else {
            throw LoadError(description: "\(path): a /* comment is never closed")
        }
        guard let root = JSONTree.parse(data)?.objectValue else {
            throw LoadError(description: "\(path): not a JSON object")
        }
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        var configuration = Configuration(baseDirectory: directory.isEmpty ? "/" : directory, path: path)
        let keys = ["rules", "exclude", "rulesDocumentation", "includeBuildOrder", "originals"]
        for key in root.keys where !keys.contains(key) {
            throw LoadError(
                description: "\(path): unknown key '\(key)' (expected \(keys.map { "'\($0)'" }.joined(separator: ", ")))")
        }
        if let include = root["includeBuildOrder"] {
            guard let flag = include.boolValue else {
                throw LoadError(description: "\(path): 'includeBuildOrder' must be true or false")
            }
            configuration.includeBuildOrder = flag
        }
        if let originals = root["originals"] {
            guard let table = originals.stringTableValue else {
                throw LoadError(description: "\(path): 'originals' must map each copy's path to its original's path")
            }
            configuration.originals = table
        }
        if let rules = root["rules"] {
            guard let table = rules.objectValue else {
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
            guard let address = documentation.stringValue, let url = URL(string: address),
                ["https", "http", "file"].contains(url.scheme?.lowercased() ?? ""), url.fragment == nil
            else {
                throw LoadError(
                    description:
                        "\(path): 'rulesDocumentation' must be the http(s) or file address of a page, without #")
            }
            configuration.rulesDocumentation = address
        }
        if let exclude = root["exclude"] {
            guard let globs = exclude.stringsValue else {
                throw LoadError(description: "\(path): 'exclude' must be an array of glob strings")
            }
            guard globs.count <= maximumGlobs else {
                throw LoadError(
                    description: "\(path): 'exclude' has \(globs.count) globs, over the limit of \(maximumGlobs)")
            }
            if let long = globs.first(where: { $0.count > maximumGlobCharacters }) {
                throw LoadError(
                    description:
                        "\(path): an 'exclude' glob is \(long.count) characters long, over the limit of "
                        + "\(maximumGlobCharacters)")
            }
            configuration.exclude = globs
        }
        return configuration
    }

    private static func setting(_ value: JSONTree, id: String, path: String) throws(LoadError) -> RuleSetting {
        if let flag = value.boolValue { return RuleSetting(enabled: flag) }
        if let text = value.stringValue {
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
        if let object = value.objectValue {
            var setting = RuleSetting()
            if let enabled = object["enabled"] {
                guard let flag = enabled.boolValue else {
                    throw LoadError(description: "\(path): rule '\(id)': 'enabled' must be true or false")
                }
                setting.enabled = flag
            }
            if let severity = object["severity"] {
                guard let text = severity.stringValue, let parsed = Severity(rawValue: text) else {
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
