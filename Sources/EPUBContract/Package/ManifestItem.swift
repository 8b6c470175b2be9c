/// A manifest `item`: one publication resource.
public struct ManifestItem: Sendable, Equatable {
    public var id: String
    /// The href as written.
    public var href: String
    /// Container path (href resolved against the package document); nil when remote or invalid.
    public var path: String?
    public var mediaType: String
    /// `properties` tokens as written (`nav`, `cover-image`, `scripted` …).
    public var properties: [String]
    public var fallback: String?
    public var mediaOverlay: String?
    public var line: Int
    /// `properties` tokens as written; nil when the attribute is absent (an empty one is `[]`).
    public var propertiesWritten: [String]? = nil

    public func has(property: String) -> Bool { properties.contains(property) }

    /// An EPUB content document's media type (XHTML or SVG): what the spine's rules, the
    /// locators' steps and the report's pages read as a document tree.
    public static func isContentDocument(_ mediaType: String) -> Bool {
        mediaType == "application/xhtml+xml" || mediaType == "image/svg+xml"
    }
}
