#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

public struct TextDocumentPositionParams: Codable, Hashable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
}

public struct HoverRequest: LSPRequest {
    public static let method = "textDocument/hover"
    public typealias Response = Hover?

    public var textDocument: TextDocumentIdentifier
    public var position: Position

    public init(textDocument: TextDocumentIdentifier, position: Position) {
        self.textDocument = textDocument
        self.position = position
    }
}

public struct Hover: Codable, Hashable, Sendable {
    public var contents: MarkupContent
    public var range: Range?
}

public enum SymbolKind: Int, Codable, Sendable {
    case file = 1
    case module = 2
    case namespace = 3
    case package = 4
    case `class` = 5
    case method = 6
    case property = 7
    case field = 8
    case constructor = 9
    case `enum` = 10
    case interface = 11
    case function = 12
    case variable = 13
    case constant = 14
    case string = 15
    case number = 16
    case boolean = 17
    case array = 18
    case object = 19
    case key = 20
    case null = 21
    case enumMember = 22
    case `struct` = 23
    case event = 24
    case `operator` = 25
    case typeParameter = 26
}

public struct DocumentSymbol: Codable, Hashable, Sendable {
    public var name: String
    public var detail: String?
    public var kind: SymbolKind
    public var range: Range
    public var selectionRange: Range
    public var children: [DocumentSymbol]?
}

public struct DocumentSymbolRequest: LSPRequest {
    public static let method = "textDocument/documentSymbol"
    public typealias Response = [DocumentSymbol]
    public var textDocument: TextDocumentIdentifier
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

public struct FoldingRange: Codable, Hashable, Sendable {
    public var startLine: Int
    public var endLine: Int
    public var kind: String?
}

public struct FoldingRangeRequest: LSPRequest {
    public static let method = "textDocument/foldingRange"
    public typealias Response = [FoldingRange]
    public var textDocument: TextDocumentIdentifier
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

public struct CodeLens: Codable, Hashable, Sendable {
    public var range: Range
    public var command: Command?
}

public struct CodeLensRequest: LSPRequest {
    public static let method = "textDocument/codeLens"
    public typealias Response = [CodeLens]
    public var textDocument: TextDocumentIdentifier
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

public struct CodeActionContext: Codable, Hashable, Sendable {
    public var diagnostics: [Diagnostic]
    public var only: [String]?
    public init(diagnostics: [Diagnostic], only: [String]? = nil) {
        self.diagnostics = diagnostics
        self.only = only
    }
}

public struct CodeActionRequest: LSPRequest {
    public static let method = "textDocument/codeAction"
    public typealias Response = [CodeAction]

    public var textDocument: TextDocumentIdentifier
    public var range: Range
    public var context: CodeActionContext

    public init(textDocument: TextDocumentIdentifier, range: Range, context: CodeActionContext) {
        self.textDocument = textDocument
        self.range = range
        self.context = context
    }
}

public struct CodeAction: Codable, Hashable, Sendable {
    public var title: String
    public var kind: String
    public var diagnostics: [Diagnostic]?
    public var isPreferred: Bool?
    public var edit: WorkspaceEdit?
}

public struct ExecuteCommandRequest: LSPRequest {
    public static let method = "workspace/executeCommand"
    public typealias Response = JSONValue
    public var command: String
    public var arguments: [JSONValue]?
}

/// `tutorialCheck/stepDiff`: a document's change sets in the diff JSON contract of docs/json-output.md
/// (`{"documents":[{"path","changes":[…]}]}`).
public struct StepDiffRequest: LSPRequest {
    public static let method = "tutorialCheck/stepDiff"
    public typealias Response = JSONValue
    public var textDocument: TextDocumentIdentifier
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}
