import EPUBContract

/// Our JSON report (schemas/validation-report.schema.json): counts and merged messages.
public enum JSONReportFormatter {
    public static let version = "0.1.0"

    public static func format(_ report: ValidationReport, pretty: Bool) -> String {
        let counts: [(String, JSONValue)] = Diagnostic.Severity.allCases.map { ($0.rawValue, .integer(Int64(report.count($0)))) }
        var fields: [(String, JSONValue)] = [
            ("reportVersion", .string(version)),
            ("generator", .object([("name", .string("epubcontract")), ("version", .string(ReaderContract.version))])),
            ("source", .string(report.sourcePath)),
            ("valid", .bool(!report.hasErrors)),
            ("counts", .object(counts)),
            ("messages", .array(report.messages.map(message))),
        ]
        // Texts stay in English under `message`; another locale's are added beside them.
        if report.locale != .english { fields.insert(("locale", .string(report.locale.rawValue)), at: 1) }
        return JSONValue.object(fields).serialized(pretty: pretty)
    }

    public static func message(_ m: ValidationMessage) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("id", .string(m.id)),
            ("severity", .string(m.severity.rawValue)),
            ("message", .string(m.message)),
            ("locations", .array(m.locations.map { l in
                .object([("path", .string(l.path)), ("line", l.line.map { .integer(Int64($0)) } ?? .null),
                         ("column", l.column.map { .integer(Int64($0)) } ?? .null), ("context", l.context.map(JSONValue.string) ?? .null)])
            })),
            ("suggestion", m.suggestion.map(JSONValue.string) ?? .null),
        ]
        if m.locale != .english {
            fields.append(("localizedMessage", .string(m.localizedMessage)))
            fields.append(("localizedSuggestion", m.localizedSuggestion.map(JSONValue.string) ?? .null))
        }
        return .object(fields)
    }
}
