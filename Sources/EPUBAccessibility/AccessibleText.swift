import CLibXML2
import EPUBContract

/// An element's accessible name as axe-core 4.12 computes it (`accessibleTextVirtual`, after
/// Accessible Name and Description Computation 1.2), read from axe's build and measured in
/// headless Chromium: the first of `aria-labelledby` (the referenced elements' text, hidden ones
/// whole), `aria-label`, the element's own naming methods (HTML-AAM: `alt`, `caption`, `legend`,
/// `figcaption`, an SVG `title`, labels, `placeholder`, a button's `value`), a control's value
/// (never the element's own), the text of its content where its role takes a name from content
/// (no role, `presentation`, or one of `nameFromContentRoles`) and `title`. Used where a rule asks
/// for the whole computation (`aria-braille-equivalent`); the other rules ask only the parts
/// their checks read (`hasContentName`, `isNamedWithoutContent`).
struct AccessibleText {
    let rules: ContentAccessibilityRules
    /// axe's `alreadyProcessed`: an element's content or labels are read once per computation,
    /// so a label inside the control it names, or an element labelled by itself, ends.
    private var processed: Set<Int> = []

    init(_ rules: ContentAccessibilityRules) {
        self.rules = rules
    }

    /// Where in the computation an element is read, as axe's context object says.
    struct Context {
        var start: Int
        var inLabelledBy = false
        var inControl = false
        /// Set by the first element read for `aria-labelledby`: hidden references are read whole.
        var includeHidden: Bool?
        var subtreeDescendant: Bool?
    }

    /// The roles whose elements take a name from their content (WAI-ARIA 1.2, DPUB-ARIA 1.1 and
    /// Graphics ARIA, as axe-core's standards list them).
    static let nameFromContentRoles: Set<String> = [
        "button", "cell", "checkbox", "columnheader", "directory", "doc-backlink", "doc-biblioref", "doc-glossref", "doc-noteref",
        "figure", "graphics-object", "gridcell", "heading", "link", "listitem", "menuitem", "menuitemcheckbox", "menuitemradio",
        "option", "radio", "row", "rowgroup", "rowheader", "section", "sectionhead", "switch", "tab", "table", "term", "text",
        "tooltip", "treeitem",
    ]

    /// Roles whose name never comes from their content, whose value may name an element around them.
    static let controlValueRoles: Set<String> = ["textbox", "progressbar", "scrollbar", "slider", "spinbutton", "combobox", "listbox"]

    /// Embedded content (HTML's content model): no name from content.
    static let embedded: Set<String> = ["audio", "canvas", "embed", "iframe", "img", "math", "object", "svg", "video"]

    /// HTML's phrasing content: its text runs on into its neighbours' without a space.
    static let phrasing: Set<String> = [
        "a", "abbr", "area", "audio", "b", "bdi", "bdo", "br", "button", "canvas", "cite", "code", "data", "datalist", "del", "dfn",
        "em", "embed", "i", "iframe", "img", "input", "ins", "kbd", "label", "link", "map", "mark", "math", "meta", "meter",
        "noscript", "object", "output", "picture", "progress", "q", "ruby", "s", "samp", "script", "select", "slot", "small",
        "span", "strong", "sub", "sup", "svg", "template", "textarea", "time", "u", "var", "video", "wbr",
    ]

    /// Whether the element's accessible name, white space collapsed, is empty.
    mutating func isEmpty(_ number: Int) -> Bool {
        processed.removeAll(keepingCapacity: true)
        return ContentAccessibilityRules.sanitized(text(number, Context(start: number))).isEmpty
    }

    /// The text of what the element owns, as axe's checks read it (`has-visible-text`,
    /// `aria-prohibited-attr`: `subtreeText` on an element whose content counts): nothing for an
    /// element assistive technology does not reach.
    mutating func contentText(_ number: Int) -> String {
        processed.removeAll(keepingCapacity: true)
        guard rules.reached[number] else { return "" }
        return subtreeText(number, Context(start: number, subtreeDescendant: true))
    }

    /// The text of a control's labels (`label` elements naming it by `for`, and the one around
    /// it), as axe's `implicit-label` and `explicit-label` read them.
    mutating func labelsText(_ number: Int) -> String {
        processed.removeAll(keepingCapacity: true)
        return labelText(number, Context(start: number))
    }

    mutating func text(_ number: Int, _ context: Context) -> String {
        var context = context
        if context.inLabelledBy, context.includeHidden == nil { context.includeHidden = !rules.reached[number] }
        if !rules.reached[number] {
            let never = ["style", "script", "noscript", "template"].contains(rules.localNames[number])
            guard context.includeHidden == true, !never else { return "" }
        }
        let start = context.start == number
        var name = ""
        for step in 0..<6 {
            if start { name = ContentAccessibilityRules.sanitized(name) }
            if !name.isEmpty { return name }
            switch step {
            case 0: name = labelledByText(number, context)
            case 1: name = rules.attribute(number, "aria-label") ?? ""
            case 2: name = nativeText(number, context)
            case 3: name = start ? "" : controlValue(number)
            case 4: name = subtreeText(number, context)
            default: name = titleText(number)
            }
        }
        return name
    }

    private mutating func labelledByText(_ number: Int, _ context: Context) -> String {
        guard !context.inLabelledBy, !context.inControl, let ids = rules.attribute(number, "aria-labelledby") else { return "" }
        var out = ""
        for id in ids.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }) {
            guard let reference = rules.model.element(id: String(id)) else { continue }
            var inner = context
            inner.inLabelledBy = true
            let text = self.text(reference, inner)
            out = out.isEmpty ? text : out + " " + text
        }
        return out
    }

    /// axe's `nativeTextAlternative`: the element's naming methods in its standards' table, in order.
    private mutating func nativeText(_ number: Int, _ context: Context) -> String {
        let role = rules.nameRole(number)
        guard role != "presentation", role != "none" else { return "" }
        let element = rules.model.elements[number]
        if element.namespace == .svg, element.localName == "svg" { return firstDescendantText(number, "title", context) }
        switch rules.localNames[number] {
        case "a": return rules.attribute(number, "href") != nil ? subtreeText(number, context) : ""
        case "button", "output", "summary": return subtreeText(number, context)
        case "area", "img": return rules.attribute(number, "alt") ?? ""
        case "br", "hr": return first(rules.attribute(number, "title") ?? "", " ")
        case "fieldset": return firstDescendantText(number, "legend", context)
        case "figure":
            let caption = firstDescendantText(number, "figcaption", context)
            return caption.isEmpty ? titleText(number) : caption
        case "table":
            let caption = firstDescendantText(number, "caption", context)
            return caption.isEmpty ? rules.attribute(number, "summary") ?? "" : caption
        case "select": return labelText(number, context)
        case "textarea": return first(labelText(number, context), rules.attribute(number, "placeholder") ?? "")
        case "input": return inputText(number, context)
        default: return ""
        }
    }

    private mutating func inputText(_ number: Int, _ context: Context) -> String {
        let type = rules.inputType(number)
        let value = rules.attribute(number, "value") ?? ""
        let defaultText = type == "reset" ? "Reset" : type == "submit" || type == "image" ? "Submit" : ""
        switch type {
        case "button", "submit", "reset":
            return first(value, titleText(number), defaultText)
        case "image":
            return first(rules.attribute(number, "alt") ?? "", value, labelText(number, context), titleText(number), defaultText)
        default:
            return first(labelText(number, context), rules.attribute(number, "placeholder") ?? "")
        }
    }

    private func first(_ candidates: String...) -> String { candidates.first { !$0.isEmpty } ?? "" }

    /// axe's `querySelector("tag, own-name")`: the first descendant that is either the child
    /// element sought or another element like this one; only the former names it.
    private mutating func firstDescendantText(_ number: Int, _ tag: String, _ context: Context) -> String {
        let own = rules.model.elements[number].localName
        guard let found = rules.model.descendants(of: number).first(where: {
            let name = rules.model.elements[$0].localName
            return name == tag || name == own
        }), rules.model.elements[found].localName == tag else { return "" }
        return text(found, context)
    }

    /// The `label` elements of a control: those whose `for` names its `id`, and the one around it.
    private mutating func labelText(_ number: Int, _ context: Context) -> String {
        guard !context.inControl, !context.inLabelledBy, processed.insert(number).inserted else { return "" }
        var labels: [Int] = []
        if let id = ContentDocument.id(of: rules.model.elements[number].node) {
            labels = rules.model.elements.indices.filter { rules.localNames[$0] == "label" && rules.attribute($0, "for") == id }
        }
        var ancestor = rules.model.elements[number].parent
        while let a = ancestor, rules.localNames[a] != "label" { ancestor = rules.model.elements[a].parent }
        if let a = ancestor, !labels.contains(a) { labels = (labels + [a]).sorted() }
        var inner = context
        inner.inControl = true
        return labels.map { text($0, inner) }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// axe's `formControlValue`: what a control holds names an element around it.
    private func controlValue(_ number: Int) -> String {
        guard let role = rules.nameRole(number), Self.controlValueRoles.contains(role), role != "progressbar" else { return "" }
        switch rules.localNames[number] {
        case "input": return rules.attribute(number, "value") ?? ""
        case "textarea": return LibXMLNode.content(rules.model.elements[number].node)
        case "select":
            let options = rules.model.descendants(of: number).filter { rules.localNames[$0] == "option" }
            let selected = options.filter { rules.attribute($0, "selected") != nil }
            return (selected.isEmpty ? Array(options.prefix(1)) : selected).map { LibXMLNode.content(rules.model.elements[$0].node) }.joined(separator: " ")
        default:
            switch role {
            case "textbox": return LibXMLNode.content(rules.model.elements[number].node)
            case "listbox":
                return rules.model.descendants(of: number).filter { rules.nameRole($0) == "option" && rules.attribute($0, "aria-selected") == "true" }
                    .map { LibXMLNode.content(rules.model.elements[$0].node) }.joined(separator: " ")
            case "scrollbar", "slider", "spinbutton": return rules.attribute(number, "aria-valuenow") ?? ""
            default: return ""
            }
        }
    }

    /// axe's `subtreeText`: the text of what the element owns, where its role takes a name from
    /// content (or it is itself content of such an element, or read for `aria-labelledby`).
    private mutating func subtreeText(_ number: Int, _ context: Context) -> String {
        guard processed.insert(number).inserted else { return "" }
        let role = rules.nameRole(number)
        guard !Self.embedded.contains(rules.model.elements[number].localName), !(role.map(Self.controlValueRoles.contains) ?? false) else { return "" }
        guard context.subtreeDescendant == true || context.inLabelledBy || rules.isNamedFromContents(number) else { return "" }
        var inner = context
        if inner.subtreeDescendant == nil { inner.subtreeDescendant = !context.inControl && !context.inLabelledBy }
        var out = ""
        for child in ownedNodes(number) {
            switch child {
            case .text(let value):
                out += value
            case .element(let element):
                var value = text(element, inner)
                guard !value.isEmpty else { continue }
                if !Self.phrasing.contains(rules.model.elements[element].localName) {
                    if value.first != " " { value += " " }
                    if let last = out.last, last != " " { value = " " + value }
                }
                out += value
            }
        }
        return out
    }

    private enum Owned { case text(String), element(Int) }

    /// The element's child nodes, then the elements its `aria-owns` names (axe's getOwnedVirtual).
    private func ownedNodes(_ number: Int) -> [Owned] {
        let owned = rules.attribute(number, "aria-owns").map { ids in
            ids.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).compactMap { rules.model.element(id: String($0)) }
        } ?? []
        var out: [Owned] = []
        var next = number + 1
        var child = rules.model.elements[number].node.pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE {
                if !owned.contains(next) { out.append(.element(next)) }
                next = rules.model.subtreeEnd(of: next)
            } else if node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_CDATA_SECTION_NODE {
                out.append(.text(LibXMLNode.content(node)))
            }
            child = node.pointee.next
        }
        var seen = Set<Int>()
        return out + owned.filter { seen.insert($0).inserted }.map { .element($0) }
    }

    private func titleText(_ number: Int) -> String {
        let role = rules.nameRole(number)
        return role == "none" || role == "presentation" ? "" : rules.attribute(number, "title") ?? ""
    }
}
