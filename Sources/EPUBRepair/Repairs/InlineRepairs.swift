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

    /// RSC-007 for a style sheet's `@import` of a file the container lacks: the rule goes; it
    /// imports nothing, in any reading system.
    static let missingImport = Repair([.RSC_007], templates: [.usedStyleSheetNotContainer], determinable: { message, session in
        guard let target = message.argument(0) else { return false }
        return message.locations.contains { place in
            session.data(at: place.path).map { importRule(in: Array($0), of: target, base: place.path) != nil } ?? false
        }
    }) { context, book in
        var records: [RepairRecord] = []
        for message in context.messages {
            guard let target = message.argument(0) else { continue }
            for place in message.locations {
                guard let bytes = book.bytes(place.path), let rule = importRule(in: bytes, of: target, base: place.path) else { continue }
                var edits = ByteEdits()
                edits.remove(rule)
                book.edit(place.path, edits)
                records.append(RepairRecord(.RSC_007, place.path, .repairRemovedMissingImport(target)))
            }
        }
        return records
    }

    /// The byte range of the `@import …;` rule (and the line break after it) whose URL leads to `target`.
    static func importRule(in bytes: [UInt8], of target: String, base: String) -> Range<Int>? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let pattern = try? NSRegularExpression(pattern: #"@import\s+(?:url\(\s*)?["']?([^"')\s;]+)["']?\s*\)?[^;]*;[ \t]*\r?\n?"#, options: [.caseInsensitive]) else { return nil }
        for match in pattern.matches(in: text, range: NSRange(location: 0, length: text.utf16.count)) {
            guard let url = Range(match.range(at: 1), in: text).map({ String(text[$0]) }), HrefResolver.path(url, against: base) == target,
                  let whole = Range(match.range, in: text) else { continue }
            let start = text.utf8.distance(from: text.utf8.startIndex, to: whole.lowerBound)
            let end = text.utf8.distance(from: text.utf8.startIndex, to: whole.upperBound)
            return start..<end
        }
        return nil
    }

    /// RSC-005: `lang` and `xml:lang` differ. An XML reader takes `xml:lang` (HTML § 3.2.6.2: it
    /// wins when both are there): `lang` says the same.
    static let langMismatch = Repair([.RSC_005], templates: [.langXmlLangHaveSameValue]) { context, book in
        var records: [RepairRecord] = []
        for path in context.paths {
            guard var editor = XMLEditor(book, path) else { continue }
            for element in editor.map.elements.indices {
                guard let lang = editor.map.value("lang", of: element), let xmlLang = editor.map.value("xml:lang", of: element),
                      lang.trimmingXMLWhitespace().lowercased() != xmlLang.trimmingXMLWhitespace().lowercased() else { continue }
                editor.set("lang", xmlLang, on: element)
                records.append(RepairRecord(.RSC_005, path, .repairLangAsXmlLang(lang, xmlLang)))
            }
            editor.commit(&book)
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
