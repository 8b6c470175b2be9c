import EPUBContract
import EPUBDocument
import EPUBReports
import Foundation

/// RSC-020: a URL with characters a URL cannot hold as they are (`[`, `]`, spaces, `<`, `>` …):
/// the same URL with them percent-encoded (RFC 3986 § 2.1; EPUB CFI 1.1 § 3.4 for `[ ]` in
/// fragments). A host that cannot be one stays for a person.
enum URLRepairs {
    /// Characters that must be percent-encoded wherever they stand in a URL.
    static let unsafe: Set<Character> = [" ", "[", "]", "<", ">", "\"", "{", "}", "|", "\\", "^", "`"]

    static let characters = Repair([.RSC_020], templates: [.notValidUrlCharactersSuchPercent]) { context, book in
        var records: [RepairRecord] = []
        var byFile: [String: [(url: String, attribute: String)]] = [:]
        for message in context.messages {
            guard let url = message.argument(0), let attribute = message.argument(2) else { continue }
            for place in message.locations { byFile[place.path, default: []].append((url, attribute)) }
        }
        for (path, wanted) in byFile.sorted(by: { $0.key < $1.key }) {
            guard var editor = XMLEditor(book, path) else { continue }
            for element in editor.map.elements {
                for attribute in element.attributes {
                    let value = String(decoding: editor.map.bytes[attribute.value], as: UTF8.self)
                    let local = attribute.name.split(separator: ":").last.map(String.init) ?? attribute.name
                    guard wanted.contains(where: { $0.url == value.trimmingCharacters(in: .whitespaces) && ($0.attribute == attribute.name || $0.attribute == local) }) else { continue }
                    let encoded = encode(value.trimmingCharacters(in: .whitespaces))
                    guard encoded != value else { continue }
                    editor.replace(attribute.value, with: XMLText.escaped(encoded, attribute: true))
                    records.append(RepairRecord(.RSC_020, path, .repairPercentEncoded(value, encoded)))
                }
            }
            editor.commit(&book)
        }
        return records
    }

    static func encode(_ url: String) -> String {
        var out = ""
        for c in url {
            if unsafe.contains(c), let byte = c.asciiValue { out += String(format: "%%%02X", byte) } else { out.append(c) }
        }
        return out
    }
}
