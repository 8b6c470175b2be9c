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
            ("publication", publication(report.session)),
            ("items", .array(items(report.session))),
        ]).serialized(pretty: pretty)
    }

    private static func int(_ v: Int?) -> JSONValue { v.map { .integer(Int64($0)) } ?? .null }
    private static func str(_ v: String?) -> JSONValue { v.map(JSONValue.string) ?? .null }

    static func message(_ m: ValidationMessage) -> JSONValue {
        .object([
            ("ID", .string(m.id)),
            ("severity", .string(m.severity.rawValue.uppercased())),
            ("message", .string(m.message)),
            ("additionalLocations", .integer(0)),
            ("locations", .array(m.locations.map { l in
                .object([("path", .string(l.path)), ("line", int(l.line ?? -1)), ("column", int(l.column ?? -1)), ("context", str(l.context))])
            })),
            ("suggestion", str(m.suggestion)),
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

    static func publication(_ session: PublicationSession?) -> JSONValue {
        guard let session else { return .null }
        let m = session.metadata
        let r = session.rendition.publication
        let fixed = session.rendition.items.contains { $0.effective.layout == .prePaginated }
        return .object([
            ("publisher", str(m.publisher)),
            ("title", str(m.title)),
            ("creator", .array(m.creators.map { .string($0.name) })),
            ("date", str(m.modified ?? m.published)),
            ("subject", .array(m.subjects.map { .string($0.name) })),
            ("description", str(m.description)),
            ("rights", str(m.rights)),
            ("identifier", str(m.identifier)),
            ("language", str(m.languages.first)),
            ("nSpines", .integer(Int64(session.package.spine.count))),
            ("renditionLayout", .string(r.layout.rawValue)),
            ("renditionOrientation", .string(r.orientation.rawValue)),
            ("renditionSpread", .string(r.spread.rawValue)),
            ("ePubVersion", str(session.package.version)),
            ("isScripted", .bool(session.package.manifest.contains { $0.has(property: "scripted") })),
            ("hasFixedFormat", .bool(fixed)),
            ("hasAudio", .bool(session.package.manifest.contains { $0.mediaType.hasPrefix("audio/") })),
            ("hasVideo", .bool(session.package.manifest.contains { $0.mediaType.hasPrefix("video/") })),
            ("hasEncryption", .bool(session.container.entry("META-INF/encryption.xml") != nil)),
            ("hasSignatures", .bool(session.container.entry("META-INF/signatures.xml") != nil)),
            ("contributors", .array(m.contributors.map { .string($0.name) })),
        ])
    }

    static func items(_ session: PublicationSession?) -> [JSONValue] {
        guard let session else { return [] }
        let package = session.package
        return package.manifest.map { item in
            let entry = item.path.flatMap { session.container.entry($0) }
            let spineIndex = item.path.flatMap { session.spineIndexByPath[$0] }
            let compression: JSONValue
            switch entry?.compression {
            case .stored?: compression = .string("Stored")
            case .deflated?: compression = .string("Deflated")
            default: compression = .null
            }
            return .object([
                ("id", .string(item.id)),
                ("fileName", .string(item.path ?? item.href)),
                ("media_type", .string(item.mediaType)),
                ("compressedSize", int(entry.map { Int($0.compressedSize) })),
                ("uncompressedSize", int(entry.map { Int($0.size) })),
                ("compressionMethod", compression),
                ("isSpineItem", .bool(spineIndex != nil)),
                ("spineIndex", int(spineIndex)),
                ("isLinear", .bool(spineIndex.map { package.spine[$0].linear } ?? false)),
                ("isScripted", .bool(item.has(property: "scripted"))),
            ])
        }
    }
}
