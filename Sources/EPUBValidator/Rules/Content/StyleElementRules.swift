import EPUBContract

/// CSS written in a document's `style` elements, held to the style-sheet rules that do not need a
/// file of its own: `@font-face` declarations (CSS-028). Places are the element's line plus the
/// line inside the CSS, with the column inside the CSS, as EPUBCheck reports them.
enum StyleElementRules {
    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        for (number, sheet) in index.styleElements {
            let line = index.elements[number].line
            sheet.forEachRule { _, declarations, inFontFace in
                guard inFontFace else { return }
                for declaration in declarations {
                    findings.report(.CSS_028, "An @font-face rule declares '\(declaration.name)'.",
                                    line: line + declaration.line - 1, column: declaration.column)
                }
            }
        }
    }
}
