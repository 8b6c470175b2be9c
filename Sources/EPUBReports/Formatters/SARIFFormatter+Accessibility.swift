import EPUBAccessibility
import EPUBContract

extension SARIFFormatter {
    /// axe-core documents each of its rules at Deque University; the version is the one
    /// `scripts/a11y-check` measures against.
    static let axeRules = "https://dequeuniversity.com/rules/axe/4.12/"
    /// Where the EPUB-level rules (Ace's and ours) come from.
    static let epubAccessibility = "https://www.w3.org/TR/epub-a11y-11/"

    /// An accessibility report as SARIF 2.1.0: a rule per axe/Ace ID, its level from the impact
    /// (critical and serious `error`, moderate `warning`, minor `note`), a result per place with the
    /// file and line, and the element's CFI step path as a logical location. What axe-core calls
    /// "needs review" is a result of kind `review` (level `none`, as SARIF requires of non-failures).
    public static func format(_ report: AccessibilityReport, pretty: Bool) -> String {
        let results: [JSONValue] = report.violations.enumerated().flatMap { index, violation in
            violation.places.map { result(violation, at: $0, ruleIndex: index) }
        }
        return log(tool: "epubcontract accessibility", informationUri: epubAccessibility, rules: report.violations.map(rule),
                   source: report.source, results: results).serialized(pretty: pretty)
    }

    static func level(_ impact: AccessibilityReport.Impact) -> String {
        switch impact {
        case .critical, .serious: return "error"
        case .moderate: return "warning"
        case .minor: return "note"
        }
    }

    /// axe-core's rules are the ones with a `cat.` tag; the others are EPUB rules.
    private static func rule(_ v: AccessibilityReport.Violation) -> JSONValue {
        let help = v.help.rendered()
        let isAxe = v.tags.contains { $0.hasPrefix("cat.") }
        return .object([
            ("id", .string(v.rule)),
            ("shortDescription", .object([("text", .string(help))])),
            ("helpUri", .string(isAxe ? axeRules + v.rule : epubAccessibility)),
            ("help", .object([("text", .string(help))])),
            ("defaultConfiguration", .object([("level", .string(level(v.impact)))])),
            ("properties", .object([("tags", .array(v.tags.map { .string($0) })), ("impact", .string(v.impact.rawValue))])),
        ])
    }

    private static func result(_ v: AccessibilityReport.Violation, at place: AccessibilityReport.Place, ruleIndex: Int) -> JSONValue {
        var physical: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(percentEncoded(place.path))), ("uriBaseId", .string(baseID))]))]
        if let line = place.line, line > 0 { physical.append(("region", .object([("startLine", .integer(Int64(line)))]))) }
        var location: [(String, JSONValue)] = [("physicalLocation", .object(physical))]
        if let cfi = place.cfi {
            var logical: [(String, JSONValue)] = [("fullyQualifiedName", .string(cfi)), ("kind", .string("element"))]
            if let element = place.element { logical.insert(("name", .string(element)), at: 0) }
            location.append(("logicalLocations", .array([.object(logical)])))
        }
        var fields: [(String, JSONValue)] = [("ruleId", .string(v.rule)), ("ruleIndex", .integer(Int64(ruleIndex)))]
        fields += v.needsReview ? [("kind", .string("review")), ("level", .string("none"))] : [("level", .string(level(v.impact)))]
        fields.append(("message", .object([("text", .string(v.help.rendered() + (place.value.map { " (“\($0)”)" } ?? "")))])))
        fields.append(("locations", .array([.object(location)])))
        return .object(fields)
    }
}
