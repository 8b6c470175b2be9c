import EPUBContract
import CLibXML2
import Foundation

/// A RELAX NG grammar (XML syntax) read into simplified patterns: `start`, and the content of
/// every `element` by index. Supports what our schemas in `schemas/` use — no `include`,
/// `externalRef` or `combine` — and says so instead of guessing when it meets them.
struct RelaxNGGrammar: Sendable {
    static let namespace = "http://relaxng.org/ns/structure/1.0"
    static let xsd = "http://www.w3.org/2001/XMLSchema-datatypes"
    static let annotations = "http://relaxng.org/ns/compatibility/annotations/1.0"

    var start: RelaxNGPattern
    var elements: [RelaxNGPattern]

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(_ data: Data, name: String) throws(Failure) {
        let parsed = XMLParser.parse(data, path: name)
        guard let document = parsed.document, !document.isRecovered, let root = xmlDocGetRootElement(document.pointer) else {
            throw Failure(description: "\(name) is not well-formed XML")
        }
        var reader = Reader(document: document)
        guard Reader.isRNG(root, "grammar") else { throw Failure(description: "\(name): the root is not a RELAX NG grammar") }
        for child in Reader.rngChildren(root) where Reader.isRNG(child, "define") {
            guard let defineName = Reader.attribute(child, "name") else { throw Failure(description: "\(name): a define has no name") }
            reader.defines[defineName] = child
        }
        guard let startNode = Reader.rngChildren(root).first(where: { Reader.isRNG($0, "start") }) else {
            throw Failure(description: "\(name): the grammar has no start")
        }
        do {
            start = try reader.group(Reader.rngChildren(startNode))
            var index = 0
            while index < reader.pending.count {
                let node = reader.pending[index]
                let content = try reader.group(Array(Reader.rngChildren(node).dropFirst(Reader.attribute(node, "name") == nil ? 1 : 0)))
                reader.contents.append(content)
                index += 1
            }
        } catch {
            throw Failure(description: "\(name): \(error.description)")
        }
        elements = reader.contents
    }

    /// Walks the grammar document; elements are queued and their content read after `start`,
    /// which is what lets a grammar recurse through elements.
    private struct Reader {
        let document: XMLDocument
        var defines: [String: xmlNodePtr] = [:]
        var expanded: [String: RelaxNGPattern] = [:]
        var expanding: Set<String> = []
        var pending: [xmlNodePtr] = []
        var contents: [RelaxNGPattern] = []

        static func isRNG(_ node: xmlNodePtr, _ local: String) -> Bool {
            node.pointee.type == XML_ELEMENT_NODE && String(cString: node.pointee.name) == local
                && node.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) } == RelaxNGGrammar.namespace
        }

        static func rngChildren(_ node: xmlNodePtr) -> [xmlNodePtr] {
            var out: [xmlNodePtr] = []
            var child = node.pointee.children
            while let c = child {
                if c.pointee.type == XML_ELEMENT_NODE, c.pointee.ns.flatMap({ $0.pointee.href }).map({ String(cString: $0) }) == RelaxNGGrammar.namespace {
                    if isRNG(c, "div") { out += rngChildren(c) } else { out.append(c) }
                }
                child = c.pointee.next
            }
            return out
        }

        static func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
            LibXMLNode.attribute(node, name)
        }

        static func text(_ node: xmlNodePtr) -> String {
            LibXMLNode.content(node)
        }

        /// The nearest `attr` on the node or an ancestor (`ns`, `datatypeLibrary` are inherited).
        static func inherited(_ node: xmlNodePtr, _ attr: String) -> String? {
            var current: xmlNodePtr? = node
            while let n = current, n.pointee.type == XML_ELEMENT_NODE {
                if let value = attribute(n, attr) { return value }
                current = n.pointee.parent
            }
            return nil
        }

        mutating func group(_ nodes: [xmlNodePtr]) throws(Failure) -> RelaxNGPattern {
            var result = RelaxNGPattern.empty
            for node in nodes { result = .sequence(result, try pattern(node)) }
            return result
        }

        mutating func pattern(_ node: xmlNodePtr) throws(Failure) -> RelaxNGPattern {
            let local = String(cString: node.pointee.name)
            let children = Self.rngChildren(node)
            switch local {
            case "empty": return .empty
            case "notAllowed": return .notAllowed
            case "text": return .text
            case "group": return try group(children)
            case "choice":
                var result = RelaxNGPattern.notAllowed
                for child in children { result = .either(result, try pattern(child)) }
                return result
            case "interleave", "mixed":
                var result: RelaxNGPattern = local == "mixed" ? .text : .empty
                for child in children { result = .both(result, try pattern(child)) }
                return result
            case "optional": return .either(try group(children), .empty)
            case "oneOrMore": return .repeated(try group(children))
            case "zeroOrMore": return .either(.repeated(try group(children)), .empty)
            case "list": return .list(try group(children))
            case "ref":
                guard let name = Self.attribute(node, "name") else { throw Failure(description: "a ref has no name") }
                if let done = expanded[name] { return done }
                guard let define = defines[name] else { throw Failure(description: "ref to undefined '\(name)'") }
                guard !expanding.contains(name) else { throw Failure(description: "'\(name)' refers to itself outside an element") }
                expanding.insert(name)
                let body = try group(Self.rngChildren(define))
                expanding.remove(name)
                expanded[name] = body
                return body
            case "element":
                let nameClass = try self.nameClass(of: node, attribute: false)
                pending.append(node)
                return .element(nameClass, pending.count - 1)
            case "attribute":
                let nameClass = try self.nameClass(of: node, attribute: true)
                let content = Array(children.dropFirst(Self.attribute(node, "name") == nil ? 1 : 0))
                return .attribute(nameClass, content.isEmpty ? .text : try group(content))
            case "data":
                var type = datatype(node)
                var except: RelaxNGPattern?
                for child in children {
                    if Self.isRNG(child, "param"), let name = Self.attribute(child, "name") {
                        let value = Self.text(child)
                        switch name {
                        case "minLength": type.facets.append(.minLength(Int(value) ?? 0))
                        case "maxLength": type.facets.append(.maxLength(Int(value) ?? Int.max))
                        case "length": type.facets.append(.length(Int(value) ?? 0))
                        case "pattern": type.facets.append(.pattern(value))
                        default: break
                        }
                    } else if Self.isRNG(child, "except") {
                        except = try group(Self.rngChildren(child))
                    }
                }
                if except != nil { throw Failure(description: "data/except is not supported") }
                var child = node.pointee.children
                while let c = child {
                    if c.pointee.type == XML_ELEMENT_NODE, String(cString: c.pointee.name) == "documentation",
                       c.pointee.ns.flatMap({ $0.pointee.href }).map({ String(cString: $0) }) == RelaxNGGrammar.annotations {
                        type.description = MessageKey(name: Self.text(c).trimmingXMLWhitespace())
                    }
                    child = c.pointee.next
                }
                return .data(type)
            case "value":
                var type = datatype(node)
                if Self.attribute(node, "type") == nil { type = XSDDatatype(name: "token") }
                return .value(type, Self.text(node))
            default:
                throw Failure(description: "<\(local)> is not supported")
            }
        }

        func datatype(_ node: xmlNodePtr) -> XSDDatatype {
            let library = Self.inherited(node, "datatypeLibrary") ?? ""
            let type = Self.attribute(node, "type") ?? "token"
            return XSDDatatype(name: library.isEmpty || library == RelaxNGGrammar.xsd ? type : "")
        }

        func nameClass(of node: xmlNodePtr, attribute: Bool) throws(Failure) -> RelaxNGNameClass {
            if let qname = Self.attribute(node, "name") {
                return qualified(qname, at: node, attribute: attribute)
            }
            guard let first = Self.rngChildren(node).first else { throw Failure(description: "a name class is missing") }
            return try nameClass(first, attribute: attribute)
        }

        func nameClass(_ node: xmlNodePtr, attribute: Bool) throws(Failure) -> RelaxNGNameClass {
            let local = String(cString: node.pointee.name)
            switch local {
            case "name":
                return qualified(Self.text(node).trimmingXMLWhitespace(), at: node, attribute: attribute)
            case "choice":
                let parts = try Self.rngChildren(node).map { (c) throws(Failure) in try nameClass(c, attribute: attribute) }
                guard var result = parts.first else { throw Failure(description: "an empty name choice") }
                for part in parts.dropFirst() { result = .choice(result, part) }
                return result
            case "anyName", "nsName":
                var except: RelaxNGNameClass?
                if let e = Self.rngChildren(node).first(where: { Self.isRNG($0, "except") }) {
                    // Several name classes inside `except` are a choice.
                    for child in Self.rngChildren(e) {
                        let part = try nameClass(child, attribute: attribute)
                        except = except.map { .choice($0, part) } ?? part
                    }
                }
                if local == "anyName" { return .anyName(except: except) }
                return .namespace(Self.inherited(node, "ns") ?? "", except: except)
            default:
                throw Failure(description: "<\(local)> is not a name class")
            }
        }

        /// A QName from the schema: a prefix is resolved in the schema's scope; an unprefixed
        /// element name takes the inherited `ns`, an unprefixed attribute name no namespace.
        func qualified(_ qname: String, at node: xmlNodePtr, attribute: Bool) -> RelaxNGNameClass {
            if let colon = qname.firstIndex(of: ":") {
                let prefix = String(qname[..<colon])
                let local = String(qname[qname.index(after: colon)...])
                if prefix == "xml" { return .name(namespace: XMLNamespace.xml, local: local) }
                let uri = xmlSearchNs(document.pointer, node, prefix).flatMap { $0.pointee.href }.map { String(cString: $0) } ?? ""
                return .name(namespace: uri, local: local)
            }
            if attribute { return .name(namespace: Self.attribute(node, "ns") ?? "", local: qname) }
            return .name(namespace: Self.inherited(node, "ns") ?? "", local: qname)
        }
    }
}
