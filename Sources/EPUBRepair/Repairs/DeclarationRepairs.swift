import EPUBContract
import EPUBDocument
import Foundation

/// What an XML document declares about itself: its XML version, a DOCTYPE a package does not
/// take, the `epub` prefix's namespace, the NCX's uid written with spaces.
enum DeclarationRepairs {
    /// HTM-001: a document declares XML 1.1 (or another version); publication resources are XML 1.0.
    static let xmlVersion = Repair([.HTM_001], templates: [.documentDeclaresXmlPublicationResourcesXml]) { context, book in
        var records: [RepairRecord] = []
        for path in context.paths {
            guard var editor = XMLEditor(book, path), let declaration = editor.map.declaration else { continue }
            let written = String(decoding: editor.map.bytes[declaration], as: UTF8.self)
            let fixed = written.replacingOccurrences(of: #"version\s*=\s*["'][^"']*["']"#, with: "version=\"1.0\"", options: .regularExpression)
            guard fixed != written else { continue }
            editor.replace(declaration, with: fixed)
            editor.commit(&book)
            records.append(RepairRecord(.HTM_001, path, .repairXMLVersion))
        }
        return records
    }

    /// HTM-009: an OPF 2 package document with a DOCTYPE other than OEB 1.2's: OPF 2 needs none.
    static let packageDoctype = Repair([.HTM_009], templates: [.packageDocumentSDoctypeNotOeb]) { context, book in
        var records: [RepairRecord] = []
        for path in context.paths {
            guard var editor = XMLEditor(book, path), var doctype = editor.map.doctype else { continue }
            // The line break after it goes too.
            if doctype.upperBound < editor.map.bytes.count, editor.map.bytes[doctype.upperBound] == 0x0A { doctype = doctype.lowerBound..<(doctype.upperBound + 1) }
            editor.replace(doctype, with: "")
            editor.commit(&book)
            records.append(RepairRecord(.HTM_009, path, .repairRemovedDoctype))
        }
        return records
    }

    /// HTM-010: the `epub` prefix bound to another namespace: EPUB's, which its attributes mean.
    static let epubNamespace = Repair([.HTM_010], templates: [.epubPrefixBoundEpubSNamespace]) { context, book in
        var records: [RepairRecord] = []
        for path in context.paths {
            guard var editor = XMLEditor(book, path) else { continue }
            for element in editor.map.elements.indices {
                if let value = editor.map.value("xmlns:epub", of: element), value != XMLNamespace.epub {
                    editor.set("xmlns:epub", XMLNamespace.epub, on: element)
                    records.append(RepairRecord(.HTM_010, path, .repairEpubNamespace(value)))
                }
            }
            editor.commit(&book)
        }
        return records
    }

    /// NCX-004: the NCX's `dtb:uid` has spaces around it.
    static let ncxUidSpaces = Repair([.NCX_004], templates: [.ncxDtbUidHasSpacesAround]) { context, book in
        var records: [RepairRecord] = []
        for path in context.paths {
            guard var editor = XMLEditor(book, path) else { continue }
            for meta in editor.map.elements(named: "meta") where editor.map.value("name", of: meta) == "dtb:uid" {
                guard let value = editor.map.value("content", of: meta) else { continue }
                let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
                guard trimmed != value else { continue }
                editor.set("content", trimmed, on: meta)
                records.append(RepairRecord(.NCX_004, path, .repairNCXUid(trimmed)))
            }
            editor.commit(&book)
        }
        return records
    }
}
