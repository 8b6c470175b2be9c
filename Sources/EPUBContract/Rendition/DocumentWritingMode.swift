import Foundation

/// The writing mode of one content document, as the one cascade (`StyleResolver`) computes it for
/// the document's principal writing mode (CSS Writing Modes 3 § 8): the `body`'s `writing-mode`
/// (or `-epub-` / `-webkit-`), which inherits the root's, from the same sheets, `@media`,
/// `@supports` and `style` attributes as the export. Only the head is read: the root and `body`
/// start tags and the head's `link` and `style` elements stand in a two-element document of
/// their own, so a writing mode on an inner element does not change the document's.
enum DocumentWritingMode {
    /// The writing mode of a head's stand-in document (`standIn(for:)`) at a path; nil when
    /// neither the root nor the body declares one. Documents in one folder with the same stand-in
    /// have the same writing mode (`ContentRendition.writingModes` resolves each once).
    static func resolve(standIn: String, at documentPath: String, sheets: StyleResolver.Sheets) -> WritingMode? {
        guard let document = XMLParser.parse(Data(standIn.utf8), path: documentPath).document else { return nil }
        let model = ContentDocument(document)
        guard !model.elements.isEmpty else { return nil }
        let cascaded = StyleResolver.cascaded("writing-mode", of: model, sheets: sheets)
        let root = Self.declared(cascaded[0], inherited: nil)
        guard let body = model.elements.indices.last, body > 0, model.elements[body].localName == "body" else { return root }
        return Self.declared(cascaded[body], inherited: root)
    }

    /// A cascaded value as a writing mode: `inherit`, `unset` and `revert` (no user-agent value)
    /// take the parent's; `initial` is horizontal; nil when nothing is declared up the chain.
    static func declared(_ value: String?, inherited: WritingMode?) -> WritingMode? {
        guard let value else { return inherited }
        switch value {
        case "inherit", "unset", "revert": return inherited
        case "initial": return .horizontalTB
        default: return WritingMode(css: value) ?? inherited
        }
    }

    /// The root and body start tags with the head's style sheets between them, as XHTML.
    static func standIn(for head: DocumentHead) -> String {
        func attributes(_ list: [String: String]) -> String {
            list.sorted { $0.key < $1.key }.filter { !$0.key.contains(":") || $0.key == "xml:lang" }
                .map { " \($0.key)=\"\(XMLText.escaped($0.value, attribute: true))\"" }.joined()
        }
        var out = "<html xmlns=\"http://www.w3.org/1999/xhtml\"\(attributes(head.rootAttributes))><head>"
        for source in head.styles {
            switch source {
            case .link(let href, let classes, let media):
                out += "<link rel=\"stylesheet\" href=\"\(XMLText.escaped(href, attribute: true))\""
                if !classes.isEmpty { out += " class=\"\(XMLText.escaped(classes.joined(separator: " "), attribute: true))\"" }
                if let media { out += " media=\"\(XMLText.escaped(media, attribute: true))\"" }
                out += "/>"
            case .inline(let text):
                out += "<style>\(XMLText.escaped(text))</style>"
            }
        }
        out += "</head>"
        if let body = head.bodyAttributes { out += "<body\(attributes(body))/>" }
        return out + "</html>"
    }
}
