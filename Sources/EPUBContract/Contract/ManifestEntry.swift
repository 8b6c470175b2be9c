/// One manifest item as the contract shows it.
public struct ManifestEntry: Sendable, Codable, Equatable {
    public var id: String
    /// Container path; the href as written when it is remote.
    public var href: String
    public var mediaType: String
    public var properties: [String]
    public var fallback: String?
    public var mediaOverlay: String?
    /// Decompressed size in bytes; null when the file is missing.
    public var size: UInt64?
    public var inSpine: Bool
}
