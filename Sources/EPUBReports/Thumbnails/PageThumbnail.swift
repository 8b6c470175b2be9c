import Foundation

/// A small picture of one fixed-layout page for the report's spine, embedded as a `data:` image
/// so the report stays one file. What it is says how far to trust it: `image`, the page's own
/// picture scaled down (a comic's page, a scan); `drawing`, the page's own SVG as it stands
/// (fonts and linked images missing); `preview`, the page's blocks and text laid out from the
/// cascade at the page's viewport, an approximation the report marks as such.
public struct PageThumbnail: Sendable, Equatable {
    /// What the thumbnail shows: the page's picture, its own SVG, or a drawn preview.
    public enum Kind: String, Sendable {
        case image, drawing, preview
    }

    public var kind: Kind
    public var mediaType: String
    public var bytes: Data
    /// Its size in pixels (for SVG, the box it is drawn in at the page's proportions).
    public var width: Int
    public var height: Int
    /// The book's file it shows (the image for `image`, the page otherwise).
    public var source: String

    /// The largest box a thumbnail is made for: twice the report's 110 px strip, so it stays sharp
    /// on high-density screens.
    public static let box = (width: 176, height: 220)
    /// What one page may add to the report at most; past it the page is drawn as a preview, and a
    /// preview past it is left out (the tile then shows its label alone).
    public static let budget = 20 * 1024

    /// The `src` of an `img` showing it.
    public var dataURL: String { "data:\(mediaType);base64,\(bytes.base64EncodedString())" }
}
