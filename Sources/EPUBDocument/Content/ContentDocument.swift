import CLibXML2
import Foundation

/// One XHTML or SVG content document as every later stage reads it, built in one walk of a
/// parsed tree (`ContentDocumentReader`): each element in document order with its namespace,
/// parent, source place, EPUB CFI step, `epub:type` and `role` tokens (split once, here) and the
/// language and base direction in effect; and the document's ids, resolved here and nowhere else.
/// Validator rules, the exporter and positions read it, so what an element's id, language or CFI
/// step is has one answer in the code base.
///
/// The model points into the tree it was read from: the tree must outlive it. Built from a
/// session's `XMLDocument` it keeps that document alive itself.
public struct ContentDocument: @unchecked Sendable {
    /// The base direction an element says or inherits (`dir`).
    public enum Direction: String, Sendable, Codable {
        case ltr, rtl, auto
    }

    /// One element; its facts as fields, what needs the model (tokens, language, path) through it.
    public struct Element {
        package let node: xmlNodePtr
        public let namespace: ContentNamespace
        /// The base direction in effect; nil when no ancestor says one. (Beside `namespace`, so
        /// the one-byte fields share a word and the element stays 56 bytes.)
        public let direction: Direction?
        /// Index of the parent element; -1 for the root.
        let parentIndex: Int32
        let lineNumber: Int32
        /// Which of the tags of its name on its line it is (columns are found by counting them).
        let occurrence: Int32
        /// Its EPUB CFI step: 2 × its 1-based place among its parent's element children; 0 for the root.
        public let step: Int32
        /// Its attributes, as a range of `ContentDocument.attributes`.
        @usableFromInline let attributeStart: Int32, attributeEnd: Int32
        /// Its `epub:type` tokens then its `role` tokens, as ranges of `ContentDocument.tokens`.
        let tokenStart: Int32, typeEnd: Int32, roleEnd: Int32
        /// The language in effect, as an index of `ContentDocument.languages`; -1 for none said.
        let languageIndex: Int32
        /// One past the last element of its subtree (elements are in document order, so its
        /// descendants are the run after it): set once the walk has read the subtree.
        var subtreeEndIndex: Int32 = 0

        /// The parent element's index; nil for the root.
        public var parent: Int? { parentIndex < 0 ? nil : Int(parentIndex) }
        /// The line its start tag is on (1-based).
        public var line: Int { Int(lineNumber) }
        /// Its local name (made on demand: most readers compare namespaces and known names).
        public var localName: String { String(cString: node.pointee.name) }
        package var attributeRange: Range<Int> { Int(attributeStart)..<Int(attributeEnd) }
        /// Its tag as written in the source (`epub:switch`), for places in messages.
        package var qualifiedName: String {
            let local = String(cString: node.pointee.name)
            return node.pointee.ns?.pointee.prefix.map { String(cString: $0) + ":" + local } ?? local
        }
        /// Where it starts in the source: its line and which tag of its name on that line it is.
        package var position: TagPosition { TagPosition(line: line, tag: qualifiedName, occurrence: Int(occurrence)) }
    }

    /// One attribute of an element, with its namespace (nil for one in no namespace).
    public struct Attribute {
        package let pointer: xmlAttrPtr
        public let namespace: ContentNamespace?

        /// The attribute's local name.
        public var localName: String { pointer.pointee.name.map { String(cString: $0) } ?? "" }
        /// Its value, as written.
        public var value: String { LibXMLNode.content(pointer) }
        /// Whether it is an `aria-…` attribute in no namespace, read from libxml2's bytes without
        /// making a string (the accessibility rules ask it of every attribute of a book).
        /// Whether its local name is these bytes, compared in place (no string made), as the reader compares them.
        package func isNamed(_ name: StaticString) -> Bool { ContentDocumentReader.named(pointer.pointee.name, name) }
        /// Whether it is in the XML namespace (`xml:lang`): its prefix is `xml`, bound to it and to no other.
        package var isInXMLNamespace: Bool { pointer.pointee.ns.map(ContentDocumentReader.isXMLPrefix) ?? false }
        package var isARIA: Bool {
            guard namespace == nil, let name = pointer.pointee.name else { return false }
            return name[0] == 0x61 && name[1] == 0x72 && name[2] == 0x69 && name[3] == 0x61 && name[4] == 0x2D
        }
    }

    /// The session's document this model reads, kept alive with it (nil for a tree the caller owns).
    package let owner: XMLDocument?
    /// The container path of the document, for places.
    public let path: String
    public internal(set) var elements: [Element] = []
    public internal(set) var attributes: [Attribute] = []
    /// Every element's `epub:type` and `role` tokens, in document order (elements say which are theirs).
    var tokens: [String] = []
    /// The distinct languages said in the document (`xml:lang`, else `lang`), as written, trimmed.
    var languages: [String] = []
    /// Each id with the first element that bears it: an `id` (in no namespace) or `xml:id`, the first
    /// of them on the element, trimmed, on an element of any namespace: what fragments resolve to.
    public internal(set) var ids: [String: Int] = [:]
    /// Turns places into columns and byte offsets, from the document's bytes; nil when not at hand.
    package var locator: SourceLocator?

    init(owner: XMLDocument?, path: String) {
        self.owner = owner
        self.path = path
    }

    /// The model of a session's document; `source` (its bytes) lets places become columns and offsets.
    package init(_ document: XMLDocument, source: Data? = nil) {
        self = ContentDocumentReader.read(document.pointer, owner: document, path: document.path)
        locator = source.map(SourceLocator.init)
    }

    /// The model of a tree the caller owns and keeps alive as long as the model (the exporter's
    /// normalized documents).
    package init(tree: xmlDocPtr, path: String) {
        self = ContentDocumentReader.read(tree, owner: nil, path: path)
    }

    /// An element's `epub:type` tokens.
    public func types(of element: Int) -> ArraySlice<String> {
        let e = elements[element]
        return tokens[Int(e.tokenStart)..<Int(e.typeEnd)]
    }

    /// An element's `role` tokens.
    public func roles(of element: Int) -> ArraySlice<String> {
        let e = elements[element]
        return tokens[Int(e.typeEnd)..<Int(e.roleEnd)]
    }

    /// The language in effect at an element (its own or its nearest ancestor's); nil when none says one.
    public func language(of element: Int) -> String? {
        let index = elements[element].languageIndex
        return index < 0 ? nil : languages[Int(index)]
    }

    /// An element's own id, as `ids` reads it.
    public func id(of element: Int) -> String? {
        Self.id(of: elements[element].node)
    }

    /// The element an id names; nil when no element has it.
    public func element(id: String) -> Int? {
        ids[id]
    }

    /// The element's EPUB CFI step path from the root element (`/4/2/6`; "" for the root itself),
    /// as EPUB CFI 1.1 §3.1.4 counts element children: even indexes, from 2.
    /// The elements with one of these local names, in document order: one pass that reads each
    /// element's name once, for readers that want a few kinds of element from a large tree.
    package func elements(named names: Set<String>) -> [Int] {
        elements.indices.filter { names.contains(elements[$0].localName) }
    }

    public func cfiPath(of element: Int) -> String {
        cfiChain(to: element).map { "/\(elements[$0].step)" }.joined()
    }

    /// The elements an EPUB CFI steps through to reach `element` from the root: the root's child
    /// on the way, then each descendant down to `element` itself (empty for the root).
    public func cfiChain(to element: Int) -> [Int] {
        var chain: [Int] = []
        var current = element
        while let parent = elements[current].parent {
            chain.append(current)
            current = parent
        }
        return chain.reversed()
    }

    /// One past the last element of an element's subtree: elements are in document order, so an
    /// element's descendants are the run of elements after it, up to its end. Kept in the model,
    /// not an array per reader: the style matcher, the accessible names and the text layout each
    /// held one the size of the document.
    public func subtreeEnd(of element: Int) -> Int { Int(elements[element].subtreeEndIndex) }

    /// Sets every element's subtree end, in one pass from the last element back.
    mutating func setSubtreeEnds() {
        for number in elements.indices { elements[number].subtreeEndIndex = Int32(number + 1) }
        for number in elements.indices.reversed() {
            if let parent = elements[number].parent, elements[parent].subtreeEndIndex < elements[number].subtreeEndIndex {
                elements[parent].subtreeEndIndex = elements[number].subtreeEndIndex
            }
        }
    }

    /// An element's descendants, as the run of model indices after it.
    public func descendants(of element: Int) -> Range<Int> { (element + 1)..<subtreeEnd(of: element) }

    /// The element children of an element, in order: from the first element after it, each
    /// child's subtree is stepped over to the next, so only the children are visited.
    public func children(of element: Int) -> [Int] {
        var out: [Int] = []
        let end = subtreeEnd(of: element)
        var next = element + 1
        while next < end {
            out.append(next)
            next = subtreeEnd(of: next)
        }
        return out
    }

    /// A page-break marker (`epub:type="pagebreak"` or `role="doc-pagebreak"`): a place, not text.
    public func isPageBreak(_ element: Int) -> Bool {
        types(of: element).contains("pagebreak") || roles(of: element).contains("doc-pagebreak")
    }

    /// A page-break marker's label: its `title`, else `aria-label`, else its text; nil when empty.
    package func pageBreakLabel(_ element: Int) -> String? {
        let label = attribute(element, "title") ?? attribute(element, "aria-label")
            ?? LibXMLNode.content(elements[element].node).collapsingXMLWhitespace()
        return label.isEmpty ? nil : label
    }

    /// An element's attribute in no namespace, as written.
    package func attribute(_ element: Int, _ name: String) -> String? {
        LibXMLNode.attribute(elements[element].node, name)
    }

    /// Whether an element has any attribute: most of a book's elements have none, and asking
    /// libxml2 for one by name walks its list.
    @inlinable
    package func hasAttributes(_ element: Int) -> Bool { elements[element].attributeStart != elements[element].attributeEnd }

    /// The attributes of an element.
    public func attributes(of element: Int) -> ArraySlice<Attribute> {
        attributes[elements[element].attributeRange]
    }

    /// The column just after an element's start tag, when the source is at hand.
    package func column(of element: Int) -> Int? {
        locator?.column(elements[element].position)
    }

    /// The byte offset of an element's start tag in the source, when the source is at hand.
    package func byteOffset(of element: Int) -> Int? {
        locator?.offset(elements[element].position)
    }

    /// An element's id: its first `id` attribute in no namespace or in the XML namespace, trimmed.
    package static func id(of node: xmlNodePtr) -> String? {
        var attribute = node.pointee.properties
        while let a = attribute {
            if ContentDocumentReader.isID(a) { return LibXMLNode.content(a).trimmingXMLWhitespace() }
            attribute = a.pointee.next
        }
        return nil
    }
}
