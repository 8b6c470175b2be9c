import EPUBContract
import EPUBDocument
import Foundation

/// What identifies the publication (EPUB 3.3 § 5.5.3): `dcterms:modified`, the unique
/// identifier, the title and the language, each taken from what the book already says.
enum PackageIdentityRepairs {
    static let dc = "http://purl.org/dc/elements/1.1/"

    /// RSC-005: no `dcterms:modified`, several, or one not a UTC date and time. The book is being
    /// modified now: that is the value (`SOURCE_DATE_EPOCH` fixes it for reproducible runs).
    static let modified = Repair([.RSC_005], templates: [.packageMetadataHaveExactlyOneDcterms, .dctermsModifiedUtcDateTimeLike]) { context, book in
        guard var (editor, metadata) = context.packageEditor(book) else { return [] }
        let metas = editor.map.children(of: metadata).filter { i in
            editor.map.elements[i].localName == "meta" && editor.map.value("property", of: i)?.trimmingCharacters(in: .whitespacesAndNewlines) == "dcterms:modified"
        }
        let path = editor.path
        var records: [RepairRecord] = []
        if let first = metas.first {
            let old = editor.map.text(of: first)
            if old != context.modified {
                editor.setText(context.modified, of: first)
                records.append(RepairRecord(.RSC_005, path, .repairSetModified(context.modified, old)))
            }
            for extra in metas.dropFirst() {
                editor.remove(extra)
                records.append(RepairRecord(.RSC_005, path, .repairRemovedExtraModified(editor.map.text(of: extra))))
            }
        } else {
            let prefix = editor.prefix(of: metadata)
            editor.append("<\(prefix)meta property=\"dcterms:modified\">\(context.modified)</\(prefix)meta>", to: metadata)
            records.append(RepairRecord(.RSC_005, path, .repairAddedModified(context.modified)))
        }
        editor.commit(&book)
        return records
    }

    /// RSC-005 (a required element missing from `metadata`): the title, language or identifier,
    /// when the book says it elsewhere.
    static let required = Repair([.RSC_005], templates: [.elementIncompleteMissing, .metadataIncompleteMissing],
                                 only: { $0.message.contains("dc:title") || $0.message.contains("dc:language") },
                                 determinable: { message, session in
        // Every element the message names must be one the book states.
        (!message.message.contains("dc:title") || statedTitle(session) != nil)
            && (!message.message.contains("dc:language") || statedLanguage(session) != nil)
            && !message.message.contains("dc:identifier")
    }) { context, book in
        guard let session = context.session else { return [] }
        let said = context.messages.map(\.message).joined(separator: " ")
        var records: [RepairRecord] = []
        if said.contains("dc:title"), let record = addTitle(session, context, &book) { records.append(record) }
        if said.contains("dc:language"), let record = addLanguage(session, context, &book) { records.append(record) }
        return records
    }

    /// OPF-030 and RSC-005: `unique-identifier` names no `dc:identifier` (or none exists).
    static let uniqueIdentifier = Repair([.OPF_030, .RSC_005, .OPF_048], templates: [.uniqueIdentifierNamesNoDcIdentifier, .packageUniqueIdentifierIdDcIdentifier,
                                                                           .elementIncompleteMissing, .packageElementHasNoUniqueIdentifier],
                                         only: { $0.text?.key != .elementIncompleteMissing || $0.message.contains("dc:identifier") }) { context, book in
        guard let session = context.session, var (editor, metadata) = context.packageEditor(book), let root = editor.root else { return [] }
        guard let first = context.messages.first, let id = MessageID(rawValue: first.id) else { return [] }
        let identifiers = editor.map.children(of: metadata).filter { editor.map.elements[$0].name.hasSuffix("identifier") && editor.map.elements[$0].name.contains(":") }
        let ref = editor.map.value("unique-identifier", of: root)?.trimmingCharacters(in: .whitespaces) ?? ""
        let ids = Set(editor.map.elements.indices.compactMap { editor.map.value("id", of: $0) })
        if identifiers.contains(where: { editor.map.value("id", of: $0) == ref }), !ref.isEmpty { return [] }
        if let named = identifiers.first(where: { editor.map.value("id", of: $0) != nil }), let value = editor.map.value("id", of: named) {
            editor.set("unique-identifier", value, on: root)
            editor.commit(&book)
            return [RepairRecord(id, editor.path, .repairUniqueIdentifierPointed(value))]
        }
        let newID = !ref.isEmpty && ref.isXMLNCName && !ids.contains(ref) ? ref : "uid"
        if ref != newID { editor.set("unique-identifier", newID, on: root) }
        if let unnamed = identifiers.first {
            editor.set("id", newID, on: unnamed)
            editor.commit(&book)
            return [RepairRecord(id, editor.path, .repairUniqueIdentifierNamed(newID, editor.map.text(of: unnamed)))]
        }
        let (value, source) = identifierValue(session, book)
        let prefix = dublinCorePrefix(editor, metadata)
        editor.append("<\(prefix.name)identifier id=\"\(newID)\"\(prefix.declaration)>\(XMLText.escaped(value))</\(prefix.name)identifier>", to: metadata)
        editor.commit(&book)
        return [RepairRecord(id, editor.path, .repairAddedIdentifier(value, newID, source))]
    }

    /// The identifier the book already states: the NCX's `dtb:uid`, else a UUID made from the
    /// package document's bytes (the same book always gets the same one).
    static func identifierValue(_ session: PublicationSession, _ book: RepairBook) -> (String, MessageText) {
        if let ncx = session.navigation.ncx, let tree = session.wellFormedTree(at: ncx),
           let uid = tree.elements(named: "meta", in: XMLNamespace.ncx).first(where: { $0.attribute("name") == "dtb:uid" })?.attribute("content")?
               .trimmingCharacters(in: .whitespacesAndNewlines), !uid.isEmpty {
            return (uid, .repairSourceNCXUid)
        }
        let digest = SHA256.hex(of: Data(book.bytes(session.package.path) ?? []))
        var bytes = stride(from: 0, to: 32, by: 2).map { UInt8(digest.dropFirst($0).prefix(2), radix: 16) ?? 0 }
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // a name-based UUID (RFC 9562 § 5.5: version 5 layout, SHA-256 bits)
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return ("urn:uuid:" + parts.joined(separator: "-"), .repairSourceDigest)
    }

    /// The prefix the package writes Dublin Core with, and a declaration when it writes none.
    static func dublinCorePrefix(_ editor: XMLEditor, _ metadata: Int) -> (name: String, declaration: String) {
        if editor.map.children(of: metadata).contains(where: { editor.map.elements[$0].name.hasPrefix("dc:") }) { return ("dc:", "") }
        return ("dc:", " xmlns:dc=\"\(dc)\"")
    }

    private static func addTitle(_ session: PublicationSession, _ context: RepairContext, _ book: inout RepairBook) -> RepairRecord? {
        guard var (editor, metadata) = context.packageEditor(book) else { return nil }
        guard let (title, source) = statedTitle(session) else { return nil }
        // A meta that refines the missing title (its title-type, or an id named for it) gives its id.
        let known = Set(editor.map.elements.indices.compactMap { editor.map.value("id", of: $0) })
        let dangling = session.package.declaredMetadata.compactMap { entry -> String? in
            guard let target = entry.refinesWritten ?? entry.refines, target.hasPrefix("#") else { return nil }
            let id = String(target.dropFirst())
            return known.contains(id) ? nil : (entry.name == "title-type" || id.lowercased().contains("title") ? id : nil)
        }
        let prefix = dublinCorePrefix(editor, metadata)
        let idAttribute = dangling.first.map { " id=\"\(XMLText.escaped($0, attribute: true))\"" } ?? ""
        editor.append("<\(prefix.name)title\(idAttribute)\(prefix.declaration)>\(XMLText.escaped(title))</\(prefix.name)title>", to: metadata)
        editor.commit(&book)
        return RepairRecord(.RSC_005, editor.path, .repairAddedTitle(title, source))
    }

    /// The title the book states elsewhere: the NCX's `docTitle`, else the first spine document's `title`.
    static func statedTitle(_ session: PublicationSession) -> (String, MessageText)? {
        if let ncx = session.navigation.ncx, let tree = session.wellFormedTree(at: ncx),
           let text = tree.elements(named: "docTitle", in: XMLNamespace.ncx).first?.text.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
            return (text, .repairSourceNCXDocTitle)
        }
        // The publication's title as the content marks it (EPUB Structural Semantics: fulltitle, title).
        let spine = session.package.spine.prefix(8).compactMap { session.package.item(id: $0.idref)?.path }
        for type in ["fulltitle", "title"] {
            for path in spine {
                guard let document = session.contentDocument(at: path) else { continue }
                if let element = document.elements.indices.first(where: { document.types(of: $0).contains(type) }) {
                    let text = LibXMLNode.content(document.elements[element].node).split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    if !text.isEmpty { return (text, .repairSourceMarkedTitle(path)) }
                }
            }
        }
        if let path = spine.first, let title = session.head(at: path)?.title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty {
            return (title, .repairSourceDocumentTitle(path))
        }
        return nil
    }

    /// The language the spine documents declare on their root, the most common one.
    static func statedLanguage(_ session: PublicationSession) -> String? {
        var counts: [String: Int] = [:]
        for ref in session.package.spine {
            guard let path = session.package.item(id: ref.idref)?.path, let head = session.head(at: path) else { continue }
            let value = (head.rootAttributes["xml:lang"] ?? head.rootAttributes["lang"])?.trimmingCharacters(in: .whitespaces) ?? ""
            if !value.isEmpty, LanguageTag.isWellFormed(value) { counts[value, default: 0] += 1 }
        }
        return counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key
    }

    private static func addLanguage(_ session: PublicationSession, _ context: RepairContext, _ book: inout RepairBook) -> RepairRecord? {
        guard var (editor, metadata) = context.packageEditor(book) else { return nil }
        guard let language = statedLanguage(session) else { return nil }
        let prefix = dublinCorePrefix(editor, metadata)
        editor.append("<\(prefix.name)language\(prefix.declaration)>\(XMLText.escaped(language))</\(prefix.name)language>", to: metadata)
        editor.commit(&book)
        return RepairRecord(.RSC_005, editor.path, .repairAddedLanguage(language))
    }
}
