import CLibXML2

/// A read-only view of one element of an `XMLDocument`.
package struct XMLElement: @unchecked Sendable {
    /// The libxml2 node it views (two views of one element have the same node).
    package let node: xmlNodePtr
    /// Held so the tree outlives every view of it.
    package let document: XMLDocument

    init(node: xmlNodePtr, document: XMLDocument) {
        self.node = node
        self.document = document
    }

    /// Local name, without prefix.
    package var name: String {
        String(cString: node.pointee.name)
    }

    package var namespace: String? {
        node.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) }
    }

    /// True when the element has this local name in this namespace (nil: no namespace check).
    package func `is`(_ localName: String, in namespace: String?) -> Bool {
        guard name == localName else { return false }
        guard let namespace else { return true }
        return self.namespace == namespace
    }

    /// 1-based source line.
    package var line: Int {
        Int(xmlGetLineNo(node))
    }

    /// The parent element; nil at the root.
    package var parent: XMLElement? {
        guard let up = node.pointee.parent, up.pointee.type == XML_ELEMENT_NODE else { return nil }
        return XMLElement(node: up, document: document)
    }

    /// Child elements in document order.
    package var children: [XMLElement] {
        var out: [XMLElement] = []
        var child = node.pointee.children
        while let c = child {
            if c.pointee.type == XML_ELEMENT_NODE { out.append(XMLElement(node: c, document: document)) }
            child = c.pointee.next
        }
        return out
    }

    package func children(named localName: String, in namespace: String?) -> [XMLElement] {
        children.filter { $0.is(localName, in: namespace) }
    }

    package func firstChild(named localName: String, in namespace: String?) -> XMLElement? {
        var child = node.pointee.children
        while let c = child {
            if c.pointee.type == XML_ELEMENT_NODE {
                let e = XMLElement(node: c, document: document)
                if e.is(localName, in: namespace) { return e }
            }
            child = c.pointee.next
        }
        return nil
    }

    /// An attribute without namespace (`namespace == nil`) or in the given namespace.
    package func attribute(_ name: String, namespace: String? = nil) -> String? {
        LibXMLNode.attribute(node, name, namespace: namespace)
    }

    /// The `epub:type` tokens (EPUB 3.3 § D.1: a space-separated list), split once here for every
    /// reader of navigation, overlays and rendition mappings.
    package var epubTypes: [String] { (attribute("type", namespace: XMLNamespace.epub) ?? "").xmlTokens() }

    /// Every attribute as (local name, namespace URI, value), in source order.
    package var attributes: [(name: String, namespace: String?, value: String)] {
        var out: [(String, String?, String)] = []
        var attr = node.pointee.properties
        while let a = attr {
            let name = String(cString: a.pointee.name)
            let ns = a.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) }
            out.append((name, ns, LibXMLNode.take(xmlNodeListGetString(node.pointee.doc, a.pointee.children, 1)) ?? ""))
            attr = a.pointee.next
        }
        return out
    }

    /// The concatenated text of all descendants, as in the DOM's `textContent`. References to
    /// user-declared entities contribute their declared text one level deep, never recursively,
    /// so entity expansion attacks stay linear.
    package var text: String {
        var out = ""
        Self.appendText(of: node, to: &out, depth: 0)
        return out
    }

    private static func appendText(of parent: xmlNodePtr, to out: inout String, depth: Int) {
        guard depth < 256 else { return }
        var child = parent.pointee.children
        while let c = child {
            switch c.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = c.pointee.content { out += String(cString: content) }
            case XML_ELEMENT_NODE:
                appendText(of: c, to: &out, depth: depth + 1)
            case XML_ENTITY_REF_NODE:
                if let entity = xmlGetDocEntity(c.pointee.doc, c.pointee.name), entity.pointee.etype == XML_INTERNAL_GENERAL_ENTITY,
                   let content = entity.pointee.content {
                    let value = String(cString: content)
                    if !value.utf8.contains(UInt8(ascii: "&")) { out += value }
                }
            default:
                break
            }
            child = c.pointee.next
        }
    }

    /// The elements below this one (not itself) that `keep` accepts, in document order: what the
    /// rules ask of a tree, read by walking it rather than by XPath.
    package func descendants(where keep: (XMLElement) -> Bool) -> [XMLElement] {
        var out: [XMLElement] = []
        XMLDocument.walkElements(from: node) { found in
            if found != node {
                let element = XMLElement(node: found, document: document)
                if keep(element) { out.append(element) }
            }
            return true
        }
        return out
    }

    /// The elements below this one with that name, in document order.
    package func descendants(named localName: String, in namespace: String?) -> [XMLElement] {
        descendants { $0.is(localName, in: namespace) }
    }

    package func select(_ expression: String) -> [XMLElement] {
        document.select(expression, from: self)
    }
}

/// Two views are equal when they show the same element of the same tree (so rules can key
/// findings by element, as a column found in one pass and reported in another).
extension XMLElement: Hashable {
    package static func == (lhs: XMLElement, rhs: XMLElement) -> Bool { lhs.node == rhs.node }
    package func hash(into hasher: inout Hasher) { hasher.combine(UnsafeRawPointer(node)) }
}
