/// IRIs of the vocabularies the package document uses; properties are compared by IRI, never by prefix.
package enum Vocabulary {
    package static let meta = "http://idpf.org/epub/vocab/package/meta/#"
    package static let item = "http://idpf.org/epub/vocab/package/item/#"
    package static let itemref = "http://idpf.org/epub/vocab/package/itemref/#"
    package static let link = "http://idpf.org/epub/vocab/package/link/#"
    package static let rendition = "http://www.idpf.org/vocab/rendition/#"
    package static let a11y = "http://www.idpf.org/epub/vocab/package/a11y/#"
    package static let dcterms = "http://purl.org/dc/terms/"
    package static let dc = "http://purl.org/dc/elements/1.1/"
    package static let marc = "http://id.loc.gov/vocabulary/"
    package static let media = "http://www.idpf.org/epub/vocab/overlays/#"
    package static let onix = "http://www.editeur.org/ONIX/book/codelists/current.html#"
    package static let schema = "http://schema.org/"
    package static let xsd = "http://www.w3.org/2001/XMLSchema#"

    /// Prefixes a package document may use without declaring them (EPUB 3.3 §D.3.2).
    package static let reservedPackagePrefixes: [(prefix: String, iri: String)] = [
        ("a11y", a11y), ("dcterms", dcterms), ("marc", marc), ("media", media),
        ("onix", onix), ("rendition", rendition), ("schema", schema), ("xsd", xsd),
    ]
}
