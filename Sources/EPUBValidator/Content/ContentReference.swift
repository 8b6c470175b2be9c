import EPUBContract
/// One URL a content document uses, with what the document does with it: a hyperlink is
/// followed by the reader, everything else is fetched to render the page.
public struct ContentReference: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// `a`, `area` and SVG `a`: navigation, not rendering.
        case hyperlink
        case image
        case stylesheet
        case script
        case audio
        case video
        case track
        /// `iframe`, `embed`, `object` and other embedded content.
        case embedded
        /// `link` elements that are not style sheets (icons, alternates …).
        case link
        /// SVG `use` and similar references into another SVG document.
        case svgReference
        /// `cite` of `blockquote`, `q`, `del`, `ins`: a source named, not fetched.
        case citation
    }

    public var kind: Kind
    /// The URL as written.
    public var url: String
    public var resolution: HrefResolver.Resolution
    /// Element and attribute it was read from (`img`, `src`), for messages.
    public var element: String
    public var attribute: String
    /// Where the element is (a `ContentScan` turns it into a column).
    public var position: TagPosition
    /// The media type the element states for its target (`type` on `object`, `embed`, `source`).
    public var declaredType: String? = nil
    /// An `img` inside `picture`, whose sources follow stricter rules.
    public var insidePicture = false

    public var line: Int { position.line }
}
