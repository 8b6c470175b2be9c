/// Publication-wide media overlay metadata (`media:duration`, `media:active-class`, `media:playback-active-class`, `media:narrator`).
public struct MediaOverlayMetadata: Sendable, Codable, Equatable {
    /// Total duration in seconds, as declared.
    public var duration: Double?
    public var activeClass: String?
    public var playbackActiveClass: String?
    public var narrator: String?
}
