import EPUBContract

/// CSS written in a document rather than in a style sheet of its own: `style` elements, held to
/// the grammar (CSS-008) and the `@font-face` rule (CSS-028), empty `url()`s (CSS-002), and `style` attributes, held to the
/// grammar of a declaration list (CSS-008). Places are the element's line plus the line inside the
/// CSS, with the column inside the CSS, as EPUBCheck reports them.
enum StyleElementRules {
    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        for (number, sheet) in index.styleElements {
            let line = index.elements[number].line
            for problem in sheet.syntaxProblems {
                findings.report(.CSS_008, "CSS syntax error: \(problem.message).", line: line + problem.line - 1, column: problem.column)
            }
            for use in sheet.urlUses where use.url.trimmingXMLWhitespace().isEmpty {
                findings.report(.CSS_002, "A url() is empty; name the file it should use.", line: line + use.line - 1, column: use.column)
            }
            for declaration in sheet.checkedDeclarations where declaration.inFontFace {
                findings.report(.CSS_028, "An @font-face rule declares '\(declaration.name)'.",
                                line: line + declaration.line - 1, column: declaration.column)
            }
        }
        for (number, element) in index.elements.enumerated() where element.space == .xhtml || element.space == .svg {
            for i in element.attributes where index.attributes[i].space == nil && index.attributes[i].name == .style {
                for problem in CSSParser.declarationProblems(index.attributes[i].value) {
                    findings.report(.CSS_008, "CSS syntax error in the style attribute: \(problem.message).",
                                    line: element.line + problem.line - 1, column: problem.column)
                }
            }
        }
    }
}
