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
                   summary.lowercased() == Self.sanitized(contentText(caption)).lowercased() {
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

    /// The text of the element and its descendants that are shown, in document order (an image's
    /// alternative is none of it).
    func visibleText(_ number: Int, _ shown: [Bool]) -> String {
        var out = ""
        // Elements of the subtree come in document order, so the walk counts its way through them.
        var element = number
        func walk(_ node: UnsafeMutablePointer<xmlNode>, _ index: Int) {
            var child = node.pointee.children
            while let c = child {
                if c.pointee.type == XML_ELEMENT_NODE {
                    element += 1
                    walk(c, element)
                } else if (c.pointee.type == XML_TEXT_NODE || c.pointee.type == XML_CDATA_SECTION_NODE) && shown[index] {
                    out += LibXMLNode.content(c)
                }
                child = c.pointee.next
            }
        }
        walk(model.elements[number].node, number)
        return out
    }

    /// axe's `has-visible-text` (its `subtreeText`, measured in headless Chromium): the text of
    /// what the element owns (`AccessibleText.contentText`: each descendant assistive technology
    /// reaches gives its own name: its `aria-labelledby`, `aria-label`, `alt`, a field's value,
    /// its content, its `title`) is not empty; the element's own `aria-label` and `title` are no
    /// content.
    func hasContentName(_ number: Int, reached: [Bool]) -> Bool {
        !Self.sanitized(contentText(number)).isEmpty
    }

    /// Whether the control's labels have text (`AccessibleText.labelsText`).
    func hasLabelText(_ number: Int) -> Bool {
        var text = AccessibleText(self)
        return !Self.sanitized(text.labelsText(number)).isEmpty
    }

    /// The text of what the element owns, as axe-core's checks read it (`AccessibleText`).
    func contentText(_ number: Int) -> String {
        var text = AccessibleText(self)
        return text.contentText(number)
    }

    /// axe's `sanitize`: white space trimmed and collapsed.
    static func sanitized(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }).joined(separator: " ")
    }
}
