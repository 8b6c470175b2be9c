import Foundation

/// What the user may decide instead of the detection.
public struct TextBookOptions: Sendable {
    public var title: String?
    public var author: String?
    public var language: String?
    /// Lines matching it (whole trimmed line) are chapter headings; nothing else is.
    public var chapterPattern: String?
    /// legado's TXT TOC rules (`--toc-rules`): the one that finds the most headings is used.
    public var tocRules: TocRules?
    /// The input's file name, the last resort for a title.
    public var fileName: String?
    /// Target size of a piece when a book without headings is cut, in UTF-8 bytes.
    public var partSize: Int = 30_000
    /// A chapter longer than this many characters is split into parts at paragraph boundaries, the
    /// parts after the first becoming sub-entries (legado's default is the same); 0 never splits.
    public var chapterSplit: Int = 50_000
    /// Keep Project Gutenberg's licence as a back-matter section (dropped by default: with the
    /// header gone, it is no part of the book).
    public var keepLicence = false
    /// Keep why each heading was taken (`TextBook.explanations`), for `convert --json`.
    public var explain = false

    public init(title: String? = nil, author: String? = nil, language: String? = nil, chapterPattern: String? = nil, fileName: String? = nil,
                tocRules: TocRules? = nil) {
        self.title = title
        self.author = author
        self.language = language
        self.chapterPattern = chapterPattern
        self.fileName = fileName
        self.tocRules = tocRules
    }
}
