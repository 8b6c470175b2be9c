/// The nesting of a SMIL body: `seq` nodes with their children, `par` nodes pointing into `pars`.
public struct MediaOverlayNode: Sendable, Codable, Equatable {
    /// SMIL's two time containers: a sequence, or a parallel text-and-audio pair.
    public enum Kind: String, Sendable, Codable {
        case seq, par
    }

    public var kind: Kind
    public var id: String?
    /// `epub:type` tokens as written.
    public var type: String?
    /// `epub:textref` of a `seq`, resolved to a container path with fragment.
    public var textref: String?
    /// Index into the timeline's `pars` for a `par` node.
    public var par: Int?
    public var children: [MediaOverlayNode]
}
