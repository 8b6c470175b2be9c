import EPUBContract
import Foundation

/// The shape of `epubcheck --json` (`messages`, `checker`, `publication`, `items`), so scripts that
/// read EPUBCheck's JSON read ours. Field names and value styles follow EPUBCheck 5.3.0.
public enum EPUBCheckJSONFormatter {
    public static func format(_ report: ValidationReport, pretty: Bool) -> String {
        JSONValue.object([
            ("messages", .array(report.messages.map(message))),
            ("customMessageFileName", .null),
            ("checker", checker(report)),
            ("publication", publication(report.session, report.facts)),
            ("items", .array(items(report.session, report.facts))),
        ]).serialized(pretty: pretty)
    }

    private static func int(_ v: Int?) -> JSONValue { v.map { .integer(Int64($0)) } ?? .null }
    private static func str(_ v: String?) -> JSONValue { v.map(JSONValue.string) ?? .null }

    /// What EPUBCheck 5 says of every location's URL: a container path, never opaque.
    private static let location = JSONValue.object([("opaque", .bool(false)), ("hierarchical", .bool(true))])

    static func message(_ m: ValidationMessage) -> JSONValue {
        .object([
            ("ID", .string(m.id)),
            ("severity", .string(m.severity.rawValue.uppercased())),
            // As EPUBCheck writes its JSON: the text in the locale the run was asked for.
            ("message", .string(m.localizedMessage)),
            ("additionalLocations", .integer(0)),
            ("locations", .array(m.locations.map { l in
                .object([("url", location), ("path", .string(l.path)), ("line", int(l.line ?? -1)), ("column", int(l.column ?? -1)), ("context", str(l.context))])
            })),
            ("suggestion", str(m.localizedSuggestion)),
        ])
    }

    static func checker(_ report: ValidationReport) -> JSONValue {
        let formatter = DateFormatter()
        formatter.dateFormat = "MM-dd-yyyy HH:mm:ss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return .object([
            ("path", .string(report.sourcePath)),
            ("filename", .string(URL(fileURLWithPath: report.sourcePath).lastPathComponent)),
            ("checkerVersion", .string("epubcontract \(ReaderContract.version)")),
            ("checkDate", .string(formatter.string(from: Date()))),
            ("elapsedTime", .integer(Int64(report.elapsedMilliseconds))),
            ("nFatal", .integer(Int64(report.count(.fatal)))),
            ("nError", .integer(Int64(report.count(.error)))),
            ("nWarning", .integer(Int64(report.count(.warning)))),
            ("nUsage", .integer(Int64(report.count(.usage)))),
        ])
    }

    /// EPUBCheck's publication fields in its order. `ePubVersion` is the rules checked against
    /// (EPUBCheck 5 checks every EPUB 3 as 3.3); `checkSum` is always 0 there.
    static func publication(_ session: PublicationSession?, _ facts: PublicationFacts?) -> JSONValue {
        guard let session else { return .null }
        let m = session.metadata
        let r = session.rendition.publication
        let fixed = session.rendition.items.contains { $0.effective.layout == .prePaginated }
        let scripted = session.package.manifest.contains { $0.has(property: "scripted") }
        let version = session.package.version?.trimmingXMLWhitespace() ?? ""
        // EPUBCheck keeps the last value it meets of a single-valued field, over every rendition.
        let packages = [session.package] + session.otherRenditionPackages
        func last(_ element: String) -> String? {
            packages.lazy.flatMap(\.metadata).last { $0.form == .dublinCore && $0.property == "http://purl.org/dc/elements/1.1/" + element }?.value
        }
        let modified = packages.count > 1
            ? packages.lazy.flatMap(\.metadata).last { $0.property == "http://purl.org/dc/terms/modified" && $0.refines == nil }?.value : nil
        // As EPUBCheck decides it: an NCX named by the spine, no scripts, no fixed layout.
        let backwardCompatible = session.package.spineToc != nil && !scripted && !fixed
        return .object([
            ("publisher", str(last("publisher") ?? m.publisher)),
            ("title", str(last("title") ?? m.title)),
            ("creator", .array(m.creators.map { .string($0.name) })),
            ("date", str(modified ?? m.modified ?? m.published)),
            ("subject", .array(m.subjects.map { .string($0.name) })),
            ("description", str(m.description)),
            ("rights", str(last("rights") ?? m.rights)),
            ("identifier", str(m.identifier)),
            ("language", str(last("language") ?? m.languages.first)),
            ("nSpines", .integer(Int64(packages.reduce(0) { $0 + $1.spine.count }))),
            ("checkSum", .integer(0)),
            ("renditionLayout", .string(r.layout.rawValue)),
            ("renditionOrientation", .string(r.orientation.rawValue)),
            ("renditionSpread", .string(r.spread.rawValue)),
            ("ePubVersion", .string(version.hasPrefix("3") ? "3.3" : version.hasPrefix("2") ? "2.0.1" : version)),
            ("isScripted", .bool(scripted)),
            ("hasFixedFormat", .bool(fixed)),
            ("isBackwardCompatible", .bool(backwardCompatible)),
            ("hasAudio", .bool(session.package.manifest.contains { $0.mediaType.hasPrefix("audio/") })),
            ("hasVideo", .bool(session.package.manifest.contains { $0.mediaType.hasPrefix("video/") })),
            ("charsCount", .integer(Int64(facts?.characters ?? 0))),
            ("embeddedFonts", .array((facts?.embeddedFonts ?? []).map(JSONValue.string))),
            ("refFonts", .array((facts?.referencedFonts ?? []).map(JSONValue.string))),
            ("hasEncryption", .bool(facts?.hasEncryption ?? false)),
            ("hasSignatures", .bool(facts?.hasSignatures ?? false)),
            ("contributors", .array(m.contributors.map { .string($0.name) })),
        ])
    }

    /// One file as EPUBCheck lists it; spine facts only for items in a spine.
    private struct Row {
        var id: String
        var path: String
        var mediaType: String?
        var scripted = false
        var spineIndex: Int?
        var linear = false
        /// Effective layout, orientation and spread of a spine item.
        var rendition: (layout: String, orientation: String, spread: String)?
    }

    /// Every file: the manifest items of each rendition (a later rendition's entry for a file
    /// replaces an earlier one, as in EPUBCheck), then the container's other files (the package
    /// documents, `META-INF`, `mimetype` …), sorted by id as EPUBCheck sorts them. Its sort is
    /// stable over a Java `HashMap`'s values keyed by path, so files sharing one id (two renditions
    /// may both say `item_34`) keep that map's order: see `javaHashMapOrder`.
    static func items(_ session: PublicationSession?, _ facts: PublicationFacts?) -> [JSONValue] {
        guard let session else { return [] }
        var rows: [String: Row] = [:]
        var order: [String] = []  // paths in the order first met; a replaced row keeps its place
        func put(_ row: Row) {
            if rows.updateValue(row, forKey: row.path) == nil { order.append(row.path) }
        }
        for (number, package) in ([session.package] + session.otherRenditionPackages).enumerated() {
            var spine: [String: (index: Int, linear: Bool)] = [:]
            for (index, itemref) in package.spine.enumerated() where spine[itemref.idref] == nil { spine[itemref.idref] = (index, itemref.linear) }
            for item in package.manifest {
                let path = item.path ?? item.href
                var row = Row(id: item.id, path: path, mediaType: item.mediaType, scripted: item.has(property: "scripted"))
                if let place = spine[item.id] {
                    (row.spineIndex, row.linear) = (place.index, place.linear)
                    row.rendition = rendition(of: place.index, inMain: number == 0, session)
                }
                put(row)
            }
        }
        for file in facts?.files ?? [] where rows[file.path] == nil {
            put(Row(id: "ePubCheck.NoManifestRef:" + file.path, path: file.path))
        }
        let files = Dictionary((facts?.files ?? []).map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        // Java compares strings by UTF-16 units.
        let listed = javaHashMapOrder(order).compactMap { rows[$0] }.enumerated()
        return listed.sorted { a, b in
            a.element.id == b.element.id ? a.offset < b.offset : a.element.id.utf16.lexicographicallyPrecedes(b.element.id.utf16)
        }.map { item($0.element, session, facts, file: files[$0.element.path]) }
    }

    /// The order a `java.util.HashMap` of these keys (inserted in this order) gives its values:
    /// by bucket, the spread `String.hashCode` masked by a capacity that doubles from 16 at a load
    /// of 3/4, and within a bucket by insertion (Java keeps it, resizes included).
    static func javaHashMapOrder(_ keys: [String]) -> [String] {
        var capacity = 16
        while keys.count > capacity * 3 / 4 { capacity *= 2 }
        func bucket(_ key: String) -> UInt32 {
            var hash: Int32 = 0
            for unit in key.utf16 { hash = 31 &* hash &+ Int32(unit) }
            let bits = UInt32(bitPattern: hash)
            return (bits ^ (bits >> 16)) & UInt32(capacity - 1)
        }
        return keys.enumerated().map { (bucket($1), $0, $1) }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
    }

    /// A spine item's effective rendition: the session's for the main package, the publication's
    /// defaults for another rendition's (as EPUBCheck fills in what an itemref leaves unsaid).
    private static func rendition(of index: Int, inMain: Bool, _ session: PublicationSession) -> (layout: String, orientation: String, spread: String) {
        if inMain, session.rendition.items.indices.contains(index) {
            let e = session.rendition.items[index].effective
            return (e.layout.rawValue, e.orientation.rawValue, e.spread.rawValue)
        }
        let p = session.rendition.publication
        return (p.layout.rawValue, p.orientation.rawValue, p.spread.rawValue)
    }

    private static func item(_ row: Row, _ session: PublicationSession, _ facts: PublicationFacts?, file entry: PublicationFacts.File?) -> JSONValue {
        let fixed = Layout.prePaginated.rawValue
        let compression: JSONValue
        switch entry?.compression {
        case .stored?: compression = .string("Stored")
        case .deflated?: compression = .string("Deflated")
        default: compression = .null
        }
        return .object([
            ("id", .string(row.id)),
            ("fileName", .string(row.path)),
            ("media_type", str(row.mediaType)),
            ("compressedSize", int(entry.map { Int($0.compressedSize) })),
            ("uncompressedSize", int(entry.map { Int($0.size) })),
            ("compressionMethod", compression),
            ("checkSum", str(entry?.checksum)),
            ("isSpineItem", .bool(row.spineIndex != nil)),
            ("spineIndex", int(row.spineIndex)),
            ("isLinear", .bool(row.linear)),
            // As EPUBCheck has it: fixed when the item or the publication is (a reflowable item in a
            // fixed-layout book still says true there; its renditionLayout tells the truth).
            ("isFixedFormat", row.rendition.map { .bool($0.layout == fixed || session.rendition.publication.layout == .prePaginated) } ?? .null),
            ("isScripted", .bool(row.scripted)),
            ("renditionLayout", str(row.rendition?.layout)),
            ("renditionOrientation", str(row.rendition?.orientation)),
            ("renditionSpread", str(row.rendition?.spread)),
            ("referencedItems", .array((facts?.referencedItems[row.path] ?? []).map(JSONValue.string))),
        ])
    }
}
