/// One entry of a table of contents or page list, mapped to a spine position.
public struct TocEntry: Sendable, Codable, Equatable {
    public var title: String
    /// Container path with fragment; null for a heading without a link.
    public var href: String?
    /// First spine item with that path; null when the target is not in the spine.
    public var spineIndex: Int?
    public var fragment: String?
    /// The Readium position (`epubcontract positions`) that contains the target, for page-list
    /// entries, so that "page 42" opens where a Readium reader would; null in other lists.
    public var position: Int? = nil
    public var children: [TocEntry]
}
