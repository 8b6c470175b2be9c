import EPUBContract

extension ContentAccessibilityRules {
    /// ARIA in HTML's roles allowed on the elements EPUB books most give roles to (§4, "Document
    /// conformance requirements for use of ARIA attributes in HTML"). An element not listed here
    /// is not judged, so a gap in the table can hide a fault but never invent one.
    static let allowedRoles: [String: Set<String>] = {
        let sectionRoles: Set<String> = [
            "alert", "alertdialog", "application", "banner", "complementary", "contentinfo", "dialog", "document", "feed", "group",
            "log", "main", "marquee", "navigation", "none", "note", "presentation", "region", "search", "status", "tabpanel",
            "doc-abstract", "doc-acknowledgments", "doc-afterword", "doc-appendix", "doc-bibliography", "doc-chapter", "doc-colophon",
            "doc-conclusion", "doc-credit", "doc-credits", "doc-dedication", "doc-endnotes", "doc-epilogue", "doc-errata", "doc-example",
            "doc-foreword", "doc-glossary", "doc-index", "doc-introduction", "doc-notice", "doc-pagelist", "doc-part", "doc-preface",
            "doc-prologue", "doc-pullquote", "doc-qna", "doc-toc",
        ]
        let listRoles: Set<String> = ["directory", "group", "listbox", "menu", "menubar", "none", "presentation", "radiogroup", "tablist", "toolbar", "tree"]
        return [
            "section": sectionRoles,
            "aside": ["doc-dedication", "doc-example", "doc-footnote", "doc-glossary", "doc-pullquote", "doc-tip", "feed", "none", "note",
                      "presentation", "region", "search"],
            "nav": ["doc-index", "doc-pagelist", "doc-toc", "menu", "menubar", "none", "presentation", "tablist"],
            "ul": listRoles, "ol": listRoles,
            "li": ["menuitem", "menuitemcheckbox", "menuitemradio", "option", "none", "presentation", "radio", "separator", "tab",
                   "treeitem", "doc-biblioentry", "doc-endnote"],
            "h1": ["none", "presentation", "tab", "doc-subtitle"], "h2": ["none", "presentation", "tab", "doc-subtitle"],
            "h3": ["none", "presentation", "tab", "doc-subtitle"], "h4": ["none", "presentation", "tab", "doc-subtitle"],
            "h5": ["none", "presentation", "tab", "doc-subtitle"], "h6": ["none", "presentation", "tab", "doc-subtitle"],
            "hr": ["none", "presentation", "doc-pagebreak"],
            "dl": ["group", "list", "none", "presentation"],
        ]
    }()

    /// axe's aria-allowed-role: an explicit role the element may not take (its own implicit role
    /// always may).
    func hasDisallowedRole(_ number: Int) -> Bool {
        guard let explicit = model.roles(of: number).first(where: ARIARoles.known.contains) else { return false }
        // DPUB-ARIA's deprecated list-item roles: axe-core allows them on `li` alone, whatever the element.
        if Self.listItemOnlyRoles.contains(explicit) { return localNames[number] != "li" }
        guard let allowed = Self.allowedRoles[localNames[number]] else { return false }
        return explicit != role(ofElementAlone: number) && !allowed.contains(explicit)
    }

    /// Roles axe-core 4.12 allows only on `li` (measured in headless Chromium: on `div` and `p` they
    /// fail aria-allowed-role, where `directory` and `doc-chapter` pass).
    static let listItemOnlyRoles: Set<String> = ["doc-biblioentry", "doc-endnote"]

    /// The implicit role of the element, ignoring what its `role` says.
    private func role(ofElementAlone number: Int) -> String? {
        Self.implicitRoles[localNames[number]] ?? (localNames[number] == "section" ? "region" : nil)
    }
}
