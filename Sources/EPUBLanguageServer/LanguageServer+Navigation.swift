import EPUBDocument
import Foundation

/// Go-to-definition and references across a book's files (manifest ids, idrefs, hrefs, fragment
/// ids). The index reads every markup file of the book, so it is built off the state queue (a
/// large book never holds up the editor's other requests) and the answer sent when it is ready.
extension LanguageServer {
    func definition(_ params: JSONValue, id: JSONValue) throws(LSPError) {
        let request = try snapshot(params)
        work.async {
            guard let (index, target) = Self.lookUp(request), let place = index.definition(of: target) else { return self.answer(id, .null) }
            self.answer(id, Self.location(place, root: request.root ?? "", index: index))
        }
    }

    func references(_ params: JSONValue, id: JSONValue) throws(LSPError) {
        let request = try snapshot(params)
        let declaration = params["context"]?["includeDeclaration"]?.boolValue == true
        work.async {
            guard let (index, target) = Self.lookUp(request) else { return self.answer(id, .array([])) }
            var places = index.references(to: target)
            if declaration, target.id != nil, let definition = index.definition(of: target) { places.insert(definition, at: 0) }
            self.answer(id, .array(places.map { Self.location($0, root: request.root ?? "", index: index) }))
        }
    }

    /// What a lookup needs, taken on the state queue: the book, its buffers, the cursor.
    struct Lookup: Sendable {
        var path: String
        var root: String?
        var unsaved: [String: Data]
        var line: Int
        var character: Int
    }

    private func snapshot(_ params: JSONValue) throws(LSPError) -> Lookup {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let position = Self.position(params["position"]) else {
            throw .invalidParams("textDocument and position are required")
        }
        let path = FileURI.path(uri) ?? ""
        let root = path.isEmpty ? nil : BookState.root(of: path, known: Array(books.keys))
        return Lookup(path: path, root: root, unsaved: root.map { unsaved(in: $0) } ?? [:], line: position.line, character: position.character)
    }

    /// The index of the book holding the document, and the id or reference under the cursor.
    private static func lookUp(_ request: Lookup) -> (ReferenceIndex, ReferenceIndex.Target)? {
        guard let root = request.root else { return nil }
        let index = ReferenceIndex(root: root, unsaved: request.unsaved)
        let relative = String(request.path.dropFirst(root.count + 1))
        guard let text = index.texts[relative] else { return nil }
        let offset = text.offset(line: request.line, character: request.character)
        guard let target = index.target(at: offset, in: relative) else { return nil }
        return (index, target)
    }

    private static func location(_ place: ReferenceIndex.Place, root: String, index: ReferenceIndex) -> JSONValue {
        let text = index.texts[place.path] ?? SourceText([UInt8]())
        return .object([("uri", .string(FileURI.uri(root + "/" + place.path))),
                        ("range", DiagnosticMapper.range(text.position(of: place.range.lowerBound), text.position(of: place.range.upperBound)))])
    }
}
