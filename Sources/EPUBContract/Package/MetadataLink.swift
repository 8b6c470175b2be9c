/// A `metadata/link` element: a linked record or resource (`rel` tokens as expanded IRIs).
public struct MetadataLink: Sendable, Equatable, Codable {
    public var href: String
    /// Container path when the href is local.
    public var path: String?
    public var rel: [String]
    public var mediaType: String?
    public var properties: [String]
    public var id: String?
    public var refines: String?
}
