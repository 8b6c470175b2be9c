import CLibXML2
import EPUBContract

/// What OPS 2.0.1's XHTML 1.1 grammar says of a document's namespaces (RSC-005), as EPUBCheck's
/// schema reports it: the root is XHTML's `html`, and XHTML elements carry no namespaced attribute
/// but `xml:lang` (and `xml:space` where whitespace is kept: `pre`, `script`, `style`). XHTML 1.1
/// has no custom attributes; SVG inside keeps its own.
enum EPUB2GrammarRules {
    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        guard context.isXHTML, let root = index.elements.first else { return }
        if root.space != .xhtml || xmlStrEqual(root.node.pointee.name, "html") == 0 {
            // One report at the root: a document outside the namespace is wrong as a whole.
            let namespace = root.node.pointee.ns?.pointee.href.map { String(cString: $0) } ?? ""
            findings.report(.RSC_005, .rootElementHtmlXhtmlNamespaceElements(namespace), at: root.position)
            return
        }
        for (number, element) in index.elements.enumerated() where element.space == .xhtml {
            for i in element.attributes {
                let attribute = index.attributes[i].pointer
                guard let ns = attribute.pointee.ns, !allowed(attribute, ns, on: element.node) else { continue }
                let prefix = ns.pointee.prefix.map { String(cString: $0) + ":" } ?? ""
                let name = attribute.pointee.name.map { String(cString: $0) } ?? ""
                findings.report(.RSC_005, .attributeNotAllowedHereXhtmlTakes(prefix, name), at: index.position(number))
            }
        }
    }

    /// `xml:lang` anywhere, `xml:space` on the elements that keep whitespace.
    private static func allowed(_ attribute: xmlAttrPtr, _ ns: xmlNsPtr, on element: xmlNodePtr) -> Bool {
        guard xmlStrEqual(ns.pointee.href, XMLNamespace.xml) != 0 else { return false }
        if xmlStrEqual(attribute.pointee.name, "lang") != 0 { return true }
        guard xmlStrEqual(attribute.pointee.name, "space") != 0 else { return false }
        guard let name = element.pointee.name else { return false }
        return xmlStrEqual(name, "pre") != 0 || xmlStrEqual(name, "script") != 0 || xmlStrEqual(name, "style") != 0
    }
}
