/// Publication-wide rendering properties: the contract's `rendition` value.
public struct PublicationRendition: Sendable, Codable, Equatable {
    public var layout: Layout
    public var orientation: Orientation
    public var spread: Spread
    public var flow: Flow
    /// Fixed-layout viewport of the publication (filled by the viewport stage; null until then).
    public var viewport: Viewport?
    public var layoutSource: RenditionSource
    public var orientationSource: RenditionSource
}

extension PublicationRendition {
    /// Whether an item is fixed-layout by EPUB's own `rendition:layout`: its spine item's property,
    /// else the package metadata's. Layout taken from vendor files (display options, Kindle metas)
    /// is no EPUB fixed layout, whatever a reading system makes of it.
    package func declaresFixedLayout(_ item: ItemRenditionProperties) -> Bool {
        item.layout.map { $0 == .prePaginated } ?? (layoutSource == .metadata && layout == .prePaginated)
    }
}
