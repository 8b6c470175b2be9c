import EPUBContract

/// One URL a publication document uses, with what the document does with it: a hyperlink is
/// followed by the reader, everything else is fetched to render the page. Every document kind
/// registers its references in a `ReferenceRegistry`; `ReferenceRules` judges them in one place.
struct Reference: Sendable, Equatable {
    /// The kind of document the reference is in: the rules differ (fonts may be remote in CSS …).
    enum Origin: Sendable, Equatable {
        /// An XHTML or SVG content document.
        case content
        case styleSheet
        case overlay
        /// The package document: manifest item hrefs, guide references, metadata links.
        case package
        /// The NCX: where each entry's `content/@src` leads.
        case ncx
        /// A Search Key Map (EPUB Dictionaries): where its groups and matches lead.
        case searchKeyMap
    }

    enum Kind: String, Sendable {
        /// `a`, `area` and SVG `a`: navigation, not rendering.
        case hyperlink
        case image
        /// A style sheet `link`, `<?xml-stylesheet?>` or CSS `@import`.
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
        /// A media overlay's `epub:textref`: the part of a content document a `seq` or `body` reads.
        case textref
        /// An SVG `fill` or `stroke` naming a paint server (a gradient or pattern).
        case svgPaint
        /// `cite` of `blockquote`, `q`, `del`, `ins`: a source named, not fetched.
        case citation
        /// A CSS `url()` inside `@font-face`.
        case font
        /// Any other CSS `url()` (images, cursors …).
        case styleResource
        /// A manifest item's `href`: the resource itself.
        case manifestItem
        /// An EPUB 2 `guide` reference.
        case guide
        /// A package metadata `link` (records, voicings, alternates …).
        case metadataLink
        /// A package `collection`'s `link` (preview, index, dictionary, custom roles).
        case collectionLink
    }

    var origin: Origin = .content
    var kind: Kind
    /// The URL as written.
    var url: String
    var resolution: HrefResolver.Resolution
    /// Element and attribute it was read from (`img`, `src`), for messages.
    var element: String
    var attribute: String
    /// Where the element is (the registry turns it into a column); nil for style sheets.
    var position: TagPosition?
    /// What few references have, out of line: a book holds hundreds of thousands of references
    /// until they are judged, and these fields would double the size of each (zero or one element).
    private var extras: [Extras] = []

    private struct Extras: Sendable, Equatable {
        var explicitLine: Int?
        var explicitColumn: Int?
        var declaredType: String?
        var insidePicture = false
        var mediaGroup: Int?
        var intrinsicFallback = false
        var relations: [String] = []
    }

    private subscript<T: Equatable>(extra field: WritableKeyPath<Extras, T>, default value: T) -> T {
        get { extras.first?[keyPath: field] ?? value }
        set {
            if extras.isEmpty {
                guard newValue != value else { return }  // the default needs no box
                extras = [Extras()]
            }
            extras[0][keyPath: field] = newValue
        }
    }

    /// The line, where no tag position is known (style sheets).
    var explicitLine: Int? {
        get { self[extra: \.explicitLine, default: nil] }
        set { self[extra: \.explicitLine, default: nil] = newValue }
    }
    /// The column a style sheet's tokenizer gave.
    var explicitColumn: Int? {
        get { self[extra: \.explicitColumn, default: nil] }
        set { self[extra: \.explicitColumn, default: nil] = newValue }
    }
    /// The media type the element states for its target (`type` on `object`, `embed`, `source`).
    var declaredType: String? {
        get { self[extra: \.declaredType, default: nil] }
        set { self[extra: \.declaredType, default: nil] = newValue }
    }
    /// An `img` inside `picture`, whose sources follow stricter rules.
    var insidePicture: Bool {
        get { self[extra: \.insidePicture, default: false] }
        set { self[extra: \.insidePicture, default: false] = newValue }
    }
    /// For a `source` of an `audio` or `video` element, that element (its index in the document):
    /// a foreign source is fine when another source of the same element is a core type.
    var mediaGroup: Int? {
        get { self[extra: \.mediaGroup, default: nil] }
        set { self[extra: \.mediaGroup, default: nil] = newValue }
    }
    /// An `object` with content of its own (elements or text), which HTML shows when the
    /// reader cannot show the object: its fallback (EPUB 3.3 §3.2.3, intrinsic fallbacks).
    var intrinsicFallback: Bool {
        get { self[extra: \.intrinsicFallback, default: false] }
        set { self[extra: \.intrinsicFallback, default: false] = newValue }
    }
    /// The relations of a metadata `link` (`rel`).
    var relations: [String] {
        get { self[extra: \.relations, default: []] }
        set { self[extra: \.relations, default: []] = newValue }
    }

    init(kind: Kind, url: String, resolution: HrefResolver.Resolution, element: String, attribute: String, position: TagPosition) {
        self.kind = kind
        self.url = url
        self.resolution = resolution
        self.element = element
        self.attribute = attribute
        self.position = position
    }

    init(origin: Origin, kind: Kind, url: String, resolution: HrefResolver.Resolution, line: Int?, column: Int?) {
        self.origin = origin
        self.kind = kind
        self.url = url
        self.resolution = resolution
        self.element = ""
        self.attribute = ""
        self.explicitLine = line
        self.explicitColumn = column
    }

    var line: Int? { position?.line ?? explicitLine }
}
