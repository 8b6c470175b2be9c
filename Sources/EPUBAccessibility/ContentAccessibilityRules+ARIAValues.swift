import EPUBContract

extension ContentAccessibilityRules {
    /// The kinds of value WAI-ARIA 1.2 gives its states and properties (§8.1).
    enum ValueKind {
        case tokens(Set<String>)
        case tokenList(Set<String>)
        /// An integer at least `minimum` (axe's `minValue`: `aria-level="0"` is invalid).
        case integer(minimum: Int)
        case number
    }

    /// The value of each state and property whose value can be wrong without knowing the page;
    /// strings and id references (judged by other rules or by a person) are not listed.
    static let ariaValues: [String: ValueKind] = {
        var kinds: [String: ValueKind] = [:]
        for name in ["aria-atomic", "aria-busy", "aria-disabled", "aria-modal", "aria-multiline", "aria-multiselectable", "aria-readonly", "aria-required"] {
            kinds[name] = .tokens(["true", "false"])
        }
        for name in ["aria-expanded", "aria-hidden", "aria-selected", "aria-grabbed"] { kinds[name] = .tokens(["true", "false", "undefined"]) }
        for name in ["aria-checked", "aria-pressed"] { kinds[name] = .tokens(["true", "false", "mixed"]) }
        kinds["aria-autocomplete"] = .tokens(["inline", "list", "both", "none"])
        kinds["aria-current"] = .tokens(["page", "step", "location", "date", "time", "true", "false"])
        kinds["aria-haspopup"] = .tokens(["false", "true", "menu", "listbox", "tree", "grid", "dialog"])
        kinds["aria-invalid"] = .tokens(["grammar", "false", "spelling", "true"])
        kinds["aria-live"] = .tokens(["assertive", "off", "polite"])
        kinds["aria-orientation"] = .tokens(["horizontal", "undefined", "vertical"])
        kinds["aria-sort"] = .tokens(["ascending", "descending", "none", "other"])
        kinds["aria-dropeffect"] = .tokenList(["copy", "execute", "link", "move", "none", "popup"])
        kinds["aria-relevant"] = .tokenList(["additions", "all", "removals", "text"])
        let minimums = ["aria-colcount": -1, "aria-colindex": 1, "aria-colspan": 1, "aria-level": 1, "aria-posinset": 1, "aria-rowcount": -1,
                        "aria-rowindex": 1, "aria-rowspan": 0, "aria-setsize": -1]
        for (name, minimum) in minimums { kinds[name] = .integer(minimum: minimum) }
        for name in ["aria-valuemax", "aria-valuemin", "aria-valuenow"] { kinds[name] = .number }
        return kinds
    }()

    /// axe's aria-valid-attr-value: a state or property whose value is not of its kind (an empty
    /// value stands for the default and is not judged).
    func hasInvalidARIAValue(_ number: Int) -> Bool {
        model.attributes(of: number).contains { attribute in
            guard attribute.isARIA, let kind = Self.ariaValues[attribute.localName] else { return false }
            let value = attribute.value.trimmingXMLWhitespace().lowercased()
            guard !value.isEmpty else { return false }
            switch kind {
            case .tokens(let allowed): return !allowed.contains(value)
            case .tokenList(let allowed): return value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains { !allowed.contains(String($0)) }
            case .integer(let minimum):
                // `/^[-+]?[0-9]+$/` on the value as written (` 2 ` is invalid) and parseInt's value:
                // digits too many for an Int are a large number.
                let written = attribute.value
                let digits = written.first == "-" || written.first == "+" ? written.dropFirst() : Substring(written)
                guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return true }
                return (Int(written) ?? (written.first == "-" ? Int.min : Int.max)) < minimum
            case .number: return Double(value) == nil || value.hasPrefix("+") || value.hasSuffix(".")
            }
        }
    }
}
