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
