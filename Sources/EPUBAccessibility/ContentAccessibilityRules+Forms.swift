import EPUBContract

/// axe-core 4.12's form rules, read from their definitions in headless Chromium:
/// - `label` (`input` other than hidden, image and the buttons; `textarea`) and `select-name`
///   (`select`): named by a `label` around it or `label for` its id (with text, or not rendered),
///   `aria-label`, `aria-labelledby`, `title`, a `placeholder` (fields only), or made
///   presentational (a field is focusable, so `role="none"` does not make it so); a `label for` it
///   that is not rendered while it has no name fails it;
/// - `input-button-name` (`input` of type button, submit, reset): a `value`, the default label of
///   submit and reset without one, or a name as above;
/// - `form-field-multiple-labels` (needs review): more than one `label` for a field;
/// - `label-title-only`: a field whose only name is a `title` or `aria-describedby`.
extension ContentAccessibilityRules {
    func formRules() -> [Found] {
        var labelsFor: [String: [Int]] = [:]
        for number in model.elements.indices where localNames[number] == "label" {
            if let target = attribute(number, "for") { labelsFor[target, default: []].append(number) }
        }
        var out: [Found] = []
        for number in model.elements.indices where reached[number] {
            let name = localNames[number]
            guard name == "input" || name == "select" || name == "textarea" else { continue }
            let type = name == "input" ? (attribute(number, "type")?.lowercased() ?? "text") : ""
            let explicit = ContentDocument.id(of: model.elements[number].node).flatMap { labelsFor[$0] } ?? []
            let around = labelsAround(number)
            let labelled = around.contains { hasContentName($0, reached: reached) }
                || explicit.contains { !reached[$0] || hasContentName($0, reached: reached) }
            let named = labelled || isNamedWithoutContent(number) || isPresentationalControl(number)
            if ["button", "submit", "reset"].contains(type) {
                // label-matches lowercases the type, input-button-name's selector matches it as
                // written (XHTML): `type="BUTTON"` is in neither (measured).
                guard let written = attribute(number, "type"), written == type else { continue }
                let value = attribute(number, "value")
                let hasValue = value.map { !Self.sanitized($0).isEmpty } ?? false
                if !(named || hasValue || (value == nil && type != "button")) { out.append((.inputButtonName, number)) }
                continue
            }
            guard !["hidden", "image"].contains(type) else { continue }
            let placeholder = name != "select" && !Self.sanitized(attribute(number, "placeholder") ?? "").isEmpty
            // hidden-explicit-label: the first `label for` it is not rendered, and nothing else names it.
            let shownLabel = (around + explicit).contains { reached[$0] && hasContentName($0, reached: reached) }
            let hiddenLabelUnnamed = explicit.first.map { !reached[$0] } == true
                && !(shownLabel || isNamedWithoutContent(number) || placeholder)
            if !(named || placeholder) || hiddenLabelUnnamed {
                out.append((name == "select" ? .selectName : .label, number))
            }
            if explicit.count + around.filter({ !explicit.contains($0) }).count > 1 { out.append((.formFieldMultipleLabels, number)) }
            if !shownLabel, names.nonEmpty(attribute(number, "aria-label")) == nil, !names.labelledBy(number),
               names.nonEmpty(attribute(number, "title")) != nil || attribute(number, "aria-describedby") != nil {
                out.append((.labelTitleOnly, number))
            }
        }
        return out
    }

    /// The `label` elements the field is inside.
    private func labelsAround(_ number: Int) -> [Int] {
        var out: [Int] = []
        var ancestor = model.elements[number].parent
        while let a = ancestor {
            if localNames[a] == "label" { out.append(a) }
            ancestor = model.elements[a].parent
        }
        return out
    }

    /// A `role` of `none` or `presentation` that holds: never on a field, which is focusable.
    private func isPresentationalControl(_ number: Int) -> Bool {
        guard let role = model.roles(of: number).first(where: Self.axeRoles.contains), role == "none" || role == "presentation" else { return false }
        return attribute(number, "disabled") != nil && !hasGlobalARIAAttribute(number)
    }
}
