import EPUBContract

/// axe-core 4.12's landmark rules that the markup decides: a banner, contentinfo or main landmark
/// inside another landmark (`landmark-*-is-top-level`), and more than one of each in a document
/// (`landmark-no-duplicate-*`). Read from axe's own rule definitions and checked against it in
/// headless Chromium; what they showed, beyond the definitions:
/// - an ancestor's role is its explicit `role` when the first token is a role other than DPUB-ARIA's
///   (axe leaves `doc-chapter` out, though it lists it among landmarks), else its implicit one,
///   and a `form` without `role` gives none;
/// - `header` and `footer` are banner and contentinfo only outside `article`, `aside`, `main`,
///   `nav`, `section` and elements with those roles; `aside` is complementary outside sectioning
///   content or when named; `section` is a region only when named by `aria-label(ledby)`;
/// - the elements counted and tested are those assistive technology reaches (not `display:
///   none`, `visibility: hidden`, `aria-hidden`, `inert`), and a duplicate is reported once, at
///   the first element the rule's selector matches.
extension ContentAccessibilityRules {
    /// The roles axe counts as landmarks (DPUB-ARIA's never arise: explicit ones are not read).
    static let landmarkRoles: Set<String> = ["application", "banner", "complementary", "contentinfo", "form", "main", "navigation", "region", "search"]

    /// The six rules, each violation at its element.
    func landmarkRules() -> [Found] {
        var out: [Found] = []
        let kinds: [(element: String, role: String, top: AccessibilityRule, duplicate: AccessibilityRule)] = [
            ("header", "banner", .landmarkBannerIsTopLevel, .landmarkNoDuplicateBanner),
            ("footer", "contentinfo", .landmarkContentinfoIsTopLevel, .landmarkNoDuplicateContentinfo),
            ("main", "main", .landmarkMainIsTopLevel, .landmarkNoDuplicateMain),
        ]
        for kind in kinds {
            // `header:not([role]), [role=banner]` and the like, reached by assistive technology.
            let matched = model.elements.indices.filter { number in
                guard reached[number] else { return false }
                let role = attribute(number, "role")
                return role == kind.role || (role == nil && localNames[number] == kind.element)
            }
            // main is tested wherever it is; header and footer only with a role or outside sectioning content.
            for number in matched where kind.role == "main" || attribute(number, "role") != nil || !insideSectioning(number, includingMain: true) {
                if insideLandmark(number) { out.append((kind.top, number)) }
            }
            // main is counted as matched; header and footer only when they are banner and contentinfo.
            let counted = kind.role == "main" ? matched.count : matched.filter { landmarkRole($0) == kind.role }.count
            if counted > 1, let first = matched.first { out.append((kind.duplicate, first)) }
        }
        return out
    }

    /// axe's landmark-unique: landmarks (by role: explicit or implicit; a `section` or `form`
    /// element only when named, an explicit region always) that share their role and accessible name (`aria-labelledby`,
    /// `aria-label`, `title`, case aside; none is a name too): reported once per group, at its
    /// first element (measured: two unnamed `nav`s, and `nav`s named "A" and "a").
    func uniqueLandmarks() -> [Found] {
        var groups: [String: Int] = [:]
        var out: [Found] = []
        for number in model.elements.indices where reached[number] && model.elements[number].namespace == .xhtml {
            guard let role = landmarkRole(number), Self.landmarkRoles.contains(role) else { continue }
            let name = Self.sanitized(landmarkName(number)).lowercased()
            // A `section` or `form` element is tested only when named (an explicit `role="region"` always).
            if name.isEmpty, localNames[number] == "section" || localNames[number] == "form" { continue }
            let key = role + "\u{0}" + name
            if groups[key] == nil {
                groups[key] = number
            } else if let first = groups[key], !out.contains(where: { $0.element == first }) {
                out.append((.landmarkUnique, first))
            }
        }
        return out.sorted { $0.element < $1.element }
    }

    /// A landmark's name: the text `aria-labelledby` names, else `aria-label`, else `title`.
    private func landmarkName(_ number: Int) -> String {
        if let ids = attribute(number, "aria-labelledby") {
            let text = ids.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).compactMap { model.element(id: String($0)) }
                .map { LibXMLNode.content(model.elements[$0].node) }.joined(separator: " ")
            if !Self.sanitized(text).isEmpty { return text }
        }
        return names.nonEmpty(attribute(number, "aria-label")) ?? attribute(number, "title") ?? ""
    }

    /// Whether an ancestor has a landmark role (a `form` without `role` has none here).
    private func insideLandmark(_ number: Int) -> Bool {
        var ancestor = model.elements[number].parent
        while let a = ancestor {
            let role = axeExplicitRole(a) ?? (localNames[a] == "form" ? nil : implicitLandmark(a))
            if let role, Self.landmarkRoles.contains(role) { return true }
            ancestor = model.elements[a].parent
        }
        return false
    }

    /// The element's role: explicit, else implicit.
    private func landmarkRole(_ number: Int) -> String? { axeExplicitRole(number) ?? implicitLandmark(number) }

    /// HTML-AAM's implicit landmark roles as axe computes them.
    func implicitLandmark(_ number: Int) -> String? {
        switch localNames[number] {
        case "header": return insideSectioning(number, includingMain: true, byRole: true) ? nil : "banner"
        case "footer": return insideSectioning(number, includingMain: true, byRole: true) ? nil : "contentinfo"
        case "main": return "main"
        case "nav": return "navigation"
        case "search": return "search"
        case "aside": return names.labelled(number) || !insideSectioning(number, includingMain: false, byRole: true) ? "complementary" : nil
        case "section":
            return names.nonEmpty(attribute(number, "aria-label")) != nil || names.labelledBy(number) ? "region" : nil
        case "form":
            return names.labelled(number) ? "form" : nil
        default: return nil
        }
    }

    /// Whether an ancestor is `article`, `aside`, `nav`, `section` (or `main`), or with `byRole`
    /// (for an element's implicit role) is one without a `role` attribute or has one of their roles.
    private func insideSectioning(_ number: Int, includingMain: Bool, byRole: Bool = false) -> Bool {
        let elements: Set<String> = includingMain ? ["article", "aside", "main", "nav", "section"] : ["article", "aside", "nav", "section"]
        let roles: Set<String> = includingMain ? ["article", "complementary", "main", "navigation", "region"] : ["article", "complementary", "navigation", "region"]
        var ancestor = model.elements[number].parent
        while let a = ancestor {
            // By role (an element's own landmark role), a sectioning element scopes only without a
            // `role` of its own (measured: a `header` in `<section role="doc-chapter">` or
            // `<article role="foo">` is a banner, in `<section>` none).
            if elements.contains(localNames[a]), !byRole || attribute(a, "role") == nil { return true }
            if byRole, let role = axeExplicitRole(a), roles.contains(role) { return true }
            ancestor = model.elements[a].parent
        }
        return false
    }
}
