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
        guard String(validating: bytes, as: UTF8.self) != nil, declaresUTF8OrNothing(bytes) else { return nil }
        let parsed = HTMLParser.parse(Data(bytes), path: path)
        guard !parsed.halted, let document = parsed.document else { return nil }
        return XHTMLSerializer.serialize(document)
    }

    /// An XML declaration naming no encoding or UTF-8 (case aside).
    static func declaresUTF8OrNothing(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(200), as: UTF8.self)
        guard head.hasPrefix("<?xml"), let end = head.range(of: "?>") else { return true }
        let declaration = head[..<end.lowerBound]
        guard let match = declaration.range(of: #"encoding\s*=\s*["']([^"']*)["']"#, options: .regularExpression) else { return true }
        return declaration[match].lowercased().contains("utf-8")
    }
}
