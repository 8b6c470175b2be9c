/// A navigation list other than the toc, page list and landmarks (`lot`, `loi`, an NCX `navList` …).
public struct NavList: Sendable, Codable, Equatable {
    /// `epub:type` tokens as written (space-separated), or `navList` for an NCX list.
    public var type: String
    /// The list's heading, when it has one.
    public var title: String?
    public var entries: [TocEntry]
}
