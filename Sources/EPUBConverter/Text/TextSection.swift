/// One part of a converted text: the front matter, a volume or a chapter, with its paragraphs.
public struct TextSection: Sendable, Equatable {
    /// What a section is; it decides the heading level and the TOC nesting.
    public enum Kind: String, Sendable, Codable {
        /// Text before the first heading (title page, synopsis): kept, never lost.
        case frontMatter = "front-matter"
        case volume
        case chapter
        /// A piece of a book without headings, cut at a paragraph boundary.
        case part
        /// What follows the book (Project Gutenberg's licence, with `--keep-licence`).
        case backMatter = "back-matter"

        /// What a reader counts as a chapter.
        public var isChapter: Bool { self == .chapter || self == .part }
    }

    public var kind: Kind
    public var title: String
    /// 1 for volumes and top-level chapters, 2 for chapters inside a volume.
    public var level: Int
    /// Slices of the decoded text where a paragraph is one line (no copy of a 20 MB novel);
    /// joined strings where hard-wrapped lines were unwrapped.
    public var paragraphs: [Substring]
    /// The source line (1-based) the section starts on: its heading's line, so a user can see why
    /// a heading was taken; nil for pieces cut by size.
    public var line: Int?

    /// What a section is, without its text: for reports after the text is gone.
    public struct Outline: Sendable, Equatable, Codable {
        public var kind: Kind
        public var title: String
        public var level: Int
        public var paragraphs: Int
        public var line: Int?
    }

    public var outline: Outline { Outline(kind: kind, title: title, level: level, paragraphs: paragraphs.count, line: line) }

    public init(kind: Kind, title: String, level: Int, paragraphs: [Substring], line: Int? = nil) {
        self.kind = kind
        self.title = title
        self.level = level
        self.paragraphs = paragraphs
        self.line = line
    }
}
