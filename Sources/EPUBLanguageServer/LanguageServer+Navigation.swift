import EPUBDocument
import Foundation

/// Go-to-definition and references across a book's files (manifest ids, idrefs, hrefs, fragment ids).
extension LanguageServer {
    func definition(_ params: JSONValue) throws(LSPError) -> JSONValue {
        guard let (index, root, target) = try lookUp(params), let place = index.definition(of: target) else { return .null }
        return location(place, root: root, index: index)
    }

    func references(_ params: JSONValue) throws(LSPError) -> JSONValue {
        guard let (index, root, target) = try lookUp(params) else { return .array([]) }
        var places = index.references(to: target)
        if params["context"]?["includeDeclaration"]?.boolValue == true, target.id != nil, let definition = index.definition(of: target) {
            places.insert(definition, at: 0)
        }
        return .array(places.map { location($0, root: root, index: index) })
    }

    /// The index of the book holding the document, and the id or reference under the cursor.
    private func lookUp(_ params: JSONValue) throws(LSPError) -> (ReferenceIndex, String, ReferenceIndex.Target)? {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let position = Self.position(params["position"]) else {
            throw .invalidParams("textDocument and position are required")
        }
        guard let path = FileURI.path(uri), let root = BookState.root(of: path, known: Array(books.keys)) else { return nil }
        let index = ReferenceIndex(root: root, unsaved: unsaved(in: root))
        let relative = String(path.dropFirst(root.count + 1))
        guard let text = index.texts[relative] else { return nil }
        let offset = text.offset(line: position.line, character: position.character)
        guard let target = index.target(at: offset, in: relative) else { return nil }
        return (index, root, target)
    }

    private func location(_ place: ReferenceIndex.Place, root: String, index: ReferenceIndex) -> JSONValue {
        let text = index.texts[place.path] ?? SourceText([UInt8]())
        return .object([("uri", .string(FileURI.uri(root + "/" + place.path))),
                        ("range", DiagnosticMapper.range(text.position(of: place.range.lowerBound), text.position(of: place.range.upperBound)))])
    }
}
