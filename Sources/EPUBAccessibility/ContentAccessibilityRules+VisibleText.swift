import CLibXML2
import EPUBContract

/// axe-core 4.12's rules decided by the text a page shows, read from their definitions in headless
/// Chromium: `empty-heading` and `empty-table-header` (a heading or header cell with no content), `summary-name` (a
/// `details`' first `summary` with no name), `table-duplicate-name` (a table whose `caption` says
/// what its `summary` attribute says), `image-redundant-alt` (an image whose alternative repeats
/// the text of the link, button, paragraph, list item or cell it is in), and the embedded-content
/// rules `frame-title-unique` and `video-caption`, which axe leaves for review. Visible text is
/// the text of elements neither `display: none` nor `visibility: hidden` (an image's `alt` is none
/// of it), white space collapsed as axe's `sanitize` does.
extension ContentAccessibilityRules {
    func visibleTextRules() -> [Found] {
        var out: [Found] = []
        var frameTitles: [(element: Int, title: String)] = []
        for number in model.elements.indices where reached[number] {
            // empty-heading: `h1`…`h6` and `role="heading"`, whose role is heading (measured: an
            // `img` with role heading and an `alt` is an empty heading: its alt is no content).
            if self.role(number) == "heading", !(hasContentName(number, reached: reached) || isNamedWithoutContent(number)) {
                out.append((.emptyHeading, number))
            }
            let role = attribute(number, "role")
            if (localNames[number] == "th" && role == nil) || role == "rowheader" || role == "columnheader", !hasContentName(number, reached: reached) {
                out.append((.emptyTableHeader, number))
            }
            switch localNames[number] {
            case "summary" where isDetailsSummary(number):
                if !(hasContentName(number, reached: reached) || isNamedWithoutContent(number)) {
                    out.append((.summaryName, number))
                }
            case "table":
                if let summary = attribute(number, "summary").map(Self.sanitized), !summary.isEmpty,
                   let caption = children(number).first(where: { localNames[$0] == "caption" }),
                   summary.lowercased() == Self.sanitized(subtreeText(caption, reached, names: true)).lowercased() {
                    out.append((.tableDuplicateName, number))
                }
            case "img":
                if isRedundantAlternative(number, reached) { out.append((.imageRedundantAlt, number)) }
            case "iframe", "frame":
                if let title = attribute(number, "title").map(Self.sanitized), !title.isEmpty { frameTitles.append((number, title.lowercased())) }
            case "video":
                let tracks = model.descendants(of: number).filter { localNames[$0] == "track" }
                if !tracks.contains(where: { attribute($0, "kind")?.lowercased() == "captions" }) { out.append((.videoCaption, number)) }
            default:
                break
            }
        }
        // Every frame whose title another frame shares.
        var counts: [String: Int] = [:]
        for frame in frameTitles { counts[frame.title, default: 0] += 1 }
        out += frameTitles.filter { counts[$0.title, default: 0] > 1 }.map { (.frameTitleUnique, $0.element) }
        return out
    }

    /// Named by `aria-label`, `aria-labelledby` or `title`.
    func isNamedWithoutContent(_ number: Int) -> Bool {
        names.nonEmpty(attribute(number, "aria-label")) != nil || names.labelledBy(number) || names.nonEmpty(attribute(number, "title")) != nil
    }

    /// The first `summary` child of a `details`.
    private func isDetailsSummary(_ number: Int) -> Bool {
        guard let parent = model.elements[number].parent, localNames[parent] == "details" else { return false }
        return children(parent).first { localNames[$0] == "summary" } == number
    }

    /// An image (not presentational) whose alternative, case aside, is the whole visible text of
    /// the nearest `button`, `[role=button]`, `a[href]`, `p`, `li`, `td` or `th` around it.
    private func isRedundantAlternative(_ number: Int, _ reached: [Bool]) -> Bool {
        guard !isPresentational(number), attribute(number, "alt") != "" else { return false }
        let alternative = Self.sanitized(attribute(number, "alt") ?? "").lowercased()
        guard !alternative.isEmpty else { return false }
        var ancestor = model.elements[number].parent
        while let a = ancestor {
            let name = localNames[a]
            if ["button", "p", "li", "td", "th"].contains(name) || attribute(a, "role") == "button" || (name == "a" && attribute(a, "href") != nil) {
                let text = Self.sanitized(visibleText(a, reached)).lowercased()
                return !text.isEmpty && text == alternative
            }
            ancestor = model.elements[a].parent
        }
        return false
    }

    /// The text of the element and its descendants that are shown, in document order.
    func visibleText(_ number: Int, _ shown: [Bool]) -> String {
        subtreeText(number, shown, names: false)
    }

    /// axe's `has-visible-text`, measured in headless Chromium: the element's name from its
    /// content (axe's `subtreeText`) is not empty. What assistive technology does not reach
    /// (`unreached`: `aria-hidden`, `display: none`, `visibility: hidden`) gives nothing; a
    /// descendant gives its `aria-label`, an image its `alt` (else its `title`), a field its
    /// `value`; the element's own `aria-label` and `title` are no content.
    func hasContentName(_ number: Int, reached: [Bool]) -> Bool {
        !Self.sanitized(subtreeText(number, reached, names: true)).isEmpty
    }

    /// The text of the subtree in document order, of elements `shown`; with `names`, a
    /// descendant's `aria-label`, an image's `alt` or `title` and a field's `value` stand for it.
    private func subtreeText(_ number: Int, _ shown: [Bool], names: Bool) -> String {
        var out = ""
        // Elements of the subtree come in document order, so the walk counts its way through them.
        var element = number
        func walk(_ node: UnsafeMutablePointer<xmlNode>, _ index: Int) {
            var child = node.pointee.children
            while let c = child {
                if c.pointee.type == XML_ELEMENT_NODE {
                    element += 1
                    let inner = element
                    if names, shown[inner], let name = ownName(inner) {
                        out += " " + name + " "
                        element = model.subtreeEnd(of: inner) - 1
                    } else {
                        walk(c, inner)
                    }
                } else if (c.pointee.type == XML_TEXT_NODE || c.pointee.type == XML_CDATA_SECTION_NODE) && shown[index] {
                    out += LibXMLNode.content(c)
                }
                child = c.pointee.next
            }
        }
        walk(model.elements[number].node, number)
        return out
    }

    /// A descendant's name that is not its content: `aria-label`, an image's `alt` (else
    /// `title`), a field's `value`.
    private func ownName(_ number: Int) -> String? {
        if let label = names.nonEmpty(attribute(number, "aria-label")) { return label }
        switch localNames[number] {
        case "img", "area": return names.nonEmpty(attribute(number, "alt")) ?? (attribute(number, "alt") == nil ? names.nonEmpty(attribute(number, "title")) : nil)
        case "input": return names.nonEmpty(attribute(number, "value"))
        default: return nil
        }
    }

    /// axe's `sanitize`: white space trimmed and collapsed.
    static func sanitized(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }).joined(separator: " ")
    }
}
