import CLibXML2
import EPUBContract

/// The HTML grammar as EPUBCheck's schema reports it (RSC-005): element names, the attributes
/// each element may carry and their values (`HTMLDatatype`), and content models (phrasing content, children of lists, tables and
/// selects, text where none may be, table part order, elements with restricted parents). Read in
/// document order: each element's context comes from its parent's, as a validating parser sees it.
enum VocabularyRules {
    /// Where an element stands for the HTML grammar: in flow or phrasing content, or inside an
    /// element the grammar rejected (whose content it does not look at, as Jing skips it).
    private enum Context {
        case flow, phrasing, off
    }

    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        // Per element: the context of its children and its vocabulary index (parents come first).
        var childContext: [Context] = []
        var vocabularyIndex: [Int?] = []
        // Children their parent's content model rejected, reported where they stand.
        var rejected: Set<xmlNodePtr> = []
        childContext.reserveCapacity(index.elements.count)
        vocabularyIndex.reserveCapacity(index.elements.count)
        for (number, element) in index.elements.enumerated() {
            let inherited = element.parent.map { childContext[$0] } ?? .flow
            if element.space == .xhtml {
                let parentIndex = element.parent.flatMap { vocabularyIndex[$0] }
                let (own, vocabulary) = check(element.node, inherited, parentIndex, { element.position }, &rejected, &findings)
                childContext.append(own)
                vocabularyIndex.append(vocabulary)
            } else {
                childContext.append(element.space == .svg ? svgChildContext(element.node, inherited) : inherited)
                vocabularyIndex.append(nil)
            }
        }
    }

    /// What HTML an SVG element holds, wherever its `svg` stands: a `foreignObject` flow content, a
    /// `title` any HTML (HTML's SVG integration, as EPUBCheck's grammar reads it); any other
    /// passes its context on.
    private static func svgChildContext(_ node: xmlNodePtr, _ inherited: Context) -> Context {
        guard inherited != .off, let raw = node.pointee.name else { return inherited }
        if xmlStrEqual(raw, "foreignObject") != 0 { return .flow }
        // EPUBCheck's grammar lets an SVG title hold any HTML, blocks included.
        if xmlStrEqual(raw, "title") != 0 { return .flow }
        return inherited
    }

    /// The HTML vocabulary (element names, attributes, content models) for one XHTML element,
    /// given its parent's vocabulary index; returns the context of its children and its own index.
    private static func check(_ node: xmlNodePtr, _ context: Context, _ parentIndex: Int?, _ position: () -> TagPosition,
                              _ rejected: inout Set<xmlNodePtr>, _ findings: inout ContentFindings) -> (Context, Int?) {
        guard context != .off, let raw = node.pointee.name else { return (.off, nil) }
        func problem(_ message: MessageText) { findings.report(.RSC_005, message, at: position()) }
        let vocabulary = HTMLVocabulary.compiled
        guard let index = vocabulary.elementTable.index(raw) else {
            let element = String(cString: raw)
            if element.utf8.contains(UInt8(ascii: "-")) { return (.flow, nil) }  // a custom element
            problem(.elementNotHtmlThatEpubAllows(element))
            return (.off, nil)
        }
        let element = vocabulary.elements[index]
        var attribute = node.pointee.properties
        while let a = attribute {
            attribute = a.pointee.next
            guard a.pointee.ns == nil, let name = a.pointee.name else { continue }
            guard let number = vocabulary.attributeTable.index(name), vocabulary.allows(element, number),
                  number != vocabulary.value || index != vocabulary.li || parentIs(node, "ol"),
                  index != vocabulary.input || vocabulary.inputAttributeTypes[number].map({ $0.contains(HTMLVocabulary.inputType(node)) }) ?? true else {
                if !HTMLVocabulary.acceptedByPrefix(name) {
                    problem(.attributeNotAllowed(String(cString: name), element.name))
                }
                continue
            }
            // Only attributes with a value grammar have their value read.
            if let type = element.datatypes[number] {
                let text = LibXMLNode.content(a)
                if let expected = type.problem(text) {
                    problem(.valueAttributeInvalid(text, String(cString: name), expected))
                }
            }
        }
        // Where it stands: its parent's content model, its own allowed parents, a table's order.
        let parent = node.pointee.parent.flatMap { $0.pointee.type == XML_ELEMENT_NODE ? $0 : nil }
        let parentSpec = parentIndex.map { vocabulary.elements[$0] }
        var misplaced = context == .phrasing && element.notPhrasing
            || element.headOnly && parentSpec?.name != "head"
        if let allowed = parentSpec?.children, !allowed.contains(index) { misplaced = true }
        if let parents = element.parents {
            if let parentIndex, parents.contains(parentIndex) {
                // dt and dd in a div only when that div is in a dl.
                if parentIndex == vocabulary.div, let grand = parent?.pointee.parent, grand.pointee.type == XML_ELEMENT_NODE,
                   grand.pointee.name.flatMap(vocabulary.elementTable.index) != vocabulary.dl {
                    misplaced = true
                }
            } else if parentIndex != nil || parent == nil || SVGRules.isForeignObject(parent) {
                // Straight inside a foreignObject (HTML flow content), an element with parents of its own (li, body …) is misplaced.
                misplaced = true
            }
        }
        if !rejected.isEmpty, rejected.remove(node) != nil { misplaced = true }
        // Text where the parent allows none is reported at the element after it (where the parser notices).
        if parentSpec?.children != nil, let text = node.pointee.prev, isText(text) {
            problem(.textNotAllowedDirectly(parentSpec.map { MessageArgument.text($0.name) } ?? .phrase(.thisElement)))
        }
        if element.children != nil, let last = node.pointee.last, isText(last) {
            problem(.textNotAllowedDirectly(element.name))
        }
        // A known element in the wrong place still has its attributes checked (as Jing does).
        if misplaced {
            problem(.elementNotAllowedHere(element.name))
            return (.off, index)
        }
        if element.model != nil || !element.variants.isEmpty, let model = model(of: element, node, parentIndex),
           !(model.acceptsEmpty && node.pointee.children == nil) {
            let children = modelChildren(node)
            let outcome = model.check(children.map(\.child))
            for i in outcome.rejected {
                if let child = children[i].node { rejected.insert(child) } else { problem(.textNotAllowedDirectly(element.name)) }
            }
            if outcome.incomplete { problem(.elementContentIncomplete(element.name)) }
        }
        if element.phrasing { return (.phrasing, index) }
        if element.transparent { return (context, index) }
        return (.flow, index)
    }

    /// Whether the element's parent is the named element (an li takes a value only in an ol: the
    /// grammar's `oli`).
    private static func parentIs(_ node: xmlNodePtr, _ name: String) -> Bool {
        guard let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE, let raw = parent.pointee.name else { return false }
        return xmlStrEqual(raw, name) != 0
    }

    /// The content model that applies to the element here: a variant for its parent or for an
    /// attribute it carries, else its own.
    private static func model(of element: HTMLVocabulary.Compiled.Element, _ node: xmlNodePtr, _ parentIndex: Int?) -> ContentModel? {
        for (parent, attribute, model) in element.variants {
            if let parent, parent == parentIndex { return model }
            if let attribute, xmlHasProp(node, attribute) != nil { return model }
        }
        return element.model
    }

    /// The children a content model reads: elements by local name (but `script` and `template`,
    /// which the grammar allows anywhere) and text other than white space.
    private static func modelChildren(_ node: xmlNodePtr) -> [(child: ContentModel.Child, node: xmlNodePtr?)] {
        var out: [(ContentModel.Child, xmlNodePtr?)] = []
        var child = node.pointee.children
        while let c = child {
            child = c.pointee.next
            if c.pointee.type == XML_ELEMENT_NODE, let raw = c.pointee.name {
                let number = HTMLVocabulary.compiled.elementTable.index(raw)
                if number != HTMLVocabulary.compiled.script && number != HTMLVocabulary.compiled.template { out.append((.element(number), c)) }
            } else if isText(c) {
                out.append((.text, nil))
            }
        }
        return out
    }

    /// A text node with something other than whitespace in it.
    private static func isText(_ node: xmlNodePtr) -> Bool {
        guard node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_CDATA_SECTION_NODE, let content = node.pointee.content else { return false }
        var i = 0
        while content[i] != 0 {
            let b = content[i]
            if b != 0x20 && b != 0x09 && b != 0x0A && b != 0x0D { return true }
            i += 1
        }
        return false
    }
}
