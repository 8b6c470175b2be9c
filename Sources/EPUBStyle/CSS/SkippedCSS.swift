/// CSS a browser reads past while it builds a sheet: text that is not a declaration, a rule with
/// no block (CSS Syntax 3 § 5's error recovery), a selector list that is not valid (Selectors 4
/// § 18: the whole rule goes), a value its property does not take. The rest of the sheet still
/// applies. `export --styles` lists them (EC-EXP-004), so an author sees why a rule has no effect.
package struct SkippedCSS: Sendable, Equatable, Hashable {
    package enum Kind: Sendable, Equatable, Hashable {
        /// A style rule whose selector list is not valid: the whole rule.
        case selector
        /// Text in a declaration list that is not `name: value`, up to its `;`.
        case declaration
        /// A rule cut off before its `{ }` block (at the end of the sheet or of its block).
        case block
        /// A declaration whose value the property does not take.
        case value(property: String)
    }

    /// Where CSS in a document is: a `style` element's text or a `style` attribute, by the
    /// element's CFI step path (its lines are not the document's).
    package enum Inline: Sendable, Equatable, Hashable {
        case element(cfi: String)
        case attribute(cfi: String)
    }

    package var kind: Kind
    /// Nil for a style sheet file.
    package var inline: Inline?
    /// The text skipped, trimmed, at most 120 characters.
    package var text: String
    /// Line and column in the sheet's (or the `style` element's or attribute's) text, 1-based; no
    /// column for a whole rule.
    package var line: Int
    package var column: Int?

    package init(_ kind: Kind, _ text: String, line: Int, column: Int?) {
        self.kind = kind
        self.text = text.count > 120 ? String(text.prefix(119)) + "…" : text
        self.line = line
        self.column = column
    }

    /// By line, then column (a whole rule first).
    package static func inTextOrder(_ a: SkippedCSS, _ b: SkippedCSS) -> Bool {
        (a.line, a.column ?? 0) < (b.line, b.column ?? 0)
    }
}
