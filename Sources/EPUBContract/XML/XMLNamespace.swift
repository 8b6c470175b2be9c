/// Namespace URIs the EPUB formats use, and the prefixes registered for XPath.
public enum XMLNamespace {
    public static let opf = "http://www.idpf.org/2007/opf"
    public static let dc = "http://purl.org/dc/elements/1.1/"
    public static let dcterms = "http://purl.org/dc/terms/"
    public static let xhtml = "http://www.w3.org/1999/xhtml"
    public static let epub = "http://www.idpf.org/2007/ops"
    public static let ncx = "http://www.daisy.org/z3986/2005/ncx/"
    public static let smil = "http://www.w3.org/ns/SMIL"
    public static let svg = "http://www.w3.org/2000/svg"
    public static let xlink = "http://www.w3.org/1999/xlink"
    public static let ocf = "urn:oasis:names:tc:opendocument:xmlns:container"
    public static let xml = "http://www.w3.org/XML/1998/namespace"

    /// Prefix → URI pairs available in every XPath expression.
    public static let xpathPrefixes: [(String, String)] = [
        ("opf", opf), ("dc", dc), ("dcterms", dcterms), ("html", xhtml), ("xhtml", xhtml),
        ("epub", epub), ("ncx", ncx), ("smil", smil), ("svg", svg), ("xlink", xlink), ("ocf", ocf),
    ]
}
