/// One itemref of the spine as the contract shows it; duplicate itemrefs stay distinct entries.
public struct SpineEntry: Sendable, Codable, Equatable {
    public var index: Int
    public var idref: String
    public var href: String
    public var mediaType: String
    public var linear: Bool
    /// Overrides as declared on the itemref.
    public var properties: ItemRenditionProperties
    /// Values after inheriting the publication's.
    public var effective: EffectiveRendition
    public var viewport: Viewport?
    public var writingMode: WritingMode?
    /// Container path of the item's SMIL document.
    public var mediaOverlay: String?
    /// Container paths reached through `fallback`, in order.
    public var fallbackChain: [String]
    /// The item's range in Readium's positions list (`epubcontract positions`); null when it has
    /// none: not linear, a repeated itemref, or its file missing.
    public var positions: Positions?

    /// The item's share of the publication's positions (Readium's default list).
    public struct Positions: Sendable, Codable, Equatable {
        /// The item's first position (1-based).
        public var first: Int
        public var count: Int
    }
}
