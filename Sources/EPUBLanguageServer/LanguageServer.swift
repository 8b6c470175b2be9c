import EPUBDocument
import EPUBReports
import Foundation

/// `epubcontract lsp`: a language server (LSP 3.17, JSON-RPC over stdio) for unpacked books.
/// The main thread reads messages; every piece of state lives on one serial queue (`state`), so
/// handlers never race; validation and repairs run off it, and their results are taken only for
/// the latest version of the book (`BookState`). A book is a folder holding `mimetype` or
/// `META-INF/container.xml`; any file below it belongs to it.
public final class LanguageServer: @unchecked Sendable {
    let connection: JSONRPCConnection
    let state = DispatchQueue(label: "epubcontract.lsp.state")
    let work = DispatchQueue(label: "epubcontract.lsp.work", qos: .userInitiated, attributes: .concurrent)
    /// How long a burst of edits is waited out before the book is validated again.
    let debounce: DispatchTimeInterval
    /// Open documents by path: the editor's text, which wins over the file on disk.
    var documents: [String: OpenDocument] = [:]
    /// Books by root folder.
    var books: [String: BookState] = [:]
    var locale: MessageLocale = .english
    var initialized = false
    var shutdownRequested = false
    /// The resource operations the client's workspace edits apply (`create`, `rename`, `delete`).
    var resourceOperations: Set<String> = []
    /// Requests the client cancelled before their answer was sent.
    var cancelled: Set<String> = []

    struct OpenDocument {
        var uri: String
        var version: Int
        var text: SourceText
        /// A file that is not UTF-8 on disk (an image opened as text): its buffer is not laid over it.
        var isBinary: Bool
    }

    public init(input: FileHandle = .standardInput, output: FileHandle = .standardOutput, debounceMilliseconds: Int = 15, version: String = "") {
        self.version = version
        connection = JSONRPCConnection(input: input, output: output)
        debounce = .milliseconds(debounceMilliseconds)
    }

    /// Serves until the client sends `exit` or closes the stream; the exit status LSP asks for
    /// (0 after `shutdown`, 1 without).
    public func run() -> Int32 {
        while true {
            switch connection.read() {
            case .end:
                state.sync {}
                return shutdownRequested ? 0 : 1
            case .malformed(let reason):
                // In turn with the answers to the messages before it.
                state.async { self.connection.send(Self.response(id: .null, error: LSPError(code: LSPError.parseError, message: reason))) }
            case .message(let message):
                if message["method"]?.stringValue == "exit" {
                    state.sync {}
                    return shutdownRequested ? 0 : 1
                }
                state.async { self.dispatch(message) }
            }
        }
    }

    /// One message: a request gets exactly one answer (a result or an error); a notification none.
    func dispatch(_ message: JSONValue) {
        let id = message["id"]
        guard let method = message["method"]?.stringValue else {
            // A response to a request of ours (we send none that need one) or not JSON-RPC at all.
            if id == nil || message["result"] == nil && message["error"] == nil {
                connection.send(Self.response(id: id ?? .null, error: LSPError(code: LSPError.invalidRequest, message: "a message without a method")))
            }
            return
        }
        let params = message["params"] ?? .null
        guard let id else {
            notification(method, params)
            return
        }
        guard initialized || method == "initialize" else {
            connection.send(Self.response(id: id, error: LSPError(code: LSPError.serverNotInitialized, message: "initialize first")))
            return
        }
        do {
            if let result = try request(method, params, id: id) {
                connection.send(Self.response(id: id, result: result))
            }
        } catch {
            connection.send(Self.response(id: id, error: error))
        }
    }

    /// A request's result, or nil when the answer is sent later (from the work queue).
    func request(_ method: String, _ params: JSONValue, id: JSONValue) throws(LSPError) -> JSONValue? {
        switch method {
        case "initialize": return initialize(params)
        case "shutdown":
            shutdownRequested = true
            return .null
        case "textDocument/codeAction": codeActions(params, id: id); return nil
        case "textDocument/definition": try definition(params, id: id); return nil
        case "textDocument/references": try references(params, id: id); return nil
        case "textDocument/hover": return try hover(params)
        case "textDocument/completion": return try completion(params)
        default: throw LSPError(code: LSPError.methodNotFound, message: "no method \(method)")
        }
    }

    func notification(_ method: String, _ params: JSONValue) {
        switch method {
        case "initialized": break
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didClose": didClose(params)
        case "textDocument/didSave", "workspace/didChangeWatchedFiles": filesChanged(params)
        case "$/cancelRequest":
            if let id = params["id"] { cancelled.insert(id.serialized()) }
        default: break  // `$/` notifications and the rest may be ignored (LSP 3.17 § "$ Notifications")
        }
    }

    func initialize(_ params: JSONValue) -> JSONValue {
        initialized = true
        locale = Self.locale(params["locale"]?.stringValue)
        let operations = params["capabilities"]?["workspace"]?["workspaceEdit"]?["resourceOperations"]?.arrayValue ?? []
        resourceOperations = Set(operations.compactMap(\.stringValue))
        let sync: JSONValue = .object([("openClose", .bool(true)), ("change", .integer(2)), ("save", .object([("includeText", .bool(false))]))])
        let capabilities: JSONValue = .object([
            ("positionEncoding", .string("utf-16")),
            ("textDocumentSync", sync),
            ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
            ("definitionProvider", .bool(true)),
            ("referencesProvider", .bool(true)),
            ("hoverProvider", .bool(true)),
            ("completionProvider", .object([("triggerCharacters", .array([.string("\""), .string(" ")]))])),
        ])
        return .object([("capabilities", capabilities), ("serverInfo", .object([("name", .string("epubcontract")), ("version", .string(version))]))])
    }

    /// The client's `locale` (en, zh-Hans, ja, or a tag such as `zh-CN`, `ja-JP`); English for the rest.
    static func locale(_ tag: String?) -> MessageLocale {
        tag.flatMap { MessageLocale(identifier: $0) } ?? .english
    }

    /// The version `initialize` reports as `serverInfo.version`.
    let version: String

    func log(_ text: String, type: Int = 3) {
        connection.send(.object([("jsonrpc", .string("2.0")), ("method", .string("window/logMessage")),
                                 ("params", .object([("type", .integer(Int64(type))), ("message", .string(text))]))]))
    }

    static func response(id: JSONValue, result: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
    }

    static func response(id: JSONValue, error: LSPError) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("error", error.json)])
    }

    /// Sends a late answer, unless the client cancelled the request meanwhile.
    func answer(_ id: JSONValue, _ result: JSONValue) {
        state.async {
            if self.cancelled.remove(id.serialized()) != nil {
                self.connection.send(Self.response(id: id, error: LSPError(code: LSPError.requestCancelled, message: "cancelled")))
            } else {
                self.connection.send(Self.response(id: id, result: result))
            }
        }
    }
}
