import EPUBContract
import Foundation

/// Values in the package metadata: language tags (OPF-092), the UUID a unique identifier claims
/// to be (OPF-085), dates (OPF-053, OPF-054) and empty Dublin Core elements in EPUB 2 (OPF-055,
/// OPF-072).
enum MetadataValueRules {
    static func check(_ session: PublicationSession, _ package: PackageDocument) -> [Diagnostic] {
        let version = package.version?.trimmingXMLWhitespace() ?? "3.0"
        let epub3 = package.isEPUB3
        var out: [Diagnostic] = []
        func report(_ id: MessageID, _ message: MessageText, _ line: Int?) {
            out.append(Diagnostic(id, message: message, location: .init(path: package.path, line: line)))
        }

        if epub3 {
            // An empty dc:language is the schema's to report (text of length at least 1).
            for entry in package.entries(Vocabulary.dc + "language") where !entry.value.isEmpty && !LanguageTag.isWellFormed(entry.value) {
                report(.OPF_092, .languageTagNotWellFormedBcp(entry.value), entry.line)
            }
            if !package.isRecovered {
                // Attribute values are language tags as written: surrounding whitespace makes them ill-formed.
                for (tag, line) in package.languageAttributes where !tag.isEmpty && !LanguageTag.isWellFormed(tag) {
                    report(.OPF_092, .xmlLangValueNotWellFormed(tag), line)
                }
                for link in package.links {
                    if let tag = link.hreflang, !tag.isEmpty && !LanguageTag.isWellFormed(tag) {
                        report(.OPF_092, .hreflangValueNotWellFormedBcp(tag), link.line)
                    }
                }
            }
        }

        // OPF-085: the unique identifier says it is a UUID but is not one.
        if let ref = package.uniqueIdentifierRef,
           let identifier = package.entries(Vocabulary.dc + "identifier").first(where: { $0.id == ref }) {
            let value = identifier.value
            var uuid: Substring?
            if value.lowercased().hasPrefix("urn:uuid:") {
                uuid = value.dropFirst("urn:uuid:".count)
            } else if identifier.opfAttributes["scheme"]?.lowercased() == "uuid" {
                uuid = Substring(value)
            }
            if let uuid, UUID(uuidString: String(uuid)) == nil {
                report(.OPF_085, .uniqueIdentifierMarkedUuidButNot(value), identifier.line)
            }
        }

        // Dates: W3C date-time format (a warning in EPUB 3, an error in EPUB 2, where empty is one too).
        for date in package.entries(Vocabulary.dc + "date") where !MetadataSyntax.isW3CDate(date.value) {
            if epub3 {
                report(.OPF_053, .dateNotW3cDateFormatYyyy(date.value), date.line)
            } else {
                report(.OPF_054, date.value.isEmpty ? .dcDateEmpty : .dateNotW3cFormatOptionalTime(date.value), date.line)
            }
        }

        if version == "2.0" {
            for entry in package.metadata where entry.form == .dublinCore && entry.value.isEmpty {
                switch entry.name {
                case "dc:title", "dc:language":
                    report(.OPF_055, .dublinCoreElementEmpty(entry.name), entry.line)
                case "dc:date", "dc:identifier":
                    break  // OPF-054 above; the grammar's RSC-005
                default:
                    report(.OPF_072, .dublinCoreElementEmpty(entry.name), entry.line)
                }
            }
        }
        return out
    }
}
