import CLibXML2
import EPUBContract

/// Attributes that name other elements of the document by id, as RSC-005: ARIA relations and
/// `output/@for` (any element), and those whose target must be of a kind: `list` (a datalist),
/// `label/@for` (a form control), `headers` (a `th` of the same table), `form` (a form),
/// `aria-activedescendant` (a descendant), `ev:observer`, MathML `xref`/`indenttarget` and
/// `epub:trigger/@ref` (any element).
enum IDReferenceRules {
    /// An ID reference and what its targets must be.
    private struct Reference {
        enum Target {
            /// Any element of the document.
            case any
            /// Elements of these names; `label` for the message.
            case elements(Set<KnownName>, label: String)
            /// Elements a `label` may point at (`input` unless hidden).
            case labelable
            /// A descendant of the referring element.
            case descendant
            /// A `th` of the referring cell's table.
            case headerCell
        }
        var attribute: String
        var ids: [String]
        var node: xmlNodePtr
        var target: Target
        var position: TagPosition
    }

    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        var typed: [Reference] = []
        var ids: ElementIDs??
        // One closure for the whole document: made per element, it copied the context each time.
        let allIDs: () -> ElementIDs? = {
            if ids == nil { ids = context.ids() }
            return ids ?? nil
        }
        for number in index.elements.indices {
            relations(index, number, allIDs, &findings)
            typed += references(index, number)
        }
        for reference in typed { check(reference, index, &findings) }
    }

    /// ARIA relations and `output/@for`, checked against every id of the document.
    private static func relations(_ index: DocumentIndex, _ number: Int, _ allIDs: () -> ElementIDs?, _ findings: inout ContentFindings) {
        let element = index.elements[number]
        guard element.space == .xhtml else { return }
        var found: [(attribute: String, ids: [String])] = []
        for i in element.attributes {
            let attribute = index.attributes[i]
            guard attribute.space == nil, let name = attribute.name, idReferenceAttributes.contains(name) else { continue }
            let named = attribute.value.xmlTokens()
            if !named.isEmpty { found.append((name.rawValue, named)) }
        }
        if element.name == .output, let named = DocumentIndex.value(element.node, "for")?.xmlTokens(), !named.isEmpty {
            found.append(("for", named))
        }
        guard !found.isEmpty, let ids = allIDs() else { return }
        for reference in found where reference.ids.contains(where: { !ids.contains($0) }) {
            findings.report(.RSC_005, .nameElementsDocumentNotOne(reference.attribute, reference.ids.filter { !ids.contains($0) }.joined(separator: ", ")), at: index.position(number))
        }
    }

    /// The references of one element whose targets must be of a kind, checked once every id is known.
    private static func references(_ index: DocumentIndex, _ number: Int) -> [Reference] {
        let element = index.elements[number]
        let node = element.node
        var out: [Reference] = []
        func refer(_ attribute: String, _ names: [String]?, _ target: Reference.Target) {
            if let names { out.append(Reference(attribute: attribute, ids: names, node: node, target: target, position: index.position(number))) }
        }
        for i in element.attributes {
            let attribute = index.attributes[i]
            if let space = attribute.space {
                if space == .events, attribute.name == .observer { refer("ev:observer", attribute.value.xmlTokens(), .any) }
            } else if element.space == .mathml, let name = attribute.name, name == .xref || name == .indenttarget {
                refer(name.rawValue, attribute.value.xmlTokens(), .any)
            } else if element.space == .xhtml, attribute.name == .ariaActivedescendant {
                refer("aria-activedescendant", attribute.value.xmlTokens(), .descendant)
            }
        }
        func tokens(_ attribute: String) -> [String]? { DocumentIndex.value(node, attribute)?.xmlTokens() }
        if element.space == .xhtml, let name = element.name {
            switch name {
            case .input: refer("list", tokens("list"), .elements([.datalist], label: "a datalist"))
            case .label: refer("for", tokens("for"), .labelable)
            case .td, .th: refer("headers", tokens("headers"), .headerCell)
            default: break
            }
            if formAssociated.contains(name) { refer("form", tokens("form"), .elements([.form], label: "a form")) }
        }
        if element.space == .epub, element.name == .trigger { refer("ref", tokens("ref"), .any) }
        return out
    }

    private static let idReferenceAttributes: Set<KnownName> = [.ariaDescribedby, .ariaFlowto, .ariaLabelledby, .ariaOwns, .ariaControls]

    /// Elements whose `form` attribute names the form they belong to.
    private static let formAssociated: Set<KnownName> = [.button, .fieldset, .input, .label, .object, .output, .select, .textarea]

    /// Elements a `label` may name with `for`.
    private static let labelable: Set<KnownName> = [.button, .input, .meter, .output, .progress, .select, .textarea]

    /// The nearest `table` around a node.
    private static func table(of node: xmlNodePtr) -> xmlNodePtr? {
        var up = node.pointee.parent
        while let p = up, p.pointee.type == XML_ELEMENT_NODE {
            if KnownName.of(p.pointee.name) == .table { return p }
            up = p.pointee.parent
        }
        return nil
    }

    private static func check(_ reference: Reference, _ index: DocumentIndex, _ findings: inout ContentFindings) {
        let name = KnownName.of
        let missing = reference.ids.filter { id in
            guard let target = index.ids[id].map({ index.elements[$0].node }) else { return true }
            switch reference.target {
            case .any:
                return false
            case .elements(let names, _):
                return name(target.pointee.name).map { !names.contains($0) } ?? true
            case .labelable:
                guard let element = name(target.pointee.name), labelable.contains(element) else { return true }
                return element == .input && DocumentIndex.value(target, "type")?.lowercased() == "hidden"
            case .descendant:
                var up = target.pointee.parent
                while let p = up {
                    if p == reference.node { return false }
                    up = p.pointee.parent
                }
                return true
            case .headerCell:
                return name(target.pointee.name) != .th || table(of: target) != table(of: reference.node)
            }
        }
        guard !missing.isEmpty else { return }
        let list = missing.joined(separator: ", ")
        let message: MessageText
        switch reference.target {
        case .any: message = .nameElementDocumentNotOne(reference.attribute, list)
        case .elements(_, let label): message = .nameDocumentNotOne(reference.attribute, label, list)
        case .labelable: message = .labelSNameFormControlButton(list)
        case .descendant: message = .ariaActivedescendantNameElementInsideOne(list)
        case .headerCell: message = .headersNameThCellsSameTable(list)
        }
        findings.report(.RSC_005, message, at: reference.position)
    }

}
