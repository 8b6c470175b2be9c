import EPUBContract
import EPUBDocument
import Foundation

/// RSC-016 in an XHTML content document, beyond undefined entities (`EntityRepairs`, whose byte
/// edit is smaller and goes first): an end tag missing or out of order, a bare `&`, an unquoted
/// attribute value. Reading systems and our export read such a document with an HTML parser; the
/// tree it recovers is what a reader sees, so that tree written back as XHTML determines the
/// repair (`XHTMLSerializer`). Not claimed when the parser would stop early (content would be
/// lost), when the bytes are not UTF-8 (another repair, or a person, settles the encoding first),
/// or when a prefix in use has no namespace the book or XHTML gives.
enum WellFormednessRepairs {
    static let reparsed = Repair([.RSC_016], templates: [.documentNotWellFormedXml, .documentNotWellFormedXmlNoDetail],
                                 only: { EntityRepairs.entity(in: $0) == nil },
                                 determinable: { message, session in
                                     message.locations.allSatisfy { place in
                                         session.package.item(path: place.path)?.mediaType == "application/xhtml+xml"
                                             && session.data(at: place.path).map { rewritten(Array($0), path: place.path) != nil } == true
                                     }
                                 }) { context, book in
        var records: [RepairRecord] = []
        for path in context.paths {
            guard context.package?.item(path: path)?.mediaType == "application/xhtml+xml",
                  let bytes = book.bytes(path), let out = rewritten(bytes, path: path) else { continue }
            book.set(path, out)
            records.append(RepairRecord(.RSC_016, path, .repairReparsedAsHTML))
        }
        return records
    }

    /// The document as well-formed XHTML, or nil when the book does not determine it.
    static func rewritten(_ bytes: [UInt8], path: String) -> [UInt8]? {
        let data = Data(bytes)
        guard String(validating: bytes, as: UTF8.self) != nil, HTMLParser.encoding(of: data)?.uppercased() == "UTF-8" else { return nil }
        let parsed = HTMLParser.parse(data, path: path)
        guard !parsed.halted, let document = parsed.document else { return nil }
        return XHTMLSerializer.serialize(document)
    }
}
