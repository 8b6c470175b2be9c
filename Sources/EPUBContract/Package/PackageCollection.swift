/// An EPUB 3 `collection` of the package document (EPUB 3.3 §5.6.6), as written: its role, its
/// own metadata and links, and the collections nested in it. Reading systems mostly ignore
/// collections; the profiles (dictionaries, indexes, previews) and their rules read them here.
public struct PackageCollection: Sendable, Equatable {
    /// One `collection/link`: its href as written (trimmed) and its place.
    public struct Link: Sendable, Equatable {
        public var href: String
        public var line: Int
    }

    /// `role` tokens as written.
    public var roles: [String]
    public var id: String?
    public var line: Int
    /// The collection's `metadata` children, in order, with their places; nil when it has no
    /// `metadata` element (an empty one is `[]`). A `meta` whose property cannot be expanded is
    /// kept with `property` nil.
    public var metadata: [MetadataEntry]?
    /// The `link` elements of its `metadata`.
    public var metadataLinks: [MetadataLink] = []
    public var links: [Link]
    public var collections: [PackageCollection]
    /// Every id declared below the collection element: where the `refines` of its metadata may point.
    public var ids: Set<String>

    public func has(role: String) -> Bool { roles.contains(role) }

    /// This collection and every one nested in it, depth first, in document order.
    public var selfAndDescendants: [PackageCollection] {
        [self] + collections.flatMap(\.selfAndDescendants)
    }
}
