/// One metadata element of the package (a Dublin Core element, a `meta`, EPUB 3 or EPUB 2 form),
/// with the `meta` elements that refine it nested under it.
public struct MetadataEntry: Sendable, Equatable {
    /// Which syntax declared the entry; EPUB 2 and 3 forms mean the same things differently.
    public enum Form: String, Sendable {
        /// `dc:*` element.
        case dublinCore
        /// EPUB 3 `<meta property="…">value</meta>`.
        case property
        /// EPUB 2 `<meta name="…" content="…"/>` (also `calibre:*`, Kindle's `fixed-layout` …).
        case nameContent
    }

    public var form: Form
    /// Name as written: `dc:title`, `rendition:layout`, `calibre:series`.
    public var name: String
    /// Expanded IRI of the property (`http://purl.org/dc/elements/1.1/title`); nil for EPUB 2 `name` metas.
    public var property: String?
    /// Text (or EPUB 2 `content`), trimmed, whitespace collapsed.
    public var value: String
    public var id: String?
    /// The `#id` target of `refines`, without `#`.
    public var refines: String?
    public var scheme: String?
    public var language: String?
    public var dir: String?
    /// EPUB 2 `opf:` attributes (`role`, `file-as`, `scheme`, `event`), by local name.
    public var opfAttributes: [String: String]
    public var line: Int
    /// Metas whose `refines` points at this entry, in document order.
    public var refinements: [MetadataEntry]
    /// `refines` as written (a validator checks its form: `#id`, not a path or an absolute URL).
    public var refinesWritten: String? = nil

    /// The `property` attribute as written (trimmed) of an EPUB 3 `meta`; nil for other forms.
    public var propertyWritten: String? { form == .property ? name : nil }

    /// True for a `meta` element (either form), false for a Dublin Core element.
    public var isMeta: Bool { form != .dublinCore }

    /// True for the Dublin Core element of this local name (`title`, `type` …).
    public func isDublinCore(_ localName: String) -> Bool { form == .dublinCore && name == "dc:" + localName }

    /// Values of the refinements with this property IRI, in order.
    public func refinements(_ property: String) -> [MetadataEntry] {
        refinements.filter { $0.property == property }
    }

    /// First refinement value with this property IRI.
    public func refinement(_ property: String) -> String? {
        refinements.first { $0.property == property }?.value
    }
}
