/// One SMIL document flattened into an ordered timeline of (text target, audio clip) pairs.
public struct MediaOverlayTimeline: Sendable, Codable, Equatable {
    /// One `par`: the text it highlights and the audio clip read while it does.
    public struct Par: Sendable, Codable, Equatable {
        public var id: String?
        /// Container path with fragment of the text this par highlights.
        public var text: String
        /// First spine item with the text's path; null when it is not in the spine.
        public var spineIndex: Int?
        public var fragment: String?
        /// Container path of the audio; null means text-to-speech.
        public var audio: String?
        /// Seconds; 0 when absent.
        public var clipBegin: Double
        /// Seconds; null when absent (play to the end of the audio).
        public var clipEnd: Double?
    }

    /// Container path of the SMIL document.
    public var href: String
    /// Spine indexes of the content documents whose manifest item names this overlay.
    public var spineIndices: [Int]
    /// `media:duration` refining this overlay's manifest item, in seconds.
    public var declaredDuration: Double?
    /// Sum over the audio files of the span their clips cover (largest `clipEnd` less smallest `clipBegin`).
    /// Clips without an end are left out, so with `openEndedClips` above 0 it is a lower bound.
    public var computedDuration: Double?
    /// Clips with audio but no (readable) `clipEnd`: they play to the end of their audio file,
    /// whose length the package does not say.
    public var openEndedClips: Int
    /// `media:narrator` refining this overlay, else the publication's.
    public var narrator: String?
    public var pars: [Par]
    /// The body's `seq`/`par` nesting.
    public var structure: [MediaOverlayNode]
}
