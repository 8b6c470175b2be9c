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

    /// RSC-005 from the NCX's Schematron: `playOrder` with a gap, without 1, or not one number per
    /// target. The order the book gives stands (entries sorted by their `playOrder`, the NCX's own
    /// order breaking ties); entries pointing at one target share a number, and the numbers run
    /// 1, 2, 3 … with no gap, as NCX 2005-1 § 8.4.2 wants them.
    static let playOrder = Repair([.RSC_005], templates: [.playorderSequenceHasGapBefore, .entriesPointingHaveDifferentPlayorderValues,
                                                          .entriesPlayorderPointDifferentTargets, .noNcxEntryHasPlayorder]) { context, book in
        var records: [RepairRecord] = []
        for path in context.paths {
            guard var editor = XMLEditor(book, path) else { continue }
            let entries = editor.map.elements.indices.filter { ["navPoint", "pageTarget", "navTarget"].contains(editor.map.elements[$0].localName) }
                .compactMap { entry -> (element: Int, order: Int, target: String)? in
                    guard let written = editor.map.value("playOrder", of: entry), let order = Int(written.trimmingXMLWhitespace()),
                          let content = editor.map.children(of: entry).first(where: { editor.map.elements[$0].localName == "content" }),
                          let src = editor.map.value("src", of: content)?.trimmingXMLWhitespace() else { return nil }
                    let file = HrefResolver.path(src, against: path) ?? src
                    return (entry, order, file + (src.firstIndex(of: "#").map { String(src[$0...]) } ?? ""))
                }
            var first: [String: (order: Int, position: Int)] = [:]
            for (position, entry) in entries.enumerated() {
                if let known = first[entry.target] {
                    if entry.order < known.order { first[entry.target] = (entry.order, known.position) }
                } else {
                    first[entry.target] = (entry.order, position)
                }
            }
            let ranked = first.sorted { ($0.value.order, $0.value.position) < ($1.value.order, $1.value.position) }
            let number = Dictionary(uniqueKeysWithValues: ranked.enumerated().map { ($0.element.key, $0.offset + 1) })
            var changed = 0
            for entry in entries where number[entry.target] != entry.order {
                editor.set("playOrder", String(number[entry.target] ?? entry.order), on: entry.element)
                changed += 1
            }
            guard changed > 0 else { continue }
            editor.commit(&book)
            records.append(RepairRecord(.RSC_005, path, .repairRenumberedPlayOrder(changed)))
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
