import CLibXML2
import EPUBContract

/// Whether an element has an accessible name, after the steps of Accessible Name and Description
/// Computation 1.2 that need no layout: `aria-labelledby`, `aria-label`, the text of the subtree
/// (with the `alt` of images in it), then `title`. Enough to tell empty from named, which is all
/// the rules ask.
struct AccessibleNames {
    let model: ContentDocument

    init(_ model: ContentDocument) {
        self.model = model
    }

    func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.trimmingXMLWhitespace().isEmpty else { return nil }
        return value
    }

    private func attribute(_ number: Int, _ name: String) -> String? { LibXMLNode.attribute(model.elements[number].node, name) }

    /// `aria-labelledby` names at least one element with text.
    func labelledBy(_ number: Int) -> Bool {
        guard let ids = attribute(number, "aria-labelledby") else { return false }
        return ids.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains { id in
            model.element(id: String(id)).map { hasText($0) || nonEmpty(attribute($0, "aria-label")) != nil } ?? false
        }
    }

    /// A name from ARIA or `title`, not from content.
    func labelled(_ number: Int) -> Bool {
        nonEmpty(attribute(number, "aria-label")) != nil || labelledBy(number) || nonEmpty(attribute(number, "title")) != nil
    }

    /// Any name at all: ARIA, the subtree's text and image alternatives, or `title`.
    func hasName(_ number: Int) -> Bool { labelled(number) || hasText(number) }

    /// The subtree has text, or an image (or labelled element) inside it that gives a name.
    func hasText(_ number: Int) -> Bool {
        if !LibXMLNode.content(model.elements[number].node).trimmingXMLWhitespace().isEmpty { return true }
        for inner in model.descendants(of: number) {
            let element = model.elements[inner]
            if element.namespace == .xhtml && ["img", "area", "input"].contains(element.localName) && nonEmpty(attribute(inner, "alt")) != nil { return true }
            if nonEmpty(attribute(inner, "aria-label")) != nil { return true }
        }
        return false
    }

    /// An `svg` whose first `title` child has text.
    func svgTitle(_ number: Int) -> Bool {
        var child = model.elements[number].node.pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE, String(cString: node.pointee.name) == "title" {
                return !LibXMLNode.content(node).trimmingXMLWhitespace().isEmpty
            }
            child = node.pointee.next
        }
        return false
    }

    /// Text other than white space directly inside the element.
    func hasDirectText(_ number: Int) -> Bool {
        var child = model.elements[number].node.pointee.children
        while let node = child {
            if node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_CDATA_SECTION_NODE,
               !LibXMLNode.content(node).trimmingXMLWhitespace().isEmpty {
                return true
            }
            child = node.pointee.next
        }
        return false
    }
}
