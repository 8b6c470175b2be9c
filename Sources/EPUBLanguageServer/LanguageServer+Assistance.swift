import EPUBDocument
import EPUBRepair
import Foundation

/// Hover on vocabulary terms (`epub:type`, `properties`, `rel`, `property`) and completion of
/// those terms, of manifest ids (`idref`, `fallback`, `media-overlay`, `toc`) and of the book's
/// files (`href`, `src`), read from the file as the editor holds it.
extension LanguageServer {
    /// The attribute whose value holds the cursor: its element, its name, its value's bytes.
    struct AttributeAtCursor {
        var element: String
        var name: String
        var value: Range<Int>
        var text: SourceText
        var path: String
        var root: String
        var offset: Int

        /// The white-space separated token the cursor is in (or at the end of).
        var token: Range<Int> {
            var start = offset, end = offset
            let bytes = text.bytes
            while start > value.lowerBound, !Self.isSpace(bytes[start - 1]) { start -= 1 }
            while end < value.upperBound, !Self.isSpace(bytes[end]) { end += 1 }
            return start..<end
        }

        static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    }

    func attribute(at params: JSONValue) throws(LSPError) -> AttributeAtCursor? {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let position = Self.position(params["position"]) else {
            throw .invalidParams("textDocument and position are required")
        }
        guard let path = FileURI.path(uri), let root = BookState.root(of: path, known: Array(books.keys)) else { return nil }
        let text = documents[path]?.text ?? SourceText(Array(FileManager.default.contents(atPath: path) ?? Data()))
        let offset = text.offset(line: position.line, character: position.character)
        let map = XMLSourceMap(text.bytes)
        let relative = String(path.dropFirst(root.count + 1))
        for element in map.elements {
            for attribute in element.attributes where attribute.value.lowerBound <= offset && offset <= attribute.value.upperBound {
                return AttributeAtCursor(element: String(element.localName), name: attribute.name, value: attribute.value, text: text,
                                         path: relative, root: root, offset: offset)
            }
        }
        // A meta's text (`<meta property="rendition:layout">pre-paginated</meta>`): named `#text:` and its property.
        for index in map.elements.indices where map.elements[index].localName == "meta" {
            guard let content = map.content(of: index), content.lowerBound <= offset, offset <= content.upperBound,
                  let property = map.value("property", of: index) else { continue }
            return AttributeAtCursor(element: "meta", name: "#text:" + property, value: content, text: text, path: relative, root: root, offset: offset)
        }
        return nil
    }

    func hover(_ params: JSONValue) throws(LSPError) -> JSONValue {
        guard let found = try attribute(at: params),
              let site = VocabularyHelp.site(attribute: found.name, element: found.element, isPackage: found.path.lowercased().hasSuffix(".opf")) else { return .null }
        let range = found.token
        let term = String(decoding: found.text.bytes[range], as: UTF8.self)
        guard let markdown = VocabularyHelp.hover(term, site, locale: locale) else { return .null }
        return .object([("contents", .object([("kind", .string("markdown")), ("value", .string(markdown))])),
                        ("range", DiagnosticMapper.range(found.text.position(of: range.lowerBound), found.text.position(of: range.upperBound)))])
    }

    func completion(_ params: JSONValue) throws(LSPError) -> JSONValue {
        guard let found = try attribute(at: params) else { return .array([]) }
        let isPackage = found.path.lowercased().hasSuffix(".opf")
        let range = found.token
        let replace = DiagnosticMapper.range(found.text.position(of: range.lowerBound), found.text.position(of: range.upperBound))
        var items: [(label: String, kind: Int64, detail: String)] = []
        if let site = VocabularyHelp.site(attribute: found.name, element: found.element, isPackage: isPackage) {
            items = VocabularyHelp.terms(site).map { ($0.term, 12, $0.meaning) }
        } else if isPackage, ReferenceIndex.idReferences.contains(found.name) {
            let index = ReferenceIndex(root: found.root, unsaved: unsaved(in: found.root))
            items = (index.itemIDs[found.path] ?? []).sorted().map { ($0, 18, "manifest item") }
        } else if ReferenceIndex.fileReferences.contains(found.name) {
            items = files(in: found.root).filter { $0 != found.path && !$0.hasPrefix("META-INF/") && $0 != "mimetype" }
                .map { (ReferenceRewriter.relative($0, from: found.path), 17, $0) }
        }
        return .array(items.map { item in
            .object([("label", .string(item.label)), ("kind", .integer(item.kind)), ("detail", .string(item.detail)),
                     ("textEdit", .object([("range", replace), ("newText", .string(item.label))]))])
        })
    }

    /// Every file of the book, container paths, sorted.
    func files(in root: String) -> [String] {
        var paths = Set(unsaved(in: root).keys)
        if let walker = FileManager.default.enumerator(atPath: root) {
            for case let relative as String in walker {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue { paths.insert(relative) }
            }
        }
        return paths.sorted()
    }
}
