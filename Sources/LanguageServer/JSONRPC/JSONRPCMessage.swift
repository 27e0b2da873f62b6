#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialModel

/// A request id: JSON-RPC allows numbers and strings, and replies must echo the id as it came.
public enum RequestID: Hashable, Sendable, Codable, CustomStringConvertible {
    case number(Int)
    case string(String)

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        }
    }

    public var description: String {
        switch self {
        case .number(let number): return String(number)
        case .string(let string): return "\"\(string)\""
        }
    }
}

/// A JSON-RPC error object, with the codes JSON-RPC 2.0 and LSP 3.17 define.
public struct ResponseError: Error, Codable, Equatable, Sendable {
    public let code: Int
    public let message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let internalErrorCode = -32603
    public static let serverNotInitializedCode = -32002
    public static let requestFailedCode = -32803
    public static let serverCancelledCode = -32802
    public static let contentModifiedCode = -32801
    public static let requestCancelledCode = -32800

    public static func parseError(_ message: String) -> ResponseError { .init(code: parseErrorCode, message: message) }
    public static func invalidRequest(_ message: String) -> ResponseError {
        .init(code: invalidRequestCode, message: message)
    }
    public static func methodNotFound(_ method: String) -> ResponseError {
        .init(code: methodNotFoundCode, message: "method not found: \(method)")
    }
    public static func invalidParams(_ message: String) -> ResponseError {
        .init(code: invalidParamsCode, message: message)
    }
    public static let serverNotInitialized = ResponseError(
        code: serverNotInitializedCode, message: "the server has not been initialized")
    public static let cancelled = ResponseError(code: requestCancelledCode, message: "request cancelled")
    public static let contentModified = ResponseError(
        code: contentModifiedCode, message: "the document changed before the answer was ready")
}

/// An incoming message, decoded once: the fields every JSON-RPC message may have, which tell requests,
/// notifications and responses apart, and its `params` as that one decoding left them, decoded into the
/// message's own type when its route is known (the body is not parsed a second time).
struct IncomingMessage: Decodable {
    let jsonrpc: String?
    let id: RequestID?
    let method: String?
    /// Whether `id` was present at all (`"id": null` marks a response to an unparsable request).
    let hasID: Bool
    let hasResult: Bool
    let hasError: Bool
    let params: MessageParams

    enum CodingKeys: String, CodingKey { case jsonrpc, id, method, params, result, error }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        jsonrpc = try container.decodeIfPresent(String.self, forKey: .jsonrpc)
        hasID = container.contains(.id)
        id = try container.decodeIfPresent(RequestID.self, forKey: .id)
        method = try container.decodeIfPresent(String.self, forKey: .method)
        hasResult = container.contains(.result)
        hasError = container.contains(.error)
        if container.contains(.params), !(try container.decodeNil(forKey: .params)) {
            params = MessageParams(decoder: try container.superDecoder(forKey: .params))
        } else {
            params = MessageParams(decoder: nil)
        }
    }
}

/// The `params` of an incoming message, held by the decoder positioned on them. Absent or null params
/// decode as `{}`, so parameterless messages (shutdown, exit) need no special case.
struct MessageParams {
    let decoder: (any Decoder)?

    /// The params as the message's own type; a decoding error becomes InvalidParams where it is caught.
    func decode<Params: Decodable>(_ type: Params.Type) throws -> Params {
        guard let decoder else { return try JSONDecoder().decode(Params.self, from: Data("{}".utf8)) }
        return try Params(from: decoder)
    }
}

/// The `result` of a response to a request the server sent (client/registerCapability and the like).
struct ResultEnvelope<Result: Decodable>: Decodable {
    let result: Result
}

/// Outgoing messages. `result` is always written, `null` included, as JSON-RPC requires.
struct ResponseMessage<Result: Encodable>: Encodable {
    let id: RequestID?
    let result: Result

    enum CodingKeys: String, CodingKey { case jsonrpc, id, result }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        try container.encode(id, forKey: .id)
        try container.encode(result, forKey: .result)
    }
}

struct ErrorResponseMessage: Encodable {
    let id: RequestID?
    let error: ResponseError

    enum CodingKeys: String, CodingKey { case jsonrpc, id, error }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        try container.encode(id, forKey: .id)  // null when the request's id could not be read
        try container.encode(error, forKey: .error)
    }
}

struct NotificationMessage<Params: Encodable>: Encodable {
    let method: String
    let params: Params

    enum CodingKeys: String, CodingKey { case jsonrpc, method, params }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        try container.encode(method, forKey: .method)
        try container.encode(params, forKey: .params)
    }
}

struct RequestMessage<Params: Encodable>: Encodable {
    let id: RequestID
    let method: String
    let params: Params

    enum CodingKeys: String, CodingKey { case jsonrpc, id, method, params }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        try container.encode(id, forKey: .id)
        try container.encode(method, forKey: .method)
        try container.encode(params, forKey: .params)
    }
}

/// Encodes outgoing messages; keys unsorted (clients do not care) and slashes unescaped (URIs stay readable).
func encodeMessage<Message: Encodable>(_ message: Message) -> Data {
    do {
        return try JSONWriting.data(message, style: .wire)
    } catch {
        // Only non-finite doubles fail to encode, and the server sends none; answer with an error anyway.
        let fallback = ErrorResponseMessage(
            id: nil, error: .init(code: ResponseError.internalErrorCode, message: "\(error)"))
        return (try? JSONWriting.data(fallback, style: .wire)) ?? Data()
    }
}
