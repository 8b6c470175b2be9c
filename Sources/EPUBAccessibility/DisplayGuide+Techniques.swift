import EPUBContract

/// The Display Techniques for EPUB Accessibility Metadata 2.1 (W3C Publishing Community Group,
/// draft of 2025-05), one function per field, each condition as the technique's XPath states it
/// (`normalize-space() = …` is a whole value, `contains(…)` a part of one). Statements within a
/// field follow the guidelines' lists and examples (table of contents before "Go to page"; math
/// before captions; ARIA before page breaks), which the techniques list in another order. Where
/// the draft's words and its intent part, `docs/accessibility.md` says so: the rich-content
/// technique tests `longDescriptions` (the vocabulary's value is `longDescription`: both are read),
/// and its "no information" condition forgets `latex-chemistry` (read as information here).
extension DisplayGuide {
    /// What the techniques read beyond the metadata the contract keeps.
    public struct Facts: Sendable, Equatable {
        /// `rendition:layout` is `pre-paginated` for the publication.
        public var fixedLayout = false
        /// `dcterms:date` refining the certifier: the date of the latest assessment.
        public var certificationDate: String?
        /// The summary's `xml:lang`, else the package's, else the first `dc:language`.
        public var summaryLanguage: String?

        public init(fixedLayout: Bool = false, certificationDate: String? = nil, summaryLanguage: String? = nil) {
            self.fixedLayout = fixedLayout
            self.certificationDate = certificationDate
            self.summaryLanguage = summaryLanguage
        }
    }

    /// The guide of one publication, read from its session (nothing is parsed again).
    public init(_ session: PublicationSession) {
        let a11y = Vocabulary.a11y, package = session.package
        let certifier = (package.entries(a11y + "certifiedBy") + package.namedEntries("a11y:certifiedBy")).first { !$0.value.isEmpty }
        let summary = (package.entries(Vocabulary.schema + "accessibilitySummary") + package.namedEntries("schema:accessibilitySummary"))
            .first { !$0.value.isEmpty }
        let facts = Facts(fixedLayout: session.rendition.publication.layout == .prePaginated,
                          certificationDate: certifier?.refinement(Vocabulary.dcterms + "date"),
                          summaryLanguage: summary?.language ?? package.language ?? session.metadata.languages.first)
        self.init(session.metadata.accessibility, facts)
    }

    public init(_ m: PublicationMetadata.Accessibility, _ facts: Facts = .init()) {
        let features = Set(m.features)
        var sections = [
            Section(field: .waysOfReading, statements: Self.waysOfReading(m, features, facts)),
            Self.conformance(m, facts),
            Section(field: .navigation, statements: Self.navigation(features)),
            Section(field: .richContent, statements: Self.richContent(features)),
            Section(field: .hazards, statements: Self.hazards(Set(m.hazards))),
            m.summary.map { Section(field: .accessibilitySummary, statements: [], text: $0, language: facts.summaryLanguage) }
                ?? Section(field: .accessibilitySummary, statements: [Statement(id: "accessibility-summary-no-metadata")]),
        ]
        // The guidelines: legal considerations "should be hidden if metadata is not present".
        if !AccessibilityVocabulary.exemption.isDisjoint(with: m.exemptions) {
            sections.append(Section(field: .legalConsiderations, statements: [Statement(id: "legal-considerations-exempt")]))
        }
        let additional = Self.additional(features)
        if !additional.isEmpty { sections.append(Section(field: .additionalInformation, statements: additional)) }
        self.sections = sections
    }

    /// Visual adjustments, supports nonvisual reading, prerecorded audio.
    static func waysOfReading(_ m: PublicationMetadata.Accessibility, _ features: Set<String>, _ facts: Facts) -> [Statement] {
        let prefix = "ways-of-reading-"
        var out = [Statement(id: prefix + (features.contains("displayTransformability") ? "visual-adjustments-modifiable"
            : facts.fixedLayout ? "visual-adjustments-unmodifiable" : "visual-adjustments-unknown"))]
        // A meta holds one value: `accessModeSufficient` "textual" is a meta of that whole value.
        let sufficient = m.accessModesSufficient.map { $0.joined(separator: ",") }
        let onlyMode = m.accessModes.count == 1 ? m.accessModes[0] : nil
        let allTextual = onlyMode == "textual" || sufficient.contains("textual")
        let someText = m.accessModes.contains { $0.contains("textual") } || sufficient.contains { $0.contains("textual") }
        let alternatives = !features.isDisjoint(with: ["longDescription", "alternativeText", "describedMath", "transcript"])
        let visualOnly = onlyMode == "visual" && !sufficient.contains { $0.contains("textual") }
        out.append(Statement(id: prefix + (allTextual ? "nonvisual-reading-readable"
            : someText || alternatives ? "nonvisual-reading-not-fully"
            : onlyMode == "auditory" || visualOnly ? "nonvisual-reading-none" : "nonvisual-reading-no-metadata")))
        if alternatives { out.append(Statement(id: prefix + "nonvisual-reading-alt-text")) }
        out.append(Statement(id: prefix + (features.contains("synchronizedAudioText") ? "prerecorded-audio-synchronized"
            : sufficient.contains("auditory") ? "prerecorded-audio-only"
            : m.accessModes.contains("auditory") ? "prerecorded-audio-complementary" : "prerecorded-audio-no-metadata")))
        return out
    }

    /// The conformance claim (EPUB Accessibility 1.1's "EPUB Accessibility 1.1 - WCAG 2.x Level …",
    /// or 1.0's IDPF URLs), the certifier and their credential, then the detailed information.
    static func conformance(_ m: PublicationMetadata.Accessibility, _ facts: Facts) -> Section {
        var epub: String?, wcag: String?, level: String?
        let prefix = AccessibilityVocabulary.claimPrefix
        if let claim = m.conformsTo.first(where: { $0.contains(prefix + "2.") }) {
            // The technique's two `replace`s: "EPUB Accessibility 1.1 - WCAG 2.x Level L" gives the
            // version 2.x (x from 0 to 2) and the level L; any other wording is kept whole, and then
            // names no version and no level the guide knows.
            epub = "1.1"
            let rest = claim.hasPrefix(prefix) ? claim.dropFirst(prefix.count) : ""
            if ["2.0 Level ", "2.1 Level ", "2.2 Level "].contains(where: rest.hasPrefix) {
                wcag = String(rest.prefix(3))
                level = String(rest.dropFirst(10)).trimmingXMLWhitespace()
            } else {
                (wcag, level) = (claim, claim)
            }
        } else if let found = ["aaa", "aa", "a"].first(where: { m.conformsTo.contains("http://www.idpf.org/epub/a11y/accessibility-20170105.html#wcag-" + $0) }) {
            (epub, wcag, level) = ("1.0", "2.0", found.uppercased())
        }
        guard epub != nil || wcag != nil else { return Section(field: .conformance, statements: [Statement(id: "conformance-no")]) }
        let levels = ["A": "a", "AA": "aa", "AAA": "aaa"]
        var statements = [Statement(id: level.flatMap { levels[$0] }.map { "conformance-" + $0 } ?? "conformance-unknown-standard")]
        if let certifier = m.certifiedBy { statements.append(Statement(id: "conformance-certifier", arguments: [.text(certifier)])) }
        if let credential = m.certifierCredential { statements.append(Statement(id: "conformance-certifier-credentials", arguments: [.text(credential)])) }
        var details: [Statement] = []
        if epub != nil, wcag != nil, level != nil {
            let versions = ["1.0": "1-0", "1.1": "1-1"], wcags = ["2.0": "2-0", "2.1": "2-1", "2.2": "2-2"]
            func part(_ id: String?) -> Statement.Argument { id.map { .statement($0) } ?? .text("") }
            details.append(Statement(id: "conformance-details-claim", arguments: [
                part(epub.flatMap { versions[$0] }.map { "conformance-details-epub-accessibility-" + $0 }),
                part(wcag.flatMap { wcags[$0] }.map { "conformance-details-wcag-" + $0 }),
                part(level.flatMap { levels[$0] }.map { "conformance-details-level-" + $0 }),
            ]))
        }
        if let date = facts.certificationDate { details.append(Statement(id: "conformance-details-certification-info", arguments: [.date(date)])) }
        if m.certifierReport != nil { details.append(Statement(id: "conformance-details-certifier-report")) }
        return Section(field: .conformance, statements: statements, details: details, link: m.certifierReport)
    }

    static func navigation(_ features: Set<String>) -> [Statement] {
        let found = [("tableOfContents", "toc"), ("index", "index"), ("structuralNavigation", "structural"), ("pageNavigation", "page-navigation")]
            .filter { features.contains($0.0) }.map { Statement(id: "navigation-" + $0.1) }
        return found.isEmpty ? [Statement(id: "navigation-no-metadata")] : found
    }

    static func richContent(_ features: Set<String>) -> [Statement] {
        let found = [
            (["MathML"], "accessible-math-as-mathml"), (["latex"], "accessible-math-as-latex"), (["describedMath"], "accessible-math-described"),
            (["MathML-chemistry"], "accessible-chemistry-as-mathml"), (["latex-chemistry"], "accessible-chemistry-as-latex"),
            (["longDescription", "longDescriptions"], "extended"), (["closedCaptions"], "closed-captions"),
            (["openCaptions"], "open-captions"), (["transcript"], "transcript"),
        ].filter { !features.isDisjoint(with: $0.0) }.map { Statement(id: "rich-content-" + $0.1) }
        return found.isEmpty ? [Statement(id: "rich-content-unknown")] : found
    }

    static func hazards(_ hazards: Set<String>) -> [Statement] {
        func has(_ value: String) -> Bool { hazards.contains(value) }
        if has("none") || (has("noFlashingHazard") && has("noMotionSimulationHazard") && has("noSoundHazard")) {
            return [Statement(id: "hazards-none")]
        }
        if has("unknown") || (has("unknownFlashingHazard") && has("unknownMotionSimulationHazard") && has("unknownSoundHazard")) {
            return [Statement(id: "hazards-unknown")]
        }
        let found = [
            ("flashing", "flashing"), ("motionSimulation", "motion"), ("sound", "sound"),
            ("unknownFlashingHazard", "flashing-unknown"), ("unknownMotionSimulationHazard", "motion-unknown"), ("unknownSoundHazard", "sound-unknown"),
            ("noFlashingHazard", "flashing-none"), ("noMotionSimulationHazard", "motion-none"), ("noSoundHazard", "sound-none"),
        ].filter { has($0.0) }.map { Statement(id: "hazards-" + $0.1) }
        return found.isEmpty ? [Statement(id: "hazards-no-metadata")] : found
    }

    static func additional(_ features: Set<String>) -> [Statement] {
        [
            (["aria"], "aria"), (["pageBreakMarkers", "printPageNumbers"], "page-breaks"), (["audioDescription"], "audio-descriptions"),
            (["braille"], "braille"), (["fullRubyAnnotations"], "full-ruby-annotations"),
            (["highContrastAudio"], "high-contrast-between-foreground-and-background-audio"),
            (["highContrastDisplay"], "high-contrast-between-text-and-background"), (["largePrint"], "large-print"),
            (["rubyAnnotations"], "ruby-annotations"), (["signLanguage"], "sign-language"), (["tactileGraphic"], "tactile-graphics"),
            (["tactileObject"], "tactile-objects"), (["ttsMarkup"], "text-to-speech-hinting"),
        ].filter { !features.isDisjoint(with: $0.0) }.map { Statement(id: "additional-accessibility-information-" + $0.1) }
    }
}
