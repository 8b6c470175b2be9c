import EPUBContract

/// CSS written in a document rather than in a style sheet of its own: `style` elements, held to
/// what any CSS answers for (`CSSRules.sheetFaults`), and `style` attributes, held to the grammar
/// of a declaration list (CSS-008). Places are the element's line plus the line inside the
/// CSS, with the column inside the CSS, as EPUBCheck reports them.
enum StyleElementRules {
    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        for (number, _, grammar) in index.styleElements {
            let line = index.elements[number].line
            for fault in CSSRules.sheetFaults(grammar) {
                findings.report(fault.id, fault.message, line: line + fault.line - 1, column: fault.column)
            }
        }
        for (number, element) in index.elements.enumerated() where element.space == .xhtml || element.space == .svg {
            for i in element.attributes where index.attributes[i].space == nil && index.attributes[i].name == .style {
                for problem in CSSGrammarCheck.declarationProblems(index.attributes[i].value) {
                    findings.report(.CSS_008, .cssSyntaxErrorStyleAttribute(problem.message),
                                    line: element.line + problem.line - 1, column: problem.column)
                }
            }
        }
    }
}
