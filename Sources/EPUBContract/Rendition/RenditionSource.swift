/// Where a publication-wide rendition value came from, so a renderer knows how much to trust it.
public enum RenditionSource: String, Sendable, Codable {
    /// A `rendition:*` meta in the package document.
    case metadata
    /// `META-INF/com.apple.ibooks.display-options.xml` or Kobo's equivalent.
    case displayOptions = "display-options"
    /// Kindle's `meta name="fixed-layout"` / `orientation-lock`.
    case kindle
    /// Nothing was declared; the EPUB default applies.
    case `default`
}
