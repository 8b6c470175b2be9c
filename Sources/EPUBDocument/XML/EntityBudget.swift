import CLibXML2

/// Keeps what a document's internal entity references expand to within a budget. libxml2 keeps
/// references as nodes (we never substitute entities), but every text read expands them again, so
/// a 200 KB entity used 20,000 times would cost gigabytes: references past the budget are dropped
/// once, right after the parse, and every later reader sees a bounded tree.
enum EntityBudget {
    /// Drops every entity reference past `limit` bytes of expansion, in document order; the line
    /// near the first dropped one, or nil when the document is within budget (or declares no entity).
    static func enforce(_ document: xmlDocPtr, limit: Int) -> Int?? {
        guard let subset = document.pointee.intSubset, let table = subset.pointee.entities,
              xmlHashSize(OpaquePointer(table)) > 0 else { return nil }
        var sizes = Sizes(document: document, ceiling: limit)
        var total = 0
        var dropped: [xmlNodePtr] = []
        var line: Int?
        forEachReference(in: document) { node, lineOfParent in
            total = min(total + sizes.expanded(node.pointee.name), Int.max / 2)
            if total > limit {
                if dropped.isEmpty { line = lineOfParent }
                dropped.append(node)
            }
        }
        guard !dropped.isEmpty else { return nil }
        for node in dropped {
            xmlUnlinkNode(node)
            xmlFreeNode(node)
        }
        return .some(line)
    }

    /// Every entity reference node, in element text and in attribute values, with its element's line.
    private static func forEachReference(in document: xmlDocPtr, _ body: (xmlNodePtr, Int?) -> Void) {
        guard let root = xmlDocGetRootElement(document) else { return }
        XMLDocument.walkElements(from: root) { node in
            let number = Int(xmlGetLineNo(node))
            let line = number > 0 ? number : nil
            var attribute = node.pointee.properties
            while let a = attribute {
                var value = a.pointee.children
                while let v = value {
                    if v.pointee.type == XML_ENTITY_REF_NODE { body(v, line) }
                    value = v.pointee.next
                }
                attribute = a.pointee.next
            }
            var child = node.pointee.children
            while let c = child {
                if c.pointee.type == XML_ENTITY_REF_NODE { body(c, line) }
                child = c.pointee.next
            }
            return true
        }
    }

    /// Expanded sizes of entities by name, from their replacement text (nested references
    /// included), memoized; a cycle counts as nothing (libxml2 reports the loop itself).
    private struct Sizes {
        let document: xmlDocPtr
        /// Sizes saturate just above the budget, so exponential nesting never overflows.
        let ceiling: Int
        var known: [String: Int] = [:]
        var inProgress: Set<String> = []

        init(document: xmlDocPtr, ceiling: Int) {
            self.document = document
            self.ceiling = ceiling
        }

        mutating func expanded(_ name: UnsafePointer<xmlChar>?) -> Int {
            guard let name else { return 0 }
            return expanded(String(cString: name))
        }

        mutating func expanded(_ name: String) -> Int {
            if let size = known[name] { return size }
            guard !inProgress.contains(name), let entity = xmlGetDocEntity(document, name),
                  let content = entity.pointee.content else { return 0 }
            inProgress.insert(name)
            let size = measure(content, length: Int(entity.pointee.length))
            inProgress.remove(name)
            known[name] = size
            return size
        }

        /// The replacement text's length, each `&name;` in it counted as what it expands to.
        private mutating func measure(_ text: UnsafePointer<xmlChar>, length: Int) -> Int {
            var size = 0
            var i = 0
            while i < length {
                if text[i] == UInt8(ascii: "&"), i + 1 < length, text[i + 1] != UInt8(ascii: "#") {
                    var end = i + 1
                    while end < length, text[end] != UInt8(ascii: ";") { end += 1 }
                    let name = String(decoding: UnsafeBufferPointer(start: text + i + 1, count: end - i - 1), as: UTF8.self)
                    size += expanded(name)
                    i = end + 1
                } else {
                    size += 1
                    i += 1
                }
                if size > ceiling { return ceiling + 1 }
            }
            return size
        }
    }
}
