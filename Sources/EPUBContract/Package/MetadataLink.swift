/// A `metadata/link` element: a linked record or resource, with `rel` both as written (for the
/// rules on its syntax) and expanded to IRIs (for what it means).
public struct MetadataLink: Sendable, Equatable, Codable {
    public var href: String
    /// Container path when the href is local.
    public var path: String?
    /// `rel` tokens expanded to IRIs; a token whose prefix is unknown is left out.
    public var rel: [String]
    public var mediaType: String?
    public var properties: [String]
    public var id: String?
    public var refines: String?
    /// Line of the element in the package document.
    public var line: Int = 0
    /// `rel` tokens as written; nil when the attribute is absent.
    public var relWritten: [String]? = nil
    /// `properties` tokens as written; nil when the attribute is absent.
    public var propertiesWritten: [String]? = nil
    /// `refines` as written; nil when absent.
    public var refinesWritten: String? = nil
    public var hreflang: String? = nil
}
