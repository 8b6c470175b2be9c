import CLibXML2

/// Strings out of raw libxml2 nodes, for the walks that work on pointers (schema diagnosis,
/// content scans) and for `XMLElement`: one place that copies and frees libxml2's buffers.
package enum LibXMLNode {
    /// An attribute without namespace (`namespace == nil`) or in the given namespace. Inlinable:
    /// the style engine's selector matcher asks it for `class` and `id` on every candidate element,
    /// and inlined, a literal name reaches libxml2 without a C string made for each call.
    @inlinable
    package static func attribute(_ node: xmlNodePtr, _ name: String, namespace: String? = nil) -> String? {
        if let namespace { return take(xmlGetNsProp(node, name, namespace)) }
        if let own = ownAttribute(node, name) { return own }
        // A default from an attribute list the document's DTD declares, which only libxml2 knows
        // (`<!DOCTYPE html>` declares none, so most documents never ask it).
        guard let doc = node.pointee.doc,
              doc.pointee.intSubset?.pointee.attributes != nil || doc.pointee.extSubset?.pointee.attributes != nil else { return nil }
        return take(xmlGetNoNsProp(node, name))
    }

    /// An attribute in no namespace that the element itself has (no DTD default), compared in
    /// place: asking libxml2 costs a C copy of the name and of the value, and the checkers ask a
    /// million times a book. For callers that know the document declares no defaults.
    @inlinable
    package static func ownAttribute(_ node: xmlNodePtr, _ name: String) -> String? {
        var property = node.pointee.properties
        while let a = property {
            if a.pointee.ns == nil, let n = a.pointee.name, equals(n, name) { return content(a) }
            property = a.pointee.next
        }
        return nil
    }

    /// Whether a NUL-terminated name is these UTF-8 bytes. Most names differ at the first byte,
    /// where the loop stops.
    @usableFromInline
    static func equals(_ c: UnsafePointer<xmlChar>, _ name: String) -> Bool {
        var i = 0
        for byte in name.utf8 {
            if c[i] != byte { return false }
            i += 1
        }
        return c[i] == 0
    }

    /// All the text inside a node (an element's descendants, an attribute's value).
    package static func content(_ node: xmlNodePtr) -> String {
        take(xmlNodeGetContent(node)) ?? ""
    }

    /// An attribute's value; read in place when it is one text node (the common case), which
    /// saves libxml2's copy of every value the rules look at.
    package static func content(_ attribute: UnsafeMutablePointer<xmlAttr>) -> String {
        if let text = attribute.pointee.children, text.pointee.type == XML_TEXT_NODE, text.pointee.next == nil,
           let bytes = text.pointee.content {
            return String(cString: bytes)
        }
        return content(UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: xmlNode.self))
    }

    /// Whether a text node holds anything but Unicode white space (what `trimmingCharacters(in:
    /// .whitespacesAndNewlines)` leaves), read from libxml2's bytes in place: region asks it of
    /// every element of a book, and a string per text node was a fifth of its time.
    package static func hasNonWhitespace(text node: xmlNodePtr) -> Bool {
        guard let bytes = node.pointee.content else { return false }
        var i = 0
        while bytes[i] != 0 {
            let b = bytes[i]
            if b < 0x80 {
                if b != 0x20 && !(0x09...0x0D).contains(b) { return true }
                i += 1
                continue
            }
            // Past ASCII, one scalar is decoded: text unless it is white space (a no-break space).
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            var value = UInt32(b) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
            for k in 1..<length {
                let next = bytes[i + k]
                guard next & 0xC0 == 0x80 else { return true }
                value = value << 6 | UInt32(next & 0x3F)
            }
            guard length > 1, let scalar = Unicode.Scalar(value), scalar.properties.isWhitespace else { return true }
            i += length
        }
        return false
    }

    /// Whether an element has content a reader can show: a child element, or text other than
    /// XML white space.
    package static func hasContent(_ node: xmlNodePtr) -> Bool {
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE: return true
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let bytes = current.pointee.content {
                    var i = 0
                    while bytes[i] != 0 {
                        if bytes[i] != 0x20 && bytes[i] != 0x09 && bytes[i] != 0x0A && bytes[i] != 0x0D { return true }
                        i += 1
                    }
                }
            default: break
            }
            child = current.pointee.next
        }
        return false
    }

    /// An element as XML text (libxml2's serialization: namespaces declared on an ancestor are
    /// not repeated on it). Used where one element leaves its document: an inline SVG exported, a
    /// page's SVG drawn alone in a report.
    package static func serialized(_ node: xmlNodePtr) -> String? {
        guard let buffer = xmlBufferCreate() else { return nil }
        defer { xmlBufferFree(buffer) }
        guard xmlNodeDump(buffer, node.pointee.doc, node, 0, 0) >= 0, let content = xmlBufferContent(buffer) else { return nil }
        return String(cString: content)
    }

    /// Copies a buffer libxml2 allocated for the caller, then frees it.
    @inlinable
    package static func take(_ raw: UnsafeMutablePointer<xmlChar>?) -> String? {
        guard let raw else { return nil }
        defer { cxml_free(raw) }
        return String(cString: raw)
    }
}
