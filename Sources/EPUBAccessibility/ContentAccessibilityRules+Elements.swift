import EPUBContract

extension ContentAccessibilityRules {
    /// The rules about one element.
    func element(_ number: Int) -> [Found] {
        var out: [Found] = []
        if number > 0 {
            let (plain, xml) = languageAttributes(number)
            func valid(_ value: String?) -> Bool { value.map { $0.trimmingXMLWhitespace().isEmpty || Self.isValidLanguage($0) } ?? true }
            if !valid(plain) || !valid(xml) { out.append((.validLang, number)) }
        }
        if hasUnknownARIAAttribute(number) { out.append((.ariaValidAttr, number)) }
        if hasInvalidARIAValue(number) { out.append((.ariaValidAttrValue, number)) }
        if hasDisallowedARIAAttribute(number) { out.append((.ariaAllowedAttr, number)) }
        if !hidden[number], hasConditionalAttributeConflict(number) { out.append((.ariaConditionalAttr, number)) }
        out += roles(number)
        out += epubRules(number)
        // axe's area-alt checks hidden areas too (`excludeHidden: false`): an `area` is never rendered.
        if localNames[number] == "area", attribute(number, "href") != nil, !names.labelled(number) && names.nonEmpty(attribute(number, "alt")) == nil {
            out.append((.areaAlt, number))
        }
        out += unhiddenElementRules(number)
        guard !hidden[number] else { return out }
        out += attributeRules(number)
        out += ariaStructure(number)
        if hasDisallowedRole(number) { out.append((.ariaAllowedRole, number)) }
        switch localNames[number] {
        case "img":
            if attribute(number, "alt").map({ !$0.isEmpty && $0.trimmingXMLWhitespace().isEmpty }) ?? !(names.labelled(number) || isPresentational(number)) {
                out.append((.imageAlt, number))
            }
        // Its selector `input[type="image"]` matches the value as written in XHTML.
        case "input" where attribute(number, "type") == "image":
            if !names.labelled(number) && names.nonEmpty(attribute(number, "alt")) == nil { out.append((.inputImageAlt, number)) }
        case "a" where attribute(number, "href") != nil && !isPresentational(number):
            // Links and buttons assistive technology does not reach are not asked (axe's excludeHidden).
            if reached[number], !(isNamedWithoutContent(number) || hasContentName(number, reached: reached)) { out.append((.linkName, number)) }
        case "button":
            // Content, ARIA, `title`, or a label (axe's implicit-label and explicit-label).
            if reached[number], !(isNamedWithoutContent(number) || hasContentName(number, reached: reached) || hasLabelText(number)) {
                out.append((.buttonName, number))
            }
        case "object" where attribute(number, "data") != nil:
            if !names.hasName(number) && !isPresentational(number) { out.append((.objectAlt, number)) }
        case "iframe", "frame":
            if !names.labelled(number) { out.append((.frameTitle, number)) }
        case "ul", "ol":
            if model.roles(of: number).isEmpty || model.roles(of: number).first == "list", !holdsOnlyListItems(number) {
                out.append((.list, number))
            }
        case "li":
            if !["ul", "ol", "menu"].contains(parentName(number)) && !parentHasRole(number, "list") { out.append((.listitem, number)) }
        case "dl":
            if !definitionListIsWellFormed(number) { out.append((.definitionList, number)) }
        case "dt", "dd":
            if !isInDefinitionList(number) { out.append((.dlitem, number)) }
        default:
            break
        }
        return out
    }

    /// `role` values must be roles (axe's aria-roles; `none`/`presentation` are roles too), and a
    /// `role="img"` element needs a name (role-img-alt; on `svg`, svg-img-alt).
    private func roles(_ number: Int) -> [Found] {
        // The model's tokens are the attribute split at XML white space: none when it is absent or blank.
        let tokens = model.roles(of: number)
        guard !tokens.isEmpty else { return [] }
        if !tokens.contains(where: Self.axeRoles.contains) { return [(.ariaRoles, number)] }
        guard tokens.first == "img", !hidden[number] else { return [] }
        let element = model.elements[number]
        if element.namespace == .svg && element.localName == "svg" {
            return names.labelled(number) || names.svgTitle(number) ? [] : [(.svgImgAlt, number)]
        }
        if ["img", "area", "input", "object"].contains(localNames[number]) { return [] }
        return names.labelled(number) ? [] : [(.roleImgAlt, number)]
    }

    /// Ace's EPUB rules: a DPUB-ARIA role beside each `epub:type` that has one, and a label on page breaks.
    private func epubRules(_ number: Int) -> [Found] {
        var out: [Found] = []
        let types = model.types(of: number), roles = model.roles(of: number)
        if !types.isEmpty, model.elements[number].namespace == .xhtml, !["html", "body", "head"].contains(localNames[number]),
           types.contains(where: { type in Self.dpubRoles[type].map { !roles.contains($0) } ?? false }) {
            out.append((.epubTypeHasMatchingRole, number))
        }
        if isPageBreak(number), names.nonEmpty(attribute(number, "title")) == nil, names.nonEmpty(attribute(number, "aria-label")) == nil,
           !names.labelledBy(number), !names.hasText(number) {
            out.append((.pagebreakLabel, number))
        }
        return out
    }

    /// The DPUB-ARIA role each EPUB structural semantic maps to (DPUB-ARIA 1.1 §5, as Ace checks it).
    static let dpubRoles: [String: String] = Dictionary(uniqueKeysWithValues: [
        "abstract", "acknowledgments", "afterword", "appendix", "backlink", "bibliography", "biblioref", "chapter", "colophon",
        "conclusion", "cover", "credit", "credits", "dedication", "endnotes", "epigraph", "epilogue", "errata", "example",
        "footnote", "foreword", "glossary", "glossref", "index", "introduction", "noteref", "notice", "pagebreak", "part",
        "preface", "prologue", "pullquote", "qna", "subtitle", "tip", "toc",
    ].map { ($0, "doc-" + $0) } + [("page-list", "doc-pagelist")])

    func parentName(_ number: Int) -> String { model.elements[number].parent.map { localNames[$0] } ?? "" }

    func parentHasRole(_ number: Int, _ role: String) -> Bool {
        model.elements[number].parent.map { model.roles(of: $0).first == role } ?? false
    }

    /// The element children of an element, in order.
    func children(_ number: Int) -> [Int] { model.children(of: number) }

    /// Only list items, scripts and templates as element children, and no text but white space
    /// directly inside: an `li` whose role (its first `role` token axe knows) is `listitem`,
    /// a DPUB-ARIA role (axe reads none there) or none, or any element with role `listitem` (measured:
    /// `li role="none"`, `"presentation"`, `"menuitem"`, `"separator"` fail the list; an unknown
    /// token does not).
    func holdsOnlyListItems(_ number: Int) -> Bool {
        guard !names.hasDirectText(number) else { return false }
        return children(number).allSatisfy { child in
            let role = model.roles(of: child).first(where: Self.axeRoles.contains)
            if role == "listitem" || ["script", "template"].contains(localNames[child]) { return true }
            // A DPUB-ARIA role is not read here: the item stays a list item (measured: `doc-noteref`,
            // `doc-endnote`, `doc-chapter` on an `li`).
            return localNames[child] == "li" && (role == nil || role?.hasPrefix("doc-") == true)
        }
    }

    /// `dt`/`dd` groups (a `dd` never first), optionally wrapped in `div`s without a role, and
    /// scripts. A child with a role other than axe-core's `definition`, `term`, `list` or
    /// `listitem` breaks the list (measured: `dd role="note"`, `dt role="presentation"`, a `div`
    /// with any role fail; DPUB-ARIA roles and unknown tokens are not read).
    private func definitionListIsWellFormed(_ number: Int) -> Bool {
        guard !names.hasDirectText(number) else { return false }
        var items: [String] = []
        func take(_ child: Int) -> Bool {
            let role = axeExplicitRole(child)
            if let role, !Self.definitionListRoles.contains(role) { return false }
            switch localNames[child] {
            case "dt", "dd": items.append(localNames[child])
            case "script", "template": break
            default: if role == nil { items.append(localNames[child]) }
            }
            return true
        }
        for child in children(number) {
            if localNames[child] == "div", axeExplicitRole(child) == nil {
                for inner in children(child) where !take(inner) { return false }
            } else if !take(child) {
                return false
            }
        }
        return items.allSatisfy { $0 == "dt" || $0 == "dd" } && items.first != "dd"
    }

    static let definitionListRoles: Set<String> = ["definition", "term", "list", "listitem"]

    /// In a `dl`, or in a `div` of one whose role, if any, is `none` or `presentation` (axe-core
    /// fails a `dt` in `<dl><div role="group">`).
    private func isInDefinitionList(_ number: Int) -> Bool {
        guard let parent = model.elements[number].parent else { return false }
        if localNames[parent] == "dl" { return true }
        let role = axeExplicitRole(parent)
        return localNames[parent] == "div" && parentName(parent) == "dl" && (role == nil || role == "none" || role == "presentation")
    }

    /// axe's duplicate-id-aria: an id that ARIA or a `label` refers to is held by more than one
    /// element; reported once per id, at its first holder, in document order (measured: axe
    /// reports `<p id="a">1</p>` of three, and ids in the order their first holders come).
    func duplicateReferencedIDs() -> [Found] {
        let referring = ["aria-labelledby", "aria-describedby", "aria-controls", "aria-owns", "aria-activedescendant",
                         "aria-details", "aria-errormessage", "aria-flowto"]
        var referenced: Set<String> = []
        for number in model.elements.indices where attributeDefaults || model.hasAttributes(number) {
            for name in referring { attribute(number, name).map { referenced.formUnion($0.split(separator: " ").map(String.init)) } }
            if localNames[number] == "label", let target = attribute(number, "for") { referenced.insert(target) }
        }
        // Only referenced IDs are counted (most documents refer to none).
        guard !referenced.isEmpty else { return [] }
        var holders: [String: [Int]] = [:]
        for number in model.elements.indices {
            if let id = ContentDocument.id(of: model.elements[number].node), referenced.contains(id) { holders[id, default: []].append(number) }
        }
        return referenced.compactMap { id in
            guard let found = holders[id], found.count > 1 else { return nil }
            return found[0]
        }.sorted().map { (.duplicateIDAria, $0) }
    }
}
