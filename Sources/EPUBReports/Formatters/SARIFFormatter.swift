import EPUBContract
import Foundation

/// SARIF 2.1.0, so publishers can feed reports to code-scanning tools. Fatal and error map to
/// `error`, warning to `warning`, usage and info to `note`. Each result has one location (a message
/// found in three places is three results), relative to the `PUBLICATION` base: the folder or
/// `.epub` checked, whose container paths the locations are.
public enum SARIFFormatter {
    /// Where EPUBCheck documents its messages; our own `EC-` IDs are described in the rule itself.
    static let epubcheckMessages = "https://w3c.github.io/epubcheck/docs/messages"
    static let baseID = "PUBLICATION"

    static func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .fatal, .error: return "error"
        case .warning: return "warning"
        case .usage, .info: return "note"
        }
    }

    public static func format(_ report: ValidationReport, pretty: Bool) -> String {
        var ruleIDs: [String] = []
        for m in report.messages where !ruleIDs.contains(m.id) { ruleIDs.append(m.id) }
        let results: [JSONValue] = report.messages.flatMap { m in
            (m.locations.isEmpty ? [nil] : m.locations.map(Optional.some)).map { result(m, at: $0, ruleIndex: ruleIDs.firstIndex(of: m.id) ?? 0) }
        }
        let rules = ruleIDs.map { id in rule(id, reported: report.messages.first { $0.id == id }?.severity, locale: report.locale) }
        return log(tool: "epubcontract", informationUri: epubcheckMessages, rules: rules, source: report.sourcePath, results: results)
            .serialized(pretty: pretty)
    }

    /// A SARIF log of one run: the tool with its rules, the checked publication as the base of
    /// every location, the results (shared by `validate` and `accessibility`).
    static func log(tool: String, informationUri: String, rules: [JSONValue], source: String, results: [JSONValue]) -> JSONValue {
        .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string(tool)),
                    ("version", .string(ReaderContract.version)),
                    ("semanticVersion", .string(ReaderContract.version)),
                    ("informationUri", .string(informationUri)),
                    ("rules", .array(rules)),
                ]))])),
                ("originalUriBaseIds", .object([(baseID, base(source))])),
                ("results", .array(results)),
            ])])),
        ])
    }

    /// A rule from the catalog: its summary, suggestion, default level and where it is documented.
    static func rule(_ id: String, reported: Diagnostic.Severity?, locale: MessageLocale = .english) -> JSONValue {
        let known = MessageID(rawValue: id) ?? MessageID(rawValue: id.replacingOccurrences(of: "-", with: "_"))
        let summary = known?.summary ?? id
        let full = [summary, known?.suggestion(in: locale)].compactMap { $0 }.joined(separator: " ")
        let severity = known?.defaultSeverity ?? reported ?? .error
        var fields: [(String, JSONValue)] = [
            ("id", .string(id)),
            ("shortDescription", .object([("text", .string(summary))])),
            ("fullDescription", .object([("text", .string(full))])),
            ("defaultConfiguration", .object([("level", .string(level(severity)))])),
        ]
        if id.hasPrefix("EC-") || id.hasPrefix("EC_") {
            fields.append(("help", .object([("text", .string(full + " (epubcontract's own check: docs/messages.md lists it.)"))])))
        } else {
            fields.append(("helpUri", .string(epubcheckMessages)))
            fields.append(("help", .object([("text", .string(full))])))
        }
        fields.append(("properties", .object([("tags", .array([.string(severity.rawValue)]))])))
        return .object(fields)
    }

    /// One result at one place (the publication itself when the message has none).
    private static func result(_ m: ValidationMessage, at location: ValidationMessage.Location?, ruleIndex: Int) -> JSONValue {
        var region: [(String, JSONValue)] = []
        if let line = location?.line, line > 0 { region.append(("startLine", .integer(Int64(line)))) }
        if let column = location?.column, column > 0, !region.isEmpty { region.append(("startColumn", .integer(Int64(column)))) }
        let uri = location.map { percentEncoded($0.path) } ?? ""
        var physical: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(uri)), ("uriBaseId", .string(baseID))]))]
        if !region.isEmpty { physical.append(("region", .object(region))) }
        return .object([
            ("ruleId", .string(m.id)),
            ("ruleIndex", .integer(Int64(ruleIndex))),
            ("level", .string(level(m.severity))),
            ("message", .object([("text", .string(m.localizedMessage))])),
            ("locations", .array([.object([("physicalLocation", .object(physical))])])),
        ])
    }

    /// The checked folder or `.epub` as an absolute `file:` URI ending in `/`, as SARIF asks of a base.
    static func base(_ sourcePath: String) -> JSONValue {
        let absolute = sourcePath.hasPrefix("/") ? sourcePath : FileManager.default.currentDirectoryPath + "/" + sourcePath
        let standardized = (absolute as NSString).standardizingPath
        let uri = "file://" + percentEncoded(standardized) + (standardized.hasSuffix("/") ? "" : "/")
        return .object([("uri", .string(uri)), ("description", .object([("text", .string("The publication checked; result locations are paths inside it."))]))])
    }

    /// A container path as a relative URI reference: segments percent-encoded, slashes kept.
    static func percentEncoded(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";?#[]@")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
