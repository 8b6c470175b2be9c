import EPUBContract

/// Vocabulary prefixes in a content document: `epub:prefix` only on the root element (RSC-005),
/// its mappings (OPF-004c, OPF-005, OPF-007, OPF-007a/b/c, as in the package document), and
/// `epub:type` values whose prefix is neither declared nor reserved (`msv`, `prism`: OPF-028).
enum PrefixRules {
    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        var map = StructuralSemantics.reservedPrefixes
        for (number, element) in index.elements.enumerated() {
            for i in element.attributes where index.attributes[i].space == .epub && index.attributes[i].name == .prefix {
                if element.parent == nil {
                    for problem in map.declare(index.attributes[i].value) { findings.report(problem, at: element.position) }
                } else {
                    findings.report(.RSC_005, .attributeEpubPrefixAllowedOnlyRoot, at: index.position(number))
                }
            }
        }
        for type in index.types {
            if let (id, message) = StructuralSemantics.undeclaredPrefix(type.token, map) { findings.report(id, message, at: type.position) }
        }
    }
}
