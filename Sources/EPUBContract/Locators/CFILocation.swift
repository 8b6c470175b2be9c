import EPUBMessages

/// Where a CFI (or a quote, a position, an href) lands: a spine item and a UTF-16 offset, or a
/// range, in the item's addressable text — the text `export --format json` writes, so that a
/// native renderer that lays out that text finds the place without a DOM.
public struct CFILocation: Sendable, Equatable {
    public var spineIndex: Int
    public var href: String
    public var mediaType: String
    /// The point, or a range's start, in UTF-16 units of the item's addressable text.
    public var offset: Int
    /// A range's end (its end location, or a quote's end); nil for a point.
    public var end: Int?
    /// The item's text length, for progressions.
    public var length: Int
    /// The canonical CFI of the place (the corrected one when an assertion moved it).
    public var cfi: CFI?
    /// Whether an id or text assertion did not hold where the path led, and the place was found again by it.
    public var corrected = false
    public var side: CFI.Side?
    /// A temporal or spatial offset the CFI ends with (media: kept, not applied to the text).
    public var mediaOffset: CFI.Offset?
    /// What the reader should know: approximations and corrections.
    public var notes: [MessageText] = []
}
