import CLibXML2
import EPUBContract

/// Attributes and namespace declarations: custom data attributes (HTM-061), custom attributes in
/// namespaces reserved for W3C and IDPF specifications (HTM_054; ITS's are allowed from EPUB 3.4), attributes of EPUB's namespace
/// other than `epub:type` and `epub:prefix` (RSC-005), the `epub` prefix bound to
/// another namespace (HTM-010), `lang` and `xml:lang` that differ (RSC-005), deprecated ARIA roles (RSC-017), empty (HTM-007) and nested
/// (RSC-005) `ssml:ph`.
enum AttributeRules {
    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        for (number, element) in index.elements.enumerated() {
            if element.node.pointee.nsDef != nil { declarations(index, number, &findings) }
            for i in element.attributes {
                let attribute = index.attributes[i]
                if let space = attribute.space {
                    namespaced(attribute, space, index, number, context, &findings)
                } else if element.space == .xhtml || element.space == .svg, let raw = attribute.pointer.pointee.name {
                    plain(attribute, raw, index, number, &findings)
                }
            }
        }
    }

    private static func declarations(_ index: DocumentIndex, _ number: Int, _ findings: inout ContentFindings) {
        var definition = index.elements[number].node.pointee.nsDef
        while let ns = definition {
            definition = ns.pointee.next
            let href = ns.pointee.href.map { String(cString: $0) } ?? ""
            if let prefix = ns.pointee.prefix, String(cString: prefix) == "epub", href != XMLNamespace.epub {
                findings.report(.HTM_010, .epubPrefixBoundEpubSNamespace(href, XMLNamespace.epub), at: index.position(number))
            }
        }
    }

    private static func namespaced(_ attribute: DocumentIndex.Attribute, _ space: ContentNamespace, _ index: DocumentIndex, _ number: Int,
                                   _ context: ContentContext, _ findings: inout ContentFindings) {
        let element = index.elements[number]
        if space == .reserved, element.space == .xhtml {
            let namespace = attribute.pointer.pointee.ns?.pointee.href.map { String(cString: $0) } ?? ""
            // EPUB 3.4 supports the Internationalization Tag Set's attributes (its:translate, …).
            if namespace == "http://www.w3.org/2005/11/its", context.revision >= .epub34 { return }
            findings.report(.HTM_054, .customAttributeNamespaceW3cIdpfHost(namespace), at: index.position(number))
        } else if space == .epub, element.space == .xhtml || element.space == .svg, attribute.name != .type, attribute.name != .prefix {
            // Content documents take epub:type, and epub:prefix (judged by PrefixRules); nothing else of EPUB's namespace.
            let name = attribute.pointer.pointee.name.map { String(cString: $0) } ?? ""
            findings.report(.RSC_005, .attributeEpubNotAllowedHereContent(name), at: index.position(number))
        } else if space == .other, element.space == .xhtml, attribute.name == .lang,
                  attribute.pointer.pointee.ns.map({ xmlStrEqual($0.pointee.href, XMLNamespace.xml) != 0 }) == true,
                  !isLanguageIdentifier(attribute.value.trimmingXMLWhitespace()) {
            // xml:lang has the grammar's language datatype too (common.data.langcode).
            findings.report(.RSC_005, .attributeXmlLangNotLanguageIdentifier(attribute.value), at: index.position(number))
        } else if space == .ssml, attribute.name == .ph {
            if attribute.value.trimmingXMLWhitespace().isEmpty {
                findings.report(.HTM_007, .ssmlPhAttributeEmptyGivePronunciation, at: index.position(number))
            }
            if hasSpeechAncestor(element.node) {
                findings.report(.RSC_005, .ssmlPhAttributeNotInsideElement, at: index.position(number))
            }
        }
    }

    private static func plain(_ attribute: DocumentIndex.Attribute, _ raw: UnsafePointer<xmlChar>, _ index: DocumentIndex, _ number: Int, _ findings: inout ContentFindings) {
        if index.elements[number].space == .xhtml, attribute.name == .lang, !isLanguageIdentifier(attribute.value.trimmingXMLWhitespace()) {
            // The HTML grammar EPUBCheck checks with: an RFC 3066 identifier, or empty.
            findings.report(.RSC_005, .attributeLangNotLanguageIdentifier(attribute.value), at: index.position(number))
        }
        if index.elements[number].space == .xhtml, attribute.name == .role,
           !ARIARoles.known.contains(attribute.value.trimmingXMLWhitespace()), !attribute.value.trimmingXMLWhitespace().isEmpty {
            findings.report(.RSC_005, .roleNotKnownAriaRole(attribute.value), at: index.position(number))
        }
        if index.elements[number].space == .xhtml, attribute.name == .lang {
            // HTML: both given, they must be the same language (compared ignoring ASCII case, nothing trimmed).
            if let xmlLang = LibXMLNode.attribute(index.elements[number].node, "lang", namespace: XMLNamespace.xml),
               xmlLang.lowercased() != attribute.value.lowercased() {
                findings.report(.RSC_005, .langXmlLangHaveSameValue(attribute.value, xmlLang), at: index.position(number))
            }
        } else if index.elements[number].space == .xhtml, attribute.name == .role {
            for role in attribute.value.xmlTokens() where role == "doc-endnote" || role == "doc-biblioentry" {
                findings.report(.RSC_017, .roleDeprecated(role), at: index.position(number))
            }
        } else if raw[0] == UInt8(ascii: "d"), raw[1] == UInt8(ascii: "a"), raw[2] == UInt8(ascii: "t"), raw[3] == UInt8(ascii: "a"), raw[4] == UInt8(ascii: "-") {
            let name = String(cString: raw)
            // What follows `data-` must itself be an XML name without colons, in lower case.
            let suffix = String(name.dropFirst(5))
            if !suffix.isXMLNCName || suffix.contains(where: { $0.isASCII && $0.isUppercase }) {
                findings.report(.HTM_061, .notValidCustomDataAttributeNeeds(name), at: index.position(number))
            }
        }
    }

    /// `([a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*)?`: the language identifier of RFC 3066, as the XHTML grammar has it
    /// (its datatype collapses white space first, so the caller trims).
    static func isLanguageIdentifier(_ value: String) -> Bool {
        if value.isEmpty { return true }
        for (n, part) in value.split(separator: "-", omittingEmptySubsequences: false).enumerated() {
            guard (1...8).contains(part.utf8.count),
                  part.utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || (n > 0 && $0 >= 0x30 && $0 <= 0x39) }) else { return false }
        }
        return true
    }

    /// Whether an ancestor of the node carries `ssml:ph` (pronunciations do not nest).
    private static func hasSpeechAncestor(_ node: xmlNodePtr) -> Bool {
        var up = node.pointee.parent
        while let p = up, p.pointee.type == XML_ELEMENT_NODE {
            if xmlHasNsProp(p, "ph", "http://www.w3.org/2001/10/synthesis") != nil { return true }
            up = p.pointee.parent
        }
        return false
    }
}
