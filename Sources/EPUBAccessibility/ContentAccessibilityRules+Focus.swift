import EPUBContract

/// axe-core 4.12's rules about what keyboard focus reaches and what ARIA may say, read from their
/// definitions in headless Chromium (selectors, `matches`, checks, and its standards' role and
/// attribute tables):
/// - `aria-hidden-focus`: the outermost `aria-hidden="true"` element may not be, or hold, an
///   element focus reaches by Tab (an `onfocus` handler is left to a person; an open modal too);
/// - `nested-interactive`: an element whose role makes its children presentational (`button`,
///   `checkbox`, `tab`…) holds a focusable widget; `aria-text`: a `role="text"` element does;
/// - `presentation-role-conflict`: an element made presentational (`role="none"`, `role="presentation"`,
///   `img alt=""`) that has an implicit role is focusable or has a global ARIA attribute;
/// - `aria-prohibited-attr`: `aria-label` or `aria-labelledby` on an element whose role cannot be
///   named (`paragraph`, `emphasis`, `code`…, or none at all), reported when it has no content to
///   be read instead (with content, axe leaves it to a person).
extension ContentAccessibilityRules {
    /// Roles whose children are presentational (axe's standards).
    static let childrenPresentational: Set<String> = [
        "button", "checkbox", "img", "math", "menuitemcheckbox", "menuitemradio", "meter", "option", "progressbar", "radio",
        "scrollbar", "separator", "slider", "switch", "tab", "doc-pagebreak", "graphics-symbol",
    ]
    /// Roles of type widget (axe's standards).
    static let widgetRoles: Set<String> = [
        "button", "checkbox", "combobox", "gridcell", "link", "listbox", "menuitem", "menuitemcheckbox", "menuitemradio", "option",
        "progressbar", "radio", "scrollbar", "searchbox", "slider", "spinbutton", "switch", "tab", "textbox", "treeitem",
    ]
    /// Roles that cannot be named: `aria-label` and `aria-labelledby` are prohibited on them.
    static let namingProhibited: Set<String> = [
        "caption", "code", "deletion", "emphasis", "insertion", "mark", "none", "paragraph", "presentation", "strong", "subscript",
        "suggestion", "superscript",
    ]

    func focusRules() -> [Found] {
        let focus = Focusability(self)
        var out: [Found] = []
        var modal: Bool?
        for number in model.elements.indices {
            if attribute(number, "aria-hidden") == "true", !hidden[number], !insideAriaHidden(number),
               (number..<model.subtreeEnd(of: number)).contains(where: { focus.tabbable[$0] && attribute($0, "onfocus") == nil }) {
                if modal == nil { modal = modalOpen() }
                if modal == false { out.append((.ariaHiddenFocus, number)) }
            }
            guard reached[number] else { continue }
            let role = self.role(number)
            if let role, Self.childrenPresentational.contains(role), holdsFocusableWidget(number, focus) { out.append((.nestedInteractive, number)) }
            if attribute(number, "role") == "text", holdsFocusableWidget(number, focus) { out.append((.ariaText, number)) }
            if isPresentationConflict(number, focus) { out.append((.presentationRoleConflict, number)) }
            if hasProhibitedName(number), !hasContentName(number, reached: reached) { out.append((.ariaProhibitedAttr, number)) }
        }
        return out
    }

    private func insideAriaHidden(_ number: Int) -> Bool {
        var ancestor = model.elements[number].parent
        while let a = ancestor {
            if attribute(a, "aria-hidden") == "true" { return true }
            ancestor = model.elements[a].parent
        }
        return false
    }

    /// A descendant that is a focusable widget, looked for until one is found on each branch.
    private func holdsFocusableWidget(_ number: Int, _ focus: Focusability) -> Bool {
        children(number).contains { child in
            if let role = role(child) ?? inputRole(child), Self.widgetRoles.contains(role), focus.focusable[child] { return true }
            return holdsFocusableWidget(child, focus)
        }
    }

    /// An `input`'s implicit role by its type (HTML-AAM), the type as axe reads it (`inputType`).
    func inputRole(_ number: Int) -> String? {
        guard localNames[number] == "input" else { return nil }
        switch inputType(number) {
        case "checkbox": return "checkbox"
        case "radio": return "radio"
        case "button", "submit", "reset", "image": return "button"
        case "range": return "slider"
        case "number": return "spinbutton"
        case "search": return "searchbox"
        case "hidden", "color", "date", "datetime-local", "file", "month", "time", "week": return nil
        default: return "textbox"
        }
    }

    /// An `input`'s type as axe-core's virtual node gives it (`props.type`): in an XHTML document
    /// the attribute as written, case and all, when it is one of HTML's types, else `text`
    /// (measured in Chromium: `type="BUTTON"`, `"Submit"`, `"IMAGE"`, `"Checkbox"` are text fields
    /// to axe in an EPUB, for roles, `input-image-alt`, `input-button-name`, `autocomplete-valid`).
    func inputType(_ number: Int) -> String {
        guard let written = attribute(number, "type"), Self.inputTypes.contains(written) else { return "text" }
        return written
    }

    static let inputTypes: Set<String> = [
        "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time", "datetime-local", "number",
        "range", "color", "checkbox", "radio", "file", "submit", "image", "reset", "button",
    ]

    /// `img[alt='']`, `[role=none]`, `[role=presentation]` with an implicit role, focusable or
    /// carrying a global ARIA attribute.
    private func isPresentationConflict(_ number: Int, _ focus: Focusability) -> Bool {
        let written = attribute(number, "role")
        let image = localNames[number] == "img" && attribute(number, "alt") == ""
        guard written == "none" || written == "presentation" || image else { return false }
        guard let implicit = implicitRole(number), !Self.laterRoles.contains(implicit) else { return false }
        return focus.focusable[number] || hasGlobalARIAAttribute(number)
    }

    /// The element's implicit role, its `role` aside: HTML-AAM's table, a link, an image (none
    /// for `alt=""`), or a landmark.
    func implicitRole(_ number: Int) -> String? {
        switch localNames[number] {
        case "a", "area": return attribute(number, "href") == nil ? nil : "link"
        case "img": return attribute(number, "alt") == "" ? "presentation" : "img"
        case "input": return inputRole(number)
        case "header", "footer", "section", "aside": return implicitLandmark(number)
        default: return Self.implicitRoles[localNames[number]] ?? Self.implicitRoleByName[localNames[number]]
        }
    }

    /// `aria-label` or `aria-labelledby` (not empty) where the role forbids a name: a role that
    /// cannot be named, or no role (an HTML element other than `input`). A `none` or
    /// `presentation` role yields to the implicit one, since a label is a global attribute.
    private func hasProhibitedName(_ number: Int) -> Bool {
        guard model.elements[number].namespace == .xhtml, attributeDefaults || model.hasAttributes(number),
              attribute(number, "aria-label").map({ !Self.sanitized($0).isEmpty }) ?? false
                || attribute(number, "aria-labelledby").map({ !Self.sanitized($0).isEmpty }) ?? false else { return false }
        // DPUB-ARIA roles are not read here (measured: `<span role="doc-pagebreak" aria-label="1"/>`
        // fails, as a span without a role).
        var role = model.roles(of: number).first { Self.axeRoles.contains($0) && !$0.hasPrefix("doc-") }
        if role == "none" || role == "presentation" { role = nil }
        if role == nil {
            role = implicitRole(number)
            if role == "presentation" { role = "img" }
        }
        if let role { return Self.namingProhibited.contains(role) }
        // Chromium gives these elements a role of its own (axe's `chromiumRole`): not prohibited.
        if Self.chromiumRoleElements.contains(localNames[number]) { return false }
        return !["input", "applet"].contains(localNames[number]) && !isInsideWidget(number)
    }

    /// HTML elements with no implicit ARIA role that Chromium's accessibility tree still gives
    /// one (axe-core's `chromiumRole`).
    static let chromiumRoleElements: Set<String> = ["audio", "canvas", "dl", "embed", "iframe", "label", "object", "video"]

    /// Whether the nearest ancestor with a role (presentational ones looked through; an element
    /// Chromium gives a role ends the search) is a widget: inside a link or a button, an element
    /// without a role may be named (measured: `<a href><span aria-label>` passes
    /// aria-prohibited-attr, `<label><span aria-label>` does not).
    private func isInsideWidget(_ number: Int) -> Bool {
        var ancestor = model.elements[number].parent
        while let a = ancestor {
            let role = nameRole(a)
            if let role, role != "none", role != "presentation" { return Self.widgetRoles.contains(role) }
            if model.elements[a].namespace == .svg && model.elements[a].localName == "svg" || Self.chromiumRoleElements.contains(localNames[a]) {
                return false
            }
            ancestor = model.elements[a].parent
        }
        return false
    }

    /// Which elements keyboard focus reaches (axe's isFocusable), and by Tab (a `tabindex` not
    /// below 0): form controls not disabled, links and areas with `href`, a `details`' first
    /// `summary`, frames, media with controls, editable elements, and any element with a
    /// `tabindex`; never what is not rendered (`display: none`, `visibility: hidden`, `inert`).
    struct Focusability {
        let focusable: [Bool]
        let tabbable: [Bool]

        init(_ rules: ContentAccessibilityRules) {
            let count = rules.model.elements.count
            var focusable = [Bool](repeating: false, count: count), tabbable = focusable
            var inert = [Bool](repeating: false, count: count)
            for number in 0..<count {
                inert[number] = (rules.model.elements[number].parent.map { inert[$0] } ?? false) || rules.attribute(number, "inert") != nil
                let invisible = !rules.paint[rules.styleIndex[number]].visible
                guard !rules.hidden[number], !invisible, !inert[number] else { continue }
                let index = rules.attribute(number, "tabindex").flatMap(ContentAccessibilityRules.leadingInteger)
                focusable[number] = index != nil || rules.isNativelyFocusable(number)
                tabbable[number] = focusable[number] && (index ?? 0) >= 0
            }
            self.focusable = focusable
            self.tabbable = tabbable
        }
    }

    func isNativelyFocusable(_ number: Int) -> Bool {
        switch localNames[number] {
        case "a", "area": return attribute(number, "href") != nil
        case "button", "select", "textarea": return attribute(number, "disabled") == nil
        case "input": return attribute(number, "disabled") == nil && attribute(number, "type")?.lowercased() != "hidden"
        case "summary": return model.elements[number].parent.map { localNames[$0] == "details" && children($0).first { localNames[$0] == "summary" } == number } ?? false
        case "iframe": return true
        case "audio", "video": return attribute(number, "controls") != nil
        default:
            guard let editable = attribute(number, "contenteditable") else { return false }
            return editable.lowercased() != "false"
        }
    }
}
