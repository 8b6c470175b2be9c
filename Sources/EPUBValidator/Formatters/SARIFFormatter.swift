import EPUBContract

/// SARIF 2.1.0, so publishers can feed reports to code-scanning tools. Fatal and error map to
/// `error`, warning to `warning`, usage and info to `note`.
public enum SARIFFormatter {
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
        let rules: [JSONValue] = ruleIDs.map { id in
            let severity = report.messages.first { $0.id == id }?.severity ?? .error
            return .object([("id", .string(id)), ("defaultConfiguration", .object([("level", .string(level(severity)))]))])
        }
        let results: [JSONValue] = report.messages.map { m in
            .object([
                ("ruleId", .string(m.id)),
                ("ruleIndex", .integer(Int64(ruleIDs.firstIndex(of: m.id) ?? 0))),
                ("level", .string(level(m.severity))),
                ("message", .object([("text", .string(m.message))])),
                ("locations", .array(m.locations.map { l in
                    var region: [(String, JSONValue)] = []
                    if let line = l.line, line > 0 { region.append(("startLine", .integer(Int64(line)))) }
                    if let column = l.column, column > 0 { region.append(("startColumn", .integer(Int64(column)))) }
                    var physical: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(l.path))]))]
                    if !region.isEmpty { physical.append(("region", .object(region))) }
                    return .object([("physicalLocation", .object(physical))])
                })),
            ])
        }
        return JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("epubcontract")),
                    ("version", .string(ReaderContract.version)),
                    ("rules", .array(rules)),
                ]))])),
                ("results", .array(results)),
            ])])),
        ]).serialized(pretty: pretty)
    }
}
