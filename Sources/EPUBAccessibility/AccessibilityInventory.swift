import EPUBContract

/// What DAISY Ace lists beside its rules, for a person reviewing a book's accessibility: every
/// image with what describes it, every audio and video element with its tracks, the scripts, the
/// MathML, the `epub:switch` elements, and the heading outline, each at its place (file, line, EPUB
/// CFI step path), in reading order (spine, then the other XHTML documents of the manifest).
/// Built from each document's model in the checker's one pass over the content; nothing is
/// fetched or rendered.
public struct AccessibilityInventory: Sendable, Equatable {
    /// Where an item is: the file, its line, the element's CFI step path from the root element.
    public struct Place: Sendable, Equatable {
        public var path: String
        public var line: Int?
        public var cfi: String?
    }

    /// An image (`img`, `input type=image`, `svg`, SVG `image`, `object` showing an image) and
    /// what gives it a text alternative.
    public struct Image: Sendable, Equatable {
        public var place: Place
        /// The element's local name.
        public var element: String
        public var src: String?
        /// `alt` as written (nil: no attribute; "": marked decorative).
        public var alt: String?
        /// The text of the elements `aria-describedby` names.
        public var describedBy: String?
        /// The caption of the `figure` the image is in.
        public var figcaption: String?
        public var role: String?

        /// An HTML image with no `alt` attribute, not made presentational by its role: what a
        /// person reviewing the book looks at first.
        public var lacksAlternative: Bool {
            element != "svg" && element != "image" && alt == nil && role != "presentation" && role != "none"
        }
    }

    /// An `audio` or `video` element: its source, whether it has controls, its tracks' kinds.
    public struct Media: Sendable, Equatable {
        public var place: Place
        public var element: String
        public var src: String?
        public var controls: Bool
        /// Each `track`'s `kind` (`subtitles` when not given), in order.
        public var tracks: [String]

        /// A video without a captions or subtitles track.
        public var lacksCaptions: Bool { element == "video" && !tracks.contains { $0 == "captions" || $0 == "subtitles" } }
    }

    /// A `script` element: its `src`, or nil for an inline script.
    public struct Script: Sendable, Equatable {
        public var place: Place
        public var src: String?
    }

    /// A heading (`h1`–`h6`, or `role="heading"` at its `aria-level`, else 2) and its text.
    public struct Heading: Sendable, Equatable {
        public var place: Place
        public var level: Int
        public var text: String
    }

    public var images: [Image] = []
    public var media: [Media] = []
    public var scripts: [Script] = []
    /// Each MathML `math` element.
    public var mathML: [Place] = []
    /// Each `epub:switch` element (deprecated in EPUB 3.3; its content is read as fallback).
    public var switches: [Place] = []
    public var headings: [Heading] = []

    public init() {}

    /// Another document's items after these.
    mutating func append(_ other: AccessibilityInventory) {
        images += other.images
        media += other.media
        scripts += other.scripts
        mathML += other.mathML
        switches += other.switches
        headings += other.headings
    }
}
