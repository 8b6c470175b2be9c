/// A publication's rendition once its content is read: the publication-wide values, one entry per
/// spine item and the spread pairing. Built once when the session opens and never patched.
public struct Rendition: Sendable {
    /// One spine item's rendition: the overrides as declared, the values after inheritance, and
    /// what its content says (fixed-layout viewport, writing mode of an XHTML document).
    public struct Item: Sendable {
        public let properties: ItemRenditionProperties
        public let effective: EffectiveRendition
        /// The viewport of a fixed-layout item; nil otherwise or when nothing usable was found.
        public let viewport: Viewport?
        /// An XHTML item's writing mode; nil for other types and when the content was not read.
        public let writingMode: WritingMode?
    }

    public let publication: PublicationRendition
    /// Parallel to `package.spine`.
    public let items: [Item]
    public let pageProgression: PageProgression
    public let writingMode: WritingMode
    public let writingModeSource: WritingMode.Source
    /// Two-page groups, when something is pre-paginated.
    public let spreads: [SpreadGroup]

    /// The declared rendition completed by what the content says (nil when the content was not
    /// read: a package document alone). `direction` gives the reading direction the spreads follow,
    /// which depends on the final writing mode.
    init(declared: RenditionResolver.Result, content: ContentRendition.Result?, spine: [SpineItemRef],
         direction: (WritingMode) -> InferredPresentation.Direction) {
        var publication = declared.publication
        publication.viewport = content?.publicationViewport
        self.publication = publication
        self.items = declared.items.indices.map { i in
            Item(properties: declared.items[i].properties, effective: declared.items[i].effective,
                 viewport: content.flatMap { $0.itemViewports.indices.contains(i) ? $0.itemViewports[i] : nil },
                 writingMode: content.flatMap { $0.itemWritingModes.indices.contains(i) ? $0.itemWritingModes[i] : nil })
        }
        self.pageProgression = declared.pageProgression
        self.writingMode = content?.writingMode ?? declared.writingMode
        self.writingModeSource = content?.writingModeSource ?? declared.writingModeSource
        let items = self.items
        if content != nil, spine.indices.contains(where: { items[$0].effective.layout == .prePaginated }) {
            let pages = spine.indices.map { i in
                SpreadPairing.Page(index: i, linear: spine[i].linear, layout: items[i].effective.layout,
                                   spread: items[i].effective.spread, pageSpread: items[i].properties.pageSpread)
            }
            self.spreads = SpreadPairing.pair(pages, direction: direction(self.writingMode))
        } else {
            self.spreads = []
        }
    }
}
