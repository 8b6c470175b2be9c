/// What a content document says before its body: the root and body attributes, stylesheets in
/// cascade order, viewport metas and title. Enough for rendition (viewport, writing mode) and
/// titles without building the whole tree.
package struct DocumentHead: Sendable, Equatable {
    package enum StyleSource: Sendable, Equatable {
        /// `<link rel="stylesheet" href=…>` with its `class` (alternate-style tags) and `media`.
        case link(href: String, classes: [String], media: String?)
        /// The text of a `<style>` element.
        case inline(String)
    }

    /// Local name of the root element (`html`, `svg` …) and its namespace.
    package var rootName: String
    package var rootNamespace: String?
    /// Root attributes by local name; `xml:lang` is stored as `xml:lang`.
    package var rootAttributes: [String: String]
    /// Body attributes (XHTML only), same keys; nil when no body was reached.
    package var bodyAttributes: [String: String]?
    package var styles: [StyleSource]
    /// A `meta name="viewport"` in the head.
    package struct ViewportMeta: Sendable, Equatable {
        package var content: String
        package var line: Int
    }

    /// Every viewport meta in the head, in order (the first one counts).
    package var viewportMetas: [ViewportMeta]
    package var title: String?
}
