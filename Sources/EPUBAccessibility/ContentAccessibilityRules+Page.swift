import CLibXML2
import EPUBContract
import Foundation

/// axe-core's rules about the page as a whole and its `meta` elements, and the element rules that
/// need only an attribute: read from axe-core 4.12's own rule definitions (selector, whether
/// hidden elements count, the checks and their options), each mirrored here with what decides it.
extension ContentAccessibilityRules {
    /// page-has-heading-one and landmark-one-main (a level-one heading, a `main`, somewhere
    /// assistive technology reaches), aria-hidden-body, html-xml-lang-mismatch.
    func pageRules() -> [Found] {
        guard let root = model.elements.indices.first, localNames[root] == "html" else { return [] }
        var out: [Found] = []
        let noHeading = !model.elements.indices.contains(where: { reached[$0] && isLevelOneHeading($0) })
        let noMain = !model.elements.indices.contains(where: { reached[$0] && isMain($0) })
        // Both pass while a modal is open (axe's passForModal), asked only when one would fail.
        if noHeading || noMain, !modalOpen() {
            if noHeading { out.append((.pageHasHeadingOne, root)) }
            if noMain { out.append((.landmarkOneMain, root)) }
        }
        // bypass (needs review): a page with links and no heading, no main and no link within it.
        if model.elements.indices.contains(where: { localNames[$0] == "a" && attribute($0, "href") != nil }),
           !model.elements.indices.contains(where: { number in
               localNames[number] == "a" && (attribute(number, "href").map(Self.isInternalLink) ?? false)
                   || (reached[number] && (isMain(number) || isHeading(number)))
           }) {
            out.append((.bypass, root))
        }
        if let body = model.elements.indices.first(where: { localNames[$0] == "body" }), attribute(body, "aria-hidden") == "true" {
            out.append((.ariaHiddenBody, body))
        }
        // Both attributes valid and their primary subtags different (axe reads xml:lang by its qualified name).
        if let lang = attribute(root, "lang"), let xmlLang = LibXMLNode.attribute(model.elements[root].node, "lang", namespace: XMLNamespace.xml),
           Self.isValidLanguage(lang), Self.isValidLanguage(xmlLang), Self.baseLanguage(lang) != Self.baseLanguage(xmlLang) {
            out.append((.htmlXmlLangMismatch, root))
        }
        return out
    }

    /// axe's isModalOpen, from the cascade instead of the screen: a shown `dialog[open]`, or
    /// `role="dialog"` / `aria-modal="true"`; or an element positioned absolute or fixed whose
    /// computed size covers three quarters of the page's 768 × 1024 screen each way (a fixed-layout
    /// page's full-page body or picture, which axe finds under every point it samples). An `auto`
    /// size of an image is its intrinsic one (`intrinsicSize`), kept in proportion to a given side.
    func modalOpen() -> Bool {
        for number in model.elements.indices where !hidden[number] {
            if localNames[number] == "dialog", attribute(number, "open") != nil { return true }
            if model.roles(of: number).first == "dialog" || attribute(number, "aria-modal") == "true" { return true }
        }
        return !pageCoverers.isEmpty
    }

    /// Elements positioned absolute or fixed whose computed size covers three quarters of the
    /// page's screen each way (a fixed-layout page's full-page body or picture, which axe finds
    /// under every point it samples), in document order.
    func coveringElements() -> [Int] {
        let (w, h) = (MediaAssumptions.width * 0.75, MediaAssumptions.height * 0.75)
        func px(_ value: String?, of whole: Double) -> Double? {
            switch value.flatMap(CSSNumber.dimension) {
            case let (number, "px")?: number
            case let (number, "%")?: number * whole / 100
            default: nil
            }
        }
        var out: [Int] = []
        for number in model.elements.indices where !hidden[number] && paint[styleIndex[number]].outOfFlow {
            let style = style(number)
            var width = px(style["width"], of: MediaAssumptions.width), height = px(style["height"], of: MediaAssumptions.height)
            if localNames[number] == "img", let size = intrinsicSize(number), size.width > 0, size.height > 0 {
                switch (width, height) {
                case (nil, nil): (width, height) = (size.width, size.height)
                case (let given?, nil): height = given * size.height / size.width
                case (nil, let given?): width = given * size.width / size.height
                default: break
                }
            }
            if let width, let height, width.rounded(.down) >= w, height.rounded(.down) >= h { out.append(number) }
        }
        return out
    }

    /// axe's getBaseLang: the primary subtag, lowercased.
    static func baseLanguage(_ value: String) -> String {
        value.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "-", omittingEmptySubsequences: false).first.map { $0.lowercased() } ?? ""
    }

    /// What axe's isVisibleToScreenReaders rules out: `display: none` (the cascade) and
    /// `aria-hidden="true"` or `inert` on the element or an ancestor, and a computed `visibility`
    /// of `hidden` or `collapse` (the element's own: a child may be `visible` again; axe-core
    /// finds no `main` in `<main style="visibility: hidden"><p style="visibility: visible">`).
    /// What is left is `reached`.
    func hiddenFromAssistiveTechnology() -> [Bool] {
        var out = hidden
        var subtree = hidden
        let invisible = paint.map { !$0.visible }
        for number in model.elements.indices {
            let parentHidden = model.elements[number].parent.map { subtree[$0] } ?? false
            subtree[number] = subtree[number] || parentHidden || attribute(number, "aria-hidden") == "true" || attribute(number, "inert") != nil
            out[number] = subtree[number] || invisible[styleIndex[number]]
        }
        return out
    }

    /// `h1:not([role], [aria-level])`, `:is(h1…h6):not([role])[aria-level=1]`, `[role=heading][aria-level=1]`.
    func isLevelOneHeading(_ number: Int) -> Bool {
        let role = attribute(number, "role"), level = attribute(number, "aria-level")
        if role == "heading", level == "1" { return true }
        guard role == nil else { return false }
        switch localNames[number] {
        case "h1": return level == nil || level == "1"
        case "h2", "h3", "h4", "h5", "h6": return level == "1"
        default: return false
        }
    }

    /// axe's internal-link-present: an `href` of `#` and a name (not `#/…` or `#!…`).
    static func isInternalLink(_ href: String) -> Bool {
        let scalars = Array(href.unicodeScalars)
        return scalars.count >= 2 && scalars[0] == "#" && scalars[1] != "/" && scalars[1] != "!"
    }

    /// `:is(h1, h2, h3, h4, h5, h6):not([role])`, `[role=heading]`.
    func isHeading(_ number: Int) -> Bool {
        let role = attribute(number, "role")
        return role == "heading" || (role == nil && ["h1", "h2", "h3", "h4", "h5", "h6"].contains(localNames[number]))
    }

    /// `main:not([role])`, `[role='main']`.
    func isMain(_ number: Int) -> Bool {
        let role = attribute(number, "role")
        return role == "main" || (role == nil && localNames[number] == "main")
    }

    /// The rules on `meta`, `marquee` and `blink`, which axe checks hidden or not (`marquee` and
    /// `blink` fail when on screen: here, when rendered).
    func unhiddenElementRules(_ number: Int) -> [Found] {
        switch localNames[number] {
        case "meta":
            var out: [Found] = []
            if attribute(number, "name") == "viewport" {
                let content = attribute(number, "content") ?? ""
                if Self.viewportBlocksZoom(content, scaleMinimum: 2, lowerBound: nil) { out.append((.metaViewport, number)) }
                if Self.viewportBlocksZoom(content, scaleMinimum: 5, lowerBound: 2) { out.append((.metaViewportLarge, number)) }
            }
            if attribute(number, "http-equiv") == "refresh", let content = attribute(number, "content"), Self.refreshes(content) {
                out.append((.metaRefresh, number))
            }
            return out
        case "marquee" where !hidden[number]: return [(.marquee, number)]
        case "blink" where !hidden[number]: return [(.blink, number)]
        default: return []
        }
    }

    /// The rules on one shown element that read only its attributes: tabindex above 0,
    /// server-side image maps, scope, deprecated roles.
    func attributeRules(_ number: Int) -> [Found] {
        var out: [Found] = []
        if let value = attribute(number, "tabindex"), let index = Self.leadingInteger(value), index > 0 { out.append((.tabindex, number)) }
        if localNames[number] == "img", attribute(number, "ismap") != nil { out.append((.serverSideImageMap, number)) }
        if localNames[number] == "td" || localNames[number] == "th", let scope = attribute(number, "scope") {
            // html5-scope: in an HTML5 document (doctype `html`, no public or system id) only th takes scope.
            let misplaced = localNames[number] == "td" && isHTML5
            if misplaced || !["row", "col", "rowgroup", "colgroup"].contains(scope.lowercased()) { out.append((.scopeAttrValid, number)) }
        }
        if let first = model.roles(of: number).first(where: Self.axeRoles.contains), Self.deprecatedRoles.contains(first) {
            out.append((.ariaDeprecatedRole, number))
        }
        return out
    }

    /// The roles axe-core 4.12's standards mark deprecated.
    static let deprecatedRoles: Set<String> = ["directory", "doc-biblioentry", "doc-endnote"]

    /// The document's doctype is HTML5's: `<!DOCTYPE html>` without a public or system identifier.
    var isHTML5: Bool {
        guard let doc = model.elements.first?.node.pointee.doc, let dtd = xmlGetIntSubset(doc) else { return false }
        let name = dtd.pointee.name.map { String(cString: $0) }
        return name == "html" && dtd.pointee.ExternalID == nil && dtd.pointee.SystemID == nil
    }

    /// JavaScript's reading of an integer attribute as axe does it: trimmed, then an optional sign
    /// and the ASCII digits that follow (`3abc` is 3); nil where there are none.
    static func leadingInteger(_ value: String) -> Int? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        let sign = trimmed.first == "-" || trimmed.first == "+" ? String(trimmed.prefix(1)) : ""
        let digits = trimmed.dropFirst(sign.count).prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : Int(sign + digits.prefix(18))
    }
}
