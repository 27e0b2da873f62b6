#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialModel
import TutorialRules

/// `tutorial-check lint --format sarif`: a SARIF 2.1.0 log with one run, the rule catalog as the
/// driver's rules, and one result per finding (columns in UTF-16 code units, SARIF's default).
public func renderLintSarif(_ documents: [LintedDocument], toolVersion: String) -> String {
    let catalog = RuleRegistry.all.map(\.description)
    let ruleIndex = Dictionary(uniqueKeysWithValues: catalog.enumerated().map { ($0.element.id, $0.offset) })
    let rules: [[String: Any]] = catalog.map { rule in
        [
            "id": rule.id,
            "name": rule.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
            "shortDescription": ["text": rule.summary],
            "fullDescription": ["text": rule.explanation],
            "help": ["text": "Examples: tutorial-check explain \(rule.id) (also docs/rules.md#\(rule.id))"],
            "defaultConfiguration": ["level": sarifLevel(rule.defaultSeverity), "enabled": rule.enabledByDefault],
            "properties": ["category": rule.category.rawValue],
        ]
    }
    var results: [[String: Any]] = []
    var artifacts: [[String: Any]] = []
    for (artifactIndex, document) in documents.enumerated() {
        let uri = sarifURI(document.path)
        artifacts.append(["location": ["uri": uri]])
        for finding in document.findings {
            let start = document.lineIndex.lineColumn(of: finding.range.start)
            let end = document.lineIndex.lineColumn(of: finding.range.end)
            var result: [String: Any] = [
                "ruleId": finding.rule,
                "level": sarifLevel(finding.severity),
                "message": ["text": finding.message],
                "locations": [
                    [
                        "physicalLocation": [
                            "artifactLocation": ["uri": uri, "index": artifactIndex],
                            "region": [
                                "startLine": start.line, "startColumn": start.column, "endLine": end.line,
                                "endColumn": end.column,
                            ],
                        ]
                    ]
                ],
                "partialFingerprints": ["tutorialCheck/v1": "\(finding.rule)|\(finding.subject)"],
            ]
            if let index = ruleIndex[finding.rule] { result["ruleIndex"] = index }
            var properties: [String: Any] = ["severity": finding.severity.rawValue]
            if let step = finding.step { properties["step"] = step.description }
            if let resolved = finding.resolvedAt { properties["resolvedAt"] = resolved.description }
            result["properties"] = properties
            results.append(result)
        }
    }
    let log: [String: Any] = [
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            [
                "tool": [
                    "driver": [
                        "name": "tutorial-check", "version": toolVersion, "semanticVersion": toolVersion,
                        "rules": rules,
                    ]
                ],
                "artifacts": artifacts,
                "results": results,
                "columnKind": "utf16CodeUnits",
            ]
        ],
    ]
    let data = (try? JSONWriting.data(SarifValue(log), style: .printed)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
}

/// SARIF has no hint level: information and hints are notes.
private func sarifLevel(_ severity: Severity) -> String {
    switch severity {
    case .error: return "error"
    case .warning: return "warning"
    case .information, .hint: return "note"
    }
}

/// A relative URI reference for a path as the user gave it (spaces and the like percent-encoded).
private func sarifURI(_ path: String) -> String { FoundationFormat.percentEncodedPath(path) }

/// The log's dictionaries as JSON, written by the project's encoder with the layout
/// `JSONSerialization` gave it (pretty-printed, keys sorted, slashes unescaped), which lives in
/// libFoundation.so; SARIF captures of the seeds are byte for byte those it wrote.
private enum SarifValue: Encodable {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case array([SarifValue])
    case object([String: SarifValue])

    init(_ value: Any) {
        switch value {
        case let flag as Bool: self = .boolean(flag)
        case let number as Int: self = .integer(number)
        case let text as String: self = .string(text)
        case let elements as [Any]: self = .array(elements.map(SarifValue.init))
        case let members as [String: Any]: self = .object(members.mapValues(SarifValue.init))
        default: self = .string(String(describing: value))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .integer(let number): try container.encode(number)
        case .boolean(let flag): try container.encode(flag)
        case .array(let elements): try container.encode(elements)
        case .object(let members): try container.encode(members)
        }
    }
}
