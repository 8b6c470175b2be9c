/// One SMIL document flattened into an ordered timeline of (text target, audio clip) pairs.
public struct MediaOverlayTimeline: Sendable, Codable, Equatable {
    public struct Par: Sendable, Codable, Equatable {
        public var id: String?
        public var text: String
        public var audio: String?
        public var clipBegin: Double
        public var clipEnd: Double?
    }

    public var href: String
    /// Spine indexes of the content documents this SMIL serves.
    public var spineIndices: [Int]
    public var declaredDuration: Double?
    public var computedDuration: Double?
    public var narrator: String?
    public var pars: [Par]
}
