import EPUBContract
import CLibXML2

/// A place where a grammar constrains an attribute's value with pattern facets: the elements and
/// attributes it names, and the datatype when the value is that datatype alone (nil when it is a
/// list or a choice, which a value cannot be judged against on its own).
struct RelaxNGPatternSite: Sendable {
    var element: RelaxNGNameClass
    var attribute: RelaxNGNameClass
    var type: XSDDatatype?

    /// Every patterned attribute value of `grammar`; nil when a pattern constrains text content,
    /// which is then left to libxml2.
    static func sites(in grammar: RelaxNGGrammar) -> [RelaxNGPatternSite]? {
        var names: [Int: [RelaxNGNameClass]] = [:]
        func collectElements(_ pattern: RelaxNGPattern) {
            switch pattern {
            case .element(let nameClass, let index): names[index, default: []].append(nameClass)
            case .choice(let a, let b), .interleave(let a, let b), .group(let a, let b), .after(let a, let b):
                collectElements(a)
                collectElements(b)
            case .oneOrMore(let a), .list(let a), .attribute(_, let a): collectElements(a)
            default: break
            }
        }
        collectElements(grammar.start)
        grammar.elements.forEach(collectElements)
        var sites: [RelaxNGPatternSite] = []
        for (index, content) in grammar.elements.enumerated() {
            guard let found = attributeSites(content) else { return nil }
            for (attribute, type) in found {
                for element in names[index] ?? [] { sites.append(RelaxNGPatternSite(element: element, attribute: attribute, type: type)) }
            }
        }
        return sites
    }

    /// The patterned attributes of one element's content (not of the elements inside it); nil
    /// when patterned data stands outside an attribute.
    private static func attributeSites(_ pattern: RelaxNGPattern) -> [(RelaxNGNameClass, XSDDatatype?)]? {
        switch pattern {
        case .attribute(let nameClass, let content):
            guard hasPattern(content) else { return [] }
            if case .data(let type) = content { return [(nameClass, type)] }
            return [(nameClass, nil)]
        case .data(let type):
            return type.facets.contains(where: \.isPattern) ? nil : []
        case .choice(let a, let b), .interleave(let a, let b), .group(let a, let b), .after(let a, let b):
            guard let left = attributeSites(a), let right = attributeSites(b) else { return nil }
            return left + right
        case .oneOrMore(let a), .list(let a):
            return attributeSites(a)
        default:
            return []
        }
    }

    private static func hasPattern(_ pattern: RelaxNGPattern) -> Bool {
        switch pattern {
        case .data(let type): return type.facets.contains(where: \.isPattern)
        case .choice(let a, let b), .interleave(let a, let b), .group(let a, let b), .after(let a, let b): return hasPattern(a) || hasPattern(b)
        case .oneOrMore(let a), .list(let a): return hasPattern(a)
        default: return false
        }
    }

    /// Whether some attribute of `document` stands where a site's patterns apply and its value
    /// does not match (or cannot be judged alone).
    static func suspect(_ document: XMLDocument, _ sites: [RelaxNGPatternSite]) -> Bool {
        var found = false
        guard let root = xmlDocGetRootElement(document.pointer) else { return false }
        XMLDocument.walkElements(from: root) { node in
            let (elementSpace, elementName) = RelaxNGDiagnoser.name(of: node)
            let here = sites.filter { $0.element.contains(namespace: elementSpace, local: elementName) }
            guard !here.isEmpty else { return true }
            var attribute = node.pointee.properties
            while let a = attribute {
                let space = a.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) } ?? ""
                let local = String(cString: a.pointee.name)
                for site in here where site.attribute.contains(namespace: space, local: local) {
                    if !(site.type?.allows(LibXMLNode.content(a)) ?? false) { found = true }
                }
                attribute = a.pointee.next
            }
            return !found
        }
        return found
    }
}

extension XSDDatatype.Facet {
    var isPattern: Bool {
        if case .pattern = self { return true }
        return false
    }
}
