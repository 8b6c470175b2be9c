import EPUBContract

/// What a conformance checker finds in a style sheet (`CSSGrammarCheck`, by the CSS 2.1 grammar
/// EPUBCheck reads with), kept beside the browser-like `CSSStyleSheet` the reader library parses
/// from the same tokens. The validator's own value: the style engine never sees it.
package struct CSSGrammarFindings: Sendable, Equatable {
    /// A place where the text is not valid CSS (the rules around it are still read, as browsers do).
    package struct SyntaxProblem: Sendable, Equatable {
        package var message: MessageText
        package var line: Int
        package var column: Int
    }

    /// One `url()` of a declaration, placed at its declaration's property.
    package struct URLUse: Sendable, Equatable {
        package var url: String
        package var line: Int
        package var column: Int
        package var inFontFace: Bool
    }

    /// A declaration as the checker reads it, after a syntax error too: what the property rules judge.
    package struct Declaration: Sendable, Equatable {
        /// Lowercased.
        package var name: String
        /// As written, trimmed (`!important` included).
        package var value: String
        package var line: Int
        package var column: Int
        package var inFontFace: Bool
    }

    /// An `@font-face` block: its line and how many declarations it has.
    package struct FontFace: Sendable, Equatable {
        package var line: Int
        package var declarationCount: Int
    }

    /// Where the sheet breaks the CSS grammar.
    package var syntaxProblems: [SyntaxProblem] = []
    /// The `url()`s of declarations, in order.
    package var urlUses: [URLUse] = []
    package var declarations: [Declaration] = []
    package var fontFaces: [FontFace] = []

    /// Every `url(…)` of the declarations (backgrounds, `@font-face` sources …), nested rules
    /// included, as written: what the sheet makes a reader fetch besides its imports.
    package var urls: [String] { urlUses.map(\.url) }
}

extension PublicationSession {
    /// What the validator's checker found in a style sheet of the container, read with the sheet.
    func grammarFindings(at path: String) -> CSSGrammarFindings? {
        styleSheetFindings(at: path) as? CSSGrammarFindings
    }
}
