/// Everything a reader needs to navigate: the tables of contents the book offers and the one to use.
public struct PublicationNavigation: Sendable, Equatable {
    /// Container path of the navigation document (manifest item with `nav`).
    public var navDocument: String?
    /// Container path of the NCX (`spine/@toc`, else the first NCX item).
    public var ncx: String?
    public var tocSource: TocSource
    public var toc: [TocEntry]
    public var pageList: [TocEntry]
    public var landmarks: [Landmark]
    public var navLists: [NavList]

    public static let empty = PublicationNavigation(navDocument: nil, ncx: nil, tocSource: .spine, toc: [], pageList: [], landmarks: [], navLists: [])
}
