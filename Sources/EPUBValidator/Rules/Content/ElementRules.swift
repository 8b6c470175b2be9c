import EPUBContract

/// Single elements EPUB says something about: empty hyperlinks (HTM-045), `bdo` without `dir`
/// (RSC-005), discouraged (HTM-055) and deprecated (RSC-017) elements, MathML without a text
/// alternative (ACC-009).
enum ElementRules {
    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        for (number, element) in index.elements.enumerated() {
            guard let name = element.name else { continue }
            switch (element.space, name) {
            case (.xhtml, .a), (.xhtml, .area):
                if let href = DocumentIndex.value(element.node, "href"), href.trimmingXMLWhitespace().isEmpty {
                    findings.report(.HTM_045, "A hyperlink has an empty href (it points at this document).", at: index.position(number))
                }
            case (.xhtml, .bdo):
                if DocumentIndex.value(element.node, "dir") == nil {
                    findings.report(.RSC_005, "A bdo element must have a dir attribute.", at: index.position(number))
                }
            case (.xhtml, .embed), (.xhtml, .base), (.xhtml, .rp):
                findings.report(.HTM_055, "The \(name.rawValue) element is discouraged in EPUB content.", at: index.position(number))
            case (.epub, .switch), (.epub, .trigger):
                findings.report(.RSC_017, "The epub:\(name.rawValue) element is deprecated.", at: index.position(number))
            case (.mathml, .math):
                if DocumentIndex.value(element.node, "alttext") == nil && !DocumentIndex.hasDescendant(element.node, .annotationXML) {
                    findings.report(.ACC_009, "This MathML has no text alternative: add alttext or an annotation-xml.", line: element.line)
                }
            default: break
            }
        }
    }
}
