/// Publication-wide media overlay metadata (`media:duration`, `media:active-class`, `media:playback-active-class`).
public struct MediaOverlayMetadata: Sendable, Codable, Equatable {
    /// Total duration in seconds.
    public var duration: Double?
    public var activeClass: String?
    public var playbackActiveClass: String?
}
