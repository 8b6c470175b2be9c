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
            attribute.isARIA && !Self.ariaAttributes.contains(attribute.localName)
        }
    }

    /// axe's heading-order: each shown heading at most one level deeper than the one before it
    /// (`orderLevel`).
    func headingOrder() -> [Found] {
        var out: [Found] = []
        var previous: Int?
        for number in model.elements.indices where reached[number] {
            guard let level = orderLevel(number) else { continue }
            if let previous, level > previous + 1 { out.append((.headingOrder, number)) }
            previous = level
        }
        return out
    }

    /// A heading's level as axe-core 4.12.1's heading-order reads it (its evaluate, from the
    /// build): `h1`-`h6` or `[role=heading]` whose role (`nameRole`: `none` on a focusable heading
    /// yields to `heading`, a DPUB-ARIA role is not read) is heading; its `aria-level` (as
    /// `parseInt` reads it) when it has one of 1 or more, else its digit, else 2.
    func orderLevel(_ number: Int) -> Int? {
        let name = localNames[number]
        let digit = name.count == 2 && name.first == "h" ? name.last?.wholeNumberValue.flatMap { (1...6).contains($0) ? $0 : nil } : nil
        guard digit != nil || attribute(number, "role") == "heading", nameRole(number) == "heading" else { return nil }
        guard let written = attribute(number, "aria-level") else { return digit ?? 2 }
        guard let level = Self.leadingInteger(written), level >= 1 else { return digit ?? 2 }
        return level
    }

    /// A heading's level as Ace's inventory lists it: `h1`-`h6` without a role at their digit,
    /// `role="heading"` at its `aria-level`, else 2.
    func headingLevel(_ number: Int) -> Int? {
        if model.roles(of: number).first == "heading" {
            // `aria-level` as parseInt reads it (`3x` is 3).
            return attribute(number, "aria-level").flatMap(Self.leadingInteger).map { max(1, $0) } ?? 2
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

    /// The `td` and `th` of a table, not of tables nested in it (its rows' cells, read once).
    func tableCells(_ table: Int) -> [Int] {
        tableRows(table).flatMap { $0.map(\.cell) }
    }
}

extension ContentAccessibilityRules {
    /// axe's th-has-data-cells ("needs review" when it fails, as axe reports it): every header with
    /// text of a table heads at least one data cell, down its column (a column header) or along its
    /// row (a row header). Columns count `colspan`; a header's kind is its `scope`, else a row of
    /// headers heads columns and a header before data cells heads its row.
    func headersWithoutData() -> [Found] {
        var out: [Found] = []
        for table in model.elements.indices where localNames[table] == "table" && !hidden[table] && !isPresentational(table) {
            let rows = tableRows(table)
            var failing = false
            for (r, row) in rows.enumerated() where !failing {
                let allHeaders = row.allSatisfy { localNames[$0.cell] == "th" }
                for (position, entry) in row.enumerated() where localNames[entry.cell] == "th" && names.hasText(entry.cell) {
                    let scope = attribute(entry.cell, "scope")?.lowercased()
                    let headsRow = scope == "row" || (scope != "col" && !allHeaders && position == 0)
                    let hasData = headsRow
                        ? row.dropFirst(position + 1).contains { localNames[$0.cell] == "td" }
                        : rows.dropFirst(r + 1).contains { later in later.contains { $0.column == entry.column && localNames[$0.cell] == "td" } }
                    if !hasData { failing = true; break }
                }
            }
            if failing { out.append((.thHasDataCells, table)) }
        }
        return out
    }

    /// The rows of a table (not of tables nested in it), each cell with the column it starts at.
    func tableRows(_ table: Int) -> [[(cell: Int, column: Int)]] {
        var rows: [[(cell: Int, column: Int)]] = []
        var number = table + 1
        while number < model.subtreeEnd(of: table) {
            if localNames[number] == "table" { number = model.subtreeEnd(of: number); continue }
            if localNames[number] == "tr" {
                var column = 0
                rows.append(children(number).filter { localNames[$0] == "td" || localNames[$0] == "th" }.map { cell in
                    defer { column += max(1, attribute(cell, "colspan").flatMap { Int($0.trimmingXMLWhitespace()) } ?? 1) }
                    return (cell, column)
                })
            }
            number += 1
        }
        return rows
    }

    /// axe's accesskeys: elements shown to someone whose `accesskey` value (case aside) another
    /// such element has too; axe reports the first of each group (its check's after-function keeps
    /// one result per key, the others as related nodes).
    func accessKeys() -> [Found] {
        var first: [String: Int] = [:]
        var repeated: Set<Int> = []
        for number in model.elements.indices where model.hasAttributes(number) && !hidden[number] {
            guard let key = attribute(number, "accesskey"), !key.isEmpty, paint[styleIndex[number]].visible else { continue }
            let folded = key.uppercased()
            if let earlier = first[folded] { repeated.insert(earlier) } else { first[folded] = number }
        }
        return repeated.sorted().map { (.accesskeys, $0) }
    }
}
