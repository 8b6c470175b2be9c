/// One part of a converted text: the front matter, a volume or a chapter, with its paragraphs.
public struct TextSection: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// Text before the first heading (title page, synopsis): kept, never lost.
        case frontMatter = "front-matter"
        case volume
        case chapter
        /// A piece of a book without headings, cut at a paragraph boundary.
        case part
    }

    public var kind: Kind
    public var title: String
    /// 1 for volumes and top-level chapters, 2 for chapters inside a volume.
    public var level: Int
    public var paragraphs: [String]

    public init(kind: Kind, title: String, level: Int, paragraphs: [String]) {
        self.kind = kind
        self.title = title
        self.level = level
        self.paragraphs = paragraphs
    }
}
