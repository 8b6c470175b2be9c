import EPUBDocument
import EPUBRepair
import Foundation

/// Code actions from `fix`: for each diagnostic whose message ID some repair answers, the repair
/// `fix --only ID` makes on the book as the editor holds it, offered as one workspace edit over
/// every file it touches. A repair that adds, removes or renames a file is not offered here
/// (`epubcontract fix` makes it); neither is one that changes nothing.
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
        let codes = Array(Set(diagnostics.compactMap { $0["code"]?.stringValue })).sorted()
        work.async {
            var actions: [JSONValue] = []
            for code in codes {
                let options = RepairEngine.Options(only: [code], rounds: 2, unsaved: unsaved)
                guard case .repaired(let result) = RepairEngine.run(path: root, options: options), let first = result.records.first,
                      let edits = result.textEdits, !edits.isEmpty else { continue }
                var changes: [(String, JSONValue)] = []
                for edit in edits {
                    let current = SourceText(Array(unsaved[edit.path] ?? FileManager.default.contents(atPath: root + "/" + edit.path) ?? Data()))
                    let whole = DiagnosticMapper.range((0, 0), current.position(of: current.bytes.count))
                    changes.append((FileURI.uri(root + "/" + edit.path), .array([.object([("range", whole), ("newText", .string(edit.text))])])))
                }
                var title = "\(code): " + first.change.rendered(in: locale)
                if result.records.count > 1 { title += " (+\(result.records.count - 1))" }
                actions.append(.object([
                    ("title", .string(title)), ("kind", .string("quickfix")), ("isPreferred", .bool(true)),
                    ("diagnostics", .array(diagnostics.filter { $0["code"]?.stringValue == code })),
                    ("edit", .object([("changes", .object(changes))])),
                ]))
            }
            self.answer(id, .array(actions))
        }
    }
}
