import EPUBContract

/// CSS written in a document's `style` elements, held to the style-sheet rules that do not need a
/// file of its own: `@font-face` declarations (CSS-028). Places are the element's line plus the
/// line inside the CSS, with the column inside the CSS, as EPUBCheck reports them.
enum StyleElementRules {
    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        for element in index.elements where element.name == .style && (element.space == .xhtml || element.space == .svg) {
            let text = LibXMLNode.content(element.node)
            guard text.range(of: "font-face", options: .caseInsensitive) != nil else { continue }
            CSSParser.parse(text).forEachRule { _, declarations, inFontFace in
                guard inFontFace else { return }
                for declaration in declarations {
                    findings.report(.CSS_028, "An @font-face rule declares '\(declaration.name)'.",
                                    line: element.line + declaration.line - 1, column: declaration.column)
                }
            }
        }
    }
}
