import CLibXML2
import EPUBContract

extension ContentAccessibilityRules {
    /// The roles axe-core 4.12 knows (its standards' `ariaRoles`, abstract ones left out, read in
    /// headless Chromium): EPUBCheck's list (`ARIARoles.known`, what `validate` holds `role` to)
    /// and the structural roles of WAI-ARIA 1.2 and 1.3 it lacks. `role="meter"` is a role to axe.
    static let axeRoles: Set<String> = ARIARoles.known.union(laterRoles)

    /// The roles of WAI-ARIA 1.2 and 1.3 that EPUBCheck's list lacks. As implicit roles (`p` is a
    /// paragraph) axe does not count them where it asks whether an element has one
    /// (presentation-role-conflict: `<p role="none" tabindex="0">` passes, `<h2 …>` fails).
    static let laterRoles: Set<String> = [
        "blockquote", "caption", "code", "comment", "deletion", "emphasis", "insertion", "mark", "meter", "paragraph", "strong",
        "subscript", "suggestion", "superscript", "text", "time",
    ]

    /// WAI-ARIA 1.2's required context roles (§5.2.8). DPUB-ARIA's deprecated `doc-biblioentry`
    /// and `doc-endnote` are left out, as axe-core leaves them.
    static let requiredContext: [String: Set<String>] = [
        "cell": ["row"], "columnheader": ["row"], "gridcell": ["row"], "rowheader": ["row"],
        "listitem": ["list", "directory"], "menuitem": ["group", "menu", "menubar"], "menuitemcheckbox": ["group", "menu", "menubar"],
        "menuitemradio": ["group", "menu", "menubar"], "option": ["group", "listbox"], "row": ["grid", "rowgroup", "table", "treegrid"],
        "rowgroup": ["grid", "table", "treegrid"], "tab": ["tablist"], "treeitem": ["group", "tree"],
    ]

    /// WAI-ARIA 1.2's required owned elements (§5.2.7).
    static let requiredOwned: [String: Set<String>] = [
        "feed": ["article"], "grid": ["row", "rowgroup"], "list": ["listitem"], "listbox": ["group", "option"],
        "menu": ["group", "menuitem", "menuitemcheckbox", "menuitemradio"], "menubar": ["group", "menuitem", "menuitemcheckbox", "menuitemradio"],
        "row": ["cell", "columnheader", "gridcell", "rowheader"], "rowgroup": ["row"], "table": ["row", "rowgroup"],
        "tablist": ["tab"], "tree": ["group", "treeitem"], "treegrid": ["row", "rowgroup"],
    ]

    /// WAI-ARIA 1.2's required states and properties (§5.2.6) of roles an author gives explicitly.
    static let requiredAttributes: [String: [String]] = [
        "checkbox": ["aria-checked"], "combobox": ["aria-expanded"], "heading": ["aria-level"], "menuitemcheckbox": ["aria-checked"],
        "menuitemradio": ["aria-checked"], "meter": ["aria-valuenow"], "radio": ["aria-checked"],
        "scrollbar": ["aria-controls", "aria-valuenow"], "slider": ["aria-valuenow"], "switch": ["aria-checked"],
    ]

    /// HTML-AAM's implicit roles, for the elements the context and ownership rules meet.
    static let implicitRoles: [String: String] = [
        "ul": "list", "ol": "list", "menu": "list", "li": "listitem", "table": "table", "tr": "row", "thead": "rowgroup",
        "tbody": "rowgroup", "tfoot": "rowgroup", "td": "cell", "th": "columnheader", "select": "listbox", "optgroup": "group",
        "option": "option", "datalist": "listbox", "article": "article", "p": "paragraph", "blockquote": "blockquote",
        "h1": "heading", "h2": "heading", "h3": "heading", "h4": "heading", "h5": "heading", "h6": "heading", "button": "button",
        "nav": "navigation", "aside": "complementary", "main": "main", "figure": "figure", "hr": "separator", "em": "emphasis",
        "strong": "strong", "code": "code", "dt": "term", "dd": "definition", "del": "deletion", "ins": "insertion",
        "sub": "subscript", "sup": "superscript", "time": "time", "form": "form", "dialog": "dialog", "img": "img",
    ]

    /// The element's role: its first `role` token that is a role, else the element's implicit one
    /// (a link with `href`, an image with `alt=""` none).
    func role(_ number: Int) -> String? { roles[number] }

    /// `role(_:)` worked out, once an element (`roles`).
    func findRole(_ number: Int) -> String? {
        if let explicit = model.roles(of: number).first(where: Self.axeRoles.contains) { return explicit }
        switch localNames[number] {
        case "a": return attribute(number, "href") == nil ? nil : "link"
        case "img": return attribute(number, "alt") == "" ? "presentation" : "img"
        default: return Self.implicitRoles[localNames[number]]
        }
    }

    /// The role axe-core's `getRole` gives where an accessible name is computed: the whole `role`
    /// value (trimmed, case aside) when it is a role other than DPUB-ARIA's; `none` or
    /// `presentation` yields to the implicit role on an element focusable or carrying a global
    /// ARIA attribute; else the implicit role as axe's table has it (no `paragraph` for `p`, no
    /// `emphasis` for `em`: those roles are only ever explicit; `output` is a status, `dfn` a term).
    func nameRole(_ number: Int) -> String? {
        if let written = attribute(number, "role") {
            let role = written.trimmingXMLWhitespace().lowercased()
            if Self.axeRoles.contains(role), !role.hasPrefix("doc-") {
                guard role == "none" || role == "presentation" else { return role }
                let focusable = attribute(number, "tabindex") != nil || isNativelyFocusable(number)
                if !focusable, !hasGlobalARIAAttribute(number) { return role }
            }
        }
        switch localNames[number] {
        case "output": return "status"
        case "dfn": return "term"
        default:
            let implicit = implicitRole(number)
            return implicit.map(Self.laterRoles.contains) == true ? nil : implicit
        }
    }

    /// axe-core's `namedFromContents`, not strict: the element's role takes a name from its
    /// content, or it has no role, or a presentational one.
    func isNamedFromContents(_ number: Int) -> Bool {
        guard let role = nameRole(number) else { return true }
        return AccessibleText.nameFromContentRoles.contains(role) || role == "none" || role == "presentation"
    }

    /// The explicit role as axe-core reads it where DPUB-ARIA is not asked for (landmarks,
    /// definition lists): the first `role` token when it is a role other than DPUB-ARIA's, else
    /// none (measured: `role="foo region"` and `role="doc-chapter banner"` give no role).
    func axeExplicitRole(_ number: Int) -> String? {
        guard let first = model.roles(of: number).first, Self.axeRoles.contains(first), !first.hasPrefix("doc-") else { return nil }
        return first
    }

    private func isPresentationalOrGeneric(_ role: String?) -> Bool { role == nil || role == "none" || role == "presentation" }

    /// aria-required-parent, aria-required-children and aria-required-attr on an element with an explicit role.
    func ariaStructure(_ number: Int) -> [Found] {
        guard let explicit = model.roles(of: number).first(where: Self.axeRoles.contains) else { return [] }
        var out: [Found] = []
        if let context = Self.requiredContext[explicit] {
            var ancestor = model.elements[number].parent
            while let a = ancestor, isPresentationalOrGeneric(role(a)) { ancestor = model.elements[a].parent }
            if !(ancestor.flatMap(role).map(context.contains) ?? false) { out.append((.ariaRequiredParent, number)) }
        }
        if let owned = Self.requiredOwned[explicit], attribute(number, "aria-busy") != "true" {
            // An element that owns nothing yet is left to a person (axe-core: "needs review").
            let roles = ownedRoles(number)
            if roles.contains(where: { !owned.contains($0) }) { out.append((.ariaRequiredChildren, number)) }
        }
        if let required = Self.requiredAttributes[explicit], required.contains(where: { attribute(number, $0) == nil }) {
            out.append((.ariaRequiredAttr, number))
        }
        return out
    }

    /// The roles of the elements an element owns: its children, looking through those without a
    /// role; text it owns so (directly or inside such a child) counts as `#text`, which no role
    /// requires (axe-core fails a list holding a bare span of text).
    private func ownedRoles(_ number: Int) -> [String] {
        var out: [String] = []
        if ownsText(number) { out.append("#text") }
        for child in children(number) where !hidden[child] {
            if let r = role(child), !isPresentationalOrGeneric(r) { out.append(r) } else { out += ownedRoles(child) }
        }
        return out
    }

    /// Whether an element has a text node child other than white space.
    private func ownsText(_ number: Int) -> Bool {
        var child = model.elements[number].node.pointee.children
        while let node = child {
            if node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_CDATA_SECTION_NODE,
               !LibXMLNode.content(node).trimmingXMLWhitespace().isEmpty { return true }
            child = node.pointee.next
        }
        return false
    }
}
