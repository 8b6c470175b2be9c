/// What a content document says before its body: the root and body attributes, stylesheets in
/// cascade order, viewport metas and title. Enough for rendition (viewport, writing mode) and
/// titles without building the whole tree.
public struct DocumentHead: Sendable, Equatable {
    public enum StyleSource: Sendable, Equatable {
        /// `<link rel="stylesheet" href=…>` with its `class` (alternate-style tags) and `media`.
        case link(href: String, classes: [String], media: String?)
        /// The text of a `<style>` element.
        case inline(String)
    }

    /// Local name of the root element (`html`, `svg` …) and its namespace.
    public var rootName: String
    public var rootNamespace: String?
    /// Root attributes by local name; `xml:lang` is stored as `xml:lang`.
    public var rootAttributes: [String: String]
    /// Body attributes (XHTML only), same keys; nil when no body was reached.
    public var bodyAttributes: [String: String]?
    public var styles: [StyleSource]
    /// A `meta name="viewport"` in the head.
    public struct ViewportMeta: Sendable, Equatable {
        public var content: String
        public var line: Int
    }

    /// Every viewport meta in the head, in order (the first one counts).
    public var viewportMetas: [ViewportMeta]
    public var title: String?
}
