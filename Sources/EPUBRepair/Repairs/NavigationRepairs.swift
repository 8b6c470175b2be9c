import EPUBContract
import EPUBDocument
import Foundation

/// The NCX and links into documents: `dtb:uid`, and fragments that name no element.
enum NavigationRepairs {
    /// NCX-001: the NCX's `dtb:uid` differs from the package's unique identifier, which wins.
    static let ncxUid = Repair([.NCX_001], templates: [.ncxDtbUidDiffersFromPackage]) { context, book in
        var records: [RepairRecord] = []
        for message in context.messages {
            guard let identifier = message.argument(1), let path = message.locations.first?.path, var editor = XMLEditor(book, path) else { continue }
            for meta in editor.map.elements(named: "meta") where editor.map.value("name", of: meta) == "dtb:uid" {
                editor.set("content", identifier, on: meta)
                records.append(RepairRecord(.NCX_001, path, .repairNCXUid(identifier)))
            }
            editor.commit(&book)
        }
        return records
    }

    /// RSC-012: a link's fragment names no element of its target: it now points at the document
    /// (where a reading system takes a reader anyway).
    static let missingFragment = Repair([.RSC_012], templates: [.hasNoElementId], determinable: { message, session in
        // A hyperlink or an NCX entry; an SVG `use` or `image` needs its fragment (RSC-015).
        guard let fragment = message.argument(1) else { return false }
        return message.locations.contains { place in
            if place.path.lowercased().hasSuffix(".ncx") { return true }
            guard let document = session.contentDocument(at: place.path) else { return false }
            return document.elements(named: ["a", "area"]).contains { document.attribute($0, "href")?.hasSuffix("#" + fragment) ?? false }
        }
    }) { context, book in
        var records: [RepairRecord] = []
        var byFile: [String: [(target: String, fragment: String)]] = [:]
        for message in context.messages {
            guard let target = message.argument(0), let fragment = message.argument(1) else { continue }
            for place in message.locations { byFile[place.path, default: []].append((target, fragment)) }
        }
        for (path, links) in byFile.sorted(by: { $0.key < $1.key }) {
            guard var editor = XMLEditor(book, path) else { continue }
            for element in editor.map.elements.indices {
                // Hyperlinks and NCX entries; an SVG `use` or `image` needs its fragment (RSC-015).
                guard ["a", "area", "content"].contains(editor.map.elements[element].localName) else { continue }
                for attribute in editor.map.elements[element].attributes where ["href", "src", "xlink:href"].contains(attribute.name) {
                    let value = String(decoding: editor.map.bytes[attribute.value], as: UTF8.self)
                    guard let hash = value.firstIndex(of: "#") else { continue }
                    let file = String(value[..<hash]), fragment = String(value[value.index(after: hash)...])
                    guard links.contains(where: { $0.fragment == fragment && (file.isEmpty ? path == $0.target : HrefResolver.path(file, against: path) == $0.target) }) else { continue }
                    // A fragment of the document itself: the document by its name (its top, as a reading system takes it).
                    let document = file.isEmpty ? ownName(path) : file
                    editor.replace(attribute.value, with: XMLText.escaped(document, attribute: true))
                    records.append(RepairRecord(.RSC_012, path, .repairDroppedFragment(value, fragment)))
                }
            }
            editor.commit(&book)
        }
        return records
    }

    /// A document's file name as a relative URL of itself.
    static func ownName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: ":"))) ?? name
    }
}
