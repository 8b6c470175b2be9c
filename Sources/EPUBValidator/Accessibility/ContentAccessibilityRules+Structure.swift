import EPUBContract

extension ContentAccessibilityRules {
    /// WAI-ARIA 1.2's states and properties (§6.6 and §6.7), with the 1.3 draft's three that axe knows.
    static let ariaAttributes: Set<String> = [
        "aria-activedescendant", "aria-atomic", "aria-autocomplete", "aria-braillelabel", "aria-brailleroledescription", "aria-busy",
        "aria-checked", "aria-colcount", "aria-colindex", "aria-colindextext", "aria-colspan", "aria-controls", "aria-current",
        "aria-describedby", "aria-description", "aria-details", "aria-disabled", "aria-dropeffect", "aria-errormessage",
        "aria-expanded", "aria-flowto", "aria-grabbed", "aria-haspopup", "aria-hidden", "aria-invalid", "aria-keyshortcuts",
        "aria-label", "aria-labelledby", "aria-level", "aria-live", "aria-modal", "aria-multiline", "aria-multiselectable",
        "aria-orientation", "aria-owns", "aria-placeholder", "aria-posinset", "aria-pressed", "aria-readonly", "aria-relevant",
        "aria-required", "aria-roledescription", "aria-rowcount", "aria-rowindex", "aria-rowindextext", "aria-rowspan",
        "aria-selected", "aria-setsize", "aria-sort", "aria-valuemax", "aria-valuemin", "aria-valuenow", "aria-valuetext",
    ]

    /// An `aria-…` attribute (in no namespace) that WAI-ARIA does not define.
    func hasUnknownARIAAttribute(_ number: Int) -> Bool {
        model.attributes(of: number).contains { attribute in
            attribute.namespace == nil && attribute.localName.hasPrefix("aria-") && !Self.ariaAttributes.contains(attribute.localName)
        }
    }

    /// axe's heading-order: each shown heading at most one level deeper than the one before it
    /// (`h1`–`h6`, and `role="heading"` at its `aria-level`, else 2).
    func headingOrder() -> [Found] {
        var out: [Found] = []
        var previous: Int?
        for number in model.elements.indices where !hidden[number] {
            guard let level = headingLevel(number) else { continue }
            if let previous, level > previous + 1 { out.append((.headingOrder, number)) }
            previous = level
        }
        return out
    }

    func headingLevel(_ number: Int) -> Int? {
        if model.roles(of: number).first == "heading" {
            return attribute(number, "aria-level").flatMap { Int($0.trimmingXMLWhitespace()) }.map { max(1, $0) } ?? 2
        }
        let name = localNames[number]
        guard name.count == 2, name.first == "h", let digit = name.last?.wholeNumberValue, (1...6).contains(digit) else { return nil }
        return model.roles(of: number).isEmpty ? digit : nil
    }

    /// axe's td-headers-attr: in each table, a cell's `headers` names other cells of that table.
    func tableHeaders() -> [Found] {
        var out: [Found] = []
        for table in model.elements.indices where localNames[table] == "table" && !hidden[table] {
            let cells = tableCells(table)
            let ids = Dictionary(cells.compactMap { cell in ContentDocument.id(of: model.elements[cell].node).map { ($0, cell) } },
                                 uniquingKeysWith: { first, _ in first })
            let broken = cells.contains { cell in
                guard let headers = attribute(cell, "headers") else { return false }
                return headers.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains { id in
                    ids[String(id)].map { $0 == cell } ?? true
                }
            }
            if broken { out.append((.tdHeadersAttr, table)) }
        }
        return out
    }

    /// The `td` and `th` of a table, not of tables nested in it.
    func tableCells(_ table: Int) -> [Int] {
        var cells: [Int] = []
        var number = table + 1
        while number < names.ends[table] {
            if localNames[number] == "table" { number = names.ends[number]; continue }
            if localNames[number] == "td" || localNames[number] == "th" { cells.append(number) }
            number += 1
        }
        return cells
    }
}
