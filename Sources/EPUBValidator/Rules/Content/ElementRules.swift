import EPUBContract

/// Single elements EPUB says something about: empty hyperlinks (HTM-045), `bdo` without `dir`
/// and `img` with an empty `src` (RSC-005), discouraged (HTM-055) and deprecated (RSC-017)
/// elements, the `epub:switch` content model (RSC-005), MathML without a text alternative (ACC-009).
enum ElementRules {
    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        for (number, element) in index.elements.enumerated() {
            guard let name = element.name else { continue }
            switch (element.space, name) {
            case (.xhtml, .a), (.xhtml, .area):
                if let href = DocumentIndex.value(element.node, "href"), href.trimmingXMLWhitespace().isEmpty {
                    findings.report(.HTM_045, "A hyperlink has an empty href (it points at this document).", at: index.position(number))
                }
            case (.xhtml, .img):
                if let src = DocumentIndex.value(element.node, "src"), src.trimmingXMLWhitespace().isEmpty {
                    findings.report(.RSC_005, "The src of an img must be a URL; it is empty.", at: index.position(number))
                }
            case (.xhtml, .bdo):
                if DocumentIndex.value(element.node, "dir") == nil {
                    findings.report(.RSC_005, "A bdo element must have a dir attribute.", at: index.position(number))
                }
            case (.xhtml, .embed), (.xhtml, .base), (.xhtml, .rp):
                findings.report(.HTM_055, "The \(name.rawValue) element is discouraged in EPUB content.", at: index.position(number))
            case (.epub, .switch), (.epub, .trigger):
                findings.report(.RSC_017, "The epub:\(name.rawValue) element is deprecated.", at: index.position(number))
                if name == .switch { switchContent(index, number, &findings) }
            case (.epub, .case):
                if DocumentIndex.value(element.node, "required-namespace") == nil {
                    findings.report(.RSC_005, "An epub:case must have a required-namespace attribute.", at: index.position(number))
                }
            case (.mathml, .math):
                if DocumentIndex.value(element.node, "alttext") == nil && !DocumentIndex.hasDescendant(element.node, .annotationXML) {
                    findings.report(.ACC_009, "This MathML has no text alternative: add alttext or an annotation-xml.", line: element.line)
                }
            default: break
            }
        }
    }

    /// `epub:switch` holds one or more `epub:case` and then exactly one `epub:default`.
    private static func switchContent(_ index: DocumentIndex, _ number: Int, _ findings: inout ContentFindings) {
        let children = index.elements.indices.filter { index.elements[$0].parent == number && index.elements[$0].space == .epub }
        let cases = children.filter { index.elements[$0].name == .case }
        let defaults = children.filter { index.elements[$0].name == .default }
        if cases.isEmpty, let first = defaults.first {
            findings.report(.RSC_005, "An epub:default may come only after an epub:case; this epub:switch has none.", at: index.position(first))
        } else if defaults.isEmpty {
            findings.report(.RSC_005, "This epub:switch is incomplete: it needs an epub:default after its cases.", at: index.position(number))
        }
    }
}
