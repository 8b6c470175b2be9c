import CLibXML2
import Foundation

/// A parsed XML document. It owns the libxml2 tree; elements keep it alive while they are used.
package final class XMLDocument: @unchecked Sendable {
    package let pointer: xmlDocPtr
    /// Container path the document was read from, for diagnostics.
    package let path: String
    /// True when the document was not well-formed and this tree is libxml2's best recovery.
    package let isRecovered: Bool
    /// True when a parse budget cut the document or dropped entity references (then `isRecovered`
    /// is true too): well-formed as far as it goes, but not all of what the file says.
    package let isOverBudget: Bool
    /// One XPath context for all of the document's queries, made at the first: making one fills
    /// libxml2's function table and registers our prefixes, which cost more than most queries do.
    /// Rules on several threads may query one document, hence the lock.
    private var xpathContext: xmlXPathContextPtr?
    private let xpathLock = NSLock()

    init(pointer: xmlDocPtr, path: String, isRecovered: Bool, isOverBudget: Bool = false) {
        self.pointer = pointer
        self.path = path
        self.isRecovered = isRecovered || isOverBudget
        self.isOverBudget = isOverBudget
    }

    deinit {
        if let xpathContext { xmlXPathFreeContext(xpathContext) }
        xmlFreeDoc(pointer)
    }

    /// The libxml2 tree, for stages after the session that transform documents (the exporter
    /// copies or transforms it; nothing may change it, other readers share it).
    package var libxmlDocument: xmlDocPtr { pointer }

    /// The document type declaration: root name, package and system identifiers; nil without one.
    package var doctype: (name: String, publicID: String?, systemID: String?)? {
        guard let dtd = pointer.pointee.intSubset else { return nil }
        return (dtd.pointee.name.map { String(cString: $0) } ?? "",
                dtd.pointee.ExternalID.map { String(cString: $0) },
                dtd.pointee.SystemID.map { String(cString: $0) })
    }

    package var root: XMLElement? {
        guard let node = xmlDocGetRootElement(pointer) else { return nil }
        return XMLElement(node: node, document: self)
    }

    /// Values of an attribute that more than one element carries, in document order of first
    /// use, with the line of every bearer (ids must be unique; EPUBCheck reports each bearer).
    package func repeatedValues(of attribute: String) -> [(value: String, lines: [Int])] {
        var repeated = RepeatedIDs()
        var lineOf: [Int] = []
        // Straight on the nodes: most elements carry no such attribute, and need no wrapper.
        forEachElementInOrder { node in
            guard xmlHasProp(node, attribute) != nil,
                  let value = LibXMLNode.attribute(node, attribute)?.trimmingXMLWhitespace() else { return }
            repeated.note(value, at: lineOf.count)
            lineOf.append(Int(xmlGetLineNo(node)))
        }
        // Grouped by value, values in the order of their first bearer, bearers in document order.
        var places: [String: [Int]] = [:]
        for bearer in repeated.bearers { places[bearer.id, default: []].append(bearer.place) }
        return places.map { (value: $0.key, order: $0.value.min() ?? 0, places: $0.value.sorted()) }
            .sorted { $0.order < $1.order }
            .map { (value: $0.value, lines: $0.places.map { lineOf[$0] }) }
    }

    /// Each id with the document-order position of its element (the first one, if repeated):
    /// what "before" means for fragments of one document.
    /// `upToLine`: only elements that start on or before it (a tree recovered past a fatal error).
    package func elementIDOrder(upToLine last: Int? = nil) -> [String: Int] {
        var order: [String: Int] = [:]
        var position = 0
        forEachElementInOrder { node in
            if let id = Self.id(of: node), order[id] == nil, last.map({ Int(xmlGetLineNo(node)) <= $0 }) ?? true { order[id] = position }
            position += 1
        }
        return order
    }

    /// Every element in document order (depth first, children in order).
    package func forEachElementInOrder(_ body: (xmlNodePtr) -> Void) {
        guard let root = xmlDocGetRootElement(pointer) else { return }
        Self.walkElements(from: root) { body($0); return true }
    }

    /// `top` and the elements below it in document order, until `body` returns false.
    package static func walkElements(from top: xmlNodePtr, _ body: (xmlNodePtr) -> Bool) {
        var stack: [xmlNodePtr] = [top]
        while let node = stack.popLast() {
            guard body(node) else { return }
            let mark = stack.count
            var child = node.pointee.children
            while let c = child {
                if c.pointee.type == XML_ELEMENT_NODE { stack.append(c) }
                child = c.pointee.next
            }
            stack[mark...].reverse()
        }
    }

    /// An element's id (`ContentDocument` decides what it is).
    package static func id(of node: xmlNodePtr) -> String? {
        ContentDocument.id(of: node)
    }

    /// Every element of the document (the root included) that `keep` accepts, in document order.
    package func elements(where keep: (XMLElement) -> Bool) -> [XMLElement] {
        guard let root else { return [] }
        return (keep(root) ? [root] : []) + root.descendants(where: keep)
    }

    /// The elements at a path of children from the root (`/container/rootfiles/rootfile`), each
    /// step a local name in a namespace; the first step names the root.
    package func elements(atPath steps: [String], in namespace: String?) -> [XMLElement] {
        guard let root, let first = steps.first, root.is(first, in: namespace) else { return [] }
        return steps.dropFirst().reduce([root]) { found, step in found.flatMap { $0.children(named: step, in: namespace) } }
    }

    /// Every element of the document with that name, in document order.
    package func elements(named localName: String, in namespace: String?) -> [XMLElement] {
        elements { $0.is(localName, in: namespace) }
    }

    /// Elements matched by an XPath 1.0 expression, with the prefixes of `XMLNamespace` registered.
    package func select(_ expression: String, from context: XMLElement? = nil) -> [XMLElement] {
        // libxml2 merges the sets of a union by comparing every node with every other: quadratic,
        // minutes for two sets of 100,000. Unions of descendant paths are evaluated part by part
        // and merged here in document order, in one walk of the subtree they lie in.
        let parts = Self.unionParts(expression)
        let descendants = parts.count > 1 && parts.allSatisfy { context == nil ? $0.hasPrefix("//") : $0.hasPrefix(".//") }
        guard descendants else { return evaluate(expression, from: context).map { XMLElement(node: $0, document: self) } }
        let found = parts.map { evaluate($0, from: context) }
        if found.filter({ !$0.isEmpty }).count <= 1 { return found.joined().map { XMLElement(node: $0, document: self) } }
        let wanted = Set(found.joined())
        guard let top = context?.node ?? xmlDocGetRootElement(pointer) else { return [] }
        var out: [XMLElement] = []
        Self.walkElements(from: top) { node in
            if wanted.contains(node) { out.append(XMLElement(node: node, document: self)) }
            return out.count < wanted.count
        }
        return out
    }

    /// The element nodes an XPath expression selects, in libxml2's order.
    private func evaluate(_ expression: String, from context: XMLElement?) -> [xmlNodePtr] {
        xpathLock.lock()
        defer { xpathLock.unlock() }
        guard let ctx = xpathContext ?? makeXPathContext() else { return [] }
        // Each query starts as in a new context: no context node (or `context`'s), and nothing
        // counted from the queries before.
        ctx.pointee.node = context?.node
        ctx.pointee.contextSize = -1
        ctx.pointee.proximityPosition = -1
        ctx.pointee.opCount = 0
        ctx.pointee.depth = 0
        guard let result = xmlXPathEvalExpression(expression, ctx) else { return [] }
        defer { xmlXPathFreeObject(result) }
        guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0, let table = set.pointee.nodeTab else { return [] }
        var out: [xmlNodePtr] = []
        out.reserveCapacity(Int(set.pointee.nodeNr))
        for i in 0..<Int(set.pointee.nodeNr) {
            if let node = table[i], node.pointee.type == XML_ELEMENT_NODE { out.append(node) }
        }
        return out
    }

    /// The document's XPath context with `XMLNamespace.xpathPrefixes` registered; called under `xpathLock`.
    private func makeXPathContext() -> xmlXPathContextPtr? {
        guard let ctx = xmlXPathNewContext(pointer) else { return nil }
        for (prefix, uri) in XMLNamespace.xpathPrefixes {
            xmlXPathRegisterNs(ctx, prefix, uri)
        }
        xpathContext = ctx
        return ctx
    }

    /// The top-level operands of a union (`a | b`), trimmed; one part when there is no union.
    static func unionParts(_ expression: String) -> [String] {
        guard expression.utf8.contains(UInt8(ascii: "|")) else { return [expression] }
        var parts: [String] = []
        var depth = 0
        var quote: Character?
        var current = ""
        for c in expression {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "'" || c == "\"" {
                quote = c
            } else if c == "[" || c == "(" {
                depth += 1
            } else if c == "]" || c == ")" {
                depth -= 1
            } else if c == "|", depth == 0 {
                parts.append(current.trimmingXMLWhitespace())
                current = ""
                continue
            }
            current.append(c)
        }
        parts.append(current.trimmingXMLWhitespace())
        return parts
    }
}
