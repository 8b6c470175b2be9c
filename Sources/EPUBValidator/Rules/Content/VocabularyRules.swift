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
        childContext.reserveCapacity(index.elements.count)
        vocabularyIndex.reserveCapacity(index.elements.count)
        for (number, element) in index.elements.enumerated() {
            let inherited = element.parent.map { childContext[$0] } ?? .flow
            if element.space == .xhtml {
                let parentIndex = element.parent.flatMap { vocabularyIndex[$0] }
                let (own, vocabulary) = check(element.node, inherited, parentIndex, { element.position }, &findings)
                childContext.append(own)
                vocabularyIndex.append(vocabulary)
            } else {
                childContext.append(element.space == .svg ? svgChildContext(element.node, inherited) : inherited)
                vocabularyIndex.append(nil)
            }
        }
    }

    /// What HTML an SVG element holds, wherever its `svg` stands: a `foreignObject` flow content, a
    /// `title` phrasing content (HTML's SVG integration, as EPUBCheck's grammar reads it); any other
    /// passes its context on.
    private static func svgChildContext(_ node: xmlNodePtr, _ inherited: Context) -> Context {
        guard inherited != .off, let raw = node.pointee.name else { return inherited }
        if xmlStrEqual(raw, "foreignObject") != 0 { return .flow }
        if xmlStrEqual(raw, "title") != 0 { return .phrasing }
        return inherited
    }

    /// The HTML vocabulary (element names, attributes, content models) for one XHTML element,
    /// given its parent's vocabulary index; returns the context of its children and its own index.
    private static func check(_ node: xmlNodePtr, _ context: Context, _ parentIndex: Int?, _ position: () -> TagPosition,
                              _ findings: inout ContentFindings) -> (Context, Int?) {
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
            guard let number = vocabulary.attributeTable.index(name), vocabulary.allows(element, number) else {
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
            } else if parentIndex != nil || parent == nil {
                misplaced = true
            }
        }
        if parentSpec?.name == "table", let rank = element.tableRank, let previous = previousElementSibling(node),
           let previousIndex = previous.pointee.name.flatMap(vocabulary.elementTable.index), let previousRank = vocabulary.elements[previousIndex].tableRank,
           previousRank > rank || (previousRank == rank && rank != 3 && rank != 1) {
            misplaced = true
        }
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
        if element.phrasing { return (.phrasing, index) }
        if element.transparent { return (context, index) }
        return (.flow, index)
    }

    /// The element before this one among its siblings.
    private static func previousElementSibling(_ node: xmlNodePtr) -> xmlNodePtr? {
        var sibling = node.pointee.prev
        while let s = sibling, s.pointee.type != XML_ELEMENT_NODE { sibling = s.pointee.prev }
        return sibling
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
