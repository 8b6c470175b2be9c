/// Where the style engine reads style sheet files from: the one thing it needs of a publication.
/// The session's resources conform (each sheet read and parsed once), so the engine never sees
/// the container, the package or the session.
package protocol StyleSheetLoader: AnyObject, Sendable {
    /// A style sheet of the container, parsed once; nil when it is missing or unreadable.
    func styleSheet(at path: String) -> CSSStyleSheet?
}
