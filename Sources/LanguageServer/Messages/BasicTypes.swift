#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialModel

/// A message the client sends: the conforming type is the message's `params`.
public protocol LSPMessage: Codable, Sendable {
    static var method: String { get }
}

/// A request, with the type of its result.
public protocol LSPRequest: LSPMessage {
    associatedtype Response: Codable & Sendable
}

/// A notification: no reply.
public protocol LSPNotification: LSPMessage {}

/// Params for messages that carry none (shutdown, exit, initialized).
public struct EmptyParams: Codable, Sendable, Equatable {
    public init() {}
}

/// Any JSON value (`LSPAny`): initialization options, opaque `data` fields. The project's one JSON value
/// type (TutorialModel's `JSONTree`), under the name the protocol's messages use.
public typealias JSONValue = JSONTree

/// A position in the negotiated encoding: 0-based line, 0-based `character` in UTF-16 or UTF-8 units.
public struct Position: Codable, Hashable, Sendable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

public struct Range: Codable, Hashable, Sendable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }
}

public struct Location: Codable, Hashable, Sendable {
    public var uri: String
    public var range: Range

    public init(uri: String, range: Range) {
        self.uri = uri
        self.range = range
    }
}

public struct TextDocumentIdentifier: Codable, Hashable, Sendable {
    public var uri: String
    public init(uri: String) { self.uri = uri }
}

public struct VersionedTextDocumentIdentifier: Codable, Hashable, Sendable {
    public var uri: String
    public var version: Int
    public init(uri: String, version: Int) {
        self.uri = uri
        self.version = version
    }
}

/// `OptionalVersionedTextDocumentIdentifier`: what WorkspaceEdit's documentChanges name.
public struct OptionalVersionedTextDocumentIdentifier: Codable, Hashable, Sendable {
    public var uri: String
    public var version: Int?

    public init(uri: String, version: Int?) {
        self.uri = uri
        self.version = version
    }

    enum CodingKeys: String, CodingKey { case uri, version }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uri, forKey: .uri)
        try container.encode(version, forKey: .version)  // null means "the file on disk"
    }
}

public struct TextDocumentItem: Codable, Hashable, Sendable {
    public var uri: String
    public var languageId: String
    public var version: Int
    public var text: String

    public init(uri: String, languageId: String, version: Int, text: String) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.text = text
    }
}

public struct TextEdit: Codable, Hashable, Sendable {
    public var range: Range
    public var newText: String

    public init(range: Range, newText: String) {
        self.range = range
        self.newText = newText
    }
}

public struct TextDocumentEdit: Codable, Hashable, Sendable {
    public var textDocument: OptionalVersionedTextDocumentIdentifier
    public var edits: [TextEdit]

    public init(textDocument: OptionalVersionedTextDocumentIdentifier, edits: [TextEdit]) {
        self.textDocument = textDocument
        self.edits = edits
    }
}

/// A workspace edit in the `changes` form (every client supports it) or, when the client says it
/// can, `documentChanges` with versions so an edit computed for an old buffer is refused.
public struct WorkspaceEdit: Codable, Hashable, Sendable {
    public var changes: [String: [TextEdit]]?
    public var documentChanges: [TextDocumentEdit]?

    public init(changes: [String: [TextEdit]]? = nil, documentChanges: [TextDocumentEdit]? = nil) {
        self.changes = changes
        self.documentChanges = documentChanges
    }
}

public enum MarkupKind: String, Codable, Sendable {
    case plaintext
    case markdown
}

public struct MarkupContent: Codable, Hashable, Sendable {
    public var kind: MarkupKind
    public var value: String

    public init(kind: MarkupKind, value: String) {
        self.kind = kind
        self.value = value
    }
}

public struct Command: Codable, Hashable, Sendable {
    public var title: String
    public var command: String
    public var arguments: [JSONValue]?

    public init(title: String, command: String, arguments: [JSONValue]? = nil) {
        self.title = title
        self.command = command
        self.arguments = arguments
    }
}

public struct WorkspaceFolder: Codable, Hashable, Sendable {
    public var uri: String
    public var name: String

    public init(uri: String, name: String) {
        self.uri = uri
        self.name = name
    }
}
