import EPUBContract

/// HTM-060b (usage): a viewport `meta` in a reflowable XHTML document, which reading systems
/// ignore. A document is reflowable unless its spine entry is fixed-layout; one outside the spine,
/// or checked alone, is reflowable (as EPUBCheck treats it).
enum ViewportRules {
    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        guard context.isXHTML, context.reflowable, let head = context.head() else { return }
        for meta in head.viewportMetas {
            findings.report(.HTM_060b, .reflowableDocumentHasViewportMetaWhich, line: meta.line)
        }
    }

    /// The paths of spine items that are fixed-layout by the package's own `rendition:layout`:
    /// the itemref's override, else the publication's value; the first itemref of a path decides.
    static func fixedSpineDocuments(_ package: PackageDocument) -> Set<String> {
        let layoutIRI = Vocabulary.rendition + "layout"
        let publicationFixed = package.entries(layoutIRI).first?.value == "pre-paginated"
        var decided: [String: Bool] = [:]
        for ref in package.spine {
            guard let path = package.item(id: ref.idref)?.path, decided[path] == nil else { continue }
            let overrides = ref.properties.compactMap { package.prefixes.expand($0, defaultVocabulary: Vocabulary.itemref) }
            if overrides.contains(Vocabulary.rendition + "layout-pre-paginated") {
                decided[path] = true
            } else if overrides.contains(Vocabulary.rendition + "layout-reflowable") {
                decided[path] = false
            } else {
                decided[path] = publicationFixed
            }
        }
        return Set(decided.filter(\.value).keys)
    }
}
