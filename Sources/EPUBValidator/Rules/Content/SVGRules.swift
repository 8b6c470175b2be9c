import Foundation
import CLibXML2
import EPUBContract

/// SVG markup, in SVG documents and embedded in XHTML: elements SVG 1.1 does not define are a
/// fault of the informative SVG grammar (RSC-025, usage), reported once per unknown subtree; a
/// `foreignObject` holds HTML flow content, so an SVG or unknown element straight inside it is
/// RSC-005 (EPUB 3.3 § SVG restrictions); so is an SVG element inside an SVG `title`, and an `id`
/// EPUBCheck's grammars refuse (`ids`).
enum SVGRules {
    static let elements = NameTable([
        "a", "altGlyph", "altGlyphDef", "altGlyphItem", "animate", "animateColor", "animateMotion", "animateTransform",
        "circle", "clipPath", "color-profile", "cursor", "defs", "desc", "ellipse", "feBlend", "feColorMatrix",
        "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting", "feDisplacementMap",
        "feDistantLight", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge",
        "feMergeNode", "feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile",
        "feTurbulence", "filter", "font", "font-face", "font-face-format", "font-face-name", "font-face-src",
        "font-face-uri", "foreignObject", "g", "glyph", "glyphRef", "hkern", "image", "line", "linearGradient", "marker",
        "mask", "metadata", "missing-glyph", "mpath", "path", "pattern", "polygon", "polyline", "radialGradient", "rect",
        "script", "set", "stop", "style", "svg", "switch", "symbol", "text", "textPath", "title", "tref", "tspan", "use",
        "view", "vkern",
    ])

    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        var unknown: Set<Int> = []
        for (number, element) in index.elements.enumerated() where element.space == .svg {
            guard let raw = element.node.pointee.name else { continue }
            if isForeignObject(element.node) { foreignObjectContent(number, index, &findings) }
            // The indexed attributes, by known name: no walk of the node's attribute list per element.
            if let i = element.attributes.first(where: { index.attributes[$0].name == .id && index.attributes[$0].space == nil }) {
                ids(index.attributes[i].value, at: index.position(number), inXHTML: context.isXHTML, &findings)
            }
            // An SVG title holds text (and, in XHTML, any HTML): no SVG element.
            if let parent = element.parent, index.elements[parent].space == .svg,
               let parentName = index.elements[parent].node.pointee.name, xmlStrEqual(parentName, "title") != 0 {
                findings.report(.RSC_005, .elementNotInsideElement(String(cString: raw), "title"), at: index.position(number))
            }
            guard elements.index(raw) == nil, !hasAncestor(number, in: unknown, index) else { continue }
            unknown.insert(number)
            findings.report(.RSC_025, .elementNotSvgReadingSystemsNot(String(cString: raw)), at: index.position(number))
        }
    }

    /// An SVG `id`: in XHTML, HTML's (not empty, no white space); in an SVG document, an XML name
    /// without colons (RSC-005). The informative SVG grammar wants HTML's in both (RSC-025, a usage).
    private static func ids(_ id: String, at position: TagPosition, inXHTML: Bool, _ findings: inout ContentFindings) {
        let expected = HTMLDatatype.token.problem(id)
        if inXHTML, let expected {
            findings.report(.RSC_005, .valueAttributeInvalid(id, "id", expected), at: position)
        } else if !inXHTML, !id.isXMLNCName {
            findings.report(.RSC_005, .idNotXmlNameWithoutColons(id), at: position)
        }
        if let expected { findings.report(.RSC_025, .valueAttributeInvalid(id, "id", expected), at: position) }
    }

    /// Whether a node is SVG's `foreignObject` (whose children are HTML flow content): for
    /// these rules and for VocabularyRules, which judges those children.
    static func isForeignObject(_ node: xmlNodePtr?) -> Bool {
        guard let node, node.pointee.type == XML_ELEMENT_NODE, let raw = node.pointee.name, xmlStrEqual(raw, "foreignObject") != 0 else { return false }
        return node.pointee.ns.map { xmlStrEqual($0.pointee.href, XMLNamespace.svg) != 0 } == true
    }

    /// The element children of a `foreignObject` must be XHTML (or MathML, which HTML flow content allows).
    private static func foreignObjectContent(_ number: Int, _ index: DocumentIndex, _ findings: inout ContentFindings) {
        var child = index.elements[number].node.pointee.children
        while let node = child {
            child = node.pointee.next
            guard node.pointee.type == XML_ELEMENT_NODE else { continue }
            let namespace = node.pointee.ns?.pointee.href.map { String(cString: $0) }
            if namespace == XMLNamespace.xhtml || namespace == "http://www.w3.org/1998/Math/MathML" { continue }
            let name = String(cString: node.pointee.name)
            let line = Int(xmlGetLineNo(node))
            if let place = index.number(of: node) {
                findings.report(.RSC_005, .elementNotAllowedForeignobjectWhichHolds(name), at: index.position(place))
            } else {
                findings.report(.RSC_005, .elementNotAllowedForeignobjectWhichHolds(name), line: line)
            }
        }
    }

    private static func hasAncestor(_ number: Int, in set: Set<Int>, _ index: DocumentIndex) -> Bool {
        guard !set.isEmpty else { return false }
        var up = index.elements[number].parent
        while let p = up {
            if set.contains(p) { return true }
            up = index.elements[p].parent
        }
        return false
    }
}
