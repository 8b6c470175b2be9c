import EPUBContract
import EPUBDocument
import Foundation

/// References of the spine and the guide to items that are not there or not content: what a
/// reading system drops, dropped; what the book leaves only one answer to, answered.
enum SpineReferenceRepairs {
    /// OPF-049 and RSC-005: an itemref names no manifest item: it goes, as reading systems drop
    /// it. (Which document it meant is not the book's to say: a file the contents list that the
    /// manifest lacks is RSC-008's, and joins the spine where the contents put it.)
    static let danglingItemref = Repair([.OPF_049, .RSC_005], templates: [.spineRefersWhichNotManifestItem, .itemrefIdrefNameManifestItem]) { context, book in
        guard let package = context.package, var editor = XMLEditor(book, package.path) else { return [] }
        let ids = Set(package.manifestAsWritten.map(\.id))
        var records: [RepairRecord] = []
        for itemref in editor.map.elements(named: "itemref") where !ids.contains(editor.map.value("idref", of: itemref)?.trimmingXMLWhitespace() ?? "") {
            editor.remove(itemref)
            records.append(RepairRecord(.OPF_049, package.path, .repairRemovedDanglingItemref(editor.map.value("idref", of: itemref) ?? "")))
        }
        editor.commit(&book)
        return records
    }

    /// OPF-049 (the spine's `toc` names no item) and OPF-063 (its `page-map` names no item): the
    /// one NCX for `toc`, else the attribute goes, as reading systems ignore it.
    static let danglingSpineAttribute = Repair([.OPF_049, .OPF_063], templates: [.spineTocNamesNoManifestItem, .pageMapNamesNoManifestItem]) { context, book in
        guard let package = context.package, var editor = XMLEditor(book, package.path), let spine = editor.first("spine") else { return [] }
        var records: [RepairRecord] = []
        for message in context.messages {
            if message.text?.key == .spineTocNamesNoManifestItem {
                records.append(SpineRepairs.pointToc(package, &editor, spine, id: .OPF_049))
            } else {
                editor.removeAttribute("page-map", of: spine)
                records.append(RepairRecord(.OPF_063, package.path, .repairRemovedPageMap))
            }
        }
        editor.commit(&book)
        return records
    }

    /// OPF-042: an image or a style sheet listed in the spine; the spine lists content documents.
    static let notContent = Repair([.OPF_042], templates: [.spineItemSpineListsContentDocuments]) { context, book in
        guard let path = context.package?.path, var editor = XMLEditor(book, path) else { return [] }
        let ids = Set(context.messages.compactMap { $0.argument(0) })
        var records: [RepairRecord] = []
        for itemref in editor.map.elements(named: "itemref") {
            guard let idref = editor.map.value("idref", of: itemref)?.trimmingXMLWhitespace(), ids.contains(idref) else { continue }
            editor.remove(itemref)
            records.append(RepairRecord(.OPF_042, path, .repairRemovedNonContentItemref(idref)))
        }
        editor.commit(&book)
        return records
    }

    /// OPF-031 (a guide reference to a file not in the manifest) and OPF-032 (to one that is not a
    /// content document): the reference goes; the guide is a hint reading systems skip when it fails.
    static let guide = Repair([.OPF_031, .OPF_032], templates: [.guideReferenceNamesNoManifestItem, .guideReferenceNamesItemNotContent]) { context, book in
        guard let path = context.package?.path, var editor = XMLEditor(book, path) else { return [] }
        let targets = Set(context.messages.compactMap { $0.argument(0) })
        var records: [RepairRecord] = []
        let references = editor.map.elements(named: "reference")
        let failing = references.filter { reference in
            guard let href = editor.map.value("href", of: reference) else { return false }
            return HrefResolver.path(href, against: path).map(targets.contains) == true || targets.contains(href)
        }
        // A guide must hold a reference: one left with none goes whole.
        if failing.count == references.count, let guide = editor.first("guide") { editor.remove(guide) }
        for reference in failing {
            guard let href = editor.map.value("href", of: reference) else { continue }
            let target = HrefResolver.path(href, against: path)
            if failing.count != references.count { editor.remove(reference) }
            let id: MessageID = context.messages.contains { $0.id == MessageID.OPF_032.rawValue && ($0.argument(0) == target || $0.argument(0) == href) } ? .OPF_032 : .OPF_031
            records.append(RepairRecord(id, path, .repairRemovedGuideReference(href)))
        }
        editor.commit(&book)
        return records
    }
}
