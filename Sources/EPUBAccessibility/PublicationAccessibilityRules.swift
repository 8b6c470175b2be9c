import EPUBContract

/// EPUB Accessibility 1.1 on the package and the publication as a whole: the discovery
/// metadata (present, and from its vocabulary), the conformance statement, the claims the
/// publication contradicts, the pagination source, the language and title, and whether the
/// table of contents reaches every linear document in reading order.
enum PublicationAccessibilityRules {
    /// What the content pass found that the package's claims are weighed against.
    struct ContentFacts: Sendable {
        var pageBreaks = 0
        /// Each page-break marker: its document, its `id` (nil: none, so no page list can lead
        /// to it) and its place.
        var pageBreakMarkers: [(path: String, id: String?, place: AccessibilityReport.Place)] = []
        var imagesWithoutAlt = 0
        var usesSSML = false
    }

    typealias Found = (rule: AccessibilityRule, place: AccessibilityReport.Place)

    static func check(_ session: PublicationSession, facts: ContentFacts) -> [Found] {
        let package = session.package
        return metadata(package) + conformance(package) + claims(session, facts) + hazards(package) + pagination(session, facts)
            + pageList(session, facts) + basics(package) + tableOfContents(session)
    }

    static func entries(_ package: PackageDocument, _ property: String) -> [MetadataEntry] {
        package.entries(Vocabulary.schema + property) + package.namedEntries("schema:" + property)
    }

    /// The package's `metadata` element, or the `meta` at `entry` with its value.
    static func at(_ package: PackageDocument, _ entry: MetadataEntry? = nil) -> AccessibilityReport.Place {
        guard let entry else { return .init(path: package.path, line: package.metadataLine, cfi: nil, element: "metadata") }
        return .init(path: package.path, line: entry.line, cfi: nil, element: entry.form == .dublinCore ? entry.name : "meta", value: entry.value)
    }

    /// Each discovery property present; each value from its vocabulary; refinements that name nothing.
    static func metadata(_ package: PackageDocument) -> [Found] {
        var out: [Found] = []
        let vocabularies: [(String, Set<String>, AccessibilityReport.Impact)] = [
            ("accessMode", AccessibilityVocabulary.accessMode, .serious),
            ("accessModeSufficient", AccessibilityVocabulary.accessModeSufficient, .moderate),
            ("accessibilityFeature", AccessibilityVocabulary.accessibilityFeature, .serious),
            ("accessibilityHazard", AccessibilityVocabulary.accessibilityHazard, .serious),
        ]
        for (property, vocabulary, impact) in vocabularies {
            let found = entries(package, property)
            if found.isEmpty { out.append((.missingMetadata(property, impact: impact), at(package))) }
            for entry in found {
                let values = property == "accessModeSufficient" ? entry.value.split(separator: ",").map { $0.trimmingXMLWhitespace() } : [entry.value]
                if values.contains(where: { !vocabulary.contains($0) }) { out.append((.invalidMetadata, at(package, entry))) }
            }
        }
        if entries(package, "accessibilitySummary").allSatisfy({ $0.value.isEmpty }) {
            out.append((.missingMetadata("accessibilitySummary", impact: .moderate), at(package)))
        }
        for entry in package.entries(Vocabulary.a11y + "exemption") where !AccessibilityVocabulary.exemption.contains(entry.value) {
            out.append((.invalidMetadata, at(package, entry)))
        }
        out += refinesNothing(package)
        return out
    }

    /// Accessibility metas whose `refines` names no element of the package document.
    private static func refinesNothing(_ package: PackageDocument) -> [Found] {
        let ids = Set(package.declaredMetadata.compactMap(\.id) + package.manifest.map(\.id) + package.links.compactMap(\.id))
        return package.declaredMetadata.filter { entry in
            guard let target = entry.refines, let name = entry.propertyWritten else { return false }
            return (name.hasPrefix("schema:") || name.hasPrefix("a11y:") || name.hasPrefix("dcterms:conformsTo")) && !ids.contains(target)
        }.map { (.unreadMetadata, at(package, $0)) }
    }

    /// A conformance statement naming EPUB Accessibility and a WCAG level (none when exempt).
    static func conformance(_ package: PackageDocument) -> [Found] {
        let statements = package.entries(Vocabulary.dcterms + "conformsTo") + package.namedEntries("dcterms:conformsTo")
            + package.entries(Vocabulary.dc + "conformsTo")
        let linked = package.links.filter { $0.rel.contains(Vocabulary.dcterms + "conformsTo") }.map(\.href)
        if statements.contains(where: { AccessibilityVocabulary.isConformance($0.value) }) || linked.contains(where: AccessibilityVocabulary.isConformance) {
            return []
        }
        if !package.entries(Vocabulary.a11y + "exemption").isEmpty { return [] }
        return [(.conformanceMissing, at(package, statements.first))]
    }
}
