import EPUBContract
import EPUBReports
import EPUBValidator
import EPUBDocument
import Foundation

/// Manifest items that contradict the package's rules in a way the manifest itself settles: a
/// property the content does not use or the type does not take, the package listed as its own
/// item, a fragment in an item's href, a file listed twice, and files the book uses but does not list.
enum ManifestItemRepairs {
    /// OPF-015: an item declares a property (`scripted`, `svg`, `mathml` …) its document does not use.
    static let unneededProperties = Repair([.OPF_015], templates: [.manifestItemDeclaresWhichDocumentDoes]) { context, book in
        var drop: [String: Set<String>] = [:]
        for message in context.messages {
            guard let id = message.argument(0), let list = message.argument(1) else { continue }
            drop[id, default: []].formUnion(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return removeProperties(drop, context, &book, id: .OPF_015)
    }

    /// OPF-012: a property that does not apply to the item's media type (`nav` on a style sheet,
    /// `cover-image` on a document).
    static let misappliedProperty = Repair([.OPF_012], templates: [.propertyDoesNotApplyItemType]) { context, book in
        var drop: [String: Set<String>] = [:]
        for message in context.messages {
            guard let property = message.argument(0), let id = message.argument(1) else { continue }
            drop[id, default: []].insert(property)
        }
        return removeProperties(drop, context, &book, id: .OPF_012)
    }

    static func removeProperties(_ drop: [String: Set<String>], _ context: RepairContext, _ book: inout RepairBook, id messageID: MessageID) -> [RepairRecord] {
        guard let path = context.package?.path, var editor = XMLEditor(book, path) else { return [] }
        var records: [RepairRecord] = []
        for item in editor.map.elements(named: "item") {
            guard let id = editor.map.value("id", of: item)?.trimmingXMLWhitespace(), let unwanted = drop[id],
                  let old = editor.map.value("properties", of: item) else { continue }
            let kept = old.split(whereSeparator: \.isWhitespace).map(String.init).filter { !unwanted.contains($0) }
            if kept.isEmpty { editor.removeAttribute("properties", of: item) } else { editor.set("properties", kept.joined(separator: " "), on: item) }
            records.append(RepairRecord(messageID, path, .repairItemProperties(id, kept.joined(separator: " "), old)))
        }
        editor.commit(&book)
        return records
    }

    /// OPF-040: an item's `fallback` names no item, and the item is of a core media type, which
    /// needs no fallback: the attribute goes (reading systems find nothing there either).
    static let danglingFallback = Repair([.OPF_040], templates: [.manifestItemNamesFallbackWhichNot], determinable: { message, session in
        guard let id = message.argument(0), let item = session.package.item(id: id) else { return false }
        return CoreMediaTypes(.epub33).contains(item.mediaType)
    }) { context, book in
        guard let path = context.package?.path, var editor = XMLEditor(book, path) else { return [] }
        let ids = Set(context.messages.compactMap { $0.argument(0) })
        var records: [RepairRecord] = []
        for item in editor.map.elements(named: "item") {
            guard let id = editor.map.value("id", of: item)?.trimmingXMLWhitespace(), ids.contains(id),
                  let fallback = editor.map.value("fallback", of: item) else { continue }
            editor.removeAttribute("fallback", of: item)
            records.append(RepairRecord(.OPF_040, path, .repairRemovedDanglingFallback(id, fallback)))
        }
        editor.commit(&book)
        return records
    }

    /// OPF-099: the manifest lists the package document itself.
    static let packageItself = Repair([.OPF_099], templates: [.manifestListsPackageDocumentItselfItem]) { context, book in
        removeItems(Set(context.messages.compactMap { $0.argument(0) }), context, &book, id: .OPF_099, because: { MessageText.repairRemovedPackageItem($0) })
    }

    static func removeItems(_ ids: Set<String>, _ context: RepairContext, _ book: inout RepairBook, id messageID: MessageID,
                            because change: (String) -> MessageText) -> [RepairRecord] {
        guard let path = context.package?.path, var editor = XMLEditor(book, path) else { return [] }
        var records: [RepairRecord] = []
        for item in editor.map.elements(named: "item") {
            guard let id = editor.map.value("id", of: item)?.trimmingXMLWhitespace(), ids.contains(id) else { continue }
            editor.remove(item)
            records.append(RepairRecord(messageID, path, change(id)))
        }
        editor.commit(&book)
        return records
    }

    /// OPF-091: an item's href has a fragment; an item names a whole file.
    static let hrefFragment = Repair([.OPF_091], templates: [.hrefManifestItemHasFragmentItem]) { context, book in
        guard let path = context.package?.path, var editor = XMLEditor(book, path) else { return [] }
        let ids = Set(context.messages.compactMap { $0.argument(1) })
        var records: [RepairRecord] = []
        for item in editor.map.elements(named: "item") {
            guard let id = editor.map.value("id", of: item)?.trimmingXMLWhitespace(), ids.contains(id),
                  let href = editor.map.value("href", of: item), let hash = href.firstIndex(of: "#") else { continue }
            let file = String(href[..<hash])
            editor.set("href", file, on: item)
            records.append(RepairRecord(.OPF_091, path, .repairDroppedItemFragment(id, href, file)))
        }
        editor.commit(&book)
        return records
    }

    /// OPF-074: two items list one file. The later goes; what named it (itemrefs, fallbacks,
    /// overlays, the spine's `toc`) names the first.
    static let listedTwice = Repair([.OPF_074], templates: [.listedMoreThanOneManifestItem]) { context, book in
        guard let package = context.package, var editor = XMLEditor(book, package.path) else { return [] }
        var records: [RepairRecord] = []
        var renamed: [String: String] = [:]
        for message in context.messages {
            guard let target = message.argument(0), let repeated = message.argument(1),
                  let first = package.manifestAsWritten.first(where: { $0.path == target && $0.id != repeated })?.id,
                  let element = editor.map.elements(named: "item").first(where: { editor.map.value("id", of: $0)?.trimmingXMLWhitespace() == repeated }) else { continue }
            editor.remove(element)
            renamed[repeated] = first
            records.append(RepairRecord(.OPF_074, package.path, .repairRemovedRepeatedItem(repeated, first)))
        }
        for element in editor.map.elements.indices {
            for attribute in ["idref", "fallback", "media-overlay", "toc"] {
                if let value = editor.map.value(attribute, of: element)?.trimmingXMLWhitespace(), let first = renamed[value] {
                    editor.set(attribute, first, on: element)
                }
            }
        }
        editor.commit(&book)
        return records
    }

    /// RSC-008: a file the book uses is in the container but not in the manifest: an item for it,
    /// its media type from its bytes (images) or its extension (core types only; others stay for a person).
    static let unlisted = Repair([.RSC_008, .OPF_003], templates: [.containerButNotManifest, .usedStyleSheetContainerButNot, .fileContainerButNotListedManifest],
                                 only: { target($0).map { !ContainerRepairs.isLitter($0) && mediaType(ofName: $0) != nil } ?? false }, determinable: { message, session in
        // A document joins the spine too, so where it goes must be known: the contents, or a hyperlink.
        guard let target = target(message), mediaType(ofName: target) == "application/xhtml+xml" else { return true }
        return tocNeighbour(of: target, session) != nil || message.locations.contains { hyperlinks($0.path, to: target, session) }
    }) { context, book in
        guard let package = context.package, var editor = XMLEditor(book, package.path), let manifest = editor.first("manifest") else { return [] }
        var ids = Set(editor.map.elements.indices.compactMap { editor.map.value("id", of: $0) })
        var records: [RepairRecord] = []
        var done = Set<String>()
        for message in context.messages {
            guard let target = target(message), done.insert(target).inserted, book.contains(target), package.item(path: target) == nil,
                  let type = mediaType(book.bytes(target) ?? [], name: target) else { continue }
            var id = itemID(for: target)
            if ids.contains(id) { var n = 2; while ids.contains("\(id)-\(n)") { n += 1 }; id = "\(id)-\(n)" }
            ids.insert(id)
            let href = ReferenceRewriter.relative(target, from: package.path)
            let prefix = editor.prefix(of: manifest)
            editor.append("<\(prefix)item id=\"\(id)\" href=\"\(XMLText.escaped(href, attribute: true))\" media-type=\"\(type)\"/>", to: manifest)
            records.append(RepairRecord(MessageID(rawValue: message.id) ?? .RSC_008, package.path, .repairAddedItem(id, target, type)))
            records += typedPictureSources(target, type, context, &book)
            // A document the table of contents lists joins the spine where the contents put it; one
            // only a hyperlink leads to joins it out of the reading order (linear="no"). An SVG
            // file is a document when the contents or a hyperlink lead to it (else an image: no itemref).
            if type == "application/xhtml+xml" || type == "image/svg+xml", let session = context.session, let spine = editor.first("spine") {
                if let neighbour = tocNeighbour(of: target, session) {
                    let itemref = editor.map.elements(named: "itemref").first { editor.map.value("idref", of: $0)?.trimmingXMLWhitespace() == neighbour.idref }
                    if let itemref {
                        let indent = editor.map.indentation(of: itemref)
                        let markup = "<\(prefix)itemref idref=\"\(id)\"/>"
                        if neighbour.after {
                            let end = editor.map.elements[itemref].end?.upperBound ?? editor.map.elements[itemref].start.upperBound
                            editor.insert(editor.newline + indent + markup, at: end)
                        } else {
                            editor.insert(markup + editor.newline + indent, at: editor.map.elements[itemref].start.lowerBound)
                        }
                        records.append(RepairRecord(MessageID(rawValue: message.id) ?? .RSC_008, package.path, .repairAddedItemrefInTocOrder(id)))
                    }
                } else if message.locations.contains(where: { hyperlinks($0.path, to: target, session) }) {
                    editor.append("<\(prefix)itemref idref=\"\(id)\" linear=\"no\"/>", to: spine)
                    records.append(RepairRecord(MessageID(rawValue: message.id) ?? .RSC_008, package.path, .repairAddedNonLinearItemref(id)))
                }
            }
        }
        editor.commit(&book)
        return records
    }

    /// Where the table of contents puts `target` in the reading order: after the spine item of the
    /// nearest entry before it that is in the spine (else before that of the nearest after it).
    static func tocNeighbour(of target: String, _ session: PublicationSession) -> (idref: String, after: Bool)? {
        func flatten(_ entries: [TocEntry]) -> [TocEntry] { entries.flatMap { [$0] + flatten($0.children) } }
        let entries = flatten(session.navigation.toc)
        let file = { (entry: TocEntry) in entry.href.map { String($0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]) } }
        guard let index = entries.firstIndex(where: { file($0) == target }) else { return nil }
        let spine = session.package.spine
        func idref(_ entry: TocEntry) -> String? { entry.spineIndex.flatMap { $0 < spine.count ? spine[$0].idref : nil } }
        if let previous = entries[..<index].reversed().lazy.compactMap(idref).first { return (previous, true) }
        if let next = entries[(index + 1)...].lazy.compactMap(idref).first { return (next, false) }
        return nil
    }

    /// The file a message says is not listed: RSC-008's argument, OPF-003's place.
    static func target(_ message: ValidationMessage) -> String? {
        message.text?.key == .fileContainerButNotListedManifest ? message.locations.first?.path : message.argument(0)
    }

    /// True when a hyperlink (`a`, `area`) of the document at `path` leads to `target`.
    static func hyperlinks(_ path: String, to target: String, _ session: PublicationSession) -> Bool {
        guard let document = session.contentDocument(at: path) else { return false }
        return document.elements(named: ["a", "area"]).contains { element in
            document.attribute(element, "href").flatMap { HrefResolver.path($0, against: path) } == target
        }
    }

    /// A picture `source` that names the file and states no `type`: once the file has an item,
    /// the type the item declares is written on it too, as EPUBCheck compares the two (OPF-013);
    /// the file's bytes settled the type, so nothing a reader sees changes. Only a source whose
    /// every candidate is this file.
    static func typedPictureSources(_ target: String, _ type: String, _ context: RepairContext, _ book: inout RepairBook) -> [RepairRecord] {
        guard let package = context.package else { return [] }
        var records: [RepairRecord] = []
        for item in package.manifest where item.mediaType == "application/xhtml+xml" {
            guard let path = item.path, var editor = XMLEditor(book, path) else { continue }
            var count = 0
            for source in editor.map.elements(named: "source") {
                guard editor.map.value("type", of: source) == nil, let parent = editor.map.elements[source].parent,
                      editor.map.elements[parent].localName == "picture" else { continue }
                let urls = [editor.map.value("src", of: source)].compactMap { $0 }
                    + (editor.map.value("srcset", of: source) ?? "").split(separator: ",").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
                guard !urls.isEmpty, urls.allSatisfy({ HrefResolver.path($0, against: path) == target }) else { continue }
                editor.set("type", type, on: source)
                count += 1
            }
            guard count > 0 else { continue }
            editor.commit(&book)
            records.append(RepairRecord(.RSC_008, path, .repairTypedPictureSource(count, type)))
        }
        return records
    }

    /// An id for a new item, from its file name: letters, digits, `-` and `_` kept, the rest `-`.
    static func itemID(for path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? "item"
        let cleaned = String(name.map { (c: Character) -> Character in c.isLetter || c.isNumber || c == "-" || c == "_" ? c : "-" })
        return cleaned.first?.isLetter == true ? cleaned : "item-" + cleaned
    }

    /// Core media types a file's name settles (EPUB 3.3 § 3.2): images by their bytes first. Not
    /// `.mp4`, which is audio or video as its use says, nor types outside the core.
    static let byExtension: [String: String] = [
        "xhtml": "application/xhtml+xml", "css": "text/css", "js": "application/javascript", "svg": "image/svg+xml",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "otf": "font/otf", "ttf": "font/ttf", "woff": "font/woff", "woff2": "font/woff2", "mp3": "audio/mpeg", "m4a": "audio/mp4",
        "opus": "audio/opus", "smil": "application/smil+xml", "ncx": "application/x-dtbncx+xml", "pls": "application/pls+xml",
    ]

    static func mediaType(ofName name: String) -> String? {
        byExtension[name.split(separator: ".").last.map { $0.lowercased() } ?? ""]
    }

    static func mediaType(_ bytes: [UInt8], name: String) -> String? {
        if let image = ImageSignatures.type(of: bytes) { return image }
        return mediaType(ofName: name)
    }
}
