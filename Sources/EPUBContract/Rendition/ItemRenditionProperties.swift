/// The rendering overrides an itemref declares in `properties`, as written (first of each kind wins).
public struct ItemRenditionProperties: Sendable, Codable, Equatable {
    public var layout: Layout?
    public var orientation: Orientation?
    public var spread: Spread?
    public var flow: Flow?
    public var pageSpread: PageSpread?
    public var alignXCenter: Bool

    public static let none = ItemRenditionProperties(layout: nil, orientation: nil, spread: nil, flow: nil, pageSpread: nil, alignXCenter: false)
}
