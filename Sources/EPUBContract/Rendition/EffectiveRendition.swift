/// What applies to one spine item after inheriting publication values; `flow` is null for pre-paginated items.
public struct EffectiveRendition: Sendable, Codable, Equatable {
    public var layout: Layout
    public var orientation: Orientation
    public var spread: Spread
    public var flow: Flow?
}
