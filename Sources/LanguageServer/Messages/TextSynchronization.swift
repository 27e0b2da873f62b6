#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

public struct DidOpenTextDocumentNotification: LSPNotification {
    public static let method = "textDocument/didOpen"
    public var textDocument: TextDocumentItem
    public init(textDocument: TextDocumentItem) { self.textDocument = textDocument }
}

/// One change: a range replaced (incremental sync), or the whole text when `range` is absent.
public struct TextDocumentContentChangeEvent: Codable, Hashable, Sendable {
    public var range: Range?
    public var rangeLength: Int?
    public var text: String

    public init(range: Range? = nil, text: String) {
        self.range = range
        self.text = text
    }
}

public struct DidChangeTextDocumentNotification: LSPNotification {
    public static let method = "textDocument/didChange"
    public var textDocument: VersionedTextDocumentIdentifier
    public var contentChanges: [TextDocumentContentChangeEvent]

    public init(textDocument: VersionedTextDocumentIdentifier, contentChanges: [TextDocumentContentChangeEvent]) {
        self.textDocument = textDocument
        self.contentChanges = contentChanges
    }
}

public struct DidSaveTextDocumentNotification: LSPNotification {
    public static let method = "textDocument/didSave"
    public var textDocument: TextDocumentIdentifier
    public var text: String?
    public init(textDocument: TextDocumentIdentifier, text: String? = nil) {
        self.textDocument = textDocument
        self.text = text
    }
}

public struct DidCloseTextDocumentNotification: LSPNotification {
    public static let method = "textDocument/didClose"
    public var textDocument: TextDocumentIdentifier
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

public enum FileChangeType: Int, Codable, Sendable {
    case created = 1
    case changed = 2
    case deleted = 3
}

public struct FileEvent: Codable, Hashable, Sendable {
    public var uri: String
    public var type: FileChangeType
    public init(uri: String, type: FileChangeType) {
        self.uri = uri
        self.type = type
    }
}

public struct DidChangeWatchedFilesNotification: LSPNotification {
    public static let method = "workspace/didChangeWatchedFiles"
    public var changes: [FileEvent]
    public init(changes: [FileEvent]) { self.changes = changes }
}

public struct WorkspaceFoldersChangeEvent: Codable, Hashable, Sendable {
    public var added: [WorkspaceFolder]
    public var removed: [WorkspaceFolder]
    public init(added: [WorkspaceFolder], removed: [WorkspaceFolder]) {
        self.added = added
        self.removed = removed
    }
}

public struct DidChangeWorkspaceFoldersNotification: LSPNotification {
    public static let method = "workspace/didChangeWorkspaceFolders"
    public var event: WorkspaceFoldersChangeEvent
    public init(event: WorkspaceFoldersChangeEvent) { self.event = event }
}

/// Accepted and ignored: the server reads its settings from `.tutorial-check.json`, not the editor.
public struct DidChangeConfigurationNotification: LSPNotification {
    public static let method = "workspace/didChangeConfiguration"
    public var settings: JSONValue?
}
