import EPUBDocument
import Foundation

/// Text synchronization (LSP 3.17 § "Text Document Synchronization"): the editor's buffers, kept
/// whole; each change marks the document's book for validation.
extension LanguageServer {
    func didOpen(_ params: JSONValue) {
        guard let item = params["textDocument"], let uri = item["uri"]?.stringValue, let path = FileURI.path(uri),
              let text = item["text"]?.stringValue else { return }
        let onDisk = FileManager.default.contents(atPath: path)
        let binary = onDisk.map { String(validating: Array($0), as: UTF8.self) == nil } ?? false
        if binary { log("\(path) is not text; its buffer is not validated in place of the file") }
        documents[path] = OpenDocument(uri: uri, version: item["version"]?.intValue ?? 0, text: SourceText(text), isBinary: binary)
        bookChanged(containing: path)
    }

    func didChange(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let path = FileURI.path(uri), var document = documents[path],
              let changes = params["contentChanges"]?.arrayValue else { return }
        for change in changes {
            guard let text = change["text"]?.stringValue else { continue }
            if let range = change["range"], let start = Self.position(range["start"]), let end = Self.position(range["end"]) {
                let from = document.text.offset(line: start.line, character: start.character)
                let to = max(from, document.text.offset(line: end.line, character: end.character))
                var bytes = document.text.bytes
                bytes.replaceSubrange(from..<to, with: Array(text.utf8))
                document.text = SourceText(bytes)
            } else {
                document.text = SourceText(text)
            }
        }
        document.version = params["textDocument"]?["version"]?.intValue ?? document.version + 1
        documents[path] = document
        bookChanged(containing: path)
    }

    func didClose(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let path = FileURI.path(uri) else { return }
        documents[path] = nil
        // The file on disk stands for it again.
        bookChanged(containing: path)
    }

    /// A save, or files changed on disk: each book they belong to is validated again.
    func filesChanged(_ params: JSONValue) {
        let uris = (params["changes"]?.arrayValue ?? []).compactMap { $0["uri"]?.stringValue } + [params["textDocument"]?["uri"]?.stringValue].compactMap { $0 }
        var roots = Set<String>()
        for uri in uris {
            guard let path = FileURI.path(uri), let root = BookState.root(of: path, known: Array(books.keys)) else { continue }
            roots.insert(root)
        }
        for root in roots { scheduleValidation(root) }
    }

    func bookChanged(containing path: String) {
        guard let root = BookState.root(of: path, known: Array(books.keys)) else { return }
        scheduleValidation(root)
    }

    /// The open buffers of a book, by path inside it: what the validator reads in place of the files.
    func unsaved(in root: String) -> [String: Data] {
        var out: [String: Data] = [:]
        let prefix = root.hasSuffix("/") ? root : root + "/"
        for (path, document) in documents where path.hasPrefix(prefix) && !document.isBinary {
            out[String(path.dropFirst(prefix.count))] = Data(document.text.bytes)
        }
        return out
    }

    static func position(_ value: JSONValue?) -> (line: Int, character: Int)? {
        guard let line = value?["line"]?.intValue, let character = value?["character"]?.intValue, line >= 0, character >= 0 else { return nil }
        return (line, character)
    }
}
