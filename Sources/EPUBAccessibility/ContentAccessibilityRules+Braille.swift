import EPUBContract

/// axe-core 4.12.1's `aria-braille-equivalent` (WCAG 4.1.2, needs review), read from its build:
/// on elements with `aria-braillelabel` or `aria-brailleroledescription` that assistive
/// technology reaches, a braille label (not white space alone) needs an accessible name
/// (`AccessibleText`: the whole computation), and a braille role description (not empty once
/// white space is collapsed) needs an `aria-roledescription` that is not empty either. The
/// braille forms abbreviate what speech says; without it, speech says nothing.
extension ContentAccessibilityRules {
    func brailleEquivalents() -> [Found] {
        var out: [Found] = []
        var text = AccessibleText(self)
        for number in model.elements.indices where reached[number] && (attributeDefaults || model.hasAttributes(number)) {
            let label = attribute(number, "aria-braillelabel"), roleDescription = attribute(number, "aria-brailleroledescription")
            guard label != nil || roleDescription != nil else { continue }
            if let roleDescription, !Self.sanitized(roleDescription).isEmpty,
               attribute(number, "aria-roledescription").map({ Self.sanitized($0).isEmpty }) ?? true {
                out.append((.ariaBrailleEquivalent, number))
            } else if let label, !label.trimmingXMLWhitespace().isEmpty, text.isEmpty(number) {
                out.append((.ariaBrailleEquivalent, number))
            }
        }
        return out
    }
}
