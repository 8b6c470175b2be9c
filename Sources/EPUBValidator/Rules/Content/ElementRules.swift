import EPUBContract

/// Single elements EPUB says something about: empty hyperlinks (HTM-045), `bdo` without `dir`
/// and `img` with an empty `src` (RSC-005), discouraged (HTM-055) and deprecated (RSC-017)
/// elements, the `epub:switch` content model (RSC-005), MathML without a text alternative (ACC-009).
enum ElementRules {
    /// HTML: the attributes that hold a valid non-empty URL (an empty one is an error, as EPUBCheck's grammar says).
    static let nonEmptyURL: [KnownName: String] = [
        .img: "src", .audio: "src", .video: "src", .source: "src", .track: "src", .iframe: "src", .embed: "src", .input: "src", .object: "data",
    ]

    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        for (number, element) in index.elements.enumerated() {
            guard let name = element.name else { continue }
            if element.space == .xhtml, let attribute = Self.nonEmptyURL[name],
               let value = DocumentIndex.value(element.node, attribute), value.trimmingXMLWhitespace().isEmpty {
                findings.report(.RSC_005, .attributeMustBeNonEmptyUrl(name.rawValue, attribute), at: index.position(number))
            }
            switch (element.space, name) {
            case (.xhtml, .a), (.xhtml, .area):
                if let href = DocumentIndex.value(element.node, "href"), href.trimmingXMLWhitespace().isEmpty {
                    findings.report(.HTM_045, .hyperlinkHasEmptyHrefPointsDocument, at: index.position(number))
                }
            case (.xhtml, .bdo):
                if DocumentIndex.value(element.node, "dir") == nil {
                    findings.report(.RSC_005, .bdoElementHaveDirAttribute, at: index.position(number))
                }
            case (.xhtml, .embed), (.xhtml, .base), (.xhtml, .rp):
                findings.report(.HTM_055, .elementDiscouragedEpubContent(name.rawValue), at: index.position(number))
            case (.epub, .switch), (.epub, .trigger):
                findings.report(.RSC_017, .epubElementDeprecated(name.rawValue), at: index.position(number))
                if name == .switch { switchContent(index, number, &findings) }
            case (.epub, .case):
                if DocumentIndex.value(element.node, "required-namespace") == nil {
                    findings.report(.RSC_005, .epubCaseHaveRequiredNamespaceAttribute, at: index.position(number))
                }
            case (.mathml, .math):
                if DocumentIndex.value(element.node, "alttext") == nil && !DocumentIndex.hasDescendant(element.node, .annotationXML) {
                    findings.report(.ACC_009, .mathmlHasNoTextAlternativeAdd, line: element.line)
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
            findings.report(.RSC_005, .epubDefaultComeOnlyAfterEpub, at: index.position(first))
        } else if defaults.isEmpty {
            findings.report(.RSC_005, .epubSwitchIncompleteNeedsEpubDefault, at: index.position(number))
        }
    }
}
