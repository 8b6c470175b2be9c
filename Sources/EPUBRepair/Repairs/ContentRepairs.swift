import EPUBContract
import EPUBDocument
import Foundation

/// XHTML content documents: the DOCTYPE, the title, the encoding.
enum ContentRepairs {
    /// HTM-004: a DOCTYPE of another HTML (XHTML 1.1's, a public identifier). EPUB 3's is `<!DOCTYPE html>`.
    static let doctype = Repair([.HTM_004], templates: [.doctypeNamesEpubXhtmlUsesDoctype]) { context, book in
        var records: [RepairRecord] = []
        for path in context.paths {
            guard var editor = XMLEditor(book, path), let doctype = editor.map.doctype else { continue }
            editor.replace(doctype, with: "<!DOCTYPE html>")
            editor.commit(&book)
            records.append(RepairRecord(.HTM_004, path, .repairDoctype))
        }
        return records
    }

    /// RSC-017: a document's `head` has no `title`. Its first heading gives one, else the book's title.
    static let title = Repair([.RSC_017], templates: [.headHaveTitle]) { context, book in
        guard let session = context.session else { return [] }
        var records: [RepairRecord] = []
        for path in context.paths {
            guard var editor = XMLEditor(book, path), let head = editor.first("head"), !editor.map.elements[head].isEmptyElementTag,
                  !editor.map.children(of: head).contains(where: { editor.map.elements[$0].localName == "title" }) else { continue }
            guard let text = heading(session, path) ?? session.metadata.title, !text.isEmpty else { continue }
            let children = editor.map.children(of: head)
            let indent = children.first.map { editor.map.indentation(of: $0) } ?? editor.map.indentation(of: head) + "  "
            editor.insert(editor.newline + indent + "<title>\(XMLText.escaped(text))</title>", at: editor.map.elements[head].start.upperBound)
            editor.commit(&book)
            records.append(RepairRecord(.RSC_017, path, .repairAddedDocumentTitle(text)))
        }
        return records
    }

    /// RSC-005: an id used more than once in a document. The first keeps it (links resolve to the
    /// first, in browsers and reading systems alike); each later one gets `-2`, `-3` … so every id
    /// is unique and every link still lands where it did.
    static let duplicateIDs = Repair([.RSC_005], templates: [.idUsedMoreThanOnceDocument]) { context, book in
        var records: [RepairRecord] = []
        var byFile: [String: Set<String>] = [:]
        for message in context.messages {
            guard let id = message.argument(0) else { continue }
            for place in message.locations { byFile[place.path, default: []].insert(id) }
        }
        for (path, duplicated) in byFile.sorted(by: { $0.key < $1.key }) {
            guard var editor = XMLEditor(book, path) else { continue }
            var taken = Set(editor.map.elements.indices.compactMap { editor.map.value("id", of: $0)?.trimmingXMLWhitespace() })
            var seen = Set<String>()
            for element in editor.map.elements.indices {
                guard let id = editor.map.value("id", of: element)?.trimmingXMLWhitespace(), duplicated.contains(id) else { continue }
                guard !seen.insert(id).inserted else {
                    var n = 2
                    while taken.contains("\(id)-\(n)") { n += 1 }
                    taken.insert("\(id)-\(n)")
                    editor.set("id", "\(id)-\(n)", on: element)
                    records.append(RepairRecord(.RSC_005, path, .repairRenamedDuplicateID(id, "\(id)-\(n)")))
                    continue
                }
            }
            editor.commit(&book)
        }
        return records
    }

    /// The text of a document's first heading (`h1`…`h6`), white space collapsed.
    static func heading(_ session: PublicationSession, _ path: String) -> String? {
        guard let document = session.contentDocument(at: path) else { return nil }
        let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
        guard let first = document.elements.indices.first(where: { headings.contains(document.elements[$0].localName) }) else { return nil }
        let text = LibXMLNode.content(document.elements[first].node).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return text.isEmpty ? nil : text
    }

    /// HTM_058: an XHTML document in UTF-16. EPUB 3.3 § 6.1.4.1 wants UTF-8: the same text re-encoded,
    /// its declaration saying so.
    static let encoding = Repair([.HTM_058], templates: [.xhtmlDocumentEncodedUtfXhtmlUtf]) { context, book in
        var records: [RepairRecord] = []
        for path in context.paths {
            guard let bytes = book.bytes(path), let text = utf16Text(bytes) else { continue }
            var utf8 = Array(text.utf8)
            let map = XMLSourceMap(utf8)
            if let declaration = map.declaration {
                let written = String(decoding: utf8[declaration], as: UTF8.self)
                let fixed = written.replacingOccurrences(of: #"encoding\s*=\s*["'][^"']*["']"#, with: "encoding=\"UTF-8\"", options: .regularExpression)
                utf8.replaceSubrange(declaration, with: Array(fixed.utf8))
            }
            book.set(path, utf8)
            records.append(RepairRecord(.HTM_058, path, .repairReencoded("UTF-16")))
        }
        return records
    }

    /// RSC-028: an XML file of the publication declaring another encoding than UTF-8. Its text in
    /// UTF-8, the declaration saying so: bytes that are valid UTF-8 are UTF-8 whatever the
    /// declaration says (a Latin-1 text is almost never valid UTF-8 once it holds a letter past
    /// ASCII), else they are read in the declared Latin-1, windows-1252 or ASCII. Another
    /// encoding (Shift_JIS, GBK …) is left for a person.
    static let declaredEncoding = Repair([.RSC_028], templates: [.documentEncodedXmlDocumentsPublicationUtf]) { context, book in
        var records: [RepairRecord] = []
        for path in context.paths {
            guard let bytes = book.bytes(path), let declaration = XMLDeclaration.read(Data(bytes.prefix(512))), let declared = declaration.encoding,
                  let (text, from) = declaredText(bytes, declared: declared.lowercased()) else { continue }
            var utf8 = Array(text.utf8)
            let map = XMLSourceMap(utf8)
            guard let range = map.declaration else { continue }
            let written = String(decoding: utf8[range], as: UTF8.self)
            let fixed = written.replacingOccurrences(of: #"encoding\s*=\s*["'][^"']*["']"#, with: "encoding=\"UTF-8\"", options: .regularExpression)
            utf8.replaceSubrange(range, with: Array(fixed.utf8))
            guard utf8 != bytes else { continue }
            book.set(path, utf8)
            records.append(RepairRecord(.RSC_028, path, from == "UTF-8" ? .repairDeclaredUTF8(declared) : .repairReencoded(from)))
        }
        return records
    }

    /// The file's text and what it was read as, for a declared single-byte encoding.
    static func declaredText(_ bytes: [UInt8], declared: String) -> (String, String)? {
        if let text = String(validating: bytes, as: UTF8.self) { return (text, "UTF-8") }
        switch declared {
        case "iso-8859-1", "latin1", "iso_8859-1", "l1", "us-ascii", "ascii":
            return String(data: Data(bytes), encoding: .isoLatin1).map { ($0, "ISO-8859-1") }
        case "windows-1252", "cp1252":
            return String(data: Data(bytes), encoding: .windowsCP1252).map { ($0, "windows-1252") }
        default: return nil
        }
    }

    /// The text of UTF-16 bytes (a byte-order mark, else the `<` of the declaration says the order).
    static func utf16Text(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 2 else { return nil }
        var littleEndian: Bool
        var body = bytes[...]
        if bytes[0] == 0xFF, bytes[1] == 0xFE { littleEndian = true; body = bytes.dropFirst(2) }
        else if bytes[0] == 0xFE, bytes[1] == 0xFF { littleEndian = false; body = bytes.dropFirst(2) }
        else if bytes[0] == 0x3C, bytes[1] == 0x00 { littleEndian = true }
        else if bytes[0] == 0x00, bytes[1] == 0x3C { littleEndian = false }
        else { return nil }
        guard body.count % 2 == 0 else { return nil }
        var units: [UInt16] = []
        units.reserveCapacity(body.count / 2)
        var i = body.startIndex
        while i < body.endIndex {
            let a = UInt16(body[i]), b = UInt16(body[i + 1])
            units.append(littleEndian ? a | b << 8 : a << 8 | b)
            i += 2
        }
        return String(validating: units, as: UTF16.self)
    }
}
