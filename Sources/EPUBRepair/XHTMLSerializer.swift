import CLibXML2
import EPUBDocument

/// Writes a tree the HTML parser recovered from a document that was not well-formed back as
/// well-formed XHTML (UTF-8). The tree is the one the export shows of such a document, so what a
/// reader sees stays what it was; only the markup becomes XML: every element closed, every text
/// and attribute escaped, names in the case and namespaces XHTML needs.
///
/// The HTML parser lowercases every name and keeps prefixes as part of names (`epub:type`), so
/// the writer restores what XML needs: SVG's mixed-case element and attribute names (the HTML
/// standard's tables for foreign content, §13.2.6.5), MathML's `definitionURL`, and a namespace
/// declaration for every prefix in use (XHTML, SVG and MathML by their elements; `epub`, `xlink`,
/// `ssml` on the root). A prefix no declaration binds and no table knows makes the document not
/// the book's to decide: the writer gives nil.
enum XHTMLSerializer {
    static func serialize(_ document: XMLDocument) -> [UInt8]? {
        var writer = Writer()
        return writer.document(document.libxmlDocument) ? writer.out : nil
    }

    /// Prefixes XHTML content documents use, with the namespace each stands for.
    static let knownPrefixes: [String: String] = [
        "epub": XMLNamespace.epub, "xlink": XMLNamespace.xlink, "ssml": "http://www.w3.org/2001/10/synthesis",
        "svg": XMLNamespace.svg, "m": mathML, "mathml": mathML, "xml": XMLNamespace.xml,
    ]
    static let mathML = "http://www.w3.org/1998/Math/MathML"

    /// HTML's void elements: written as empty-element tags.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]

    private struct Writer {
        var out: [UInt8] = []
        /// Prefixes declared by `xmlns:p` on an open element, innermost last.
        var declared: [Set<String>] = []
        var failed = false
        /// Known prefixes the document uses that no `xmlns:` declares: declared once, on the root.
        var rootPrefixes: [String] = []

        mutating func document(_ doc: xmlDocPtr) -> Bool {
            out += Array(#"<?xml version="1.0" encoding="UTF-8"?>"#.utf8)
            out.append(0x0A)
            if let dtd = doc.pointee.intSubset, let name = dtd.pointee.name {
                out += Array("<!DOCTYPE \(String(cString: name))".utf8)
                if let publicID = dtd.pointee.ExternalID {
                    out += Array(" PUBLIC \"\(String(cString: publicID))\"".utf8)
                    if let systemID = dtd.pointee.SystemID { out += Array(" \"\(String(cString: systemID))\"".utf8) }
                } else if let systemID = dtd.pointee.SystemID {
                    out += Array(" SYSTEM \"\(String(cString: systemID))\"".utf8)
                }
                out += Array(">\n".utf8)
            }
            let root = xmlDocGetRootElement(doc)
            if let root { rootPrefixes = Self.undeclaredPrefixes(root).filter { XHTMLSerializer.knownPrefixes[$0] != nil }.sorted() }
            var child = doc.pointee.children
            while let node = child {
                if node == root {
                    element(node, inSVG: false, inMath: false, isRoot: true)
                    out.append(0x0A)
                } else if node.pointee.type == XML_COMMENT_NODE {
                    comment(node)
                    out.append(0x0A)
                }
                child = node.pointee.next
            }
            return root != nil && !failed
        }

        mutating func element(_ node: xmlNodePtr, inSVG: Bool, inMath: Bool, isRoot: Bool) {
            let raw = String(cString: node.pointee.name)
            let local = raw.split(separator: ":").last.map(String.init) ?? raw
            let svg = inSVG || local == "svg"
            let math = inMath || local == "math"
            let name = svg ? Self.svgName(raw) : raw
            let attributes = attributeList(node, svg: svg, math: math)
            var declares = Set(attributes.compactMap { $0.name.hasPrefix("xmlns:") ? String($0.name.dropFirst(6)) : nil })
            var extra: [(String, String)] = []
            let hasDefault = attributes.contains { $0.name == "xmlns" }
            if isRoot, !hasDefault { extra.append(("xmlns", XMLNamespace.xhtml)) }
            if isRoot {
                for prefix in rootPrefixes where !declares.contains(prefix) {
                    extra.append(("xmlns:\(prefix)", XHTMLSerializer.knownPrefixes[prefix] ?? ""))
                    declares.insert(prefix)
                }
            }
            if local == "svg", !inSVG, !hasDefault, !raw.contains(":") { extra.append(("xmlns", XMLNamespace.svg)) }
            if local == "math", !inMath, !hasDefault, !raw.contains(":") { extra.append(("xmlns", XHTMLSerializer.mathML)) }
            // Every prefix in use needs a binding in scope; the root declares the known ones missing.
            let used = Set(([name] + attributes.map(\.name)).compactMap(Self.prefix))
            for prefix in used.sorted() where prefix != "xml" && prefix != "xmlns" && !declares.contains(prefix) && !declared.contains(where: { $0.contains(prefix) }) {
                guard let uri = XHTMLSerializer.knownPrefixes[prefix] else { failed = true; continue }
                extra.append(("xmlns:\(prefix)", uri))
                declares.insert(prefix)
            }
            out.append(0x3C)
            out += Array(name.utf8)
            for (attribute, value) in extra + attributes.map({ ($0.name, $0.value) }) {
                out += Array(" \(attribute)=\"".utf8)
                XMLText.append(value, to: &out, attribute: true)
                out.append(0x22)
            }
            guard node.pointee.children != nil else {
                out += Array(XHTMLSerializer.voidElements.contains(name) || svg || math ? "/>".utf8 : "></\(name)>".utf8)
                return
            }
            out.append(0x3E)
            declared.append(declares)
            var child = node.pointee.children
            while let current = child {
                switch current.pointee.type {
                case XML_ELEMENT_NODE: element(current, inSVG: svg && local != "foreignObject" && local != "foreignobject", inMath: math, isRoot: false)
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    if let content = current.pointee.content { XMLText.append(String(cString: content), to: &out) }
                case XML_COMMENT_NODE: comment(current)
                case XML_ENTITY_REF_NODE:
                    if let content = xmlNodeGetContent(current) { XMLText.append(LibXMLNode.take(content) ?? "", to: &out) }
                default: break
                }
                child = current.pointee.next
            }
            declared.removeLast()
            out += Array("</\(name)>".utf8)
        }

        /// The element's attributes as XHTML spells them: SVG's and MathML's mixed case restored,
        /// a `meta` that names a character set naming UTF-8 (what the document is written in now).
        func attributeList(_ node: xmlNodePtr, svg: Bool, math: Bool) -> [(name: String, value: String)] {
            var list: [(name: String, value: String)] = []
            let element = String(cString: node.pointee.name)
            var attribute = node.pointee.properties
            while let current = attribute {
                var name = String(cString: current.pointee.name)
                if let ns = current.pointee.ns, let prefix = ns.pointee.prefix { name = String(cString: prefix) + ":" + name }
                if svg { name = XHTMLSerializer.svgAttributes[name] ?? name }
                if math, name == "definitionurl" { name = "definitionURL" }
                var value = LibXMLNode.content(current)
                if element == "meta", name == "charset" { value = "utf-8" }
                if element == "meta", name == "content", LibXMLNode.attribute(node, "http-equiv")?.lowercased() == "content-type",
                   let range = value.range(of: "charset=", options: .caseInsensitive) {
                    value = value[..<range.upperBound] + "utf-8"
                }
                if !list.contains(where: { $0.name == name }) { list.append((name, value)) }
                attribute = current.pointee.next
            }
            return list
        }

        /// A comment as XML allows one: no `--` inside, no `-` at its end.
        mutating func comment(_ node: xmlNodePtr) {
            var text = node.pointee.content.map { String(cString: $0) } ?? ""
            while text.contains("--") { text = text.replacingOccurrences(of: "--", with: "- -") }
            if text.hasSuffix("-") { text += " " }
            // Comments hold no references: written as they are, less what XML cannot hold.
            out += Array("<!--".utf8)
            out += text.unicodeScalars.filter { XMLText.isXMLCharacter($0) }.flatMap { Array(String($0).utf8) }
            out += Array("-->".utf8)
        }

        /// Prefixes of element and attribute names in the tree that no `xmlns:` attribute declares
        /// anywhere (`xml` and `xmlns` need none).
        static func undeclaredPrefixes(_ root: xmlNodePtr) -> Set<String> {
            var used = Set<String>(), declared = Set<String>()
            XMLDocument.walkElements(from: root) { node in
                if let name = prefix(String(cString: node.pointee.name)) { used.insert(name) }
                var attribute = node.pointee.properties
                while let current = attribute {
                    let name = String(cString: current.pointee.name)
                    if name.hasPrefix("xmlns:") { declared.insert(String(name.dropFirst(6))) }
                    if let p = current.pointee.ns?.pointee.prefix { used.insert(String(cString: p)) } else if let p = prefix(name) { used.insert(p) }
                    attribute = current.pointee.next
                }
                return true
            }
            return used.subtracting(declared).subtracting(["xml", "xmlns"])
        }

        static func prefix(_ name: String) -> String? {
            guard let colon = name.firstIndex(of: ":") else { return nil }
            return String(name[..<colon])
        }

        static func svgName(_ name: String) -> String {
            guard let colon = name.firstIndex(of: ":") else { return XHTMLSerializer.svgElements[name] ?? name }
            let local = String(name[name.index(after: colon)...])
            return String(name[...colon]) + (XHTMLSerializer.svgElements[local] ?? local)
        }
    }
}
