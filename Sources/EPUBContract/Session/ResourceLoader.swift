import Foundation

/// What the stages after the package (navigation, media overlays, content rendition) read the
/// publication through: each entry read and parsed once, and a place for what could not be read.
/// Stages take this narrow protocol, never the session that runs them, so data flows one way.
package protocol ResourceLoader: StyleSheetLoader {
    /// The bytes of a container entry; nil when it is missing or unreadable (recorded).
    func data(at path: String) -> Data?
    /// The first bytes of an entry (an image header).
    func data(at path: String, prefix count: Int) -> Data?
    /// The parsed XML of an entry; its parse problems are recorded once.
    func xml(at path: String) -> XMLParser.Result?
    /// The head of an XHTML or SVG document (style sheets, viewport, root and body attributes).
    func head(at path: String) -> DocumentHead?
    /// Reads the heads of many documents at once into the cache (nothing is recorded there).
    func prefetchHeads(_ paths: [String])
    /// The ids a document defines; nil when it cannot be parsed.
    func elementIDs(in path: String) -> ElementIDs?
    /// Adds diagnostics a stage found.
    func record(_ diagnostics: [Diagnostic])
}
