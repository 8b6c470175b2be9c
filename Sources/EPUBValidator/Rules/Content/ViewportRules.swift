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

    /// The paths of spine items that are fixed-layout by the package's own `rendition:layout` (the
    /// itemref's override, else the publication's; vendor files do not count), as the rendition
    /// stage resolves them: the session's own for its package, resolved alike for another
    /// rendition's. The first itemref of a path decides.
    static func fixedSpineDocuments(_ session: PublicationSession, _ package: PackageDocument) -> Set<String> {
        let rendition: (publication: PublicationRendition, items: [ItemRenditionProperties])
        if package.path == session.package.path {
            rendition = (session.rendition.publication, session.rendition.items.map(\.properties))
        } else {
            var ignored = DiagnosticLog()
            let resolved = RenditionResolver.resolve(package, displayOptions: nil, diagnostics: &ignored)
            rendition = (resolved.publication, resolved.items.map(\.properties))
        }
        var decided: Set<String> = [], fixed: Set<String> = []
        for (number, ref) in package.spine.enumerated() where rendition.items.indices.contains(number) {
            guard let path = package.item(id: ref.idref)?.path, decided.insert(path).inserted else { continue }
            if rendition.publication.declaresFixedLayout(rendition.items[number]) { fixed.insert(path) }
        }
        return fixed
    }
}
