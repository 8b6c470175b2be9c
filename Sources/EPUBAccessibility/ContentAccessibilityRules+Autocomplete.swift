import Foundation

/// axe-core 4.12.1's `autocomplete-valid` (WCAG 1.3.5), read from its build (`autocomplete-matches`,
/// `autocomplete-valid-evaluate`, the `isValidAutocomplete` helper and its token tables): a form
/// field's `autocomplete` must be HTML's autofill grammar: `on`/`off` (or one of the state-like
/// words axe lets pass), else an optional `section-…`, an optional `shipping`/`billing`, an
/// optional `home`/`work`/`mobile`/`fax`/`pager` (then only a contact term may follow), one field
/// name, and an optional `webauthn`.
///
/// Asked of `input` (not submit, reset, button or hidden), `select` and `textarea` that assistive
/// technology reaches, with a non-blank `autocomplete`, not `readonly`, not `disabled`, not
/// `aria-readonly="true"` or `aria-disabled="true"`; with a negative `tabindex` and a `role`, only
/// when the role is a widget. A field name axe cannot judge (`text`, `pronouns`, `gender`,
/// `message`, `content`: "needs review" in axe) is not reported.
extension ContentAccessibilityRules {
    func autocompleteValid() -> [Found] {
        var out: [Found] = []
        for number in model.elements.indices where reached[number] && hasAutocompleteToJudge(number) {
            if Self.autocompleteVerdict(attribute(number, "autocomplete") ?? "") == false { out.append((.autocompleteValid, number)) }
        }
        return out
    }

    /// axe's autocomplete-matches, on an element assistive technology reaches.
    private func hasAutocompleteToJudge(_ number: Int) -> Bool {
        let name = localNames[number]
        guard name == "input" || name == "select" || name == "textarea",
              let value = attribute(number, "autocomplete"), !Self.sanitized(value).isEmpty else { return false }
        if attribute(number, "readonly") != nil || attribute(number, "aria-readonly")?.lowercased() == "true" { return false }
        if name == "input", ["submit", "reset", "button", "hidden"].contains(inputType(number)) { return false }
        if attribute(number, "disabled") != nil || attribute(number, "aria-disabled")?.lowercased() == "true" { return false }
        if let tabindex = attribute(number, "tabindex").flatMap(Self.leadingInteger), tabindex < 0, attribute(number, "role") != nil {
            return axeRole(number).map(Self.widgetRoles.contains) ?? false  // `widgetRoles`: axe's standards, as focus reads them
        }
        return true
    }

    /// axe's `isValidAutocomplete` with the rule's options: true valid, false not, nil a field
    /// name axe leaves to a person.
    static func autocompleteVerdict(_ raw: String) -> Bool? {
        let value = raw.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        if value.isEmpty || autocompleteStates.contains(value) { return true }
        var tokens = value.split(whereSeparator: \.isWhitespace).map(String.init)
        if tokens.last == "webauthn" {
            tokens.removeLast()
            if tokens.isEmpty { return false }
        }
        var standalone = true
        if let first = tokens.first, first.utf16.count > 8, first.hasPrefix("section-") { tokens.removeFirst() }
        if let first = tokens.first, ["billing", "shipping"].contains(first) { tokens.removeFirst() }
        if let first = tokens.first, ["home", "work", "mobile", "fax", "pager"].contains(first) {
            tokens.removeFirst()
            standalone = false
        }
        guard tokens.count == 1, let term = tokens.first else { return false }
        if ["text", "pronouns", "gender", "message", "content"].contains(term) { return nil }
        return (standalone && autocompleteFieldNames.contains(term)) || autocompleteContactNames.contains(term)
    }

    /// `on`, `off`, and the words the rule's options let pass as states.
    static let autocompleteStates: Set<String> = ["on", "off", "none", "false", "true", "disabled", "enabled", "undefined", "null", "xoff", "xon"]

    /// The field names that take no contact qualifier.
    static let autocompleteFieldNames: Set<String> = [
        "name", "honorific-prefix", "given-name", "additional-name", "family-name", "honorific-suffix", "nickname", "username",
        "new-password", "current-password", "organization-title", "organization", "street-address", "address-line1", "address-line2",
        "address-line3", "address-level4", "address-level3", "address-level2", "address-level1", "country", "country-name",
        "postal-code", "cc-name", "cc-given-name", "cc-additional-name", "cc-family-name", "cc-number", "cc-exp", "cc-exp-month",
        "cc-exp-year", "cc-csc", "cc-type", "transaction-currency", "transaction-amount", "language", "bday", "bday-day", "bday-month",
        "bday-year", "sex", "url", "photo", "one-time-code",
    ]

    /// The contact field names, which may follow `home`, `work`, `mobile`, `fax` or `pager`.
    static let autocompleteContactNames: Set<String> = [
        "tel", "tel-country-code", "tel-national", "tel-area-code", "tel-local", "tel-local-prefix", "tel-local-suffix", "tel-extension",
        "email", "impp",
    ]
}
