import EPUBAccessibility
import EPUBContract
import EPUBMessages

/// `accessibility` reports as text (a person reading a terminal) and JSON
/// (`schemas/accessibility-report.schema.json`): the metadata as declared, then each failing
/// rule with axe-core's ID, impact and tags, and every place it fails.
public enum AccessibilityReportFormatter {
    public static let version = "0.2.0"

    /// `locale`: the language of the display guide's statements (their IDs stay the guide's).
    public static func json(_ report: AccessibilityReport, pretty: Bool = false, locale: MessageLocale = .english) -> String {
        jsonValue(report, locale: locale).serialized(pretty: pretty)
    }

    /// The report as a JSON value, each rule's places made as they are written (a long book can
    /// fail `region` at hundreds of thousands): write it with `JSONValue.write(pretty:piece:to:)`.
    public static func jsonValue(_ report: AccessibilityReport, locale: MessageLocale = .english) -> JSONValue {
        let counts: [(String, JSONValue)] = AccessibilityReport.Impact.allCases.reversed().map { impact in
            let places = report.violations.filter { $0.impact == impact }.reduce(0) { $0 + $1.places.count }
            return (impact.rawValue, JSONValue.integer(Int64(places)))
        }
        let value = JSONValue.object([
            ("reportVersion", .string(version)),
            ("generator", .object([("name", .string("epubcontract")), ("version", .string(ReaderContract.version))])),
            ("source", .string(report.source)),
            ("metadata", metadata(report.metadata)),
            ("displayGuide", displayGuide(report.displayGuide, locale)),
            ("inventory", inventory(report.inventory)),
            ("documentsChecked", .integer(Int64(report.documentsChecked))),
            ("counts", .object(counts)),
            ("violations", .array(report.violations.map(violation))),
        ])
        return value
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

    /// Each field of the display guide with its statements in both forms.
    static func displayGuide(_ guide: DisplayGuide, _ locale: MessageLocale) -> JSONValue {
        func statements(_ list: [DisplayGuide.Statement]) -> JSONValue {
            .array(list.map { s in
                .object([("id", .string(s.id)), ("compact", .string(s.text(.compact, in: locale))), ("descriptive", .string(s.text(.descriptive, in: locale)))])
            })
        }
        return .array(guide.sections.map { section in
            var fields: [(String, JSONValue)] = [
                ("field", .string(section.field.rawValue)), ("title", .string(section.field.title(in: locale))),
                ("noInformation", .bool(section.isNoInformation)), ("statements", statements(section.statements)),
            ]
            if section.field == .conformance {
                fields.append(("details", statements(section.details)))
                fields.append(("certifierReport", section.link.map { .string($0) } ?? .null))
            }
            if section.field == .accessibilitySummary {
                fields.append(("text", section.text.map { .string($0) } ?? .null))
                fields.append(("language", section.language.map { .string($0) } ?? .null))
            }
            return .object(fields)
        })
    }

    /// Images, audio and video, scripts, MathML, `epub:switch` and headings, each at its place.
    static func inventory(_ inventory: AccessibilityInventory) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        func place(_ p: AccessibilityInventory.Place, _ more: [(String, JSONValue)] = []) -> JSONValue {
            .object([("path", .string(p.path)), ("line", p.line.map { .integer(Int64($0)) } ?? .null), ("cfi", text(p.cfi))] + more)
        }
        return .object([
            ("images", .array(inventory.images.map { i in
                place(i.place, [("element", .string(i.element)), ("src", text(i.src)), ("alt", text(i.alt)), ("describedBy", text(i.describedBy)),
                                ("figcaption", text(i.figcaption)), ("role", text(i.role))])
            })),
            ("media", .array(inventory.media.map { m in
                place(m.place, [("element", .string(m.element)), ("src", text(m.src)), ("controls", .bool(m.controls)),
                                ("tracks", .array(m.tracks.map { .string($0) }))])
            })),
            ("scripts", .array(inventory.scripts.map { place($0.place, [("src", text($0.src))]) })),
            ("mathml", .array(inventory.mathML.map { place($0) })),
            ("switches", .array(inventory.switches.map { place($0) })),
            ("headings", .array(inventory.headings.map { place($0.place, [("level", .integer(Int64($0.level))), ("text", .string($0.text))]) })),
        ])
    }

    static func violation(_ v: AccessibilityReport.Violation) -> JSONValue {
        .object([
            ("id", .string(v.rule)), ("impact", .string(v.impact.rawValue)), ("tags", .array(v.tags.map { .string($0) })),
            ("help", .string(v.help.rendered())), ("needsReview", .bool(v.needsReview)),
            ("nodes", .lazyArray(JSONLazyArray(count: v.places.count) { [places = v.places] i in
                let place = places[i]
                return .object([("path", .string(place.path)), ("line", place.line.map { .integer(Int64($0)) } ?? .null),
                                ("cfi", place.cfi.map { .string($0) } ?? .null), ("element", place.element.map { .string($0) } ?? .null),
                                ("value", place.value.map { .string($0) } ?? .null)])
            })),
        ])
    }

    /// A summary of the metadata, then one block per failing rule with its places, in the
    /// locale's words (rule IDs, impacts, paths and declared values as they are).
    public static func text(_ report: AccessibilityReport, locale: MessageLocale = .english) -> String {
        var lines = [MessageText.a11yReportHeading(report.source, report.documentsChecked).rendered(in: locale)]
        let m = report.metadata
        let separator = locale == .english ? ", " : "、"
        func line(_ label: MessageText, _ values: [String]) {
            let shown = values.isEmpty ? MessageText.a11yNotDeclared.rendered(in: locale) : values.joined(separator: separator)
            lines.append("  " + MessageText.a11yMetadataLine(label.rendered(in: locale), shown).rendered(in: locale))
        }
        line(.a11yLabelConformsTo, m.conformsTo)
        if let certifier = m.certifiedBy { line(.a11yLabelCertifiedBy, [certifier]) }
        line(.a11yLabelAccessModes, m.accessModes)
        line(.a11yLabelSufficient, m.accessModesSufficient.map { $0.joined(separator: "+") })
        line(.a11yLabelFeatures, m.features)
        line(.a11yLabelHazards, m.hazards)
        if !m.exemptions.isEmpty { line(.a11yLabelExemption, m.exemptions) }
        line(.a11yLabelSummary, m.summary.map { [$0] } ?? [])
        let inventory = report.inventory
        lines.append(MessageText.a11yInventoryLine(
            inventory.images.count, inventory.images.filter(\.lacksAlternative).count, inventory.media.count,
            inventory.media.filter(\.lacksCaptions).count, inventory.scripts.count, inventory.mathML.count, inventory.switches.count,
            inventory.headings.count).rendered(in: locale))
        lines.append(MessageText.a11yDisplayGuideHeading.rendered(in: locale))
        let joiner = locale == .english ? "; " : "；"
        for section in report.displayGuide.sections {
            let shown = section.text ?? section.statements.map { $0.text(.compact, in: locale) }.joined(separator: joiner)
            lines.append("  " + MessageText.a11yMetadataLine(section.field.title(in: locale), shown).rendered(in: locale))
            if !section.details.isEmpty {
                let title = DisplayGuide.detailsTitle(in: locale)
                let details = section.details.map { $0.text(.compact, in: locale) }.joined(separator: joiner)
                lines.append("    " + MessageText.a11yMetadataLine(title, details).rendered(in: locale))
            }
        }
        for v in report.violations {
            let places = v.places.count == 1 ? MessageText.a11yOnePlace : MessageText.a11yPlaces(v.places.count)
            lines.append((v.needsReview ? "REVIEW " : "") + "\(v.impact.rawValue.uppercased())(\(v.rule)): \(v.help.rendered(in: locale)) [\(places.rendered(in: locale))]")
            for place in v.places.prefix(25) {
                let at = place.line.map { "\(place.path)(\($0))" } ?? place.path
                lines.append("  " + at + (place.element.map { " <\($0)>" } ?? "") + (place.cfi.map { " \($0)" } ?? "")
                             + (place.value.map { " '\($0)'" } ?? ""))
            }
            if v.places.count > 25 { lines.append("  " + MessageText.a11yMorePlaces(v.places.count - 25).rendered(in: locale)) }
        }
        let total = report.violations.reduce(0) { $0 + $1.places.count }
        lines.append((report.violations.isEmpty ? MessageText.a11yNoViolations : MessageText.a11yRulesFailed(report.violations.count, total)).rendered(in: locale))
        return lines.joined(separator: "\n") + "\n"
    }
}
