#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `initialize`: the client's capabilities in, the server's out.
public struct InitializeRequest: LSPRequest {
    public static let method = "initialize"
    public typealias Response = InitializeResult

    public var processId: Int?
    public var rootUri: String?
    public var rootPath: String?
    public var capabilities: ClientCapabilities
    public var initializationOptions: JSONValue?
    public var trace: TraceValue?
    public var workspaceFolders: [WorkspaceFolder]?

    public init(
        processId: Int? = nil, rootUri: String? = nil, capabilities: ClientCapabilities = .init(),
        initializationOptions: JSONValue? = nil, trace: TraceValue? = nil, workspaceFolders: [WorkspaceFolder]? = nil
    ) {
        self.processId = processId
        self.rootUri = rootUri
        self.capabilities = capabilities
        self.initializationOptions = initializationOptions
        self.trace = trace
        self.workspaceFolders = workspaceFolders
    }
}

/// The parts of the client's capabilities the server acts on; everything else is ignored.
public struct ClientCapabilities: Codable, Sendable {
    public struct General: Codable, Sendable {
        public var positionEncodings: [String]?
        public init(positionEncodings: [String]? = nil) { self.positionEncodings = positionEncodings }
    }

    public struct DynamicRegistration: Codable, Sendable {
        public var dynamicRegistration: Bool?
        public init(dynamicRegistration: Bool? = nil) { self.dynamicRegistration = dynamicRegistration }
    }

    public struct WorkspaceEditCapabilities: Codable, Sendable {
        public var documentChanges: Bool?
        public init(documentChanges: Bool? = nil) { self.documentChanges = documentChanges }
    }

    public struct Refresh: Codable, Sendable {
        public var refreshSupport: Bool?
        public init(refreshSupport: Bool? = nil) { self.refreshSupport = refreshSupport }
    }

    public struct Workspace: Codable, Sendable {
        public var workspaceFolders: Bool?
        public var didChangeWatchedFiles: DynamicRegistration?
        public var workspaceEdit: WorkspaceEditCapabilities?
        public var diagnostics: Refresh?
        public init(
            workspaceFolders: Bool? = nil, didChangeWatchedFiles: DynamicRegistration? = nil,
            workspaceEdit: WorkspaceEditCapabilities? = nil, diagnostics: Refresh? = nil
        ) {
            self.workspaceFolders = workspaceFolders
            self.didChangeWatchedFiles = didChangeWatchedFiles
            self.workspaceEdit = workspaceEdit
            self.diagnostics = diagnostics
        }
    }

    public struct PublishDiagnostics: Codable, Sendable {
        public var versionSupport: Bool?
        public init(versionSupport: Bool? = nil) { self.versionSupport = versionSupport }
    }

    public struct TextDocument: Codable, Sendable {
        public var publishDiagnostics: PublishDiagnostics?
        public init(publishDiagnostics: PublishDiagnostics? = nil) { self.publishDiagnostics = publishDiagnostics }
    }

    public var general: General?
    public var workspace: Workspace?
    public var textDocument: TextDocument?

    public init(general: General? = nil, workspace: Workspace? = nil, textDocument: TextDocument? = nil) {
        self.general = general
        self.workspace = workspace
        self.textDocument = textDocument
    }
}

public enum TraceValue: String, Codable, Sendable {
    case off
    case messages
    case verbose
}

public struct InitializeResult: Codable, Sendable {
    public struct ServerInfo: Codable, Sendable {
        public var name: String
        public var version: String?
    }

    public var capabilities: ServerCapabilities
    public var serverInfo: ServerInfo
}

/// What the server does, and only that: each provider listed here has a handler and a client test.
public struct ServerCapabilities: Codable, Sendable {
    public struct SaveOptions: Codable, Sendable { public var includeText: Bool }

    public struct TextDocumentSyncOptions: Codable, Sendable {
        public var openClose: Bool
        /// 2: incremental (full replacements are accepted too).
        public var change: Int
        public var save: SaveOptions
    }

    public struct CodeLensOptions: Codable, Sendable { public var resolveProvider: Bool }
    public struct CodeActionOptions: Codable, Sendable {
        public var codeActionKinds: [String]
        public var resolveProvider: Bool
    }
    public struct DiagnosticOptions: Codable, Sendable {
        public var identifier: String
        public var interFileDependencies: Bool
        public var workspaceDiagnostics: Bool
    }
    public struct ExecuteCommandOptions: Codable, Sendable { public var commands: [String] }
    public struct WorkspaceFoldersOptions: Codable, Sendable {
        public var supported: Bool
        public var changeNotifications: Bool
    }
    public struct WorkspaceOptions: Codable, Sendable { public var workspaceFolders: WorkspaceFoldersOptions }
    public struct Experimental: Codable, Sendable {
        /// The custom request `tutorialCheck/stepDiff`.
        public var stepDiffProvider: Bool
    }

    public var positionEncoding: String
    public var textDocumentSync: TextDocumentSyncOptions
    public var hoverProvider: Bool
    public var documentSymbolProvider: Bool
    public var foldingRangeProvider: Bool
    public var codeLensProvider: CodeLensOptions
    public var codeActionProvider: CodeActionOptions
    public var diagnosticProvider: DiagnosticOptions
    public var executeCommandProvider: ExecuteCommandOptions
    public var workspace: WorkspaceOptions
    public var experimental: Experimental
}

public struct InitializedNotification: LSPNotification {
    public static let method = "initialized"
    public init() {}
}

public struct ShutdownRequest: LSPRequest {
    public static let method = "shutdown"
    public typealias Response = JSONValue
    public init() {}
}

public struct ExitNotification: LSPNotification {
    public static let method = "exit"
    public init() {}
}

public struct CancelRequestNotification: LSPNotification {
    public static let method = "$/cancelRequest"
    public var id: RequestID
    public init(id: RequestID) { self.id = id }
}

public struct SetTraceNotification: LSPNotification {
    public static let method = "$/setTrace"
    public var value: TraceValue
    public init(value: TraceValue) { self.value = value }
}

/// Server → client: `$/logTrace`, sent while the client asked for tracing.
public struct LogTraceNotification: LSPNotification {
    public static let method = "$/logTrace"
    public var message: String
    public var verbose: String?
}

public enum MessageType: Int, Codable, Sendable {
    case error = 1
    case warning = 2
    case info = 3
    case log = 4
}

/// Server → client: `window/logMessage`.
public struct LogMessageNotification: LSPNotification {
    public static let method = "window/logMessage"
    public var type: MessageType
    public var message: String

    public init(type: MessageType, message: String) {
        self.type = type
        self.message = message
    }
}

/// Server → client: `client/registerCapability`, used for the file watchers.
public struct RegisterCapabilityRequest: LSPRequest {
    public static let method = "client/registerCapability"
    public typealias Response = JSONValue

    public struct Registration: Codable, Sendable {
        public var id: String
        public var method: String
        public var registerOptions: DidChangeWatchedFilesRegistrationOptions?
    }

    public var registrations: [Registration]
}

public struct DidChangeWatchedFilesRegistrationOptions: Codable, Sendable {
    public struct FileSystemWatcher: Codable, Sendable {
        public var globPattern: String
    }
    public var watchers: [FileSystemWatcher]
}
