import EPUBContract

/// EPUB's core media types (EPUB 3.3 §3.2 "Core media types"; EPUB 3.4 adds AVIF and JPEG XL
/// images), which need no fallback, compared with a manifest's `media-type` as EPUBCheck 5.3.0
/// compares them: type and subtype exactly as written (`image/PNG` is not core), and the
/// parameters the table gives and no others (`audio/ogg; codecs=opus` is core, `audio/ogg`,
/// `audio/mpeg; x=y` and `audio/ogg; codecs=OPUS` are not); only the white space around `;`
/// and at the end does not count. Video needs no fallback (an exempt resource) and is no core type.
package struct CoreMediaTypes: Sendable {
    /// The images of the table, for `img`, `picture` and every other image use.
    let images: Set<String>
    /// The audio of the table: an `audio` element's sources and a media overlay's clips.
    /// (Opus is written as `comparable` writes parameters: joined by `; `.)
    static let audio: Set<String> = ["audio/mpeg", "audio/mp4", ["audio/ogg", "codecs=opus"].joined(separator: "; ")]
    /// The rest of the table as EPUBCheck 5.3.0 lists it for generic references (with PLS, and
    /// the older font types).
    private static let others: Set<String> = ["application/xhtml+xml", "text/css", "text/javascript", "application/javascript",
                                              "application/ecmascript", "application/pls+xml", "application/smil+xml"]

    package init(_ revision: EPUBRevision) {
        let images: Set<String> = ["image/gif", "image/jpeg", "image/png", "image/svg+xml", "image/webp"]
        self.images = revision >= .epub34 ? images.union(["image/avif", "image/jxl"]) : images
    }

    func isImage(_ mediaType: String) -> Bool { images.contains(Self.comparable(mediaType)) }

    func isAudio(_ mediaType: String) -> Bool { Self.audio.contains(Self.comparable(mediaType)) }

    /// Any core media type: what a generic reference (embedded content, a CSS resource, a guide
    /// reference, a fallback chain) needs, or falls back to. Video and fonts pass as EPUBCheck
    /// passes them (by their type alone).
    package func contains(_ mediaType: String) -> Bool {
        let type = Self.comparable(mediaType)
        if images.contains(type) || Self.audio.contains(type) || Self.others.contains(type) { return true }
        let essence = ReferenceRules.essence(mediaType)
        return ReferenceRules.isFont(essence) || ["video/h264", "video/webm", "video/mp4"].contains(where: essence.hasPrefix)
    }

    /// Whether an item is of a core media type for a use: an image for images; audio (or any
    /// video, exempt) for media elements; any for the rest.
    func contains(_ item: ManifestItem, for kind: Reference.Kind) -> Bool {
        switch kind {
        case .image: return isImage(item.mediaType)
        case .audio, .video: return isAudio(item.mediaType) || ReferenceRules.essence(item.mediaType).hasPrefix("video/")
        default: return true
        }
    }

    /// Whether an `audio` or `video` source states a core audio type (`type`, read without case):
    /// a reader takes it at its word, so the element has a core source whatever the manifest
    /// says of the file (the manifest's word is OPF-013's), as EPUBCheck 5.3.0 counts.
    func statesCore(_ ref: Reference) -> Bool {
        guard ref.mediaGroup != nil, let stated = ref.declaredType else { return false }
        return isAudio(stated.lowercased())
    }

    /// Whether a type an element states (`type`, read without case or parameters) names the
    /// manifest's type (OPF-013 when not): the manifest's as written (`image/PNG` or
    /// `image/png; q=1` are not `image/png`), or a core type by its essence
    /// (`audio/ogg; codecs=opus` is `audio/ogg`), as EPUBCheck 5.3.0 compares them.
    func stated(_ declared: String, names mediaType: String) -> Bool {
        let essence = ReferenceRules.essence(declared)
        return essence == Self.comparable(mediaType) || (contains(mediaType) && essence == ReferenceRules.essence(mediaType))
    }

    /// The media type as compared: parameters joined by `; `, the white space around them dropped.
    static func comparable(_ mediaType: String) -> String {
        guard mediaType.utf8.contains(where: { $0 == 0x3B || $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return mediaType }
        return mediaType.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingXMLWhitespace() }.joined(separator: "; ")
    }
}
