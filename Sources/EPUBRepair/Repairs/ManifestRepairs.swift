import EPUBContract
import EPUBDocument
import Foundation

/// The manifest's `properties` (EPUB 3.3 § 5.6.2): what a document's content says it uses, and
/// which document is the navigation document.
enum ManifestRepairs {
    /// OPF-014: a document uses scripts, SVG, MathML, remote resources or `epub:switch`, and its
    /// manifest item does not say so. The validator found the use; the property follows from it.
    static let contentProperties = Repair([.OPF_014], templates: [.documentUsesContentSoManifestItem, .documentUsesRemoteResourcesSoManifest],
                                          determinable: { message, session in
        // Remote resources the property settles are fetched by elements; those only a style
        // sheet inside the document fetches leave EPUBCheck saying OPF-018 once it is declared.
        message.text?.key != .documentUsesRemoteResourcesSoManifest || message.locations.contains { fetchesRemote($0.path, session) }
    }) { context, book in
        var wanted: [String: [String]] = [:]  // item id → properties
        for message in context.messages {
            if message.text?.key == .documentUsesRemoteResourcesSoManifest, let id = message.argument(0) {
                wanted[id, default: []].append("remote-resources")
            } else if let id = message.argument(1), let property = message.argument(2) {
                wanted[id, default: []].append(property)
            }
        }
        return addProperties(wanted, context, &book, id: .OPF_014)
    }

    /// True when an element of the document fetches a remote resource (`src`, `data`, `poster`).
    static func fetchesRemote(_ path: String, _ session: PublicationSession) -> Bool {
        guard let document = session.contentDocument(at: path) else { return false }
        return document.elements.indices.contains { element in
            ["src", "data", "poster"].contains { name in
                guard let value = document.attribute(element, name)?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
                return value.hasPrefix("http://") || value.hasPrefix("https://")
            }
        }
    }

    /// RSC-005: no manifest item has `nav`. The XHTML document holding `<nav epub:type="toc">` is
    /// the navigation document.
    static let navProperty = Repair([.RSC_005], templates: [.manifestHaveExactlyOneItemNav]) { context, book in
        guard let session = context.session, !session.package.manifest.contains(where: { $0.has(property: "nav") }) else { return [] }
        let candidates = session.package.manifest.filter { $0.mediaType == "application/xhtml+xml" }.filter { item in
            guard let path = item.path, let document = session.contentDocument(at: path) else { return false }
            return document.elements.indices.contains { document.elements[$0].localName == "nav" && document.types(of: $0).contains("toc") }
        }
        guard candidates.count == 1, let item = candidates.first else { return [] }
        return addProperties([item.id: ["nav"]], context, &book, id: .RSC_005)
    }

    /// Adds properties to manifest items by id, keeping those they have.
    static func addProperties(_ wanted: [String: [String]], _ context: RepairContext, _ book: inout RepairBook, id messageID: MessageID) -> [RepairRecord] {
        guard let path = context.package?.path, var editor = XMLEditor(book, path) else { return [] }
        var records: [RepairRecord] = []
        for item in editor.map.elements(named: "item") {
            guard let id = editor.map.value("id", of: item)?.trimmingXMLWhitespace(), let add = wanted[id] else { continue }
            let old = editor.map.value("properties", of: item) ?? ""
            var tokens = old.split(whereSeparator: \.isWhitespace).map(String.init)
            for property in add where !tokens.contains(property) { tokens.append(property) }
            let new = tokens.joined(separator: " ")
            guard new != old else { continue }
            editor.set("properties", new, on: item)
            records.append(RepairRecord(messageID, path, .repairItemProperties(id, new, old)))
        }
        editor.commit(&book)
        return records
    }
}
