import EPUBContract
import EPUBDocument
import EPUBValidator
import Foundation

/// Manifest entries that say something the files contradict: a media type the bytes deny, an
/// unknown property or relation, an item whose file is missing and that nothing uses.
enum ManifestEntryRepairs {
    /// OPF-029 (an image whose bytes are another image type) and RSC-032 (a file declared as a
    /// non-core type whose bytes are a core image): the bytes say the type (the validator's own
    /// table of signatures, `ImageRules.formats`).
    static let mediaType = Repair([.OPF_029, .RSC_032], templates: [.fileButManifestDeclares, .notCoreMediaTypeHasNo],
                                  determinable: { message, session in
        // RSC-032 only when the bytes are a core image the item's type denies.
        guard message.text?.key == .notCoreMediaTypeHasNo else { return true }
        guard let href = message.argument(0) else { return false }
        guard let path = HrefResolver.path(href, against: session.package.path), let item = session.package.item(path: path), let head = session.data(at: path, prefix: 16) else { return false }
        return ImageSignatures.type(of: Array(head)).map { $0 != item.mediaType } ?? false
    }) { context, book in
        guard let package = context.package, var editor = XMLEditor(book, package.path) else { return [] }
        var records: [RepairRecord] = []
        var done = Set<String>()
        for message in context.messages {
            let resource: String?
            if message.text?.key == .fileButManifestDeclares { resource = message.locations.first?.path } else {
                // The href as the manifest writes it (relative to the package), else as the referring document does.
                resource = message.argument(0).flatMap { href in
                    HrefResolver.path(href, against: package.path).flatMap { package.item(path: $0) == nil ? nil : $0 }
                        ?? message.locations.first.flatMap { HrefResolver.path(href, against: $0.path) }
                }
            }
            guard let path = resource, done.insert(path).inserted, let item = package.item(path: path), let bytes = book.bytes(path),
                  let actual = ImageSignatures.type(of: bytes),
                  actual != item.mediaType,
                  let element = editor.map.elements(named: "item").first(where: { editor.map.value("id", of: $0)?.trimmingXMLWhitespace() == item.id }) else { continue }
            editor.set("media-type", actual, on: element)
            records.append(RepairRecord(MessageID(rawValue: message.id) ?? .OPF_029, package.path, .repairMediaType(item.id, actual, item.mediaType)))
        }
        editor.commit(&book)
        return records
    }

    /// OPF-035, OPF-037: a media type OPF 2 or OEBPS 1.2 used for what now has a type of its own.
    static let legacyTypes: [String: String] = ["text/html": "application/xhtml+xml", "text/x-oeb1-document": "application/xhtml+xml",
                                                "text/x-oeb1-css": "text/css", "text/x-oeb-document": "application/xhtml+xml"]

    static let legacyMediaType = Repair([.OPF_035, .OPF_037], templates: [.itemTextHtmlWhichOpfDoes, .itemUsesDeprecatedOebpsMediaType],
                                        determinable: { message, session in
        // A document becomes XHTML, held to XHTML's grammar, only when it is XHTML already.
        guard let id = message.argument(0), let item = session.package.item(id: id), let path = item.path else { return false }
        if legacyTypes[item.mediaType.lowercased()] == "text/css" { return true }
        guard let head = session.head(at: path) else { return false }
        return head.rootName == "html" && head.rootNamespace == XMLNamespace.xhtml
    }) { context, book in
        guard let path = context.package?.path, var editor = XMLEditor(book, path) else { return [] }
        let ids = Set(context.messages.compactMap { $0.argument(0) })
        var records: [RepairRecord] = []
        for item in editor.map.elements(named: "item") {
            guard let id = editor.map.value("id", of: item)?.trimmingXMLWhitespace(), ids.contains(id),
                  let old = editor.map.value("media-type", of: item), let new = legacyTypes[old.trimmingXMLWhitespace().lowercased()] else { continue }
            editor.set("media-type", new, on: item)
            records.append(RepairRecord(old.lowercased().contains("oeb") ? .OPF_037 : .OPF_035, path, .repairMediaTypeModern(id, new, old)))
        }
        editor.commit(&book)
        return records
    }

    /// OPF-027: an item property, itemref property or link relation no vocabulary defines.
    /// Reading systems ignore it; a link whose only relation it was is ignored whole.
    static let unknownProperty = Repair([.OPF_027], templates: [.notPropertyVocabularyPrefixTermYour], determinable: { message, session in
        // A token of a properties or rel attribute; an unknown meta property is data, not a token to drop.
        guard let token = message.argument(0) else { return false }
        let package = session.package
        return package.manifest.contains { ($0.propertiesWritten ?? $0.properties).contains(token) }
            || package.spine.contains { ($0.propertiesWritten ?? $0.properties).contains(token) }
            || package.links.contains { ($0.relWritten ?? $0.rel).contains(token) || ($0.propertiesWritten ?? $0.properties).contains(token) }
    }) { context, book in
        guard let path = context.package?.path, var editor = XMLEditor(book, path) else { return [] }
        let unknown = Set(context.messages.compactMap { $0.argument(0) })
        var records: [RepairRecord] = []
        for element in editor.map.elements.indices where ["item", "itemref", "link"].contains(editor.map.elements[element].localName) {
            for attribute in ["properties", "rel"] {
                guard let value = editor.map.value(attribute, of: element) else { continue }
                let tokens = value.split(whereSeparator: \.isWhitespace).map(String.init)
                let kept = tokens.filter { !unknown.contains($0) }
                guard kept.count != tokens.count else { continue }
                for token in tokens where unknown.contains(token) { records.append(RepairRecord(.OPF_027, path, .repairRemovedUnknownProperty(token))) }
                if kept.isEmpty && attribute == "rel" {
                    editor.remove(element)
                } else if kept.isEmpty {
                    editor.removeAttribute(attribute, of: element)
                } else {
                    editor.set(attribute, kept.joined(separator: " "), on: element)
                }
            }
        }
        editor.commit(&book)
        return records
    }

    /// RSC-001: a manifest item names a file the container lacks, and nothing uses the item (no
    /// itemref, fallback, overlay or reference): the item goes. One something uses stays for a person.
    static let missingFile = Repair([.RSC_001], templates: [.manifestItemRefersWhichNotContainer], determinable: { message, session in
        guard let id = message.argument(0), let target = message.argument(1) else { return false }
        return !isUsed(id, session.package)
            && !ReferenceRewriter.isReferenced(target, names: session.container.entries.map(\.path), besides: session.package.path) {
                session.data(at: $0).map(Array.init)
            }
    }) { context, book in
        guard let package = context.package, var editor = XMLEditor(book, package.path) else { return [] }
        var records: [RepairRecord] = []
        for message in context.messages {
            guard let id = message.argument(0), let target = message.argument(1) else { continue }
            // A file some document refers to is missing content, not a stray item: a person's.
            guard !ReferenceRewriter.isReferenced(target, in: book, besides: package.path) else { continue }
            guard let element = editor.map.elements(named: "item").first(where: { editor.map.value("id", of: $0)?.trimmingXMLWhitespace() == id }) else { continue }
            editor.remove(element)
            records.append(RepairRecord(.RSC_001, package.path, .repairRemovedMissingItem(id, target)))
        }
        editor.commit(&book)
        return records
    }

    /// True when something of the package names the item: an itemref, a fallback, an overlay, the spine's toc.
    static func isUsed(_ id: String, _ package: PackageDocument) -> Bool {
        package.spine.contains { $0.idref == id } || package.manifest.contains { $0.fallback == id || $0.mediaOverlay == id } || package.spineToc == id
    }
}
