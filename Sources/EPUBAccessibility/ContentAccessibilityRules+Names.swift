import EPUBContract

/// axe-core 4.12's `aria-*-name` rules: an element given a widget or dialog role by `role` must be
/// named. Read from axe's rule definitions (selector, `matches`, checks) in headless Chromium:
/// - the selector is the `role` attribute's whole value (`[role="button"]`), on elements assistive
///   technology reaches;
/// - elements HTML names natively are left out (axe's `matches`: the element's own naming methods
///   in its standards' table: `a` with `href`, `area`, `br`, `button`, `fieldset`, `figure`, `hr`,
///   `img`, `input`, `output`, `select`, `summary`, `svg`, `table`, `textarea`);
/// - a name is `aria-label`, `aria-labelledby` naming text, or `title`; commands, tabs, toggle
///   fields, tooltips and tree items may also take it from their content (`has-visible-text`,
///   `hasContentName`: text and descendants' names that assistive technology reaches).
extension ContentAccessibilityRules {
    /// Each rule with the roles it selects and whether visible text names them.
    static let nameRules: [(rule: AccessibilityRule, roles: Set<String>, fromText: Bool)] = [
        (.ariaCommandName, ["link", "button", "menuitem"], true),
        (.ariaDialogName, ["dialog", "alertdialog"], false),
        (.ariaInputFieldName, ["combobox", "listbox", "searchbox", "slider", "spinbutton", "textbox"], false),
        (.ariaMeterName, ["meter"], false),
        (.ariaProgressbarName, ["progressbar"], false),
        (.ariaTabName, ["tab"], true),
        (.ariaToggleFieldName, ["checkbox", "menuitemcheckbox", "menuitemradio", "radio", "switch", "option"], true),
        (.ariaTooltipName, ["tooltip"], true),
        (.ariaTreeitemName, ["treeitem"], true),
    ]

    /// HTML elements that name themselves (axe's naming methods), left to their own rules.
    static let nativelyNamed: Set<String> = [
        "area", "br", "button", "fieldset", "figure", "hr", "img", "input", "output", "select", "summary", "table", "textarea",
    ]

    func nameRules() -> [Found] {
        var out: [Found] = []
        for number in model.elements.indices where reached[number] {
            guard let role = attribute(number, "role"), let rule = Self.nameRules.first(where: { $0.roles.contains(role) }) else { continue }
            let element = model.elements[number]
            if Self.nativelyNamed.contains(localNames[number]) || (localNames[number] == "a" && attribute(number, "href") != nil)
                || (element.namespace == .svg && element.localName == "svg") {
                continue
            }
            if isNamedWithoutContent(number) { continue }
            if rule.fromText, hasContentName(number, reached: reached) { continue }
            out.append((rule.rule, number))
        }
        return out
    }
}
