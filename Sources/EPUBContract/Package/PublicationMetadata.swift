/// The publication's metadata as a reading system understands it: titles, people, dates, subjects,
/// collections, accessibility and cover. This is the contract's `metadata` value.
public struct PublicationMetadata: Sendable, Codable, Equatable {
    public var identifier: String?
    public var identifiers: [Identifier]
    /// The main title: the first `dc:title` (Reading Systems 3.3).
    public var title: String?
    /// The `subtitle`-typed title with the lowest `display-seq` (document order among equals).
    public var subtitle: String?
    public var titles: [Title]
    public var creators: [Contributor]
    public var contributors: [Contributor]
    /// Creators and contributors with the role `nrt`, then `media:narrator` values, each once.
    public var narrators: [String]
    public var languages: [String]
    /// The first `dc:publisher`.
    public var publisher: String?
    /// Every `dc:publisher`, in document order, with its language and direction.
    public var publishers: [Text]
    public var published: String?
    /// `dcterms:modified`, else an EPUB 2 `dc:date` with `opf:event="modification"`.
    public var modified: String?
    /// The first `dc:description`.
    public var description: String?
    /// Every `dc:description`, with its language and direction (HTML-free text as written).
    public var descriptions: [Text]
    public var subjects: [Subject]
    public var rights: String?
    public var series: Collection?
    public var collections: [Collection]
    /// `schema:numberOfPages` (the print source's page count), EPUB 3 or EPUB 2 form.
    public var numberOfPages: Int?
    public var accessibility: Accessibility
    public var cover: Cover?

    /// A `dc:identifier`, with its id and scheme (ISBN, UUID …) when declared.
    public struct Identifier: Sendable, Codable, Equatable {
        public var value: String
        public var id: String?
        /// `identifier-type` refinement or EPUB 2 `opf:scheme`.
        public var type: String?
    }

    /// A Dublin Core value with the language and base direction it is to be shown in: the
    /// element's `xml:lang` and `dir`, else the package's.
    public struct Text: Sendable, Codable, Equatable {
        public var value: String
        public var language: String?
        public var dir: String?
    }

    /// A name in another script (`alternate-script`), with that script's language.
    public struct AlternateScript: Sendable, Codable, Equatable {
        public var value: String
        public var language: String?
    }

    /// A `dc:title` with its refinements (type, display order, alternate scripts).
    public struct Title: Sendable, Codable, Equatable {
        public var value: String
        /// `title-type`: main, subtitle, short, collection, edition, expanded.
        public var type: String?
        /// `display-seq`: the order in which titles are shown.
        public var displaySeq: Int?
        public var fileAs: String?
        /// `xml:lang` of the element, else of the package.
        public var language: String?
        /// `dir` of the element, else of the package (`ltr`, `rtl`); null when neither says.
        public var dir: String?
        public var alternateScripts: [AlternateScript]
    }

    /// A `dc:creator` or `dc:contributor`: a name with its roles and sort form.
    public struct Contributor: Sendable, Codable, Equatable {
        public var name: String
        public var fileAs: String?
        /// MARC relator codes (`aut`, `ill` …) in declaration order.
        public var roles: [String]
        /// `xml:lang` of the element, else of the package.
        public var language: String?
        /// `dir` of the element, else of the package; null when neither says.
        public var dir: String?
        public var alternateScripts: [AlternateScript]
    }

    /// A `dc:subject`, with its authority and term code when declared.
    public struct Subject: Sendable, Codable, Equatable {
        public var name: String
        public var authority: String?
        public var term: String?
        public var fileAs: String?
        public var language: String?
        public var dir: String?
    }

    /// Where a series or set came from: EPUB 3 metadata or calibre's.
    public enum CollectionSource: String, Sendable, Codable {
        /// EPUB 3 `belongs-to-collection`.
        case epub
        /// `calibre:series` / `calibre:series_index`.
        case calibre
    }

    /// A series or set the publication belongs to, with its position in it.
    public struct Collection: Sendable, Codable, Equatable {
        public var name: String
        /// `collection-type` (`series`, `set`) as declared; calibre series are `series`.
        public var type: String?
        public var position: Double?
        public var identifier: String?
        public var fileAs: String?
        public var source: CollectionSource
    }

    /// Accessibility metadata (schema.org and EPUB Accessibility) as declared.
    public struct Accessibility: Sendable, Codable, Equatable {
        public var conformsTo: [String]
        public var certifiedBy: String?
        public var certifierCredential: String?
        public var certifierReport: String?
        public var summary: String?
        public var accessModes: [String]
        /// Each `accessModeSufficient` as the list of modes it names (`"textual,visual"` → two).
        public var accessModesSufficient: [[String]]
        public var features: [String]
        public var hazards: [String]
        /// `a11y:exemption` values (EAA exemptions: `eaa-disproportionate-burden` …).
        public var exemptions: [String]
    }

    /// How the cover was found: EPUB 3's property or one of EPUB 2's conventions.
    public enum CoverSource: String, Sendable, Codable {
        /// Manifest item with the `cover-image` property.
        case coverImage = "cover-image"
        /// EPUB 2 `meta name="cover"` naming a manifest id.
        case metaCoverID = "meta-cover-id"
        /// EPUB 2 `meta name="cover"` naming an href.
        case metaCoverHref = "meta-cover-href"
        /// EPUB 2 `guide/reference type="cover"`.
        case guide
    }

    /// The cover image: its container path, media type and how it was found.
    public struct Cover: Sendable, Codable, Equatable {
        public var href: String
        public var mediaType: String?
        public var source: CoverSource
    }
}
