import EPUBMessages
import EPUBValidator

/// What a vocabulary term means, for hover and completion: the terms are the validator's own
/// lists (one catalog: `PropertyRules`, `StructuralSemantics`), the meanings a line each from the
/// EPUB 3.3 vocabularies (§ D) with a link to the definition. `epub:type` terms link to the
/// Structural Semantics Vocabulary 1.1 and say when they are deprecated, with the validator's advice.
enum VocabularyHelp {
    /// Where a list of terms is written.
    enum Site: Equatable {
        case epubType, itemProperties, itemrefProperties, linkRel, metaProperty
        /// The value of a `rendition:` meta (its text), by property.
        case renditionValue(String)
    }

    static let spec = "https://www.w3.org/TR/epub-33/"
    static let ssv = "https://www.w3.org/TR/epub-ssv-11/#"

    static let itemMeanings: [String: String] = [
        "cover-image": "the publication's cover image",
        "data-nav": "a Data Navigation Document (EPUB Region-Based Navigation)",
        "dictionary": "a document of dictionary content (EPUB Dictionaries and Glossaries)",
        "glossary": "a document of glossary content (EPUB Dictionaries and Glossaries)",
        "index": "a document holding an index (EPUB Indexes)",
        "mathml": "a document with MathML in it",
        "nav": "the EPUB Navigation Document (exactly one item has it)",
        "remote-resources": "a document that uses resources outside the container",
        "scripted": "a document with scripts or HTML forms",
        "search-key-map": "a Search Key Map Document (EPUB Dictionaries and Glossaries)",
        "svg": "a document with SVG in it",
        "switch": "a document with epub:switch elements (deprecated in EPUB 3.3)",
    ]

    static let itemrefMeanings: [String: String] = [
        "page-spread-left": "the page is put on the left of a spread",
        "page-spread-right": "the page is put on the right of a spread",
        "rendition:page-spread-center": "the page is put alone in the middle of the screen, across the spread",
        "rendition:layout-pre-paginated": "this item is fixed-layout, whatever the publication's layout",
        "rendition:layout-reflowable": "this item reflows, whatever the publication's layout",
        "rendition:orientation-auto": "this item is shown in either orientation",
        "rendition:orientation-landscape": "this item is meant for landscape orientation",
        "rendition:orientation-portrait": "this item is meant for portrait orientation",
        "rendition:spread-auto": "reading systems decide whether this item is shown in a spread",
        "rendition:spread-both": "this item is shown in spreads in either orientation",
        "rendition:spread-landscape": "this item is shown in spreads in landscape orientation only",
        "rendition:spread-none": "this item is never shown in a spread",
        "rendition:spread-portrait": "deprecated: use rendition:spread-both",
        "rendition:flow-auto": "reading systems choose how this item flows",
        "rendition:flow-paginated": "this item is shown in pages",
        "rendition:flow-scrolled-continuous": "this item scrolls, continuing into the next",
        "rendition:flow-scrolled-doc": "this item scrolls on its own",
        "rendition:align-x-center": "this item's content is centred horizontally",
    ]

    static let linkMeanings: [String: String] = [
        "acquire": "where the full publication is acquired (EPUB Previews)",
        "alternate": "the publication in another format",
        "record": "a record of metadata about the publication (its media-type says which kind)",
        "voicing": "an audio rendering of the refined value (its pronunciation)",
        "marc21xml-record": "deprecated: use record with media-type",
        "mods-record": "deprecated: use record with media-type",
        "onix-record": "deprecated: use record with properties=\"onix\"",
        "xml-signature": "deprecated",
        "xmp-record": "deprecated: use record with media-type",
    ]

    static let metaMeanings: [String: String] = [
        "alternate-script": "the refined value in another language or script",
        "authority": "the scheme a subject's term comes from",
        "belongs-to-collection": "a collection (a series, a set) the publication belongs to",
        "collection-type": "the kind of collection: series or set",
        "display-seq": "the order in which to show the refined value among its kind",
        "file-as": "the form to sort the refined value by",
        "group-position": "the publication's place in its collection",
        "identifier-type": "the scheme of the refined identifier",
        "meta-auth": "deprecated",
        "role": "what the refined creator or contributor did (a MARC relator code)",
        "source-of": "which of the source's facts the publication follows (pagination)",
        "term": "the code of a subject in its authority's scheme",
        "title-type": "the kind of title: main, subtitle, short, collection, edition, expanded",
        "pageBreakSource": "the edition whose page breaks the book marks",
        "dictionary-type": "the kind of dictionary (EPUB Dictionaries and Glossaries)",
        "source-language": "the language the dictionary translates from",
        "target-language": "the language the dictionary translates into",
        "rendition:layout": "the publication's layout: reflowable (the default) or pre-paginated",
        "rendition:orientation": "the orientation the publication is meant for: auto, landscape, portrait",
        "rendition:spread": "when pages are shown in spreads: auto, none, landscape, both",
        "rendition:flow": "how the publication flows: auto, paginated, scrolled-continuous, scrolled-doc",
        "rendition:viewport": "deprecated: give each fixed-layout document its own viewport",
        "media:active-class": "the class a reading system sets on the element being read aloud",
        "media:playback-active-class": "the class a reading system sets on the document while it plays",
        "media:duration": "how long the media overlays (or one of them) play",
        "media:narrator": "who reads the media overlays",
    ]

    /// The values of the publication-wide rendition properties (EPUB 3.3 § 8.2, the defaults marked).
    static let renditionValues: [String: [String: String]] = [
        "rendition:layout": ["reflowable": "the content reflows to fit the screen (the default)",
                             "pre-paginated": "each document is one fixed page the size of its viewport"],
        "rendition:orientation": ["auto": "either orientation (the default)", "landscape": "meant for landscape orientation",
                                  "portrait": "meant for portrait orientation"],
        "rendition:spread": ["auto": "reading systems decide (the default)", "none": "never in spreads",
                             "landscape": "spreads in landscape orientation only", "both": "spreads in either orientation",
                             "portrait": "deprecated: use both"],
        "rendition:flow": ["auto": "reading systems decide (the default)", "paginated": "shown in pages",
                           "scrolled-continuous": "scrolls, one document running into the next", "scrolled-doc": "scrolls, each document on its own"],
    ]

    /// Every term of a site, with its one-line meaning.
    static func terms(_ site: Site) -> [(term: String, meaning: String)] {
        switch site {
        case .epubType:
            return StructuralSemantics.terms.sorted().map { ($0, StructuralSemantics.deprecated[$0] != nil ? "deprecated" : "Structural Semantics Vocabulary") }
        case .itemProperties: return PropertyRules.itemProperties.sorted().map { ($0, itemMeanings[$0] ?? "") }
        case .itemrefProperties: return itemrefMeanings.keys.sorted().map { ($0, itemrefMeanings[$0] ?? "") }
        case .linkRel: return PropertyRules.linkRels.sorted().map { ($0, linkMeanings[$0] ?? "") }
        case .metaProperty: return metaMeanings.keys.sorted().map { ($0, metaMeanings[$0] ?? "") }
        case .renditionValue(let property):
            let values = renditionValues[property] ?? [:]
            return values.keys.sorted().map { ($0, values[$0] ?? "") }
        }
    }

    /// Markdown for a term at a site; nil for a term the vocabulary does not have.
    static func hover(_ term: String, _ site: Site, locale: MessageLocale) -> String? {
        switch site {
        case .epubType:
            guard StructuralSemantics.terms.contains(term) else { return nil }
            var text = "**\(term)**: a term of the EPUB 3 Structural Semantics Vocabulary 1.1 ([definition](\(ssv)\(term)))"
            if let advice = StructuralSemantics.deprecated[term] { text += "\n\nDeprecated: " + advice.rendered(in: locale) }
            return text
        case .itemProperties:
            return itemMeanings[term].map { "**\(term)**: \($0) ([manifest item properties](\(spec)#app-item-properties-vocab))" }
        case .itemrefProperties:
            return itemrefMeanings[term].map { "**\(term)**: \($0) ([spine itemref properties](\(spec)#app-itemref-properties-vocab))" }
        case .linkRel:
            return linkMeanings[term].map { "**\(term)**: \($0) ([link relationships](\(spec)#app-link-vocab))" }
        case .metaProperty:
            return metaMeanings[term].map { "**\(term)**: \($0) ([meta properties](\(spec)#app-meta-property-vocab))" }
        case .renditionValue(let property):
            return renditionValues[property]?[term].map { "**\(term)** (\(property)): \($0) ([rendering vocabulary](\(spec)#app-rendering-vocab))" }
        }
    }

    /// The site an attribute of an element is, in a file of this kind.
    static func site(attribute: String, element: String, isPackage: Bool) -> Site? {
        switch (attribute, element, isPackage) {
        case ("epub:type", _, false): .epubType
        case ("properties", "item", true): .itemProperties
        case ("properties", "itemref", true): .itemrefProperties
        case ("rel", "link", true): .linkRel
        case ("property", "meta", true): .metaProperty
        case (let name, "meta", true) where name.hasPrefix("#text:"): renditionValues[String(name.dropFirst(6))] != nil ? .renditionValue(String(name.dropFirst(6))) : nil
        default: nil
        }
    }
}
