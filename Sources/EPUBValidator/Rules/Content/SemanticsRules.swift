import EPUBContract

/// `epub:type`: where it may stand (not on the head or metadata content, RSC-005), terms of the
/// Structural Semantics Vocabulary (OPF-088), deprecated ones (OPF-086b), terms HTML has its own
/// elements for (OPF-087 in XHTML), and `region-based`,
/// which belongs only on a Data Navigation Document's nav (HTM_052).
enum SemanticsRules {
    /// HTML allows `epub:type` on every element but those of the head; SVG only on its structural,
    /// shape and text elements (`StructuralSemantics.svgHosts`).
    static func allowedHost(_ type: DocumentIndex.TypeToken) -> Bool {
        type.svg ? StructuralSemantics.svgHosts.contains(type.element) : !StructuralSemantics.disallowedHosts.contains(type.element)
    }

    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        var misplaced: Set<TagPosition> = []
        for type in index.types where !allowedHost(type) && misplaced.insert(type.position).inserted {
            findings.report(.RSC_005, .epubTypeAttributeNotAllowed(type.element), at: type.position)
        }
        let types = index.types.filter(allowedHost)
        for type in types where type.token == "region-based" && !(type.element == "nav" && context.dataNav) {
            findings.report(.HTM_052, .epubTypeRegionBasedBelongsOnly, at: type.position)
        }
        for type in types {
            if let (id, message) = StructuralSemantics.judge(type.token) {
                findings.report(id, message, at: type.position)
            } else if context.isXHTML && StructuralSemantics.notForXHTML.contains(type.token) {
                findings.report(.OPF_087, .epubTypeMeantDocumentsWithoutHtml(type.token, type.token), at: type.position)
            }
        }
    }
}
