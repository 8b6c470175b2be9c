import EPUBContract

/// axe-core 4.12.1's `avoid-inline-spacing` (WCAG 1.4.12, text spacing), read from its checks
/// `important-letter-spacing` and `important-word-spacing` (`inline-style-property-evaluate`): an
/// element shown on screen whose `style` attribute sets `letter-spacing` or `word-spacing` with
/// `!important` locks the reader's own spacing out, unless the value is at least 0.12em (letter)
/// or 0.16em (word), measured against the computed font size from the one cascade (as colour
/// contrast reads it, `Paint`). `normal` is 0 and fails; `inherit`, `unset`, `revert` and `revert-layer` pass.
/// axe's third check, `important-line-height`, counts only text laid out on several lines
/// (`multiLineOnly`, from the laid-out boxes): not run here (`docs/accessibility.md`).
extension ContentAccessibilityRules {
    /// The properties checked and their least value in em.
    static let inlineSpacingMinimums: [(property: String, minimum: Double)] = [("letter-spacing", 0.12), ("word-spacing", 0.16)]
    /// Values CSSOM keeps as written, which axe lets pass.
    static let passingSpacingKeywords: Set<String> = ["inherit", "unset", "revert", "revert-layer"]

    func inlineSpacing() -> [Found] {
        var out: [Found] = []
        for number in model.elements.indices where attributeDefaults || model.hasAttributes(number) {
            guard let inline = attribute(number, "style"), isVisibleOnScreen(number) else { continue }
            let declarations = CSSParser.parseDeclarationList(inline).declarations
            if Self.inlineSpacingMinimums.contains(where: { locksSpacing(number, declarations, $0.property, minimum: $0.minimum) }) {
                out.append((.avoidInlineSpacing, number))
            }
        }
        return out
    }

    /// Whether the style attribute's effective declaration of `property` is `!important` and below
    /// `minimum` em. Within one declaration block an important declaration wins over a later
    /// normal one; a value the property cannot take is dropped, as CSSOM drops it. The important
    /// inline value is the computed one (nothing outranks it), resolved here against the element's
    /// computed font size: the cascade's property list has no `word-spacing`.
    private func locksSpacing(_ number: Int, _ declarations: [CSSStyleSheet.Declaration], _ property: String, minimum: Double) -> Bool {
        let valid = declarations.filter { $0.name == property && Self.isSpacingValue($0.value.lowercased()) }
        guard let effective = valid.last(where: \.important) else { return false }
        let written = effective.value.lowercased()
        // A keyword CSSOM keeps as written passes; a `calc()` is not resolved here and passes too.
        if Self.passingSpacingKeywords.contains(written) || written.hasPrefix("calc(") { return false }
        let fontSize = paint[styleIndex[number]].fontSize
        let rootFontSize = paint[styleIndex[0]].fontSize
        var spacing = 0.0
        if let (value, unit) = CSSNumber.dimension(written), !unit.isEmpty {
            spacing = StyleComputer.px(value, unit, fontSize: fontSize, rootFontSize: rootFontSize) ?? 0
        }
        guard fontSize > 0 else { return false }
        return (spacing / fontSize * 100).rounded() / 100 < minimum
    }

    /// A value `letter-spacing` and `word-spacing` take (lowercased): a CSS-wide keyword, `normal`,
    /// or a length (negative too; no percentage).
    static func isSpacingValue(_ value: String) -> Bool {
        ["normal", "initial", "inherit", "unset", "revert", "revert-layer"].contains(value)
            || StyleProperty.isLength(value, negative: true, percent: false)
    }

    /// axe's `isVisibleOnScreen` as far as it needs no layout: not `display: none` (the element
    /// or an ancestor), not `visibility: hidden`, and no ancestor-or-self of opacity 0.
    func isVisibleOnScreen(_ number: Int) -> Bool {
        guard !hidden[number], paint[styleIndex[number]].visible else { return false }
        var at: Int? = number
        while let element = at {
            if paint[styleIndex[element]].opacity == 0 { return false }
            at = model.elements[element].parent
        }
        return true
    }
}
