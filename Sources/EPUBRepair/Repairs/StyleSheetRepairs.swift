import EPUBContract
import Foundation

/// Style sheets (EPUB 3.3 § 6.3.1: UTF-8): one in UTF-16, or declaring another encoding.
enum StyleSheetRepairs {
    /// CSS-003 (UTF-16, or `@charset "UTF-16"`) and CSS-004 (`@charset` of another encoding): the
    /// sheet in UTF-8, its `@charset` saying so. A sheet in an encoding Foundation cannot read stays.
    static let encoding = Repair([.CSS_003, .CSS_004], templates: [.styleSheetEncodedUtfUseUtf, .styleSheetDeclaresUtfUseUtf, .styleSheetDeclaresEncodingStyleSheets]) { context, book in
        var records: [RepairRecord] = []
        for path in context.paths {
            guard let bytes = book.bytes(path), let (text, from) = decode(bytes) else { continue }
            let fixed = text.replacingOccurrences(of: #"^\x{FEFF}?@charset\s+["'][^"']*["']\s*;"#, with: "@charset \"UTF-8\";", options: .regularExpression)
            let out = Array(fixed.utf8)
            guard out != bytes else { continue }
            book.set(path, out)
            let id: MessageID = context.messages.contains { $0.id == MessageID.CSS_004.rawValue && $0.locations.contains { $0.path == path } } ? .CSS_004 : .CSS_003
            records.append(RepairRecord(id, path, .repairReencoded(from)))
        }
        return records
    }

    /// The sheet's text and the encoding it was read in: UTF-16 by its byte-order mark, UTF-8 when
    /// the bytes are, else the `@charset` when it names Latin-1 or windows-1252.
    static func decode(_ bytes: [UInt8]) -> (String, String)? {
        if let text = ContentRepairs.utf16Text(bytes) { return (text, "UTF-16") }
        if let text = String(validating: bytes, as: UTF8.self) { return (text, "UTF-8") }
        let head = String(decoding: bytes.prefix(64), as: UTF8.self).lowercased()
        if head.contains("iso-8859-1") || head.contains("latin1") { return String(data: Data(bytes), encoding: .isoLatin1).map { ($0, "ISO-8859-1") } }
        if head.contains("windows-1252") || head.contains("cp1252") { return String(data: Data(bytes), encoding: .windowsCP1252).map { ($0, "windows-1252") } }
        return nil
    }
}
