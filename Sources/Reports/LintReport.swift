#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialAnalysis
import TutorialModel
import TutorialRules

/// The findings of one linted document, with what the renderers need to place them.
public struct LintedDocument: Sendable {
    public let path: String
    public let lineIndex: LineIndex
    public let findings: [Finding]

    public init(path: String, lineIndex: LineIndex, findings: [Finding]) {
        self.path = path
        self.lineIndex = lineIndex
        self.findings = findings
    }

    public init(_ analysis: Analysis) {
        self.init(
            path: analysis.tutorial.document.path, lineIndex: analysis.tutorial.document.lineIndex,
            findings: analysis.findings)
    }

    /// A document linted, whether analysed now or remembered (`lint --cache`, `lint --fix`).
    public init(_ result: LintResult) {
        self.init(path: result.document.path, lineIndex: result.document.lineIndex, findings: result.findings)
    }
}

/// Counts per severity over every document.
public struct LintSummary: Codable, Equatable, Sendable {
    public let documents: Int
    public let errors: Int
    public let warnings: Int
    public let information: Int
    public let hints: Int

    public init(_ documents: [LintedDocument]) {
        let all = documents.flatMap(\.findings)
        self.documents = documents.count
        errors = all.filter { $0.severity == .error }.count
        warnings = all.filter { $0.severity == .warning }.count
        information = all.filter { $0.severity == .information }.count
        hints = all.filter { $0.severity == .hint }.count
    }
}

/// `tutorial-check lint --format json`: the contract of docs/json-output.md (docs/schemas/lint.schema.json).
public struct LintJSON: Codable, Equatable, Sendable {
    public struct Document: Codable, Equatable, Sendable {
        public let path: String
        public let diagnostics: [Diagnostic]
    }

    public struct Diagnostic: Codable, Equatable, Sendable {
        public let rule: String
        public let severity: String
        public let message: String
        public let range: JSONRange
        @ExplicitNull public var step: String?
        @ExplicitNull public var resolvedAt: String?
    }

    public let documents: [Document]
    public let summary: LintSummary

    public init(_ documents: [LintedDocument]) {
        self.documents = documents.map { document in
            Document(
                path: document.path,
                diagnostics: document.findings.map { finding in
                    Diagnostic(
                        rule: finding.rule, severity: finding.severity.rawValue, message: finding.message,
                        range: JSONRange(finding.range, in: document.lineIndex), step: finding.step?.description,
                        resolvedAt: finding.resolvedAt?.description)
                })
        }
        summary = LintSummary(documents)
    }
}

/// Compiler-style lines: `path:line:col: warning: message [rule-id] (step 2.3)`, then a summary line.
public func renderLintText(_ documents: [LintedDocument]) -> String {
    var out = ""
    for document in documents {
        for finding in document.findings { out += compilerStyleLine(finding, in: document) + "\n" }
    }
    let summary = LintSummary(documents)
    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    out +=
        "\(count(summary.documents, "document")): \(count(summary.errors, "error")), "
        + "\(count(summary.warnings, "warning")), \(summary.information) information, \(count(summary.hints, "hint"))\n"
    return out
}

/// `path:line:col: severity: message [rule] (step 1.2, resolved at 1.4)`: a finding as `--format text` prints it.
func compilerStyleLine(_ finding: Finding, in document: LintedDocument) -> String {
    let start = document.lineIndex.lineColumn(of: finding.range.start)
    var location = finding.step.map { "step \($0)" } ?? ""
    if let resolved = finding.resolvedAt { location += ", resolved at \(resolved)" }
    let path = OutputEscaping.terminal(document.path)
    let message = OutputEscaping.terminal(finding.message)
    return "\(path):\(start.line):\(start.column): \(finding.severity.rawValue): \(message) "
        + "[\(finding.rule)]" + (location.isEmpty ? "" : " (\(location))")
}

/// GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` annotation per finding.
public func renderLintGitHub(_ documents: [LintedDocument]) -> String {
    let escapeData = OutputEscaping.gitHubData
    let escapeProperty = OutputEscaping.gitHubProperty
    var out = ""
    for document in documents {
        for finding in document.findings {
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .information, .hint: command = "notice"
            }
            let start = document.lineIndex.lineColumn(of: finding.range.start)
            let end = document.lineIndex.lineColumn(of: finding.range.end)
            var message = finding.message
            if let step = finding.step {
                message += " (step \(step)" + (finding.resolvedAt.map { ", resolved at \($0)" } ?? "") + ")"
            }
            out +=
                "::\(command) file=\(escapeProperty(document.path)),line=\(start.line),col=\(start.column),"
                + "endLine=\(end.line),endColumn=\(end.column),title=\(escapeProperty(finding.rule))::\(escapeData(message))\n"
        }
    }
    return out
}
