/// IRIs of the vocabularies the package document uses; properties are compared by IRI, never by prefix.
public enum Vocabulary {
    public static let meta = "http://idpf.org/epub/vocab/package/meta/#"
    public static let item = "http://idpf.org/epub/vocab/package/item/#"
    public static let itemref = "http://idpf.org/epub/vocab/package/itemref/#"
    public static let link = "http://idpf.org/epub/vocab/package/link/#"
    public static let rendition = "http://www.idpf.org/vocab/rendition/#"
    public static let a11y = "http://www.idpf.org/epub/vocab/package/a11y/#"
    public static let dcterms = "http://purl.org/dc/terms/"
    public static let dc = "http://purl.org/dc/elements/1.1/"
    public static let marc = "http://id.loc.gov/vocabulary/"
    public static let media = "http://www.idpf.org/epub/vocab/overlays/#"
    public static let onix = "http://www.editeur.org/ONIX/book/codelists/current.html#"
    public static let schema = "http://schema.org/"
    public static let xsd = "http://www.w3.org/2001/XMLSchema#"

    /// Prefixes a package document may use without declaring them (EPUB 3.3 §D.3.2).
    public static let reservedPackagePrefixes: [(prefix: String, iri: String)] = [
        ("a11y", a11y), ("dcterms", dcterms), ("marc", marc), ("media", media),
        ("onix", onix), ("rendition", rendition), ("schema", schema), ("xsd", xsd),
    ]
}
