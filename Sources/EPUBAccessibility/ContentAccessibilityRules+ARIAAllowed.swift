import EPUBContract

extension ContentAccessibilityRules {
    /// WAI-ARIA 1.2's global states and properties (§6.4, the deprecated globals included): allowed
    /// on any element, whatever its role.
    static let globalARIAAttributes: Set<String> = [
        "aria-atomic", "aria-braillelabel", "aria-brailleroledescription", "aria-busy", "aria-controls", "aria-current",
        "aria-describedby", "aria-description", "aria-details", "aria-disabled", "aria-dropeffect", "aria-errormessage",
        "aria-flowto", "aria-grabbed", "aria-haspopup", "aria-hidden", "aria-invalid", "aria-keyshortcuts", "aria-label",
        "aria-labelledby", "aria-live", "aria-owns", "aria-relevant", "aria-roledescription",
    ]

    /// Whether the element carries one of WAI-ARIA's global attributes, which give a `none` or
    /// `presentation` role back to the element's own (a role conflict) and disable some exemptions.
    func hasGlobalARIAAttribute(_ number: Int) -> Bool {
        Self.globalARIAAttributes.contains { attribute(number, $0) != nil }
    }

    /// The roles that support each role-specific state or property (WAI-ARIA 1.2 §6.6 and §6.7, by
    /// role and inheritance).
    static let roleAttributes: [String: Set<String>] = {
        let range: Set<String> = ["meter", "progressbar", "scrollbar", "separator", "slider", "spinbutton"]
        let cells: Set<String> = ["cell", "columnheader", "gridcell", "rowheader"]
        let items: Set<String> = ["article", "comment", "listitem", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "radio", "row", "tab", "treeitem"]
        let composite: Set<String> = ["application", "combobox", "grid", "group", "listbox", "menu", "menubar", "radiogroup", "row",
                                      "searchbox", "spinbutton", "tablist", "textbox", "toolbar", "tree", "treegrid"]
        return [
            "aria-activedescendant": composite,
            "aria-autocomplete": ["combobox", "searchbox", "textbox"],
            "aria-checked": ["checkbox", "menuitemcheckbox", "menuitemradio", "option", "radio", "switch", "treeitem"],
            "aria-colcount": ["grid", "table", "treegrid"], "aria-rowcount": ["grid", "table", "treegrid"],
            "aria-colindex": cells.union(["row"]), "aria-colindextext": cells.union(["row"]),
            "aria-colspan": cells, "aria-rowspan": cells,
            "aria-rowindex": cells.union(["row"]), "aria-rowindextext": cells.union(["row"]),
            "aria-expanded": ["application", "button", "checkbox", "columnheader", "combobox", "gridcell", "link", "listbox", "menuitem",
                              "menuitemcheckbox", "menuitemradio", "row", "rowheader", "switch", "tab", "treeitem"],
            "aria-level": ["comment", "heading", "listitem", "row", "treeitem"],
            "aria-modal": ["alertdialog", "dialog"],
            "aria-multiline": ["searchbox", "textbox"],
            "aria-multiselectable": ["grid", "listbox", "tablist", "tree", "treegrid"],
            "aria-orientation": ["listbox", "menu", "menubar", "radiogroup", "scrollbar", "select", "separator", "slider", "tablist",
                                 "toolbar", "tree", "treegrid"],
            "aria-placeholder": ["searchbox", "textbox"],
            "aria-posinset": items, "aria-setsize": items,
            "aria-pressed": ["button"],
            "aria-readonly": ["checkbox", "columnheader", "combobox", "grid", "gridcell", "listbox", "menuitemcheckbox", "menuitemradio",
                              "radiogroup", "rowheader", "searchbox", "slider", "spinbutton", "switch", "textbox", "treegrid"],
            "aria-required": ["checkbox", "columnheader", "combobox", "gridcell", "listbox", "radiogroup", "rowheader", "searchbox",
                              "spinbutton", "switch", "textbox", "tree", "treegrid"],
            "aria-selected": ["columnheader", "gridcell", "option", "row", "rowheader", "tab", "treeitem"],
            "aria-sort": ["columnheader", "rowheader"],
            "aria-valuemax": range, "aria-valuemin": range, "aria-valuenow": range, "aria-valuetext": range,
        ]
    }()

    /// The role as axe's getRole gives it: the first `role` token axe knows, else the implicit role
    /// (`implicitRole`: form controls, links, images and landmarks included).
    func axeRole(_ number: Int) -> String? {
        model.roles(of: number).first(where: Self.axeRoles.contains) ?? implicitRole(number)
    }

    /// axe's aria-allowed-attr: a role-specific state or property on an element whose role (explicit
    /// or implicit) does not support it, or a global one on an element that takes none.
    func hasDisallowedARIAAttribute(_ number: Int) -> Bool {
        guard model.attributes(of: number).contains(where: \.isARIA) else { return false }
        let attributes = model.attributes(of: number).filter(\.isARIA)
        // `br` and `wbr` take no global attribute but `aria-hidden` unless a role is written
        // (axe's aria-allowed-attr-elm, from the `allowedAriaAttrs` of its HTML table).
        if localNames[number] == "br" || localNames[number] == "wbr", axeExplicitRole(number) == nil,
           attributes.contains(where: { $0.localName != "aria-hidden" && Self.globalARIAAttributes.contains($0.localName) }) {
            return true
        }
        // Form controls' implicit roles count (an `input type=checkbox` may say `aria-checked`).
        let role = axeRole(number)
        return attributes.contains { attribute in
            guard let roles = Self.roleAttributes[attribute.localName] else { return false }
            return !(role.map(roles.contains) ?? false)
        }
    }

    /// axe's aria-conditional-attr (its checks for checkbox, radio and row, read from axe-core
    /// 4.12.1's sources and options): a native checkbox's or radio button's `aria-checked` that
    /// says another state than its `checked` attribute (a page that sets `indeterminate` needs a
    /// script, so a static checkbox is never mixed); `aria-posinset`, `aria-setsize`,
    /// `aria-expanded` or `aria-level` on a row whose nearest table (`table` without `role`, or a
    /// `role` naming table, grid or treegrid) is not a treegrid.
    func hasConditionalAttributeConflict(_ number: Int) -> Bool {
        guard model.attributes(of: number).contains(where: \.isARIA) else { return false }
        switch axeRole(number) {
        case "checkbox", "radio":
            let type = inputType(number)
            guard localNames[number] == "input", type == "checkbox" || type == "radio",
                  let written = attribute(number, "aria-checked")?.trimmingXMLWhitespace().lowercased(), !written.isEmpty else { return false }
            let said = written == "true" || (written == "mixed" && type == "checkbox") ? written : "false"
            return said != (attribute(number, "checked") != nil ? "true" : "false")
        case "row":
            guard ["aria-posinset", "aria-setsize", "aria-expanded", "aria-level"].contains(where: { attribute(number, $0) != nil }) else { return false }
            var at: Int? = number
            while let e = at {
                let tokens = model.roles(of: e)
                if (localNames[e] == "table" && attribute(e, "role") == nil) || tokens.contains(where: { ["treegrid", "table", "grid"].contains($0) }) {
                    return (role(e) ?? "table") != "treegrid"
                }
                at = model.elements[e].parent
            }
            return false
        default:
            return false
        }
    }
}
