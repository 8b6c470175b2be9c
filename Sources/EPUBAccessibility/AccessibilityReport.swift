import EPUBContract

/// What `epubcontract accessibility` found in one publication: its accessibility metadata as
/// declared, and the rules it fails. Content rules carry axe-core's rule IDs, impacts and WCAG
/// tags (so a report reads like axe's, and `scripts/a11y-check` compares the two); publication
/// rules carry Ace's IDs where Ace has the check (`metadata-…`, `epub-…`) and `epub-a11y-…` IDs
/// where it does not.
public struct AccessibilityReport: Sendable {
    /// How much a failure hinders a reader, in axe-core's four grades.
    public enum Impact: String, Sendable, CaseIterable, Comparable {
        case minor, moderate, serious, critical

        public static func < (a: Impact, b: Impact) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// One place a rule fails: a file, and where known its line, the element's CFI step path and
    /// tag, and (for metadata) the value written there.
    public struct Place: Sendable, Equatable {
        public var path: String
        public var line: Int?
        public var cfi: String?
        public var element: String?
        public var value: String? = nil
    }

    /// One rule that fails, with every place it fails at.
    public struct Violation: Sendable {
        public var rule: String
        public var impact: Impact
        /// axe-core's tags for content rules (`wcag2a`, `wcag111`, `cat.text-alternatives` …).
        public var tags: [String]
        /// What the rule asks, in one sentence.
        public var help: MessageText
        /// A failure a person must confirm (axe-core's "needs review"): reported, never failing the run.
        public var needsReview: Bool
        public var places: AccessibilityPlaceList
    }

    public var source: String
    /// The publication's accessibility metadata, as the reader contract reads it.
    public var metadata: PublicationMetadata.Accessibility
    /// The metadata as the W3C's display guide words it for readers.
    public var displayGuide: DisplayGuide
    /// Images, media, scripts, MathML, `epub:switch` and headings, as Ace lists them for review.
    public var inventory: AccessibilityInventory
    public var violations: [Violation]
    /// The content documents whose markup was checked.
    public var documentsChecked: Int
    public var elapsedMilliseconds: Double

    /// The worst impact found, what needs review aside; nil when nothing fails.
    public var worst: Impact? { violations.filter { !$0.needsReview }.map(\.impact).max() }
}
