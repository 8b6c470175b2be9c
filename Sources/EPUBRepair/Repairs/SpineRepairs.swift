import EPUBContract
import EPUBDocument
import Foundation

/// The spine's references (EPUB 3.3 § 5.7): its `toc`, and items that are not read in order.
enum SpineRepairs {
    /// OPF-050: the spine's `toc` names an item that is not the NCX: the one NCX item when there
    /// is exactly one, else the attribute goes.
    static let toc = Repair([.OPF_050], templates: [.spineSTocNamesWhichNot]) { context, book in
        guard let package = context.package, var editor = XMLEditor(book, package.path), let spine = editor.first("spine") else { return [] }
        let record = pointToc(package, &editor, spine, id: .OPF_050)
        editor.commit(&book)
        return [record]
    }

    /// The spine's `toc` set to the one NCX item when there is exactly one, else removed.
    static func pointToc(_ package: PackageDocument, _ editor: inout XMLEditor, _ spine: Int, id: MessageID) -> RepairRecord {
        let ncx = package.manifest.filter { $0.mediaType == "application/x-dtbncx+xml" }
        if ncx.count == 1, let item = ncx.first {
            editor.set("toc", item.id, on: spine)
            return RepairRecord(id, package.path, .repairSpineToc(item.id))
        }
        editor.removeAttribute("toc", of: spine)
        return RepairRecord(id, package.path, .repairRemovedSpineToc)
    }

    /// OPF-077: a Data Navigation Document in the spine; it is not content to read in order.
    static let dataNavigation = Repair([.OPF_077], templates: [.dataNavigationDocumentInSpine]) { context, book in
        guard let path = context.package?.path, var editor = XMLEditor(book, path) else { return [] }
        let ids = Set(context.messages.compactMap { $0.argument(0) })
        var records: [RepairRecord] = []
        for itemref in editor.map.elements(named: "itemref") {
            guard let idref = editor.map.value("idref", of: itemref)?.trimmingXMLWhitespace(), ids.contains(idref) else { continue }
            editor.remove(itemref)
            records.append(RepairRecord(.OPF_077, path, .repairRemovedDataNavItemref(idref)))
        }
        editor.commit(&book)
        return records
    }
}
