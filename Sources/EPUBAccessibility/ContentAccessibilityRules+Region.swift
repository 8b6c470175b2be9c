import CLibXML2
import EPUBContract

/// axe-core 4.12's `region` (best practice: all content in landmarks), read from its check in
/// headless Chromium: from the root down, a walk stops at a landmark (role by `getRole`: explicit
/// non-DPUB role, else implicit; a `form` only when named), an `aria-live` region (polite or
/// assertive, or role alert, log, status), a dialog or `svg` (its `regionMatcher`), a button, a
/// skip link whose target exists, or what assistive technology does not reach; an element with
/// content of its own (text, a visual element, an ARIA label) met before any of these is regionless,
/// and is reported as its outermost ancestor under `body` that holds no stop.
extension ContentAccessibilityRules {
    /// Roles whose content axe reads as a live region.
    static let liveRoles: Set<String> = ["alert", "log", "status"]
    /// Explicit roles that make an element visual content (axe's isVisualContent).
    static let visualRoles: Set<String> = ["checkbox", "img", "meter", "progressbar", "scrollbar", "radio", "slider", "spinbutton", "textbox"]
    /// Elements that are visual content by their name.
    static let visualElements: Set<String> = ["img", "iframe", "object", "video", "audio", "canvas", "svg", "math", "button", "select",
                                              "textarea", "keygen", "progress", "meter"]
    /// Elements whose text nodes axe never counts as content of their own (`hasChildTextNodes`).
    static let textlessElements: Set<String> = ["head", "title", "template", "script", "style", "iframe", "object", "video", "audio", "noscript"]

    func regionRule() -> [Found] {
        guard let root = model.elements.indices.first, let body = model.elements.indices.first(where: { localNames[$0] == "body" }) else { return [] }
        var holdsStop = [Bool](repeating: false, count: model.elements.count)
        var regionless: [Int] = []
        let skipLinks = skipLinksWithTargets()
        func walk(_ number: Int) {
            if isRegionStop(number) || skipLinks.contains(number) || !reached[number] {
                var at: Int? = number
                while let e = at, !holdsStop[e] {
                    holdsStop[e] = true
                    at = model.elements[e].parent
                }
                return
            }
            if number != body && hasOwnContent(number) && !isBarePresentation(number) {
                regionless.append(number)
                return
            }
            for child in children(number) { walk(child) }
        }
        walk(root)
        var out: [Found] = []
        var seen = Set<Int>()
        for number in regionless {
            var top = number
            while let parent = model.elements[top].parent, !holdsStop[parent], parent != body { top = parent }
            if seen.insert(top).inserted { out.append((.region, top)) }
        }
        return out
    }

    /// A landmark, a live region, a dialog or `svg`, a button, a frame.
    private func isRegionStop(_ number: Int) -> Bool {
        let element = model.elements[number]
        let role = axeExplicitRole(number) ?? (localNames[number] == "form" ? implicitLandmark(number) : implicitRole(number))
        if role == "button" || localNames[number] == "iframe" || localNames[number] == "frame" { return true }
        let live = attribute(number, "aria-live")?.trimmingXMLWhitespace().lowercased()
        if live == "assertive" || live == "polite" { return true }
        if let role, Self.liveRoles.contains(role) || Self.landmarkRoles.contains(role) { return true }
        let written = attribute(number, "role")
        // `svg` in any namespace (an XHTML one is in `localNames`; the name is read only outside it).
        return localNames[number] == "dialog" || written == "dialog" || written == "alertdialog" || localNames[number] == "svg"
            || element.namespace != .xhtml && element.localName == "svg"
    }

    /// Text of its own (`hasOwnText`), a visual element (an explicit role axe knows among
    /// `visualRoles`, DPUB-ARIA's not read; else by name), or a name from ARIA.
    private func hasOwnContent(_ number: Int) -> Bool {
        if hasOwnText(number) { return true }
        let element = model.elements[number]
        if let explicit = axeExplicitRole(number) {
            if Self.visualRoles.contains(explicit) { return true }
        } else if Self.visualElements.contains(localNames[number]) || (element.namespace == .svg && element.localName == "svg")
                    || (element.namespace == .mathml && element.localName == "math")
                    || (localNames[number] == "input" && attribute(number, "type")?.lowercased() != "hidden") {
            return true
        }
        return names.nonEmpty(attribute(number, "aria-label")) != nil || names.labelledBy(number)
    }

    /// A text node child with more than white space (axe's hasChildTextNodes; never in `head`,
    /// `title`, `template`, `script`, `style`, `iframe`, `object`, `video`, `audio`, `noscript`).
    private func hasOwnText(_ number: Int) -> Bool {
        guard !Self.textlessElements.contains(localNames[number]) else { return false }
        var child = model.elements[number].node.pointee.children
        while let c = child {
            if c.pointee.type == XML_TEXT_NODE, LibXMLNode.hasNonWhitespace(text: c) { return true }
            child = c.pointee.next
        }
        return false
    }

    /// `role="none"` or `"presentation"` that stands (no global ARIA attribute, not focusable)
    /// on an element without text of its own: axe looks into it instead of reporting it.
    private func isBarePresentation(_ number: Int) -> Bool {
        isPresentational(number) && !hasGlobalARIAAttribute(number) && attribute(number, "tabindex") == nil
            && !hasOwnText(number)
    }

    /// Links to a place on this page that come before the first link to another page (all of them
    /// when there is none), whose target exists (axe's isSkipLink and getElementByReference).
    private func skipLinksWithTargets() -> Set<Int> {
        let file = String(model.path.split(separator: "/").last ?? "")
        func currentPage(_ href: String) -> Bool {
            if href.hasPrefix("#") { return href.count > 1 && !href.hasPrefix("#/") && !href.hasPrefix("#!") }
            let path = href.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
            return !path.contains(":") && path.split(separator: "/").last.map(String.init) == file && href.contains("#")
        }
        let links = model.elements.indices.filter { localNames[$0] == "a" && (attribute($0, "href").map { !$0.isEmpty } ?? false) }
        let firstPageLink = links.first { number in
            let href = attribute(number, "href") ?? ""
            return !href.lowercased().hasPrefix("javascript:") && !currentPage(href)
        }
        var out = Set<Int>()
        for number in links where firstPageLink.map({ number < $0 }) ?? true {
            guard let href = attribute(number, "href"), currentPage(href), let hash = href.firstIndex(of: "#") else { continue }
            let id = String(href[href.index(after: hash)...]).removingPercentEncoding ?? ""
            if model.element(id: id) != nil { out.insert(number) }
        }
        return out
    }
}
