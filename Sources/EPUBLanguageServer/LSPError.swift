import EPUBDocument

/// A JSON-RPC error response (JSON-RPC 2.0 § 5.1; LSP 3.17's codes).
struct LSPError: Error, Sendable {
    var code: Int
    var message: String

    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let internalError = -32603
    static let serverNotInitialized = -32002
    static let requestCancelled = -32800
    static let contentModified = -32801

    static func invalidParams(_ what: String) -> LSPError { LSPError(code: invalidParams, message: what) }

    var json: JSONValue { .object([("code", .integer(Int64(code))), ("message", .string(message))]) }
}
