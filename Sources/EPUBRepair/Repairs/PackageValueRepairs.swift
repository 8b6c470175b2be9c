import EPUBContract
import EPUBDocument
import Foundation

/// Values in the package document a reading system ignores: an invalid value of an attribute
/// with a default, a `rendition:` property whose value is not one of its own, an empty `meta`, a
/// `meta` or `link` refining nothing. Removing them changes nothing a reader shows; the book is
/// then what reading systems already took it to be. A spine listing an item twice keeps the first.
enum PackageValueRepairs {
    /// Attributes of the package whose absence means their default (EPUB 3.3 § 5.8.1, § 5.8.2).
    static let defaulted: Set<String> = ["page-progression-direction", "linear", "dir"]

    /// RSC-005: an attribute with a default holds a value outside its grammar.
    static let invalidAttribute = Repair([.RSC_005], templates: [.attributeHasInvalidValueExpected], only: { defaulted.contains($0.argument(0) ?? "") },
                                         determinable: { message, session in message.locations.contains { $0.path == session.package.path } }) { context, book in
        guard let path = context.package?.path, var editor = XMLEditor(book, path) else { return [] }
        var records: [RepairRecord] = []
        for message in context.messages where message.locations.contains(where: { $0.path == path }) {
            guard let name = message.argument(0), defaulted.contains(name), let value = message.argument(2) else { continue }
            for element in editor.map.elements.indices where editor.map.value(name, of: element) == value {
                editor.removeAttribute(name, of: element)
                records.append(RepairRecord(.RSC_005, path, .repairRemovedInvalidAttribute(name, value)))
            }
        }
        editor.commit(&book)
        return records
    }

    /// RSC-005: a `rendition:` property whose value the vocabulary does not define.
    static let invalidRendition = Repair([.RSC_005], templates: [.notValidValueRenditionDefaultUsed]) { context, book in
        guard let path = context.package?.path, var editor = XMLEditor(book, path) else { return [] }
        var records: [RepairRecord] = []
        for message in context.messages {
            guard let value = message.argument(0), let property = message.argument(1) else { continue }
            for meta in editor.map.elements(named: "meta")
            where editor.map.value("property", of: meta)?.trimmingXMLWhitespace() == "rendition:" + property
                && editor.map.text(of: meta).trimmingXMLWhitespace() == value.trimmingXMLWhitespace() {
                editor.remove(meta)
                records.append(RepairRecord(.RSC_005, path, .repairRemovedIgnoredMeta("rendition:" + property, value)))
            }
        }
        editor.commit(&book)
        return records
    }

    /// RSC-005: a `meta` with no value (EPUB 3.3 § 5.5.6: its value must not be empty).
    static let emptyMeta = Repair([.RSC_005], templates: [.contentOfElementInvalidExpected], only: { $0.message.contains("<meta>") && $0.message.contains("empty") }) { context, book in
        guard let path = context.package?.path, var editor = XMLEditor(book, path), let metadata = editor.first("metadata") else { return [] }
        var records: [RepairRecord] = []
        for meta in editor.map.children(of: metadata) where editor.map.elements[meta].localName == "meta"
            && editor.map.value("property", of: meta) != nil && editor.map.text(of: meta).trimmingXMLWhitespace().isEmpty {
            editor.remove(meta)
            records.append(RepairRecord(.RSC_005, path, .repairRemovedIgnoredMeta(editor.map.value("property", of: meta) ?? "", "")))
        }
        editor.commit(&book)
        return records
    }

    /// RSC-005: a `meta` or `link` refines an id no element has. Checked against the package as it
    /// now stands: a repair this round may have restored the element it refines.
    static let danglingRefines = Repair([.RSC_005], templates: [.metaRefinesWhichNamesNoElement, .linkRefinesWhichNamesNoElement]) { context, book in
        guard let path = context.package?.path, var editor = XMLEditor(book, path) else { return [] }
        let ids = Set(editor.map.elements.indices.compactMap { editor.map.value("id", of: $0)?.trimmingXMLWhitespace() })
        let targets = Set(context.messages.compactMap { $0.argument(1) }).subtracting(ids)
        var records: [RepairRecord] = []
        for element in editor.map.elements.indices where ["meta", "link"].contains(editor.map.elements[element].localName) {
            guard let refines = editor.map.value("refines", of: element)?.trimmingXMLWhitespace(), refines.hasPrefix("#"),
                  targets.contains(String(refines.dropFirst())) else { continue }
            editor.remove(element)
            let what = editor.map.value("property", of: element) ?? editor.map.value("rel", of: element) ?? editor.map.elements[element].name
            records.append(RepairRecord(.RSC_005, path, .repairRemovedDanglingRefines(what, refines)))
        }
        editor.commit(&book)
        return records
    }

    /// RSC-005: the spine lists an item more than once; the first stays.
    static let duplicateItemref = Repair([.RSC_005, .OPF_034], templates: [.spineRefersManifestItemMoreThan]) { context, book in
        guard let path = context.package?.path, var editor = XMLEditor(book, path) else { return [] }
        var seen = Set<String>()
        var records: [RepairRecord] = []
        for itemref in editor.map.elements(named: "itemref") {
            guard let idref = editor.map.value("idref", of: itemref)?.trimmingXMLWhitespace() else { continue }
            if !seen.insert(idref).inserted {
                editor.remove(itemref)
                let id: MessageID = context.messages.contains { $0.id == MessageID.OPF_034.rawValue } ? .OPF_034 : .RSC_005
                records.append(RepairRecord(id, path, .repairRemovedRepeatedItemref(idref)))
            }
        }
        editor.commit(&book)
        return records
    }
}
