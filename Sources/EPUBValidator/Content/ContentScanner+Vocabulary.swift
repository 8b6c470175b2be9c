import EPUBContract
import CLibXML2

/// The HTML grammar part of the content walk: element names, attributes and content models
/// (`HTMLVocabulary`), checked element by element as the walk meets them.
extension ContentScanner {
    /// Where an element stands for the HTML grammar: in flow or phrasing content, or inside an
    /// element the grammar rejected (whose content it does not look at, as Jing skips it).
    enum VocabularyContext {
        case flow, phrasing, off
    }

    /// The HTML vocabulary (element names, attributes, content models) for one XHTML element,
    /// given its parent's vocabulary index; returns the context of its children and its own index.
    static func checkVocabulary(_ node: xmlNodePtr, _ context: VocabularyContext, _ parentIndex: Int?, _ position: () -> TagPosition,
                                        _ scan: inout ContentScan) -> (VocabularyContext, Int?) {
        guard context != .off, let raw = node.pointee.name else { return (.off, nil) }
        let vocabulary = HTMLVocabulary.compiled
        guard let index = vocabulary.elementTable.index(raw) else {
            let element = String(cString: raw)
            if element.utf8.contains(UInt8(ascii: "-")) { return (.flow, nil) }  // a custom element
            scan.vocabularyProblems.append((message: "The element \(element) is not HTML that EPUB allows.", position: position()))
            return (.off, nil)
        }
        let element = vocabulary.elements[index]
        var attribute = node.pointee.properties
        while let a = attribute {
            attribute = a.pointee.next
            guard a.pointee.ns == nil, let name = a.pointee.name else { continue }
            guard let number = vocabulary.attributeTable.index(name), vocabulary.allows(element, number) else {
                if !HTMLVocabulary.acceptedByPrefix(name) {
                    scan.vocabularyProblems.append((message: "The attribute \(String(cString: name)) is not allowed on \(element.name).", position: position()))
                }
                continue
            }
            if element.integerDimensions, number == vocabulary.width || number == vocabulary.height {
                let text = LibXMLNode.content(a)
                if text.isEmpty || !text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                    scan.vocabularyProblems.append((message: "The \(String(cString: name)) of \(element.name) must be a whole number of pixels ('\(text)' is not).", position: position()))
                }
            } else if number == vocabulary.border, element.name == "table" {
                let text = LibXMLNode.content(a)
                if text != "", text != "1" {
                    scan.vocabularyProblems.append((message: "The border of a table must be \"\" or \"1\" ('\(text)' is not).", position: position()))
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
            scan.vocabularyProblems.append((message: "Text is not allowed directly in \(parentSpec?.name ?? "this element").", position: position()))
        }
        if element.children != nil, let last = node.pointee.last, isText(last) {
            scan.vocabularyProblems.append((message: "Text is not allowed directly in \(element.name).", position: position()))
        }
        // A known element in the wrong place still has its attributes checked (as Jing does).
        if misplaced {
            scan.vocabularyProblems.append((message: "The element \(element.name) is not allowed here.", position: position()))
            return (.off, index)
        }
        if element.phrasing { return (.phrasing, index) }
        if element.transparent { return (context, index) }
        return (.flow, index)
    }

    /// The element before this one among its siblings.
    static func previousElementSibling(_ node: xmlNodePtr) -> xmlNodePtr? {
        var sibling = node.pointee.prev
        while let s = sibling, s.pointee.type != XML_ELEMENT_NODE { sibling = s.pointee.prev }
        return sibling
    }

    /// A text node with something other than whitespace in it.
    static func isText(_ node: xmlNodePtr) -> Bool {
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
