import EPUBContract

/// `epub:type`: where it may stand (not on the head or metadata content, RSC-005), terms of the
/// Structural Semantics Vocabulary (OPF-088), deprecated ones (OPF-086b), and `region-based`,
/// which belongs only on a Data Navigation Document's nav (HTM_052).
enum SemanticsRules {
    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        var misplaced: Set<TagPosition> = []
        for type in index.types where StructuralSemantics.disallowedHosts.contains(type.element) && misplaced.insert(type.position).inserted {
            findings.report(.RSC_005, "The epub:type attribute is not allowed on \(type.element).", at: type.position)
        }
        let types = index.types.filter { !StructuralSemantics.disallowedHosts.contains($0.element) }
        for type in types where type.token == "region-based" && !(type.element == "nav" && context.dataNav) {
            findings.report(.HTM_052, "epub:type 'region-based' belongs only on a nav of a Data Navigation Document.", at: type.position)
        }
        for type in types where !type.token.utf8.contains(UInt8(ascii: ":")) {
            if let advice = StructuralSemantics.deprecated[type.token] {
                findings.report(.OPF_086b, "epub:type '\(type.token)' is deprecated; \(advice).", at: type.position)
            } else if !StructuralSemantics.terms.contains(type.token) && type.token != "region-based" {
                findings.report(.OPF_088, "epub:type '\(type.token)' is not a term of the Structural Semantics Vocabulary; prefix a vocabulary of your own.", at: type.position)
            }
        }
    }
}
