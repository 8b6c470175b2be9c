import CLibXML2

/// Reads a `ContentDocument` in one walk of a parsed tree. Names are compared as bytes and
/// namespaces as libxml2's pointers, so the walk makes strings only for what it keeps (tokens,
/// languages, ids).
enum ContentDocumentReader {
    static func read(_ tree: xmlDocPtr, owner: XMLDocument?, path: String) -> ContentDocument {
        var walk = Walk(model: ContentDocument(owner: owner, path: path))
        guard let root = xmlDocGetRootElement(tree) else { return walk.model }
        walk.stack = [Pending(node: root, parent: -1, step: 0, language: -1, direction: nil)]
        while let next = walk.stack.popLast() { walk.visit(next) }
        walk.model.setSubtreeEnds()
        return walk.model
    }

    /// Whether an attribute is an element's id: `id` in no namespace, or `xml:id`.
    static func isID(_ attribute: xmlAttrPtr) -> Bool {
        guard named(attribute.pointee.name, "id") else { return false }
        guard let ns = attribute.pointee.ns else { return true }
        return isXMLPrefix(ns)
    }

    /// Whether libxml2's name bytes spell `name`.
    static func named(_ raw: UnsafePointer<xmlChar>?, _ name: StaticString) -> Bool {
        guard let raw else { return false }
        return name.withUTF8Buffer { wanted in
            for i in 0..<wanted.count where raw[i] != wanted[i] { return false }
            return raw[wanted.count] == 0
        }
    }

    /// The `xml` prefix is bound to the XML namespace and no other (Namespaces in XML §3).
    static func isXMLPrefix(_ ns: UnsafeMutablePointer<xmlNs>) -> Bool {
        named(ns.pointee.prefix, "xml")
    }

    /// An element still to read, with what it inherits from its parent.
    struct Pending {
        var node: xmlNodePtr
        var parent: Int32
        var step: Int32
        var language: Int32
        var direction: ContentDocument.Direction?
    }

    /// What one element's attributes say.
    private struct Said {
        var id: String?
        var xmlLang: String?
        var lang: String?
        var direction: ContentDocument.Direction?
        var roles: [String] = []
    }

    /// The state of one walk.
    struct Walk {
        var model: ContentDocument
        /// Elements still to read; children are pushed in reverse so they come out in order.
        var stack: [Pending] = []
        /// A document declares a handful of namespaces: a list searched by pointer beats hashing.
        private var spaces: [(ns: UnsafeMutablePointer<xmlNs>, space: ContentNamespace)] = []
        private var lastSpace: (ns: UnsafeMutablePointer<xmlNs>, space: ContentNamespace)?
        /// Tags met on the current line (few distinct ones share a line: a list beats hashing).
        private var countsLine: Int32 = -1
        private var counts: [(prefix: UnsafePointer<xmlChar>?, name: UnsafePointer<xmlChar>?, count: Int32)] = []

        init(model: ContentDocument) {
            self.model = model
        }

        mutating func visit(_ pending: Pending) {
            let node = pending.node
            let line = Int32(clamping: xmlGetLineNo(node))
            let attributeStart = Int32(model.attributes.count)
            let tokenStart = Int32(model.tokens.count)
            let said = readAttributes(node)
            let typeEnd = Int32(model.tokens.count)
            model.tokens += said.roles
            var language = pending.language
            if let lang = said.xmlLang ?? said.lang { language = intern(lang) }
            let direction = said.direction ?? pending.direction
            let number = Int32(model.elements.count)
            model.elements.append(ContentDocument.Element(
                node: node, namespace: space(node.pointee.ns), direction: direction, parentIndex: pending.parent, lineNumber: line,
                occurrence: occurrence(of: node, line: line), step: pending.step,
                attributeStart: attributeStart, attributeEnd: Int32(model.attributes.count),
                tokenStart: tokenStart, typeEnd: typeEnd, roleEnd: Int32(model.tokens.count),
                languageIndex: language))
            if let id = said.id, model.ids[id] == nil { model.ids[id] = Int(number) }
            let mark = stack.count
            var place: Int32 = 0
            var child = node.pointee.children
            while let c = child {
                if c.pointee.type == XML_ELEMENT_NODE {
                    place += 1
                    stack.append(Pending(node: c, parent: number, step: 2 * place, language: language, direction: direction))
                }
                child = c.pointee.next
            }
            stack[mark...].reverse()
        }

        /// Records the element's attributes and reads what the model keeps from them: the id,
        /// `epub:type` tokens (appended to the model's), `role` tokens, `xml:lang`/`lang`, `dir`.
        private mutating func readAttributes(_ node: xmlNodePtr) -> Said {
            var said = Said()
            var attribute = node.pointee.properties
            while let a = attribute {
                attribute = a.pointee.next
                let name = a.pointee.name
                guard let ns = a.pointee.ns else {
                    model.attributes.append(.init(pointer: a, namespace: nil))
                    if named(name, "id") {
                        if said.id == nil { said.id = LibXMLNode.content(a).trimmingXMLWhitespace() }
                    } else if named(name, "lang") {
                        said.lang = LibXMLNode.content(a).trimmingXMLWhitespace()
                    } else if named(name, "dir") {
                        said.direction = ContentDocument.Direction(rawValue: LibXMLNode.content(a).lowercased())
                    } else if named(name, "role") {
                        said.roles = LibXMLNode.content(a).xmlTokens()
                    }
                    continue
                }
                let space = space(ns)
                model.attributes.append(.init(pointer: a, namespace: space))
                if isXMLPrefix(ns) {
                    if named(name, "lang") { said.xmlLang = LibXMLNode.content(a).trimmingXMLWhitespace() }
                    if named(name, "id"), said.id == nil { said.id = LibXMLNode.content(a).trimmingXMLWhitespace() }
                } else if space == .epub, named(name, "type") {
                    model.tokens += LibXMLNode.content(a).xmlTokens()
                }
            }
            return said
        }

        private mutating func space(_ ns: UnsafeMutablePointer<xmlNs>?) -> ContentNamespace {
            guard let ns else { return .other }
            if let last = lastSpace, last.ns == ns { return last.space }
            if let known = spaces.first(where: { $0.ns == ns }) {
                lastSpace = known
                return known.space
            }
            let kind = ContentNamespace(href: ns.pointee.href.map { String(cString: $0) } ?? "")
            spaces.append((ns, kind))
            lastSpace = (ns, kind)
            return kind
        }

        /// A language's index in the model's table (a document says few: a list beats hashing).
        private mutating func intern(_ language: String) -> Int32 {
            if let known = model.languages.firstIndex(of: language) { return Int32(known) }
            model.languages.append(language)
            return Int32(model.languages.count - 1)
        }

        /// Which occurrence of its tag on its line the element is.
        private mutating func occurrence(of node: xmlNodePtr, line: Int32) -> Int32 {
            if line != countsLine {
                counts.removeAll(keepingCapacity: true)
                countsLine = line
            }
            let prefix = UnsafePointer(node.pointee.ns?.pointee.prefix), name = UnsafePointer(node.pointee.name)
            if let slot = counts.firstIndex(where: { $0.prefix == prefix && $0.name == name }) {
                counts[slot].count += 1
                return counts[slot].count - 1
            }
            counts.append((prefix, name, 1))
            return 0
        }
    }
}
