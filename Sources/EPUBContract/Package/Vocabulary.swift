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
    /// The Structural Semantics Vocabulary, the default vocabulary of `epub:type`.
    package static let structure = "http://www.idpf.org/epub/vocab/structure/#"

    /// Vocabularies a document's unprefixed names stand for: no prefix may be mapped to them.
    package static let defaultPackageVocabularies: Set<String> = [meta, link, item, itemref]
    package static let defaultContentVocabularies: Set<String> = [structure]

    /// The prefixes content documents may use without declaring them (`epub:type`).
    package static let reservedContentPrefixes: [(prefix: String, iri: String)] = [
        ("msv", "http://www.idpf.org/epub/vocab/structure/magazine/#"),
        ("prism", "http://www.prismstandard.org/specifications/3.0/PRISM_CV_Spec_3.0.htm#"),
    ]

    package static let reservedPackagePrefixes: [(prefix: String, iri: String)] = [
        ("a11y", a11y), ("dcterms", dcterms), ("marc", marc), ("media", media),
        ("onix", onix), ("rendition", rendition), ("schema", schema), ("xsd", xsd),
    ]
}
