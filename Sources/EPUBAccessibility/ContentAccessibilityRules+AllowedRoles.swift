import EPUBContract

extension ContentAccessibilityRules {
    /// The roles each HTML element may take, as axe-core 4.12's own table of HTML elements states
    /// them (its standards' `htmlElms`, read in headless Chromium: the elements whose allowed roles
    /// do not depend on attributes). An empty set: no role but the element's implicit one. Elements
    /// that allow any role (`div`, `span`, `p`, `table`…), those whose roles depend on attributes
    /// (`a`, `img`, `input`, `select`, `area`, `object`, `audio`, `video`) and those outside HTML are
    /// not judged.
    static let allowedRoles: [String: Set<String>] = [
        "article": ["feed", "presentation", "none", "document", "application", "main", "region"],
        "aside": ["feed", "note", "presentation", "none", "region", "search", "doc-dedication", "doc-example",
            "doc-footnote", "doc-glossary", "doc-pullquote", "doc-tip"],
        "body": [], "br": ["presentation", "none"],
        "button": ["checkbox", "combobox", "gridcell", "link", "menuitem", "menuitemcheckbox", "menuitemradio", "option",
            "radio", "separator", "slider", "switch", "tab", "treeitem"],
        "caption": [], "datalist": [], "dd": [], "details": [], "dialog": ["alertdialog"],
        "dl": ["group", "list", "presentation", "none"], "dt": ["listitem"],
        "embed": ["application", "document", "img", "presentation", "none"], "fieldset": ["none", "presentation", "radiogroup"],
        "figcaption": ["group", "none", "presentation"], "footer": ["group", "none", "presentation", "doc-footnote"],
        "form": ["form", "search", "none", "presentation"], "h1": ["none", "presentation", "tab", "doc-subtitle"],
        "h2": ["none", "presentation", "tab", "doc-subtitle"], "h3": ["none", "presentation", "tab", "doc-subtitle"],
        "h4": ["none", "presentation", "tab", "doc-subtitle"], "h5": ["none", "presentation", "tab", "doc-subtitle"],
        "h6": ["none", "presentation", "tab", "doc-subtitle"], "header": ["group", "none", "presentation", "doc-footnote"],
        "hr": ["none", "presentation", "doc-pagebreak"], "iframe": ["application", "document", "img", "none", "presentation"],
        "label": [], "legend": [],
        "li": ["menuitem", "menuitemcheckbox", "menuitemradio", "option", "none", "presentation", "radio", "separator",
            "tab", "treeitem", "doc-biblioentry", "doc-endnote"],
        "main": [], "math": [],
        "menu": ["directory", "group", "listbox", "menu", "menubar", "none", "presentation", "radiogroup", "tablist",
            "toolbar", "tree"],
        "meter": [], "nav": ["doc-index", "doc-pagelist", "doc-toc", "menu", "menubar", "none", "presentation", "tablist"],
        "ol": ["directory", "group", "listbox", "menu", "menubar", "none", "presentation", "radiogroup", "tablist",
            "toolbar", "tree"],
        "optgroup": [], "option": [], "picture": [], "progress": [],
        "search": ["form", "group", "none", "presentation", "region", "search"],
        "section": ["alert", "alertdialog", "application", "banner", "complementary", "contentinfo", "dialog", "document",
            "feed", "group", "log", "main", "marquee", "navigation", "none", "note", "presentation", "search", "status",
            "tabpanel", "doc-abstract", "doc-acknowledgments", "doc-afterword", "doc-appendix", "doc-bibliography",
            "doc-chapter", "doc-colophon", "doc-conclusion", "doc-credit", "doc-credits", "doc-dedication", "doc-endnotes",
            "doc-epigraph", "doc-epilogue", "doc-errata", "doc-example", "doc-foreword", "doc-glossary", "doc-index",
            "doc-introduction", "doc-notice", "doc-pagelist", "doc-part", "doc-preface", "doc-prologue", "doc-pullquote",
            "doc-qna", "doc-toc"],
        "summary": [], "textarea": [],
        "ul": ["directory", "group", "listbox", "menu", "menubar", "none", "presentation", "radiogroup", "tablist",
            "toolbar", "tree"],
        "wbr": ["presentation", "none"]
    ]

    /// The implicit role axe-core 4.12 gives each element of the table by its name alone (a
    /// `header` is `banner` wherever it is): that role is always allowed.
    static let implicitRoleByName: [String: String] = [
        "article": "article", "aside": "complementary", "body": "document", "button": "button", "datalist": "listbox",
        "dd": "definition", "details": "group", "dialog": "dialog", "dt": "term", "fieldset": "group", "footer": "contentinfo",
        "h1": "heading", "h2": "heading", "h3": "heading", "h4": "heading", "h5": "heading", "h6": "heading", "header": "banner",
        "hr": "separator", "li": "listitem", "main": "main", "math": "math", "menu": "list", "meter": "meter",
        "nav": "navigation", "ol": "list", "optgroup": "group", "option": "option", "progress": "progressbar",
        "search": "search", "summary": "button", "textarea": "textbox", "ul": "list"
    ]

    /// axe's aria-allowed-role: an explicit role the element may not take (its own implicit role
    /// always may).
    func hasDisallowedRole(_ number: Int) -> Bool {
        guard let explicit = model.roles(of: number).first(where: Self.axeRoles.contains) else { return false }
        // DPUB-ARIA roles of a kind (a note reference is a link, an end note a list item, a cover
        // an image): axe-core allows them only where the element's own role is of that kind.
        if let kind = Self.typedDPUBRoles[explicit], ownRoleForTypedRoles(number) != kind { return true }
        if localNames[number] == "img" { return hasDisallowedImageRole(number, explicit) }
        if localNames[number] == "input" { return explicit != inputRole(number) && !inputRoles(number).contains(explicit) }
        guard let allowed = Self.allowedRoles[localNames[number]] else { return false }
        return explicit != role(ofElementAlone: number) && !allowed.contains(explicit)
    }

    /// An `img`'s roles by axe-core 4.12's variants: with a non-empty `alt` or a name from ARIA
    /// (measured: `title` does not count), the widget roles and `doc-cover`; without, `none` and `presentation` only; with
    /// `usemap`, not judged. Its implicit role (`img`, or `presentation` for `alt=""`) always may.
    private func hasDisallowedImageRole(_ number: Int, _ explicit: String) -> Bool {
        guard attribute(number, "usemap") == nil else { return false }
        let alt = attribute(number, "alt")
        // Any `alt` but the empty one (`" "` too), or a name from ARIA; `title` is no name here.
        let named = !(alt ?? "").isEmpty || names.nonEmpty(attribute(number, "aria-label")) != nil || names.labelledBy(number)
        let implicit = alt == "" && !named ? "presentation" : "img"
        if explicit == implicit { return false }
        return !(named ? Self.namedImageRoles : ["none", "presentation"]).contains(explicit)
    }

    /// An `input`'s roles by axe-core 4.12's variants, by its type.
    private func inputRoles(_ number: Int) -> Set<String> {
        switch inputType(number) {
        case "button": return ["checkbox", "combobox", "link", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "radio", "switch", "tab"]
        case "checkbox": return attribute(number, "aria-pressed") == nil ? ["menuitemcheckbox", "option", "switch"] : ["button", "menuitemcheckbox", "option", "switch"]
        case "image": return ["link", "menuitem", "menuitemcheckbox", "menuitemradio", "radio", "switch"]
        case "radio": return ["menuitemradio"]
        case "hidden", "color", "date", "datetime-local", "file", "month", "number", "password", "range", "reset", "submit", "time", "week": return []
        case "text" where attribute(number, "list") != nil: return []
        default: return ["combobox", "searchbox", "spinbutton"]
        }
    }

    static let namedImageRoles: Set<String> = [
        "button", "checkbox", "link", "math", "menuitem", "menuitemcheckbox", "menuitemradio", "meter", "option", "progressbar",
        "radio", "scrollbar", "separator", "slider", "switch", "tab", "treeitem", "doc-cover",
    ]

    /// DPUB-ARIA roles axe-core 4.12 allows only on an element whose implicit role is their type
    /// (its `getElementUnallowedRoles`; measured in headless Chromium: `doc-noteref` and
    /// `doc-backlink` fail on a `span`, `doc-endnote` on a `div` or `p`, where `doc-chapter` and
    /// `doc-pagebreak` pass).
    static let typedDPUBRoles: [String: String] = [
        "doc-backlink": "link", "doc-biblioentry": "listitem", "doc-biblioref": "link", "doc-cover": "img",
        "doc-endnote": "listitem", "doc-glossref": "link", "doc-noteref": "link",
    ]

    /// The implicit role those roles are held to: a link for `a` and `area` with `href`, a list
    /// item for `li`, an image for `img` unless its `alt` is empty and nothing (a global ARIA
    /// attribute, focus) makes it one.
    private func ownRoleForTypedRoles(_ number: Int) -> String? {
        switch localNames[number] {
        case "a", "area": return attribute(number, "href") == nil ? nil : "link"
        case "li": return "listitem"
        case "img":
            let focusable = attribute(number, "tabindex") != nil
            let global = hasGlobalARIAAttribute(number)
            return attribute(number, "alt") == "" && !global && !focusable ? "presentation" : "img"
        default: return nil
        }
    }

    /// The implicit role of the element, ignoring what its `role` says (a `section` is a region
    /// when `aria-label` or `aria-labelledby` names it: axe-core fails `role="region"` on an
    /// unnamed one).
    private func role(ofElementAlone number: Int) -> String? {
        if localNames[number] == "section" {
            return names.nonEmpty(attribute(number, "aria-label")) != nil || names.labelledBy(number) ? "region" : nil
        }
        return Self.implicitRoleByName[localNames[number]]
    }
}
