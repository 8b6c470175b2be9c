import EPUBContract
import EPUBDocument
import Foundation

/// Metadata values written in a form the book itself corrects: an empty title or language the
/// content states, a language tag with `_` for `-`, a date in another separator or without its
/// zeros, a link without the media type its target has, a known vocabulary's prefix undeclared,
/// a `prefix` attribute with white space around it.
enum MetadataValueRepairs {
    /// OPF-055: `dc:title` or `dc:language` is empty: the value the book states elsewhere.
    static let emptyElement = Repair([.OPF_055], templates: [.dublinCoreElementEmpty], determinable: { message, session in
        guard let name = message.argument(0) else { return false }
        return name.hasSuffix("title") ? PackageIdentityRepairs.statedTitle(session) != nil
            : name.hasSuffix("language") ? PackageIdentityRepairs.statedLanguage(session) != nil : false
    }) { context, book in
        guard let session = context.session, var (editor, metadata) = context.packageEditor(book) else { return [] }
        var records: [RepairRecord] = []
        for element in editor.map.children(of: metadata) where editor.map.text(of: element).trimmingXMLWhitespace().isEmpty {
            let name = editor.map.elements[element].localName
            let value = name == "title" ? PackageIdentityRepairs.statedTitle(session)?.0 : name == "language" ? PackageIdentityRepairs.statedLanguage(session) : nil
            guard let value, editor.map.elements[element].name.contains(":") else { continue }
            editor.setText(value, of: element)
            records.append(RepairRecord(.OPF_055, editor.path, .repairFilledEmpty("dc:" + name, value)))
        }
        editor.commit(&book)
        return records
    }

    /// OPF-092: a language tag that is well-formed once `_` is `-` (`en_US`).
    static let languageTag = Repair([.OPF_092], templates: [.languageTagNotWellFormedBcp, .xmlLangValueNotWellFormed],
                                    only: { $0.argument(0).map { corrected($0) != nil } ?? false }) { context, book in
        var records: [RepairRecord] = []
        var byFile: [String: Set<String>] = [:]
        for message in context.messages {
            guard let tag = message.argument(0) else { continue }
            for place in message.locations { byFile[place.path, default: []].insert(tag) }
        }
        for (path, tags) in byFile.sorted(by: { $0.key < $1.key }) {
            guard var editor = XMLEditor(book, path) else { continue }
            for element in editor.map.elements.indices {
                for attribute in ["xml:lang", "lang", "hreflang"] {
                    if let value = editor.map.value(attribute, of: element), tags.contains(value), let fixed = corrected(value) {
                        editor.set(attribute, fixed, on: element)
                        records.append(RepairRecord(.OPF_092, path, .repairLanguageTag(value, fixed)))
                    }
                }
                if editor.map.elements[element].name == "dc:language", let fixed = corrected(editor.map.text(of: element).trimmingXMLWhitespace()),
                   tags.contains(editor.map.text(of: element).trimmingXMLWhitespace()) {
                    records.append(RepairRecord(.OPF_092, path, .repairLanguageTag(editor.map.text(of: element), fixed)))
                    editor.setText(fixed, of: element)
                }
            }
            editor.commit(&book)
        }
        return records
    }

    static func corrected(_ tag: String) -> String? {
        let fixed = tag.trimmingXMLWhitespace().replacingOccurrences(of: "_", with: "-")
        return fixed != tag && LanguageTag.isWellFormed(fixed) ? fixed : nil
    }

    /// OPF-053: a `dc:date` with `/` or `.` between its parts, or months and days without their
    /// zero (`2020/1/2`): the same date as W3C writes it. A date that is no date stays.
    static let date = Repair([.OPF_053], templates: [.dateNotW3cDateFormatYyyy], only: { $0.argument(0).map { w3cDate($0) != nil } ?? false }) { context, book in
        guard var (editor, metadata) = context.packageEditor(book) else { return [] }
        let wanted = Set(context.messages.compactMap { $0.argument(0) })
        var records: [RepairRecord] = []
        for element in editor.map.children(of: metadata) where editor.map.elements[element].localName == "date" {
            let value = editor.map.text(of: element).trimmingXMLWhitespace()
            guard wanted.contains(value), let fixed = w3cDate(value) else { continue }
            editor.setText(fixed, of: element)
            records.append(RepairRecord(.OPF_053, editor.path, .repairDate(value, fixed)))
        }
        editor.commit(&book)
        return records
    }

    /// `YYYY[-/.]M[-/.]D` (or `YYYY[-/.]M`) as `YYYY-MM-DD` (`YYYY-MM`), when it is a calendar date.
    static func w3cDate(_ value: String) -> String? {
        let parts = value.split(whereSeparator: { $0 == "/" || $0 == "." || $0 == "-" }).map(String.init)
        guard (2...3).contains(parts.count), parts[0].count == 4, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }),
              let month = Int(parts[1]), (1...12).contains(month), parts[1].count <= 2 else { return nil }
        var out = parts[0] + "-" + String(format: "%02d", month)
        if parts.count == 3 {
            guard let day = Int(parts[2]), parts[2].count <= 2, (1...31).contains(day) else { return nil }
            let year = Int(parts[0]) ?? 0
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
            guard day <= days else { return nil }
            out += "-" + String(format: "%02d", day)
        }
        return out == value ? nil : out
    }

    /// OPF-093: a link to a local resource without a media type: the manifest's type for it, else its bytes'.
    static let linkMediaType = Repair([.OPF_093], templates: [.linkLocalResourceNeedsMediaType], determinable: { message, session in
        guard let href = message.argument(0) else { return false }
        guard let target = HrefResolver.path(href, against: session.package.path) else { return false }
        return session.package.item(path: target) != nil || ManifestItemRepairs.mediaType(ofName: target) != nil
    }) { context, book in
        guard let package = context.package, var editor = XMLEditor(book, package.path) else { return [] }
        var records: [RepairRecord] = []
        for link in editor.map.elements(named: "link") where editor.map.value("media-type", of: link) == nil {
            guard let href = editor.map.value("href", of: link), !href.contains("://") else { continue }
            guard let target = HrefResolver.path(href, against: package.path),
                  let type = package.item(path: target)?.mediaType ?? book.bytes(target).flatMap({ ManifestItemRepairs.mediaType($0, name: target) }) else { continue }
            editor.set("media-type", type, on: link)
            records.append(RepairRecord(.OPF_093, package.path, .repairLinkMediaType(href, type)))
        }
        editor.commit(&book)
        return records
    }

    /// Vocabularies whose prefix books use without declaring it, with the IRI their makers publish.
    static let knownPrefixes: [String: String] = [
        "ibooks": "http://vocabulary.itunes.apple.com/rdf/ibooks/vocabulary-extensions-1.0/",
        "calibre": "https://calibre-ebook.com",
        "se": "https://standardebooks.org/vocab/1.0",
    ]

    /// OPF-028: a property's prefix is undeclared, and it is a known vocabulary's: declared.
    static let prefix = Repair([.OPF_028], templates: [.prefixMetaPropertyNotDeclaredMeta, .prefixNeitherReservedNorDeclaredPackage],
                               only: { $0.argument(0).map { knownPrefixes[$0] != nil } ?? false }) { context, book in
        guard let path = context.package?.path, var editor = XMLEditor(book, path), let root = editor.root else { return [] }
        let wanted = Set(context.messages.compactMap { $0.argument(0) }).sorted()
        var declaration = editor.map.value("prefix", of: root)?.trimmingXMLWhitespace() ?? ""
        var records: [RepairRecord] = []
        for prefix in wanted {
            guard let iri = knownPrefixes[prefix], !declaration.contains(prefix + ":") else { continue }
            declaration += (declaration.isEmpty ? "" : " ") + "\(prefix): \(iri)"
            records.append(RepairRecord(.OPF_028, path, .repairDeclaredPrefix(prefix, iri)))
        }
        guard !records.isEmpty else { return [] }
        editor.set("prefix", declaration, on: root)
        editor.commit(&book)
        return records
    }

    /// OPF-004: a `prefix` attribute with white space before or after its mappings.
    static let prefixSpaces = Repair([.OPF_004]) { context, book in
        var records: [RepairRecord] = []
        for path in context.paths {
            guard var editor = XMLEditor(book, path) else { continue }
            for element in editor.map.elements.indices {
                for attribute in ["prefix", "epub:prefix"] {
                    guard let value = editor.map.value(attribute, of: element) else { continue }
                    let trimmed = value.trimmingXMLWhitespace()
                    if trimmed != value {
                        editor.set(attribute, trimmed, on: element)
                        records.append(RepairRecord(.OPF_004, path, .repairTrimmedPrefix))
                    }
                }
            }
            editor.commit(&book)
        }
        return records
    }
}
