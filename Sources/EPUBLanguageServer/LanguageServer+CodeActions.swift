import EPUBDocument
import EPUBRepair
import Foundation

/// Code actions from `fix`: for each diagnostic whose message ID some repair answers, the repair
/// `fix --only ID` makes on the book as the editor holds it, offered as one workspace edit over
/// every file it touches: text edits, and files renamed, created or deleted where the client
/// applies resource operations (`workspace.workspaceEdit.resourceOperations`). A repair that
/// writes a file that is not text, or changes the archive itself, is left to `epubcontract fix`.
extension LanguageServer {
    func codeActions(_ params: JSONValue, id: JSONValue) {
        let repairable = Set(RepairEngine.messageIDs)
        let diagnostics = (params["context"]?["diagnostics"]?.arrayValue ?? []).filter { $0["code"]?.stringValue.map(repairable.contains) ?? false }
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let path = FileURI.path(uri),
              let root = BookState.root(of: path, known: Array(books.keys)), !diagnostics.isEmpty else {
            answer(id, .array([]))
            return
        }
        let unsaved = unsaved(in: root)
        let locale = locale
        let resources = resourceOperations
        let codes = Array(Set(diagnostics.compactMap { $0["code"]?.stringValue })).sorted()
        work.async {
            var actions: [JSONValue] = []
            for code in codes {
                let options = RepairEngine.Options(only: [code], rounds: 2, unsaved: unsaved)
                guard case .repaired(let result) = RepairEngine.run(path: root, options: options), let first = result.records.first,
                      let operations = result.editorOperations, !operations.isEmpty,
                      let edit = Self.workspaceEdit(operations, root: root, unsaved: unsaved, resources: resources) else { continue }
                var title = "\(code): " + first.change.rendered(in: locale)
                if result.records.count > 1 { title += " (+\(result.records.count - 1))" }
                actions.append(.object([
                    ("title", .string(title)), ("kind", .string("quickfix")), ("isPreferred", .bool(true)),
                    ("diagnostics", .array(diagnostics.filter { $0["code"]?.stringValue == code })), ("edit", edit),
                ]))
            }
            self.answer(id, .array(actions))
        }
    }

    /// The operations as a WorkspaceEdit: `changes` when they only edit text, `documentChanges`
    /// (in order) when files move too; nil when the client cannot apply the resource operations.
    static func workspaceEdit(_ operations: [EditorOperation], root: String, unsaved: [String: Data], resources: Set<String>) -> JSONValue? {
        func uri(_ path: String) -> JSONValue { .string(FileURI.uri(root + "/" + path)) }
        func current(_ path: String) -> SourceText { SourceText(Array(unsaved[path] ?? FileManager.default.contents(atPath: root + "/" + path) ?? Data())) }
        func whole(_ text: SourceText) -> JSONValue { DiagnosticMapper.range((0, 0), text.position(of: text.bytes.count)) }
        var renamedFrom: [String: String] = [:]
        for case .rename(let from, let to) in operations { renamedFrom[to] = from }
        let onlyEdits = operations.allSatisfy { if case .edit = $0 { true } else { false } }
        if onlyEdits {
            let changes = operations.compactMap { operation -> (String, JSONValue)? in
                guard case .edit(let path, let text) = operation else { return nil }
                return (FileURI.uri(root + "/" + path), .array([.object([("range", whole(current(path))), ("newText", .string(text))])]))
            }
            return .object([("changes", .object(changes))])
        }
        var documentChanges: [JSONValue] = []
        for operation in operations {
            switch operation {
            case .rename(let from, let to):
                guard resources.contains("rename") else { return nil }
                documentChanges.append(.object([("kind", .string("rename")), ("oldUri", uri(from)), ("newUri", uri(to))]))
            case .create(let path, let text):
                guard resources.contains("create") else { return nil }
                documentChanges.append(.object([("kind", .string("create")), ("uri", uri(path))]))
                documentChanges.append(textEdit(uri(path), range: DiagnosticMapper.range((0, 0), (0, 0)), text))
            case .delete(let path):
                guard resources.contains("delete") else { return nil }
                documentChanges.append(.object([("kind", .string("delete")), ("uri", uri(path))]))
            case .edit(let path, let text):
                // A renamed file's text is what it held under its old name.
                documentChanges.append(textEdit(uri(path), range: whole(current(renamedFrom[path] ?? path)), text))
            }
        }
        return .object([("documentChanges", .array(documentChanges))])
    }

    static func textEdit(_ uri: JSONValue, range: JSONValue, _ text: String) -> JSONValue {
        .object([("textDocument", .object([("uri", uri), ("version", .null)])),
                 ("edits", .array([.object([("range", range), ("newText", .string(text))])]))])
    }
}
