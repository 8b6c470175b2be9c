import EPUBMessages

/// The rules `accessibility` applies: each with its ID, impact, tags and help text, as axe-core
/// 4.x and Ace by DAISY name them (publication rules of our own are `epub-a11y-…`). The rules are
/// data, `docs/messages/a11y-rules.tsv`, compiled by `scripts/gen-catalog` into
/// `AccessibilityRule+Catalog.swift` beside the message catalog they speak with.
struct AccessibilityRule: Sendable {
    let id: String
    let impact: AccessibilityReport.Impact
    let tags: [String]
    let help: MessageText
    /// axe-core reports a failure of this rule as "needs review" (incomplete), not as a violation.
    var needsReview = false

    /// A missing discovery property (Ace: `metadata-accessmode` …).
    static func missingMetadata(_ property: String, impact: AccessibilityReport.Impact) -> Self {
        Self(id: "metadata-" + property.lowercased(), impact: impact, tags: ["EPUB"],
             help: .a11yHelpMissingMetadata(property))
    }
}
