import EPUBContract
import EPUBDocument
import Foundation

/// Small faults inside documents and style sheets that carry nothing: an empty `ssml:ph`, an
/// `@font-face` without declarations, a query on a URL of the publication's own files.
enum InlineRepairs {
    /// HTM-007: `ssml:ph` is empty; a pronunciation of nothing says nothing.
    static let emptyPronunciation = Repair([.HTM_007], templates: [.ssmlPhAttributeEmptyGivePronunciation]) { context, book in
        var records: [RepairRecord] = []
        for path in context.paths {
            guard var editor = XMLEditor(book, path) else { continue }
            for element in editor.map.elements.indices {
                guard let value = editor.map.value("ssml:ph", of: element), value.trimmingXMLWhitespace().isEmpty else { continue }
                editor.removeAttribute("ssml:ph", of: element)
                records.append(RepairRecord(.HTM_007, path, .repairRemovedEmptyPronunciation))
            }
            editor.commit(&book)
        }
        return records
    }

    /// CSS-019: an `@font-face` rule with no declarations, which defines no font.
    static let emptyFontFace = Repair([.CSS_019], templates: [.fontFaceRuleHasNoDeclarations]) { context, book in
        var records: [RepairRecord] = []
        for path in context.paths {
            guard let bytes = book.bytes(path), let text = String(validating: bytes, as: UTF8.self) else { continue }
            let fixed = text.replacingOccurrences(of: #"@font-face\s*\{\s*\}[ \t]*\n?"#, with: "", options: [.regularExpression, .caseInsensitive])
            guard fixed != text else { continue }
            book.set(path, Array(fixed.utf8))
            records.append(RepairRecord(.CSS_019, path, .repairRemovedEmptyFontFace))
        }
        return records
    }

    /// RSC-033: a URL of a file of the publication with a query, which a file cannot have: the
    /// query goes (a reading system fetches the file whatever it says), the fragment stays.
    static let query = Repair([.RSC_033], templates: [.hasQueryWhichFilePublicationCannot]) { context, book in
        var records: [RepairRecord] = []
        var byFile: [String: Set<String>] = [:]
        for message in context.messages {
            guard let url = message.argument(0) else { continue }
            for place in message.locations { byFile[place.path, default: []].insert(url) }
        }
        for (path, urls) in byFile.sorted(by: { $0.key < $1.key }) {
            guard var editor = XMLEditor(book, path) else { continue }
            for element in editor.map.elements {
                for attribute in element.attributes {
                    let value = String(decoding: editor.map.bytes[attribute.value], as: UTF8.self)
                    guard urls.contains(value.trimmingCharacters(in: .whitespaces)), let question = value.firstIndex(of: "?") else { continue }
                    let fragment = value[question...].firstIndex(of: "#").map { String(value[$0...]) } ?? ""
                    let fixed = String(value[..<question]) + fragment
                    editor.replace(attribute.value, with: XMLText.escaped(fixed, attribute: true))
                    records.append(RepairRecord(.RSC_033, path, .repairDroppedQuery(value, fixed)))
                }
            }
            editor.commit(&book)
        }
        return records
    }
}
