#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

public enum DiagnosticSeverity: Int, Codable, Sendable {
    case error = 1
    case warning = 2
    case information = 3
    case hint = 4
}

public struct CodeDescription: Codable, Hashable, Sendable {
    public var href: String
    public init(href: String) { self.href = href }
}

public struct DiagnosticRelatedInformation: Codable, Hashable, Sendable {
    public var location: Location
    public var message: String
    public init(location: Location, message: String) {
        self.location = location
        self.message = message
    }
}

/// A finding as the editor shows it: the rule id is the `code`, the steps that introduced and resolved
/// it are related information.
public struct Diagnostic: Codable, Hashable, Sendable {
    public var range: Range
    public var severity: DiagnosticSeverity?
    public var code: String?
    public var codeDescription: CodeDescription?
    public var source: String?
    public var message: String
    public var relatedInformation: [DiagnosticRelatedInformation]?
    public var data: JSONValue?

    public init(
        range: Range, severity: DiagnosticSeverity?, code: String?, codeDescription: CodeDescription? = nil,
        source: String? = nil, message: String, relatedInformation: [DiagnosticRelatedInformation]? = nil,
        data: JSONValue? = nil
    ) {
        self.range = range
        self.severity = severity
        self.code = code
        self.codeDescription = codeDescription
        self.source = source
        self.message = message
        self.relatedInformation = relatedInformation
        self.data = data
    }
}

/// Server → client: `textDocument/publishDiagnostics`.
public struct PublishDiagnosticsNotification: LSPNotification {
    public static let method = "textDocument/publishDiagnostics"
    public var uri: String
    public var version: Int?
    public var diagnostics: [Diagnostic]

    public init(uri: String, version: Int?, diagnostics: [Diagnostic]) {
        self.uri = uri
        self.version = version
        self.diagnostics = diagnostics
    }
}

/// `textDocument/diagnostic`: pulled diagnostics of one document.
public struct DocumentDiagnosticRequest: LSPRequest {
    public static let method = "textDocument/diagnostic"
    public typealias Response = DocumentDiagnosticReport

    public var textDocument: TextDocumentIdentifier
    public var identifier: String?
    public var previousResultId: String?

    public init(textDocument: TextDocumentIdentifier, previousResultId: String? = nil) {
        self.textDocument = textDocument
        self.previousResultId = previousResultId
    }
}

/// A full report, or `unchanged` when the client's `previousResultId` is still current.
public struct DocumentDiagnosticReport: Codable, Sendable {
    public var kind: String
    public var resultId: String?
    public var items: [Diagnostic]?

    public static func full(_ items: [Diagnostic], resultId: String) -> DocumentDiagnosticReport {
        .init(kind: "full", resultId: resultId, items: items)
    }

    public static func unchanged(resultId: String) -> DocumentDiagnosticReport {
        .init(kind: "unchanged", resultId: resultId, items: nil)
    }
}

public struct PreviousResultID: Codable, Hashable, Sendable {
    public var uri: String
    public var value: String
}

/// `workspace/diagnostic`: every tutorial in the workspace folders and every open document.
public struct WorkspaceDiagnosticRequest: LSPRequest {
    public static let method = "workspace/diagnostic"
    public typealias Response = WorkspaceDiagnosticReport

    public var identifier: String?
    public var previousResultIds: [PreviousResultID]

    public init(previousResultIds: [PreviousResultID] = []) { self.previousResultIds = previousResultIds }
}

public struct WorkspaceDocumentDiagnosticReport: Codable, Sendable {
    public var kind: String
    public var uri: String
    /// The open buffer's version, null for files read from disk.
    public var version: Int?
    public var resultId: String?
    public var items: [Diagnostic]?

    enum CodingKeys: String, CodingKey { case kind, uri, version, resultId, items }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(uri, forKey: .uri)
        try container.encode(version, forKey: .version)
        try container.encodeIfPresent(resultId, forKey: .resultId)
        try container.encodeIfPresent(items, forKey: .items)
    }
}

public struct WorkspaceDiagnosticReport: Codable, Sendable {
    public var items: [WorkspaceDocumentDiagnosticReport]
}
