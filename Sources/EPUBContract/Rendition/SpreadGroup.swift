/// Spine items shown together on a two-page display: `{indices, left, right}` or `{indices, center}`.
public struct SpreadGroup: Sendable, Codable, Equatable {
    public var indices: [Int]
    public var left: Int?
    public var right: Int?
    public var center: Int?
}
