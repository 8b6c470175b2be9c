import EPUBContract
import EPUBReports
import Foundation

/// RSC-016 for an undefined entity in XHTML: EPUB 3's XHTML has no DTD, so `&nbsp;` is not
/// well-formed. The same character as a numeric reference is (`&#160;`): nothing a reader sees changes.
enum EntityRepairs {
    static let undefined = Repair([.RSC_016], templates: [.documentNotWellFormedXml], only: { entity(in: $0) != nil }) { context, book in
        var records: [RepairRecord] = []
        var names: [String: Set<String>] = [:]
        for message in context.messages {
            guard let name = entity(in: message) else { continue }
            for place in message.locations { names[place.path, default: []].insert(name) }
        }
        for (path, wanted) in names.sorted(by: { $0.key < $1.key }) {
            guard let bytes = book.bytes(path) else { continue }
            let (out, count) = replaced(bytes, wanted)
            guard count > 0 else { continue }
            book.set(path, out)
            records.append(RepairRecord(.RSC_016, path, .repairNumericReferences(count, MessageArgument.list(wanted.sorted().map { .text("&\($0);") }, .and))))
        }
        return records
    }

    /// The HTML 4 entity an "Entity 'x' not defined" message names, when it is one.
    static func entity(in message: ValidationMessage) -> String? {
        guard let range = message.message.range(of: #"Entity '([A-Za-z0-9]+)' not defined"#, options: .regularExpression) else { return nil }
        let name = message.message[range].dropFirst("Entity '".count).prefix { $0 != "'" }
        return HTMLEntities.codePoints[String(name)] != nil ? String(name) : nil
    }

    /// `bytes` with `&name;` of the wanted names written as `&#N;`, outside comments and CDATA.
    static func replaced(_ bytes: [UInt8], _ wanted: Set<String>) -> ([UInt8], Int) {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0, count = 0
        func starts(_ s: String, _ at: Int) -> Bool { let t = Array(s.utf8); return at + t.count <= bytes.count && bytes[at..<(at + t.count)].elementsEqual(t) }
        func skip(to end: String, from start: Int) -> Int {
            var j = start
            while j < bytes.count, !starts(end, j) { j += 1 }
            return min(j + end.utf8.count, bytes.count)
        }
        while i < bytes.count {
            if starts("<!--", i) || starts("<![CDATA[", i) {
                let end = skip(to: starts("<!--", i) ? "-->" : "]]>", from: i + 4)
                out += bytes[i..<end]
                i = end
                continue
            }
            if bytes[i] == 0x26, let semicolon = bytes[(i + 1)...].prefix(32).firstIndex(of: 0x3B) {
                let name = String(decoding: bytes[(i + 1)..<semicolon], as: UTF8.self)
                if wanted.contains(name), let code = HTMLEntities.codePoints[name] {
                    out += Array("&#\(code);".utf8)
                    i = semicolon + 1
                    count += 1
                    continue
                }
            }
            out.append(bytes[i])
            i += 1
        }
        return (out, count)
    }
}
