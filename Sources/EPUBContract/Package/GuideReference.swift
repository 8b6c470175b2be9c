/// An EPUB 2 `guide/reference`.
public struct GuideReference: Sendable, Equatable, Codable {
    public var type: String
    public var title: String?
    public var href: String
    /// Container path with the fragment kept (`text/ch1.xhtml#start`).
    public var target: String?
    /// Line of the element in the package document.
    public var line: Int = 0
}
