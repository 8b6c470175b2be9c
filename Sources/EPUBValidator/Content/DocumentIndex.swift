import CLibXML2
import EPUBContract
import Foundation

/// One XHTML or SVG content document, indexed in one walk of the session's parsed tree: every
/// element in document order with its namespace, known name, parent and place; the ids; the
/// references with their kinds; `epub:type` tokens; the features that call for manifest
/// properties. Content rules read the index (and the tree through its node pointers); none walks
/// the document again, and a new rule never touches the indexer.
struct DocumentIndex {
    /// Features that correspond to manifest item properties (`scripted`, `svg`, `mathml`, `switch`).
    enum Feature: String, Sendable, Hashable {
        case scripted
        case svg
        case mathml
        case `switch`
        /// An element with `epub:type="index"` (EPUB Indexes); no manifest property is needed.
        case index
        /// An element with `epub:type="dictionary"` (EPUB Dictionaries): a dictionary's content.
        case dictionary
        /// Microdata attributes (`itemscope`, `itemprop` …) and RDFa attributes (`property`,
        /// `typeof` …) on XHTML elements: EDUPUB prefers RDFa (HTM-051).
        case microdata, rdfa
        /// An element with `epub:type="pagebreak"`: the content is paginated (EDUPUB asks where from).
        case pagebreak
    }

    /// SVG elements that are not content but resources for other elements: what may point at them
    /// differs (a hyperlink at none, `use` at no clip path or paint, `fill` only at a paint server).
    enum SVGTarget: Sendable {
        case symbol, clipPath, paint

        init?(_ name: KnownName?) {
            switch name {
            case .symbol?: self = .symbol
            case .clipPath?: self = .clipPath
            case .linearGradient?, .radialGradient?, .pattern?: self = .paint
            default: return nil
            }
        }

        /// What the element is, in a message ("an SVG symbol").
        var phrase: MessageText {
            switch self {
            case .symbol: return .anSvgSymbol
            case .clipPath: return .anSvgClipPath
            case .paint: return .anSvgPaint
            }
        }
    }

    /// One element: the model's facts with the known name rules compare.
    struct Element {
        let model: ContentDocument.Element
        let name: KnownName?

        var node: xmlNodePtr { model.node }
        var space: ContentNamespace { model.namespace }
        /// Index of the parent element; nil for the root.
        var parent: Int? { model.parent }
        var line: Int { model.line }
        /// Its attributes, as a range of `DocumentIndex.attributes`.
        var attributes: Range<Int> { model.attributeRange }
        /// Where it starts, for messages (made only when a message needs it).
        var position: TagPosition { model.position }
    }

    /// One attribute, with its known name and, for a namespaced one, its namespace.
    struct Attribute {
        let pointer: xmlAttrPtr
        let name: KnownName?
        /// nil for an attribute in no namespace.
        let space: ContentNamespace?

        /// The attribute's value, as written.
        var value: String { LibXMLNode.content(pointer) }
    }

    /// The elements, in document order, as rules read them (made from the model on access).
    struct Elements: RandomAccessCollection {
        let elements: [ContentDocument.Element]
        let names: [KnownName?]
        var startIndex: Int { 0 }
        var endIndex: Int { elements.count }

        subscript(number: Int) -> Element {
            Element(model: elements[number], name: names[number])
        }
    }

    /// Every attribute of every element, in document order (each element says which are its own).
    struct Attributes: RandomAccessCollection {
        let attributes: [ContentDocument.Attribute]
        let names: [KnownName?]
        var startIndex: Int { 0 }
        var endIndex: Int { attributes.count }

        subscript(number: Int) -> Attribute {
            let attribute = attributes[number]
            return Attribute(pointer: attribute.pointer, name: names[number], space: attribute.namespace)
        }
    }

    /// One `epub:type` token and the element it is on.
    struct TypeToken {
        var token: String
        /// Local name of the element carrying it.
        var element: String
        var position: TagPosition
        /// Whether that element is SVG's (which allows the attribute on fewer elements).
        var svg = false
    }

    /// The parsed document the index points into: kept alive as long as the index is.
    let document: XMLDocument
    /// The document's model, which every reader of the document shares.
    let content: ContentDocument
    /// The known name of each element and each attribute of the model (nil for other names).
    var elementNames: [KnownName?] = []
    var attributeNames: [KnownName?] = []
    /// The container path of the document.
    var path: String { document.path }
    /// Rules read these in their loops: each view holds two arrays, not the whole model.
    var elements: Elements { Elements(elements: content.elements, names: elementNames) }
    var attributes: Attributes { Attributes(attributes: content.attributes, names: attributeNames) }
    /// Each id of an XHTML, SVG or MathML element, with the first element that has it.
    var ids: [String: Int] = [:]
    /// The ids of SVG symbols, clip paths and paint servers, with which of these each is.
    var svgTargets: [String: SVGTarget] = [:]
    /// Elements whose id is not unique (every bearer of a repeated id, in document order).
    var duplicateIDs: [(id: String, position: TagPosition)] = []
    var references: [Reference] = []
    var types: [TypeToken] = []
    var features: Set<Feature> = []
    /// The CSS of each `style` element (by element index), parsed once for references and rules.
    var styleElements: [(element: Int, sheet: CSSStyleSheet, findings: CSSGrammarFindings)] = []
    /// Whether the document has any CSS: a style sheet link, a `style` element or `<?xml-stylesheet?>`.
    var hasStyleSheet = false
    /// Turns positions into columns, from the document's bytes; nil when they were not at hand.
    var locator: SourceLocator? { content.locator }

    init(_ document: XMLDocument, _ content: ContentDocument) {
        self.document = document
        self.content = content
    }

    /// The element number of a node the index holds (rules that walk the tree themselves, rarely).
    func number(of node: xmlNodePtr) -> Int? {
        content.elements.firstIndex { $0.node == node }
    }

    /// Where an element starts, for messages.
    func position(_ index: Int) -> TagPosition {
        content.elements[index].position
    }

    /// The column of a position, when the source is known.
    func column(_ position: TagPosition) -> Int? {
        locator?.column(position)
    }

    /// An attribute of an element, as written.
    static func value(_ node: xmlNodePtr, _ name: String, namespace: String? = nil) -> String? {
        LibXMLNode.attribute(node, name, namespace: namespace)
    }

    /// The nearest ancestor of an element whose known name is in `wanted`.
    static func ancestor(of node: xmlNodePtr, in wanted: Set<KnownName>) -> KnownName? {
        var up = node.pointee.parent
        while let p = up, p.pointee.type == XML_ELEMENT_NODE {
            if let n = KnownName.of(p.pointee.name), wanted.contains(n) { return n }
            up = p.pointee.parent
        }
        return nil
    }

    /// Whether a descendant of the node has the known name.
    static func hasDescendant(_ node: xmlNodePtr, _ wanted: KnownName) -> Bool {
        var stack: [xmlNodePtr] = []
        var child = node.pointee.children
        while let c = child { stack.append(c); child = c.pointee.next }
        while let c = stack.popLast() {
            guard c.pointee.type == XML_ELEMENT_NODE else { continue }
            if KnownName.of(c.pointee.name) == wanted { return true }
            var grandchild = c.pointee.children
            while let g = grandchild { stack.append(g); grandchild = g.pointee.next }
        }
        return false
    }
}
