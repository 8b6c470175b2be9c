/// The namespace of an element or attribute of a content document, as far as readers and rules
/// tell them apart.
public enum ContentNamespace: UInt8, Sendable {
    case xhtml, svg, mathml, epub, xlink, events, ssml, other
    /// A custom namespace on a W3C or IDPF host, which custom attributes must not use.
    case reserved

    public init(href: String) {
        switch href {
        case XMLNamespace.xhtml: self = .xhtml
        case XMLNamespace.svg: self = .svg
        case "http://www.w3.org/1998/Math/MathML": self = .mathml
        case XMLNamespace.epub: self = .epub
        case XMLNamespace.xlink: self = .xlink
        case "http://www.w3.org/2001/xml-events": self = .events
        case "http://www.w3.org/2001/10/synthesis": self = .ssml
        default: self = Self.isReservedCustomNamespace(href) ? .reserved : .other
        }
    }

    /// Namespaces the document may use but custom attributes may not: any other on a W3C or IDPF host
    /// (the ITS namespace too: EPUB 3.3 has no ITS; EPUB 3.4 adds it, `AttributeRules` knows).
    private static let knownNamespaces: Set<String> = [
        XMLNamespace.xml, "http://www.idpf.org/2007/opf", "http://www.w3.org/2000/xmlns/",
    ]

    private static func isReservedCustomNamespace(_ href: String) -> Bool {
        guard !knownNamespaces.contains(href) else { return false }
        let afterScheme = href.range(of: "://").map { href[$0.upperBound...] } ?? Substring(href)
        let host = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }.lowercased()
        return host.contains("w3.org") || host.contains("idpf.org")
    }
}
