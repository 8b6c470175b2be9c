import EPUBContract

/// `accessibility` reports as text (a person reading a terminal) and JSON
/// (`schemas/accessibility-report.schema.json`): the metadata as declared, then each failing
/// rule with axe-core's ID, impact and tags, and every place it fails.
public enum AccessibilityReportFormatter {
    public static let version = "0.1.0"

    public static func json(_ report: AccessibilityReport, pretty: Bool = false) -> String {
        let counts: [(String, JSONValue)] = AccessibilityReport.Impact.allCases.reversed().map { impact in
            let places = report.violations.filter { $0.impact == impact }.reduce(0) { $0 + $1.places.count }
            return (impact.rawValue, JSONValue.integer(Int64(places)))
        }
        let value = JSONValue.object([
            ("reportVersion", .string(version)),
            ("generator", .object([("name", .string("epubcontract")), ("version", .string(ReaderContract.version))])),
            ("source", .string(report.source)),
            ("metadata", metadata(report.metadata)),
            ("documentsChecked", .integer(Int64(report.documentsChecked))),
            ("counts", .object(counts)),
            ("violations", .array(report.violations.map(violation))),
        ])
        return value.serialized(pretty: pretty)
    }

    static func metadata(_ m: PublicationMetadata.Accessibility) -> JSONValue {
        func strings(_ values: [String]) -> JSONValue { .array(values.map { .string($0) }) }
        func optional(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        return .object([
            ("conformsTo", strings(m.conformsTo)), ("certifiedBy", optional(m.certifiedBy)),
            ("certifierCredential", optional(m.certifierCredential)), ("certifierReport", optional(m.certifierReport)),
            ("summary", optional(m.summary)), ("accessModes", strings(m.accessModes)),
            ("accessModesSufficient", .array(m.accessModesSufficient.map(strings))), ("features", strings(m.features)),
            ("hazards", strings(m.hazards)), ("exemptions", strings(m.exemptions)),
        ])
    }

    static func violation(_ v: AccessibilityReport.Violation) -> JSONValue {
        .object([
            ("id", .string(v.rule)), ("impact", .string(v.impact.rawValue)), ("tags", .array(v.tags.map { .string($0) })),
            ("help", .string(v.help.rendered())), ("needsReview", .bool(v.needsReview)),
            ("nodes", .array(v.places.map { place in
                .object([("path", .string(place.path)), ("line", place.line.map { .integer(Int64($0)) } ?? .null),
                         ("cfi", place.cfi.map { .string($0) } ?? .null), ("element", place.element.map { .string($0) } ?? .null),
                         ("value", place.value.map { .string($0) } ?? .null)])
            })),
        ])
    }

    /// A summary of the metadata, then one block per failing rule with its places.
    public static func text(_ report: AccessibilityReport) -> String {
        var lines = ["Accessibility of \(report.source) (\(report.documentsChecked) content documents)"]
        let m = report.metadata
        func line(_ label: String, _ values: [String]) { lines.append("  \(label): " + (values.isEmpty ? "(not declared)" : values.joined(separator: ", "))) }
        line("conforms to", m.conformsTo)
        if let certifier = m.certifiedBy { line("certified by", [certifier]) }
        line("access modes", m.accessModes)
        line("sufficient", m.accessModesSufficient.map { $0.joined(separator: "+") })
        line("features", m.features)
        line("hazards", m.hazards)
        if !m.exemptions.isEmpty { line("exemption (EAA)", m.exemptions) }
        line("summary", m.summary.map { [$0] } ?? [])
        for v in report.violations {
            lines.append((v.needsReview ? "REVIEW " : "") + "\(v.impact.rawValue.uppercased())(\(v.rule)): \(v.help.rendered()) [\(v.places.count) place\(v.places.count == 1 ? "" : "s")]")
            for place in v.places.prefix(25) {
                let at = place.line.map { "\(place.path)(\($0))" } ?? place.path
                lines.append("  " + at + (place.element.map { " <\($0)>" } ?? "") + (place.cfi.map { " \($0)" } ?? "")
                             + (place.value.map { " '\($0)'" } ?? ""))
            }
            if v.places.count > 25 { lines.append("  … and \(v.places.count - 25) more") }
        }
        let total = report.violations.reduce(0) { $0 + $1.places.count }
        lines.append(report.violations.isEmpty ? "No violations found." : "\(report.violations.count) rules failed at \(total) places.")
        return lines.joined(separator: "\n") + "\n"
    }
}
