/// Namespace URIs the EPUB formats use, and the prefixes registered for XPath.
package enum XMLNamespace {
    package static let opf = "http://www.idpf.org/2007/opf"
    package static let dc = "http://purl.org/dc/elements/1.1/"
    package static let dcterms = "http://purl.org/dc/terms/"
    package static let xhtml = "http://www.w3.org/1999/xhtml"
    package static let epub = "http://www.idpf.org/2007/ops"
    package static let ncx = "http://www.daisy.org/z3986/2005/ncx/"
    package static let smil = "http://www.w3.org/ns/SMIL"
    package static let svg = "http://www.w3.org/2000/svg"
    package static let xlink = "http://www.w3.org/1999/xlink"
    package static let ocf = "urn:oasis:names:tc:opendocument:xmlns:container"
    package static let xml = "http://www.w3.org/XML/1998/namespace"

    /// Prefix → URI pairs available in every XPath expression.
    package static let xpathPrefixes: [(String, String)] = [
        ("opf", opf), ("dc", dc), ("dcterms", dcterms), ("html", xhtml), ("xhtml", xhtml),
        ("epub", epub), ("ncx", ncx), ("smil", smil), ("svg", svg), ("xlink", xlink), ("ocf", ocf),
    ]
}
